// constant-folding: the numeric literals of a + or * chain become one (1 + x + 2 is x + 3), and a
// difference of two numbers is computed.
#include <cmath>

#include "ast/normalize/normalizer.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

Expr* fold_difference(Normalizer& n, Expr* e) {
    if (auto* b = dyn_cast<Binary>(e); b && b->op == BinaryOp::Sub)
        if (auto x = number(b->lhs), y = number(b->rhs); x && y) return n.make_number(*x - *y, b->span);
    return e;
}

std::vector<Expr*> fold_terms(Normalizer& n, BinaryOp op, std::vector<Expr*> terms, Span span) {
    if (op != BinaryOp::Add && op != BinaryOp::Mul) return terms;
    std::vector<Expr*> out;
    double acc = op == BinaryOp::Add ? 0 : 1;
    int constants = 0;
    for (Expr* t : terms) {
        if (auto v = number(t)) {
            acc = op == BinaryOp::Add ? acc + *v : acc * *v;
            ++constants;
        } else {
            out.push_back(t);
        }
    }
    if (constants < 2 && !(constants == 1 && out.empty())) return terms;
    if (!std::isfinite(acc)) return terms;
    out.push_back(n.make_number(acc, span));
    return out;
}

}  // namespace

const RuleHooks constant_folding = {.expr = &fold_difference, .chain = &fold_terms};

}  // namespace qdiff::normalizing::rules
