// having-without-group-by: HAVING with no GROUP BY treats the whole table as one group; usually a
// WHERE was meant.
#include "lint/rule.hpp"
#include "lint/sql/analysis.hpp"

namespace qdiff::linting::rules {

void having_without_group_by(LintContext& ctx) {
    for (const sql::Block& b : ctx.sql->blocks)
        if (b.query->having && b.query->group_by.empty())
            ctx.report(make_diagnostic(DiagId::LintHavingWithoutGroupBy, b.query->having->span));
}

}  // namespace qdiff::linting::rules
