// not-in-subquery: `x NOT IN (SELECT y ...)` yields no row at all once y has a NULL. Quiet when y is
// a primary key (never NULL).
#include "lint/rule.hpp"
#include "lint/sql/analysis.hpp"

namespace qdiff::linting::rules {
namespace {

bool never_null(const LintContext& ctx, const ast::Query& sub) {
    if (sub.projection.size() != 1) return false;
    auto* ref = ast::dyn_cast<ast::ColumnRef>(sub.projection.front()->expr);
    const sql::ColumnResolution* r = ref ? ctx.sql->resolution(*ref) : nullptr;
    return r && r->column && r->column->primary_key;
}

}  // namespace

void not_in_subquery(LintContext& ctx) {
    for (const sql::Block& b : ctx.sql->blocks) {
        sql::for_each_in_expr(b.query->filter, [&](const ast::Node& n) {
            auto* no = ast::dyn_cast<ast::Unary>(&n);
            if (!no || no->op != ast::UnaryOp::Not) return;
            auto* in = ast::dyn_cast<ast::InSubquery>(no->operand);
            if (in && in->query && !never_null(ctx, *in->query))
                ctx.report(make_diagnostic(DiagId::LintNotInSubquery, no->span));
        });
    }
}

}  // namespace qdiff::linting::rules
