// limit-without-order: LIMIT without ORDER BY picks arbitrary rows (in any block, subqueries too).
#include "lint/rule.hpp"
#include "lint/sql/analysis.hpp"

namespace qdiff::linting::rules {

void limit_without_order(LintContext& ctx) {
    for (const sql::Block& b : ctx.sql->blocks) {
        const ast::Query& q = *b.query;
        if (b.is_set_branch) continue;  // LIMIT and ORDER BY belong to the first query of the set operation
        if (!q.limit || !q.order_by.empty() || q.projection.empty()) continue;
        auto* lit = ast::dyn_cast<ast::Literal>(q.limit);
        if (!sql::single_row_aggregate(q) && !(lit && lit->text == "0"))
            ctx.report(make_diagnostic(DiagId::LintLimitWithoutOrder, q.limit->span));
    }
}

}  // namespace qdiff::linting::rules
