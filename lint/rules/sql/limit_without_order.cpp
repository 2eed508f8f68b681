// missing-limit: the result query is neither aggregated nor limited, so it may return the whole table.
// limit-without-order: LIMIT without ORDER BY picks arbitrary rows (in any block, subqueries too).
#include "lint/rule.hpp"
#include "lint/sql/analysis.hpp"

namespace qdiff::linting::rules {
namespace {

// One row: aggregates without GROUP BY.
bool aggregated(const ast::Query& q) {
    if (!q.group_by.empty()) return false;  // one row per group: still unbounded
    for (const ast::SelectItem* item : q.projection)
        if (sql::has_aggregate(item->expr)) return true;
    return false;
}

}  // namespace

void limit_rules(LintContext& ctx) {
    for (const sql::Block& b : ctx.sql->blocks) {
        const ast::Query& q = *b.query;
        if (b.is_set_branch) continue;  // LIMIT and ORDER BY belong to the first query of the set operation
        if (q.limit && q.order_by.empty() && !q.projection.empty()) {
            auto* lit = ast::dyn_cast<ast::Literal>(q.limit);
            bool one_aggregate_row = aggregated(q);
            if (!one_aggregate_row && !(lit && lit->text == "0"))
                ctx.report(make_diagnostic(DiagId::LintLimitWithoutOrder, q.limit->span));
        }
        if (!b.is_subquery && !q.limit && !q.projection.empty() && !aggregated(q) && !q.sources.empty()) {
            Span at = q.projection.front()->span;
            ctx.report(make_diagnostic(DiagId::LintMissingLimit, Span{q.span.begin, at.end}));
        }
    }
}

}  // namespace qdiff::linting::rules
