// missing-limit: the result query returns every row of its tables and nothing bounds it. Bounded, so
// silent: a LIMIT/TOP/FETCH; a filter (WHERE, QUALIFY: the question's own bound, which a LIMIT would
// change); a summary (GROUP BY, DISTINCT, aggregates without GROUP BY: one row); rows written out
// (VALUES) or taken from bounded derived tables; no table at all. Set operations add rows: a block
// with them is judged by its own clauses.
// The advice never trips another rule: with an ORDER BY the fix-it appends LIMIT; without one a note
// says to add ORDER BY and LIMIT together (LIMIT alone is limit-without-order).
#include "lint/rule.hpp"
#include "lint/sql/analysis.hpp"

namespace qdiff::linting::rules {
namespace {

bool bounded(const LintContext& ctx, const ast::Query& q);

bool bounded_source(const LintContext& ctx, const sql::Source& s) {
    if (ast::isa<ast::ValuesTable>(s.relation)) return true;
    auto* derived = ast::dyn_cast<ast::DerivedTable>(s.relation);
    return derived && derived->query && bounded(ctx, *derived->query);
}

const sql::Block* block_of(const LintContext& ctx, const ast::Query& q) {
    for (const sql::Block& b : ctx.sql->blocks)
        if (b.query == &q) return &b;
    return nullptr;
}

bool bounded(const LintContext& ctx, const ast::Query& q) {
    if (q.limit || q.filter || q.qualify || !q.group_by.empty() || q.distinct != ast::DistinctKind::None ||
        sql::single_row_aggregate(q))
        return true;
    const sql::Block* b = block_of(ctx, q);
    if (!b) return false;
    for (const sql::Source& s : b->sources)
        if (!bounded_source(ctx, s)) return false;
    return b->sources.empty() || q.joins.empty();  // a join of bounded sources can still multiply them
}

}  // namespace

void missing_limit(LintContext& ctx) {
    for (const sql::Block& b : ctx.sql->blocks) {
        const ast::Query& q = *b.query;
        if (b.is_subquery || b.is_cte || b.is_set_branch || q.projection.empty() || bounded(ctx, q)) continue;
        Diagnostic d = make_diagnostic(DiagId::LintMissingLimit, Span{q.span.begin, q.projection.front()->span.end});
        if (q.order_by.empty()) {
            d.notes.push_back(
                {d.span, "to bound it, add ORDER BY and LIMIT together: LIMIT alone returns arbitrary rows"});
        } else if (traits(ctx.dialect()).row_limit == RowLimit::Top) {
            d.notes.push_back({d.span, "to bound it, add TOP (n) after SELECT"});
        } else {
            d.fixits.push_back({{q.span.end, q.span.end}, " LIMIT 100"});
        }
        ctx.report(std::move(d));
    }
}

}  // namespace qdiff::linting::rules
