// like-as-string-operators: x LIKE '%v%' is KQL's x contains 'v', 'v%' startswith, '%v' endswith.
// KQL's string operators ignore case, and so do ILIKE and LIKE where the dialect's LIKE does (SQLite,
// MySQL, and T-SQL under its default case-insensitive collation); elsewhere (PostgreSQL, Snowflake,
// BigQuery, DuckDB, generic SQL after the standard) LIKE is the case-sensitive contains_cs,
// startswith_cs, endswith_cs, so `LIKE '%v%'` and `ILIKE '%v%'` stay different there.
#include "ast/normalize/normalizer.hpp"
#include "qdiff/dialect.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

Expr* as_string_operator(Normalizer& n, Expr* e) {
    auto* b = dyn_cast<Binary>(e);
    if (!b || (b->op != BinaryOp::Like && b->op != BinaryOp::ILike)) return e;
    auto* l = dyn_cast<Literal>(b->rhs);
    if (!l || l->type != LiteralType::String) return e;
    std::string_view p = l->text;
    bool lead = p.size() >= 2 && p.front() == '%', trail = p.size() >= 2 && p.back() == '%';
    std::string_view inner = p.substr(lead ? 1 : 0, p.size() - (lead ? 1 : 0) - (trail ? 1 : 0));
    if ((lead || trail) && !inner.empty() && inner.find_first_of("%_\\[") == std::string_view::npos) {
        auto* v = n.copy(*l);
        v->text = inner;
        b->rhs = v;
        bool ignores_case = b->op == BinaryOp::ILike || traits(n.dialect()).like_ignores_case ||
                            n.dialect() == Dialect::Tsql;
        if (ignores_case)
            b->op = lead && trail ? BinaryOp::Contains : lead ? BinaryOp::EndsWith : BinaryOp::StartsWith;
        else
            b->op = lead && trail ? BinaryOp::ContainsCs : lead ? BinaryOp::EndsWithCs : BinaryOp::StartsWithCs;
    }
    return b;
}

}  // namespace

const RuleHooks like_as_string_operators = {.expr = &as_string_operator};

}  // namespace qdiff::normalizing::rules
