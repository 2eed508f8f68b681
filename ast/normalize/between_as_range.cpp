// between-as-range: x BETWEEN a AND b is x >= a AND x <= b (SYMMETRIC BETWEEN is left alone).
#include "ast/normalize/normalizer.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

Expr* as_range(Normalizer& n, Expr* e) {
    auto* b = dyn_cast<Between>(e);
    if (!b || b->symmetric) return e;
    Expr* lo = n.simplify(n.make_binary(BinaryOp::GtEq, b->expr, b->low, b->span));
    Expr* hi = n.simplify(n.make_binary(BinaryOp::LtEq, b->expr, b->high, b->span));
    return n.simplify(n.make_binary(BinaryOp::And, lo, hi, b->span));
}

}  // namespace

const RuleHooks between_as_range = {.expr = &as_range};

}  // namespace qdiff::normalizing::rules
