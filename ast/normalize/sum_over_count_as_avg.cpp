// sum-over-count-as-avg: in SQLite `CAST(SUM(c) AS REAL) / COUNT(c)` is `AVG(c)` (ETM's rule 8). Both
// read the rows where c is not NULL: SQLite's avg divides that sum, as a double, by that count (so the
// same double), and over no such rows both are NULL (SUM is NULL and NULL / 0 is NULL; AVG is NULL).
// The REAL conversion may be on either side, and may be written `SUM(c) * 1.0` (real-literal-as-cast
// makes that `CAST(SUM(c) AS REAL) * 1`). `COUNT(*)` counts the rows where c is NULL too, so it is the
// divisor only when the schema declares c NOT NULL and no outer join can make it NULL (count-not-null
// has made `COUNT(c)` of such a column `COUNT(*)` already). Not without a REAL conversion (an integer
// c makes `SUM(c) / COUNT(c)` integer division), not with DISTINCT on one side only, a FILTER or a
// window, and only in SQLite: PostgreSQL's and MySQL's AVG of integers is an exact NUMERIC/DECIMAL,
// the floating division is not.
#include <string>
#include <vector>

#include "ast/normalize/normalizer.hpp"
#include "support/strings.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

// A type name of SQLite's REAL affinity ("Datatypes In SQLite", 3.1).
bool real_affinity(std::string_view type) {
    std::string t = support::to_upper(type);
    auto has = [&](const char* part) { return t.find(part) != std::string::npos; };
    if (has("INT") || has("CHAR") || has("CLOB") || has("TEXT") || has("BLOB")) return false;
    return has("REAL") || has("FLOA") || has("DOUB");
}

// x of `CAST(x AS REAL)` or `CAST(x AS REAL) * 1`; null otherwise.
const Expr* as_real(const Expr* e) {
    if (auto* b = dyn_cast<Binary>(e); b && b->op == BinaryOp::Mul) {
        std::vector<Expr*> terms;
        Normalizer::flatten(const_cast<Binary*>(b), BinaryOp::Mul, terms);
        if (terms.size() != 2) return nullptr;
        if (auto one = number(terms[0]); one && *one == 1)
            e = terms[1];
        else if (auto one_right = number(terms[1]); one_right && *one_right == 1)
            e = terms[0];
        else
            return nullptr;
    }
    auto* c = dyn_cast<Cast>(e);
    return c && !c->try_cast && real_affinity(c->type) ? c->expr : nullptr;
}

// `name(x)` as a plain aggregate of one argument (no FILTER, window or ordered arguments).
const FunctionCall* plain_aggregate(const Expr* e, const char* name) {
    auto* f = dyn_cast<FunctionCall>(e);
    if (!f || f->args.size() != 1 || f->filter || f->over || !f->arg_order.empty() ||
        Normalizer::function_name(f) != name)
        return nullptr;
    return f;
}

Expr* quotient_as_avg(Normalizer& n, Expr* e) {
    auto* b = dyn_cast<Binary>(e);
    if (!b || b->op != BinaryOp::Div || n.language() != Language::Sql || n.dialect() != Dialect::Sqlite) return e;
    const Expr* dividend = as_real(b->lhs);
    const Expr* divisor = as_real(b->rhs);
    if (!dividend && !divisor) return e;  // no REAL conversion: integer division for an integer c
    const FunctionCall* sum = plain_aggregate(dividend ? dividend : b->lhs, "sum");
    const FunctionCall* count = plain_aggregate(divisor ? divisor : b->rhs, "count");
    if (!sum || !count || sum->distinct != count->distinct) return e;
    if (isa<Star>(count->args[0])) {
        // COUNT(*) counts c's NULL rows too: only a NOT NULL column, no outer join filling it.
        const SchemaFacts* facts = n.schema();
        if (sum->distinct || !facts || n.scopes().empty()) return e;
        auto column = n.resolve(n.scopes().back(), sum->args[0]);
        if (!column || column->relation->nullable || !facts->not_null(column->table, column->column)) return e;
    } else if (n.key(count->args[0]) != n.key(sum->args[0])) {
        return e;
    }
    auto* avg = n.arena().make<FunctionCall>();
    avg->span = b->span;
    avg->name = n.arena().list(std::vector<Name>{Name{"avg", false}});
    avg->distinct = sum->distinct;
    avg->args = n.arena().list(std::vector<Expr*>{sum->args[0]});
    return n.simplify(avg);
}

}  // namespace

const RuleHooks sum_over_count_as_avg = {.expr = &quotient_as_avg};

}  // namespace qdiff::normalizing::rules
