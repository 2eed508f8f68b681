// type-mismatch: a text column compared with a number, or a numeric column compared with a string
// that is not a number. Databases coerce (SQLite by affinity, MySQL to double), so the query runs,
// but the comparison rarely means what it says ('10' < '9' as text).
#include <cstdlib>

#include "ast/semantics/operators.hpp"
#include "lint/rule.hpp"
#include "lint/sql/analysis.hpp"

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
    ColumnType column = ctx.sql->type_of(ref);
    ColumnType value = ctx.sql->type_of(lit);
    std::string_view text = ctx.source().slice(lit->span);
    if (column == ColumnType::Text && numeric(value)) {
        ctx.report(
            make_diagnostic(DiagId::LintTypeMismatch, lit->span, {"text", ref->path.back().text, "number", text}));
    } else if (numeric(column) && value == ColumnType::Text && !looks_numeric(lit->text)) {
        ctx.report(make_diagnostic(DiagId::LintTypeMismatch, lit->span,
                                   {column_type_name(column), ref->path.back().text, "string", text}));
    }
}

}  // namespace

void type_mismatch(LintContext& ctx) {
    for (const sql::Block& b : ctx.sql->blocks) {
        auto visit = [&](const ast::Node& n) {
            if (auto* bin = ast::dyn_cast<ast::Binary>(&n); bin && semantics::is_plain_comparison(bin->op)) {
                compare(ctx, bin->lhs, bin->rhs);
                compare(ctx, bin->rhs, bin->lhs);
            } else if (auto* between = ast::dyn_cast<ast::Between>(&n)) {
                compare(ctx, between->expr, between->low);
                compare(ctx, between->expr, between->high);
            } else if (auto* in = ast::dyn_cast<ast::InList>(&n)) {
                for (const ast::Expr* item : in->items) compare(ctx, in->expr, item);
            }
        };
        sql::for_each_condition_node(*b.query, visit);
    }
}

}  // namespace qdiff::linting::rules
