// like-without-wildcard: `x LIKE 'abc'` with neither % nor _ is an equality (case-insensitive in
// SQLite and MySQL). Where LIKE is case-sensitive (PostgreSQL, generic), the fix-it writes `=`.
#include "lint/rule.hpp"
#include "lint/sql/analysis.hpp"

namespace qdiff::linting::rules {

void like_without_wildcard(LintContext& ctx) {
    for (const sql::Block& b : ctx.sql->blocks) {
        auto visit = [&](const ast::Node& n) {
            auto* bin = ast::dyn_cast<ast::Binary>(&n);
            if (!bin || (bin->op != ast::BinaryOp::Like && bin->op != ast::BinaryOp::ILike)) return;
            auto* pattern = ast::dyn_cast<ast::Literal>(bin->rhs);
            if (!pattern || pattern->type != ast::LiteralType::String) return;
            if (pattern->text.find_first_of("%_") != std::string_view::npos) return;
            bool like = bin->op == ast::BinaryOp::Like;
            Diagnostic d =
                make_diagnostic(DiagId::LintLikeWithoutWildcard, bin->span, {like ? "LIKE" : "ILIKE", pattern->text});
            if (like && !traits(ctx.dialect()).like_ignores_case)
                d.fixits.push_back({bin->span, std::string(ctx.source().slice(bin->lhs->span)) + " = " +
                                                   std::string(ctx.source().slice(pattern->span))});
            ctx.report(std::move(d));
        };
        sql::for_each_condition_node(*b.query, visit);
    }
}

}  // namespace qdiff::linting::rules
