// or-comparison-with-equality: x > c OR x = c is x >= c, and x < c OR x = c is x <= c: SQL, KQL and
// Weaviate define >= as greater or equal, and with a NULL x or c every one of the three is unknown (so is
// the OR of two unknowns). Only for a constant c (a literal or parameter) and the same x on both sides;
// the other terms of the OR stay as they are.
#include "ast/normalize/normalizer.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

std::vector<Expr*> merge_with_equality(Normalizer& n, BinaryOp op, std::vector<Expr*> terms, Span span) {
    if (op != BinaryOp::Or || terms.size() < 2) return terms;
    // Each equality x = c by the key of x and c.
    std::map<std::string, size_t> equalities;
    for (size_t i = 0; i < terms.size(); ++i)
        if (auto* b = dyn_cast<Binary>(terms[i]); b && b->op == BinaryOp::Eq && is_constant(b->rhs))
            equalities.emplace(n.key(b->lhs) + "\n" + n.key(b->rhs), i);
    if (equalities.empty()) return terms;
    std::vector<char> drop(terms.size(), false);
    std::vector<Expr*> out;
    for (size_t i = 0; i < terms.size(); ++i) {
        auto* b = dyn_cast<Binary>(terms[i]);
        if (!b || (b->op != BinaryOp::Gt && b->op != BinaryOp::Lt) || !is_constant(b->rhs)) continue;
        auto it = equalities.find(n.key(b->lhs) + "\n" + n.key(b->rhs));
        if (it == equalities.end() || drop[it->second]) continue;
        drop[i] = drop[it->second] = true;
        BinaryOp inclusive = b->op == BinaryOp::Gt ? BinaryOp::GtEq : BinaryOp::LtEq;
        out.push_back(n.simplify(n.make_binary(inclusive, b->lhs, b->rhs, b->span)));
    }
    for (size_t i = 0; i < terms.size(); ++i)
        if (!drop[i]) out.push_back(terms[i]);
    return out;
}

}  // namespace

const RuleHooks or_comparison_with_equality = {.chain = &merge_with_equality};

}  // namespace qdiff::normalizing::rules
