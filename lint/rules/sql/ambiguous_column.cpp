// ambiguous-column: an unqualified column that more than one relation of the same block has
// (USING and NATURAL join columns excepted).
#include "lint/rule.hpp"
#include "lint/sql/analysis.hpp"

namespace qdiff::linting::rules {

void ambiguous_column(LintContext& ctx) {
    for (const sql::ColumnResolution& r : ctx.sql->columns) {
        if (r.status != sql::Resolved::Ambiguous) continue;
        std::string where;
        for (size_t i = 0; i < r.matches.size(); ++i) {
            if (i > 0) where += i + 1 == r.matches.size() ? " and " : ", ";
            where += "'" + std::string(r.matches[i]) + "'";
        }
        Diagnostic d = make_diagnostic(DiagId::LintAmbiguousColumn, r.ref->span, {r.ref->path.back().text, where});
        d.notes.push_back({r.ref->span, "qualify it, e.g. " + std::string(r.matches.front()) + "." +
                                            std::string(r.ref->path.back().text)});
        ctx.report(std::move(d));
    }
}

}  // namespace qdiff::linting::rules
