// unknown-table (KQL): a pipeline reads a table the schema does not have and no let statement binds
// (names are case-sensitive in Kusto, so `securityevent` is unknown when the table is `SecurityEvent`).
#include "lint/kql/analysis.hpp"
#include "lint/rule.hpp"
#include "lint/sql/analysis.hpp"

namespace qdiff::linting::rules {

void kql_unknown_table(LintContext& ctx) {
    for (const kql::TableUse& u : ctx.kql->tables) {
        if (!u.unknown) continue;
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
