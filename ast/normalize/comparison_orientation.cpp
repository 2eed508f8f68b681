// comparison-orientation: 5 < x is x > 5 (the constant on the right); two columns or two constants
// are ordered by their canonical text, so a = b is b = a.
#include "ast/normalize/normalizer.hpp"
#include "ast/semantics/operators.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

// = <> < <= > >=; IS DISTINCT FROM and =~ have rules of their own (null-safe-equality,
// case-insensitive-equality) that order their operands.
Expr* oriented(Normalizer& n, Expr* e) {
    auto* b = dyn_cast<Binary>(e);
    if (!b || !semantics::is_plain_comparison(b->op)) return e;
    bool lc = is_constant(b->lhs), rc = is_constant(b->rhs);
    if ((lc && !rc) || (lc == rc && n.key(b->lhs) > n.key(b->rhs))) {
        std::swap(b->lhs, b->rhs);
        b->op = *semantics::flipped(b->op);  // a op b  ≡  b flipped(op) a
    }
    return b;
}

}  // namespace

const RuleHooks comparison_orientation = {.expr = &oriented};

}  // namespace qdiff::normalizing::rules
