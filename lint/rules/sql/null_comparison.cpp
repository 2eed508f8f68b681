// null-comparison: `x = NULL` / `x <> NULL` is never true; the fix-it writes IS [NOT] NULL.
#include "lint/rule.hpp"
#include "lint/sql/analysis.hpp"

namespace qdiff::linting::rules {
namespace {

bool is_null(const ast::Expr* e) {
    auto* lit = ast::dyn_cast<ast::Literal>(e);
    return lit && lit->type == ast::LiteralType::Null;
}

}  // namespace

void null_comparison(LintContext& ctx) {
    for (const sql::Block& b : ctx.sql->blocks) {
        auto visit = [&](const ast::Node& n) {
            auto* bin = ast::dyn_cast<ast::Binary>(&n);
            if (!bin || (bin->op != ast::BinaryOp::Eq && bin->op != ast::BinaryOp::NotEq)) return;
            const ast::Expr* other = is_null(bin->rhs) ? bin->lhs : is_null(bin->lhs) ? bin->rhs : nullptr;
            if (!other) return;
            bool negated = bin->op == ast::BinaryOp::NotEq;
            Diagnostic d =
                make_diagnostic(DiagId::LintNullComparison, bin->span, {negated ? "<>" : "=", negated ? "NOT " : ""});
            d.fixits.push_back(
                {bin->span, std::string(ctx.source().slice(other->span)) + (negated ? " IS NOT NULL" : " IS NULL")});
            ctx.report(std::move(d));
        };
        const ast::Query& q = *b.query;
        sql::for_each_condition_node(q, visit);
        for (const ast::SelectItem* item : q.projection) sql::for_each_in_expr(item->expr, visit);
    }
}

}  // namespace qdiff::linting::rules
