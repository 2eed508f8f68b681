// aggregate-in-where: an aggregate in WHERE (or ON), where rows are not grouped yet.
// nested-aggregate: an aggregate inside another aggregate's arguments (SQLite: "misuse of aggregate").
#include "lint/rule.hpp"
#include "lint/sql/analysis.hpp"

namespace qdiff::linting::rules {
namespace {

void check_row_filter(LintContext& ctx, const ast::Expr* filter) {
    sql::for_each_in_expr(filter, [&](const ast::Node& n) {
        if (auto* f = ast::dyn_cast<ast::FunctionCall>(&n); f && sql::is_aggregate(*f))
            ctx.report(make_diagnostic(DiagId::LintAggregateInWhere, f->span, {sql::function_name(*f)}));
    });
}

// Reports the aggregates inside the arguments of an outermost aggregate, once each.
void check_nesting(LintContext& ctx, const ast::Node* n) {
    if (n == nullptr || ast::isa<ast::Query>(n)) return;
    if (auto* outer = ast::dyn_cast<ast::FunctionCall>(n); outer && sql::is_aggregate(*outer)) {
        for (const ast::Expr* arg : outer->args)
            sql::for_each_in_expr(arg, [&](const ast::Node& m) {
                if (auto* inner = ast::dyn_cast<ast::FunctionCall>(&m); inner && sql::is_aggregate(*inner))
                    ctx.report(make_diagnostic(DiagId::LintNestedAggregate, inner->span, {sql::function_name(*inner)}));
            });
        return;
    }
    ast::for_each_child(*n, [&](const ast::Node& child) { check_nesting(ctx, &child); });
}

}  // namespace

void aggregate_misuse(LintContext& ctx) {
    for (const sql::Block& b : ctx.sql->blocks) {
        const ast::Query& q = *b.query;
        check_row_filter(ctx, q.filter);
        for (const ast::Join* j : q.joins) check_row_filter(ctx, j->condition);
        for (const ast::SelectItem* item : q.projection) check_nesting(ctx, item->expr);
        check_nesting(ctx, q.having);
        for (const ast::OrderItem* o : q.order_by) check_nesting(ctx, o->expr);
    }
}

}  // namespace qdiff::linting::rules
