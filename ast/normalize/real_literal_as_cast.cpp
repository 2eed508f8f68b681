// real-literal-as-cast: in SQLite `x * 100.0` is `CAST(x AS REAL) * 100`. Arithmetic (+ - * /) with a
// REAL operand converts the other one to REAL, as the CAST does, so both compute the same double; an
// integer x divided by an integer stays integer division, which is why BIRD's gold queries write
// `CAST(SUM(..) AS REAL) * 100 / COUNT(*)` where predictions write `SUM(..) * 100.0 / COUNT(*)`. Rule
// numeric-literals reads 100.0 as 100, which would lose that the arithmetic is real: the CAST keeps it.
// Only for a REAL literal of integral value (0.5 stays 0.5 anyway), only in SQLite (elsewhere 100.0 is an
// exact NUMERIC), and not when the other operand is a constant, a CAST to a REAL type or avg(..), which
// are REAL already (`AVG(x) * 100.0` stays equal to `AVG(x) * 100`).
#include <cmath>
#include <cstdlib>
#include <string>

#include "ast/normalize/normalizer.hpp"
#include "support/strings.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

// A written REAL literal (a point or an exponent) whose value is an integer: 100.0, 1e2.
bool integral_real_literal(const Expr* e) {
    auto* l = dyn_cast<Literal>(e);
    if (!l || l->type != LiteralType::Decimal) return false;
    std::string text(l->text);
    if (text.find_first_of(".eE") == std::string::npos) return false;
    char* end = nullptr;
    double v = std::strtod(text.c_str(), &end);
    return end == text.c_str() + text.size() && std::isfinite(v) && std::floor(v) == v;
}

bool real_already(const Expr* e) {
    if (is_constant(e)) return true;
    if (auto* c = dyn_cast<Cast>(e)) {
        std::string type = support::to_upper(c->type);
        return type.find("INT") == std::string::npos &&
               (type.find("REAL") != std::string::npos || type.find("FLOA") != std::string::npos ||
                type.find("DOUB") != std::string::npos);
    }
    auto* f = dyn_cast<FunctionCall>(e);
    return f && f->name.size() == 1 && support::to_lower(f->name[0].text) == "avg";
}

Expr* cast_other_operand(Normalizer& n, const Expr* e) {
    auto* b = dyn_cast<Binary>(e);
    if (!b || n.language() != Language::Sql || n.dialect() != Dialect::Sqlite) return nullptr;
    if (b->op != BinaryOp::Add && b->op != BinaryOp::Sub && b->op != BinaryOp::Mul && b->op != BinaryOp::Div)
        return nullptr;
    bool real_right = integral_real_literal(b->rhs), real_left = integral_real_literal(b->lhs);
    if (real_right == real_left) return nullptr;
    const Expr* other = real_right ? b->lhs : b->rhs;
    if (real_already(other)) return nullptr;
    auto* cast = n.arena().make<Cast>();
    cast->span = other->span;
    cast->expr = n.rewrite_expr(other);
    cast->type = "REAL";
    Expr* converted = n.simplify(cast);
    Expr* literal = n.rewrite_expr(real_right ? b->rhs : b->lhs);
    return real_right ? n.make_binary(b->op, converted, literal, b->span)
                      : n.make_binary(b->op, literal, converted, b->span);
}

}  // namespace

const RuleHooks real_literal_as_cast = {.written = &cast_other_operand};

}  // namespace qdiff::normalizing::rules
