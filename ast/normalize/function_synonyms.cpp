// function-synonyms: one spelling per function across dialects and languages, the canonical one of
// the function catalogue (ast/functions.def: ifnull and nvl are coalesce, len is length, ...); KQL
// dcount(x) is count(DISTINCT x). The spellings of now() are the now-and-ago rule's. T-SQL's
// ISNULL(x, y) is coalesce(x, y); isnull(x) of one argument (MySQL, SQLite, KQL) is the test x IS NULL, and
// KQL's isnotnull(x) is x IS NOT NULL.
// SQL's YEAR(d), MONTH(d) and DAY(d) are EXTRACT(YEAR FROM d)...; LEFT(s, n) of a count n >= 0 is
// SUBSTRING(s, 1, n) (a negative n means "all but the last" in PostgreSQL). Snowflake's ZEROIFNULL(x) is
// coalesce(x, 0); SQL's COUNTIF(c) (BigQuery; COUNT_IF in Snowflake and DuckDB) is
// count(CASE WHEN c THEN 1 END): both count the rows where c is true. DATE_ADD(d, INTERVAL ..) and
// DATE_SUB (MySQL, BigQuery) are d + and d - the interval. KQL's startofday(t) is bin(t, 1d).
#include "ast/functions.hpp"
#include "ast/normalize/normalizer.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

Expr* canonical_spelling(Normalizer& n, Expr* e) {
    auto* f = dyn_cast<FunctionCall>(e);
    if (!f || f->over) return e;
    std::string name = Normalizer::function_name(f);
    const FunctionInfo* info = find_function(name);
    if (info && !info->canonical.empty() && info->canonical != "now") {
        f->name = n.arena().list(std::vector<Name>{Name{info->canonical, false}});
        name = std::string(info->canonical);
    }
    if (name == "isnull" && f->args.size() == 2 && !f->distinct) {
        f->name = n.arena().list(std::vector<Name>{Name{"coalesce", false}});
    } else if ((name == "isnull" || name == "isnotnull") && f->args.size() == 1 && !f->distinct) {
        auto* test = n.arena().make<Unary>();
        test->op = UnaryOp::IsNull;
        test->operand = f->args[0];
        test->span = f->span;
        Expr* is_null = n.simplify(test);
        return name == "isnull" ? is_null : n.simplify(n.make_not(is_null, f->span));
    } else if (n.language() == Language::Sql && f->args.size() == 1 && !f->distinct &&
               (name == "year" || name == "month" || name == "day")) {
        auto* field = n.arena().make<Literal>();
        field->span = f->span;
        field->type = LiteralType::Keyword;
        field->text = name == "year" ? "YEAR" : name == "month" ? "MONTH" : "DAY";
        f->name = n.arena().list(std::vector<Name>{Name{"extract", false}});
        f->args = n.arena().list(std::vector<Expr*>{field, f->args[0]});
    } else if (n.language() == Language::Sql && name == "left" && f->args.size() == 2 && !f->distinct) {
        auto count = number(f->args[1]);
        if (!count || *count < 0 || *count != static_cast<double>(static_cast<long long>(*count))) return f;
        f->name = n.arena().list(std::vector<Name>{Name{"substring", false}});
        f->args = n.arena().list(std::vector<Expr*>{f->args[0], n.make_number(1, f->span), f->args[1]});
    } else if (name == "zeroifnull" && f->args.size() == 1 && !f->distinct) {
        f->name = n.arena().list(std::vector<Name>{Name{"coalesce", false}});
        f->args = n.arena().list(std::vector<Expr*>{f->args[0], n.make_number(0, f->span)});
    } else if (n.language() == Language::Sql && (name == "countif" || name == "count_if") && f->args.size() == 1 &&
               !f->distinct && !f->filter) {
        auto* when = n.arena().make<When>();
        when->span = f->args[0]->span;
        when->condition = f->args[0];
        when->result = n.make_number(1, f->span);
        auto* only_true = n.arena().make<Case>();
        only_true->span = f->span;
        only_true->whens = n.arena().list(std::vector<When*>{when});
        f->name = n.arena().list(std::vector<Name>{Name{"count", false}});
        f->args = n.arena().list(std::vector<Expr*>{n.simplify(only_true)});
        return n.simplify(f);
    } else if ((name == "date_add" || name == "date_sub") && f->args.size() == 2 && !f->distinct) {
        auto* interval = dyn_cast<Literal>(f->args[1]);
        if (!interval || (interval->type != LiteralType::Interval && interval->type != LiteralType::Timespan)) return f;
        return n.simplify(
            n.make_binary(name == "date_add" ? BinaryOp::Add : BinaryOp::Sub, f->args[0], f->args[1], f->span));
    } else if (n.language() == Language::Kql && name == "startofday" && f->args.size() == 1) {
        auto* day = n.arena().make<Literal>();
        day->span = f->span;
        day->type = LiteralType::Timespan;
        day->text = "1d";
        f->name = n.arena().list(std::vector<Name>{Name{"bin", false}});
        f->args = n.arena().list(std::vector<Expr*>{f->args[0], n.simplify(day)});
        return n.simplify(f);
    } else if (name == "dcount" && f->args.size() == 1) {
        f->name = n.arena().list(std::vector<Name>{Name{"count", false}});
        f->distinct = true;
    }
    return f;
}

}  // namespace

const RuleHooks function_synonyms = {.expr = &canonical_spelling};

}  // namespace qdiff::normalizing::rules
