// kql-column-dropped: a column used after the operator that removed it (project, summarize,
// project-away, project-rename, project-keep, a right semi/anti join); the note points at it.
#include <set>

#include "lint/kql/analysis.hpp"
#include "lint/rule.hpp"

namespace qdiff::linting::rules {

void kql_column_dropped(LintContext& ctx) {
    std::set<std::pair<uint32_t, std::string_view>> reported;
    for (const kql::ColumnUse& u : ctx.kql->columns) {
        if (u.status != kql::Resolved::Dropped || !reported.insert({u.span.begin, u.name}).second) continue;
        Diagnostic d = make_diagnostic(DiagId::KqlColumnDropped, u.span, {u.name, u.dropped->by});
        d.notes.push_back({u.dropped->at, "'" + u.dropped->by + "' removes '" + u.dropped->name + "' here"});
        ctx.report(std::move(d));
    }
}

}  // namespace qdiff::linting::rules
