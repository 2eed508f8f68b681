// position-as-contains: a test that a string's position in another is found is the case-sensitive
// substring test: PostgreSQL and DuckDB `POSITION('ab' IN x) > 0`, `strpos(x, 'ab') > 0`, DuckDB's and
// SQLite's `instr(x, 'ab') > 0` are `x contains_cs 'ab'` (what `x LIKE '%ab%'` is in PostgreSQL and
// DuckDB, whose LIKE is case-sensitive; SQLite's LIKE ignores case and stays `contains`), and `= 0` is its
// negation. These functions return the 1-based position of the first occurrence, 0 when there is none,
// and NULL when an argument is NULL (so do the comparison and contains_cs: NULL either way); they compare
// characters exactly. Also `>= 1`, `<> 0` and `0 < ..`. KQL's `indexof(x, "ab") >= 0` (-1 when not found,
// an ordinal, case-sensitive search) is the same test. Only for a non-empty string literal needle (an
// empty one is found everywhere), not MySQL's INSTR/LOCATE (they compare by the collation, which may
// ignore case).
#include "ast/normalize/normalizer.hpp"
#include "ast/semantics/operators.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

// The haystack and needle of a position call the dialect defines as above, or nulls.
std::pair<Expr*, Expr*> position_call(const Normalizer& n, const Expr* e) {
    auto* f = dyn_cast<FunctionCall>(e);
    // One-part names only: PostgreSQL's grammar takes `position` only as POSITION(needle IN haystack)
    // (a column-name keyword is no function name), while pg_catalog.position(haystack, needle) has the
    // arguments the other way round.
    if (!f || f->over || f->distinct || f->args.size() != 2 || f->name.size() != 1) return {nullptr, nullptr};
    std::string name = Normalizer::function_name(f);
    Dialect d = n.dialect();
    if (n.language() == Language::Kql) {
        if (name == "indexof") return {f->args[0], f->args[1]};
    } else if (n.language() == Language::Sql) {
        bool postgres_like = d == Dialect::Postgres || d == Dialect::Duckdb;
        if (postgres_like && name == "position") return {f->args[1], f->args[0]};  // POSITION(needle IN hay)
        if (postgres_like && name == "strpos") return {f->args[0], f->args[1]};
        if ((d == Dialect::Sqlite || d == Dialect::Duckdb) && name == "instr") return {f->args[0], f->args[1]};
    }
    return {nullptr, nullptr};
}

Expr* as_contains(Normalizer& n, Expr* e) {
    auto* b = dyn_cast<Binary>(e);
    if (!b) return e;
    // The comparison with the call on the left.
    BinaryOp op = b->op;
    const Expr* call = b->lhs;
    const Expr* bound = b->rhs;
    if (!position_call(n, call).first) {
        call = b->rhs;
        bound = b->lhs;
        op = semantics::flipped(op).value_or(op);
    }
    auto [haystack, needle] = position_call(n, call);
    auto* l = needle ? dyn_cast<Literal>(needle) : nullptr;
    auto value = number(bound);
    if (!haystack || !l || l->type != LiteralType::String || l->text.empty() || !value) return e;
    // What the call returns when the needle is absent (0, or -1 for KQL's zero-based indexof).
    const double absent = n.language() == Language::Kql ? -1 : 0;
    bool found = ((op == BinaryOp::Gt || op == BinaryOp::NotEq) && *value == absent) ||
                 (op == BinaryOp::GtEq && *value == absent + 1);
    bool not_found = op == BinaryOp::Eq && *value == absent;
    if (!found && !not_found) return e;
    Expr* contains = n.simplify(n.make_binary(BinaryOp::ContainsCs, haystack, needle, b->span));
    return found ? contains : n.simplify(n.make_not(contains, b->span));
}

}  // namespace

const RuleHooks position_as_contains = {.expr = &as_contains};

}  // namespace qdiff::normalizing::rules
