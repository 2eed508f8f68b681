// unknown-table: a FROM item names a table the schema does not have (and no CTE of that name).
#include "lint/rule.hpp"
#include "lint/sql/analysis.hpp"

namespace qdiff::linting::rules {

void unknown_table(LintContext& ctx) {
    for (const sql::UnknownTableRef& u : ctx.sql->unknown_tables) {
        std::string_view name = u.ref->name.back().text;
        Span at = sql::name_span(ctx.source(), u.ref->span, name);
        Diagnostic d = make_diagnostic(DiagId::LintUnknownTable, at, {name});
        if (!u.suggestion.empty()) {
            d.notes.push_back({at, "did you mean '" + u.suggestion + "'?"});
            d.fixits.push_back({at, u.suggestion});
        }
        ctx.report(std::move(d));
    }
}

}  // namespace qdiff::linting::rules
