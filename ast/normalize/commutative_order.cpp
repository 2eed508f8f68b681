// commutative-order: the operands of AND, OR, XOR, + and * (commutative and associative in
// ast/semantics/operators.def) in one order, by their canonical text, and a repeated AND/OR operand
// once (x AND x is x; x XOR x is not x).
#include <algorithm>

#include "ast/normalize/normalizer.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

std::vector<Expr*> sorted(Normalizer& n, BinaryOp op, std::vector<Expr*> terms, Span) {
    std::vector<std::pair<std::string, Expr*>> keyed;
    for (auto* t : terms) keyed.emplace_back(n.key(t), t);
    std::stable_sort(keyed.begin(), keyed.end(), [](auto& a, auto& b) { return a.first < b.first; });
    if (op == BinaryOp::And || op == BinaryOp::Or)
        keyed.erase(std::unique(keyed.begin(), keyed.end(), [](auto& a, auto& b) { return a.first == b.first; }),
                    keyed.end());
    std::vector<Expr*> out;
    for (auto& [k, t] : keyed) out.push_back(t);
    return out;
}

}  // namespace

const RuleHooks commutative_order = {.chain = &sorted};

}  // namespace qdiff::normalizing::rules
