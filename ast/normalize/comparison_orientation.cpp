// comparison-orientation: 5 < x is x > 5 (the constant on the right); two columns or two constants
// are ordered by their canonical text, so a = b is b = a.
#include "ast/normalize/normalizer.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

bool is_comparison(BinaryOp op) {
    switch (op) {
        case BinaryOp::Eq:
        case BinaryOp::NotEq:
        case BinaryOp::Lt:
        case BinaryOp::LtEq:
        case BinaryOp::Gt:
        case BinaryOp::GtEq: return true;
        default: return false;
    }
}

// a op b  ≡  b flipped(op) a
BinaryOp flipped(BinaryOp op) {
    switch (op) {
        case BinaryOp::Lt: return BinaryOp::Gt;
        case BinaryOp::LtEq: return BinaryOp::GtEq;
        case BinaryOp::Gt: return BinaryOp::Lt;
        case BinaryOp::GtEq: return BinaryOp::LtEq;
        default: return op;
    }
}

Expr* oriented(Normalizer& n, Expr* e) {
    auto* b = dyn_cast<Binary>(e);
    if (!b || !is_comparison(b->op)) return e;
    bool lc = is_constant(b->lhs), rc = is_constant(b->rhs);
    if ((lc && !rc) || (lc == rc && n.key(b->lhs) > n.key(b->rhs))) {
        std::swap(b->lhs, b->rhs);
        b->op = flipped(b->op);
    }
    return b;
}

}  // namespace

const RuleHooks comparison_orientation = {.expr = &oriented};

}  // namespace qdiff::normalizing::rules
