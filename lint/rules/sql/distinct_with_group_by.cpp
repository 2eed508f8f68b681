// distinct-with-group-by: SELECT DISTINCT over exactly the grouped expressions: the groups are
// already distinct.
#include "lint/rule.hpp"
#include "lint/sql/analysis.hpp"

namespace qdiff::linting::rules {
namespace {

bool contains(const ast::List<ast::Expr*>& list, const ast::Expr* e) {
    for (const ast::Expr* x : list)
        if (ast::equal(x, e)) return true;
    return false;
}

}  // namespace

void distinct_with_group_by(LintContext& ctx) {
    for (const sql::Block& b : ctx.sql->blocks) {
        const ast::Query& q = *b.query;
        if (q.distinct != ast::DistinctKind::Distinct || q.group_by.empty() || q.projection.empty()) continue;
        bool same = true;
        for (const ast::SelectItem* item : q.projection) same = same && contains(q.group_by, item->expr);
        for (const ast::Expr* g : q.group_by) {
            bool selected = false;
            for (const ast::SelectItem* item : q.projection) selected = selected || ast::equal(item->expr, g);
            same = same && selected;
        }
        if (same)
            ctx.report(
                make_diagnostic(DiagId::LintDistinctWithGroupBy, Span{q.span.begin, q.projection.front()->span.begin}));
    }
}

}  // namespace qdiff::linting::rules
