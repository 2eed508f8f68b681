// unknown-column (KQL): a name that is no column of the operator's input, no let-bound scalar and
// no function parameter. A column an earlier operator removed is kql-column-dropped instead.
#include <set>

#include "lint/kql/analysis.hpp"
#include "lint/rule.hpp"

namespace qdiff::linting::rules {

void kql_unknown_column(LintContext& ctx) {
    std::set<std::pair<uint32_t, std::string_view>> reported;  // `on a` is checked on both sides
    for (const kql::ColumnUse& u : ctx.kql->columns) {
        if (u.status != kql::Resolved::Unknown || !reported.insert({u.span.begin, u.name}).second) continue;
        Diagnostic d = make_diagnostic(DiagId::LintUnknownColumn, u.span, {u.name});
        if (!u.suggestion.empty()) {
            d.notes.push_back({u.span, "did you mean '" + u.suggestion + "'?"});
            d.fixits.push_back({u.span, u.suggestion});
        }
        ctx.report(std::move(d));
    }
}

}  // namespace qdiff::linting::rules
