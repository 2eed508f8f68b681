// non-sargable: WHERE predicates that keep an index on the column from being used: a function
// applied to the column (`lower(name) = 'x'`, `strftime('%Y', d) = '2020'`), or a LIKE pattern that
// starts with a wildcard.
#include "ast/semantics/operators.hpp"
#include "lint/rule.hpp"
#include "lint/sql/analysis.hpp"

namespace qdiff::linting::rules {
namespace {

// The column of this block wrapped by a scalar function call, if `e` is one.
const ast::ColumnRef* wrapped_column(const LintContext& ctx, const sql::Block& b, const ast::Expr* e) {
    auto* call = ast::dyn_cast<ast::FunctionCall>(e);
    if (!call || sql::is_aggregate(*call) || call->over) return nullptr;
    for (const ast::Expr* arg : call->args) {
        auto* ref = ast::dyn_cast<ast::ColumnRef>(arg);
        const sql::ColumnResolution* r = ref ? ctx.sql->resolution(*ref) : nullptr;
        if (r && r->status == sql::Resolved::Column && r->block == &b) return ref;
    }
    return nullptr;
}

bool constant(const ast::Expr* e) { return ast::isa<ast::Literal>(e) || ast::isa<ast::Parameter>(e); }

}  // namespace

void non_sargable(LintContext& ctx) {
    for (const sql::Block& b : ctx.sql->blocks) {
        std::vector<const ast::Expr*> where;
        sql::conjuncts(b.query->filter, where);
        for (const ast::Expr* e : where) {
            auto* bin = ast::dyn_cast<ast::Binary>(e);
            if (!bin) continue;
            if (semantics::is_plain_comparison(bin->op)) {
                for (auto [side, other] : {std::pair{bin->lhs, bin->rhs}, std::pair{bin->rhs, bin->lhs}}) {
                    const ast::ColumnRef* ref = wrapped_column(ctx, b, side);
                    if (!ref || !constant(other)) continue;
                    std::string what = "function " +
                                       std::string(sql::function_name(ast::cast<ast::FunctionCall>(*side))) +
                                       "() applied to the column";
                    ctx.report(make_diagnostic(DiagId::LintNonSargable, side->span, {what, ref->path.back().text}));
                }
            } else if (bin->op == ast::BinaryOp::Like || bin->op == ast::BinaryOp::ILike) {
                auto* ref = ast::dyn_cast<ast::ColumnRef>(bin->lhs);
                auto* pattern = ast::dyn_cast<ast::Literal>(bin->rhs);
                if (ref && pattern && pattern->type == ast::LiteralType::String && !pattern->text.empty() &&
                    (pattern->text.front() == '%' || pattern->text.front() == '_'))
                    ctx.report(make_diagnostic(DiagId::LintNonSargable, pattern->span,
                                               {"the pattern starts with a wildcard", ref->path.back().text}));
            }
        }
    }
}

}  // namespace qdiff::linting::rules
