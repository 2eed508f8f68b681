// date-trunc-order: the date part of DATE_TRUNC comes first, as a lower-case string, as PostgreSQL
// and DuckDB write it: BigQuery DATE_TRUNC(d, MONTH) (value first, the part a keyword), Snowflake
// DATE_TRUNC(month, d) and T-SQL DATETRUNC(month, d) (the part a bare word) are DATE_TRUNC('month', d).
#include <array>

#include "ast/normalize/normalizer.hpp"
#include "support/strings.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

constexpr std::array<std::string_view, 13> kDateParts = {"microsecond", "millisecond", "second", "minute", "hour",
                                                        "day", "week", "isoweek", "month", "quarter", "year",
                                                        "isoyear", "decade"};

// The date part a bare word or a string names, lower case; empty when it names none. A bare word
// reaches here as a column: in a one-table block the aliases rule (earlier, on the child) has
// already qualified it with that table.
std::string date_part(const Normalizer& n, const Expr* e) {
    std::string text;
    if (const auto* c = dyn_cast<ColumnRef>(e)) {
        bool qualified_by_single_table = c->path.size() == 2 && !n.scopes().empty() &&
                                         c->path[0].text == n.scopes().back().single_table;
        if (c->path.size() == 1 || qualified_by_single_table) text = support::to_lower(c->path.back().text);
    } else if (const auto* l = dyn_cast<Literal>(e); l && l->type == LiteralType::String) {
        text = support::to_lower(l->text);
    }
    for (std::string_view part : kDateParts)
        if (text == part) return text;
    return {};
}

Expr* part_first(Normalizer& n, Expr* e) {
    auto* f = dyn_cast<FunctionCall>(e);
    if (!f || f->over || f->args.size() != 2) return e;
    std::string name = Normalizer::function_name(f);
    if (name != "date_trunc" && name != "datetrunc") return e;
    std::string first = date_part(n, f->args[0]), second = date_part(n, f->args[1]);
    Expr* value = nullptr;
    std::string part;
    if (!first.empty()) {
        part = first, value = f->args[1];
    } else if (!second.empty() && isa<ColumnRef>(f->args[1])) {  // DATE_TRUNC(d, MONTH)
        part = second, value = f->args[0];
    } else {
        return e;
    }
    auto* literal = n.arena().make<Literal>();
    literal->span = f->args[value == f->args[0] ? 1 : 0]->span;
    literal->type = LiteralType::String;
    literal->text = n.arena().copy(part);
    f->name = n.arena().list(std::vector<Name>{Name{"date_trunc", false}});
    f->args = n.arena().list(std::vector<Expr*>{literal, value});
    return f;
}

}  // namespace

const RuleHooks date_trunc_order = {.expr = &part_first};

}  // namespace qdiff::normalizing::rules
