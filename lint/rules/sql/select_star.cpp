// select-star: `SELECT *` (or `t.*`) in the result of the query: generated output should name its
// columns, so that a schema change or a join does not change the result's shape. Stars inside
// subqueries, EXISTS and COUNT(*) are fine.
#include "lint/rule.hpp"
#include "lint/sql/analysis.hpp"

namespace qdiff::linting::rules {

void select_star(LintContext& ctx) {
    for (const sql::Block& b : ctx.sql->blocks) {
        if (b.is_subquery) continue;
        for (const ast::SelectItem* item : b.query->projection)
            if (ast::isa<ast::Star>(item->expr)) ctx.report(make_diagnostic(DiagId::LintSelectStar, item->span));
    }
}

}  // namespace qdiff::linting::rules
