// unknown-column: a column no relation in scope has, with a "did you mean" fix-it from the columns in
// scope. unknown-qualifier: `X.col` where no table or alias X is in scope.
#include "lint/rule.hpp"
#include "lint/sql/analysis.hpp"
#include "support/strings.hpp"

namespace qdiff::linting::rules {

void unknown_column(LintContext& ctx) {
    for (const sql::ColumnResolution& r : ctx.sql->columns) {
        if (r.status == sql::Resolved::UnknownQualifier) {
            std::string_view qualifier = r.ref->path[r.ref->path.size() - 2].text;
            Diagnostic d = make_diagnostic(DiagId::LintUnknownQualifier, r.ref->span, {qualifier});
            if (!r.suggestion.empty()) {
                // The qualifier is the reference's first part (`c` of `c.name`).
                std::string_view written = ctx.source().slice(r.ref->span);
                Span at = written.size() > qualifier.size() && support::iequals(written.substr(0, qualifier.size()), qualifier)
                              ? Span{r.ref->span.begin, r.ref->span.begin + static_cast<uint32_t>(qualifier.size())}
                              : sql::name_span(ctx.source(), r.ref->span, qualifier);
                d.notes.push_back({at, "did you mean '" + r.suggestion + "'?"});
                d.fixits.push_back({at, r.suggestion});
            }
            ctx.report(std::move(d));
        } else if (r.status == sql::Resolved::Unknown) {
            std::string_view name = r.ref->path.back().text;
            Diagnostic d = make_diagnostic(DiagId::LintUnknownColumn, r.ref->span, {ctx.source().slice(r.ref->span)});
            if (r.source && r.source->table)
                d.notes.push_back({r.source->relation->span, "table '" + r.source->table->name + "' is here"});
            if (!r.suggestion.empty()) {
                Span at = sql::name_span(ctx.source(), r.ref->span, name);
                d.notes.push_back({at, "did you mean '" + r.suggestion + "'?"});
                d.fixits.push_back({at, r.suggestion});
            }
            ctx.report(std::move(d));
        }
    }
}

}  // namespace qdiff::linting::rules
