// subquery-order-without-limit: ORDER BY in a subquery, derived table or CTE without LIMIT: SQL does
// not promise that the order survives into the enclosing query.
#include "lint/rule.hpp"
#include "lint/sql/analysis.hpp"

namespace qdiff::linting::rules {

void subquery_order_without_limit(LintContext& ctx) {
    for (const sql::Block& b : ctx.sql->blocks) {
        const ast::Query& q = *b.query;
        if (b.is_subquery && !b.is_set_branch && !q.order_by.empty() && !q.limit && !q.offset)
            ctx.report(make_diagnostic(DiagId::LintSubqueryOrderWithoutLimit,
                                       Span{q.order_by.front()->span.begin, q.order_by.back()->span.end}));
    }
}

}  // namespace qdiff::linting::rules
