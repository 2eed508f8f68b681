// kql-case-mismatch: `tolower(x) == "Admin"` or `toupper(x) == "admin"`: the function already fixed
// the case, so a literal with the other case can never be equal (use =~ for a case-insensitive test).
#include <cctype>

#include "lint/kql/analysis.hpp"
#include "lint/kql/names.hpp"
#include "lint/rule.hpp"

namespace qdiff::linting::rules {
namespace {

void check(LintContext& ctx, const ast::Expr* call_side, const ast::Expr* value_side) {
    auto* call = ast::dyn_cast<ast::FunctionCall>(call_side);
    auto* lit = ast::dyn_cast<ast::Literal>(value_side);
    if (!call || !lit || lit->type != ast::LiteralType::String) return;
    bool lower = kql::is_named(*call, "tolower");
    if (!lower && !kql::is_named(*call, "toupper")) return;
    for (char c : lit->text) {
        bool wrong = lower ? std::isupper(static_cast<unsigned char>(c)) : std::islower(static_cast<unsigned char>(c));
        if (!wrong) continue;
        Diagnostic d = make_diagnostic(DiagId::KqlCaseMismatch, lit->span,
                                       {call->name[0].text, lower ? "lower" : "upper", lit->text});
        d.notes.push_back({call->span, "compare the column with =~ instead"});
        ctx.report(std::move(d));
        return;
    }
}

}  // namespace

void kql_case_mismatch(LintContext& ctx) {
    kql::for_each_node(ctx.script, [&](const ast::Node& n) {
        auto* bin = ast::dyn_cast<ast::Binary>(&n);
        if (!bin || (bin->op != ast::BinaryOp::Eq && bin->op != ast::BinaryOp::NotEq)) return;
        check(ctx, bin->lhs, bin->rhs);
        check(ctx, bin->rhs, bin->lhs);
    });
}

}  // namespace qdiff::linting::rules
