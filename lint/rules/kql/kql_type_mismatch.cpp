// type-mismatch (KQL): a string column compared with a number, a numeric column with a string that
// is not a number, a datetime column with a plain string or number (Kusto wants datetime(...)).
#include <cstdlib>

#include "ast/semantics/operators.hpp"
#include "lint/kql/analysis.hpp"
#include "lint/rule.hpp"

namespace qdiff::linting::rules {
namespace {

bool numeric(ColumnType t) { return t == ColumnType::Integer || t == ColumnType::Real; }

bool looks_numeric(std::string_view s) {
    std::string text(s);
    char* end = nullptr;
    std::strtod(text.c_str(), &end);
    return !text.empty() && end == text.c_str() + text.size();
}

void compare(LintContext& ctx, const ast::Expr* column_side, const ast::Expr* value_side) {
    auto* ref = ast::dyn_cast<ast::ColumnRef>(column_side);
    auto* lit = ast::dyn_cast<ast::Literal>(value_side);
    if (!ref || !lit) return;
    ColumnType column = ctx.kql->type_of(ref);
    ColumnType value = ctx.kql->type_of(lit);
    std::string_view name = ref->path.back().text;
    std::string_view text = ctx.source().slice(lit->span);
    if (column == ColumnType::Text && numeric(value)) {
        ctx.report(make_diagnostic(DiagId::LintTypeMismatch, lit->span, {"string", name, "number", text}));
    } else if (numeric(column) && value == ColumnType::Text && !looks_numeric(lit->text)) {
        ctx.report(make_diagnostic(DiagId::LintTypeMismatch, lit->span, {"numeric", name, "string", text}));
    } else if (column == ColumnType::DateTime && (value == ColumnType::Text || numeric(value))) {
        Diagnostic d = make_diagnostic(DiagId::LintTypeMismatch, lit->span,
                                       {"datetime", name, value == ColumnType::Text ? "string" : "number", text});
        if (value == ColumnType::Text) d.fixits.push_back({lit->span, "datetime(" + std::string(lit->text) + ")"});
        ctx.report(std::move(d));
    }
}

}  // namespace

void kql_type_mismatch(LintContext& ctx) {
    kql::for_each_node(ctx.script, [&](const ast::Node& n) {
        if (auto* bin = ast::dyn_cast<ast::Binary>(&n); bin && semantics::is_comparison(bin->op)) {
            compare(ctx, bin->lhs, bin->rhs);
            compare(ctx, bin->rhs, bin->lhs);
        } else if (auto* between = ast::dyn_cast<ast::Between>(&n)) {
            compare(ctx, between->expr, between->low);
            compare(ctx, between->expr, between->high);
        }
    });
}

}  // namespace qdiff::linting::rules
