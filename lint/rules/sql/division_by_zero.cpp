// division-by-zero: `x / 0` or `x % 0` with a literal zero: NULL in SQLite and MySQL, an error in
// PostgreSQL.
#include "lint/rule.hpp"
#include "lint/sql/analysis.hpp"

namespace qdiff::linting::rules {

void division_by_zero(LintContext& ctx) {
    for (const sql::Block& b : ctx.sql->blocks) {
        auto visit = [&](const ast::Node& n) {
            auto* bin = ast::dyn_cast<ast::Binary>(&n);
            if (!bin ||
                (bin->op != ast::BinaryOp::Div && bin->op != ast::BinaryOp::Mod && bin->op != ast::BinaryOp::IntDiv))
                return;
            auto* lit = ast::dyn_cast<ast::Literal>(bin->rhs);
            if (!lit || (lit->type != ast::LiteralType::Integer && lit->type != ast::LiteralType::Decimal)) return;
            if (lit->text.find_first_not_of("0.") == std::string_view::npos)
                ctx.report(make_diagnostic(DiagId::LintDivisionByZero, bin->span));
        };
        const ast::Query& q = *b.query;
        for (const ast::SelectItem* item : q.projection) sql::for_each_in_expr(item->expr, visit);
        sql::for_each_in_expr(q.filter, visit);
        sql::for_each_in_expr(q.having, visit);
        for (const ast::OrderItem* o : q.order_by) sql::for_each_in_expr(o->expr, visit);
    }
}

}  // namespace qdiff::linting::rules
