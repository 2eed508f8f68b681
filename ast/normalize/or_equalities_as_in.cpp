// or-equalities-as-in: x = a OR x = b OR x IN (c) is x IN (a, b, c).
#include "ast/normalize/normalizer.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

std::vector<Expr*> merge_equalities(Normalizer& n, BinaryOp op, std::vector<Expr*> terms, Span span) {
    if (op != BinaryOp::Or) return terms;
    std::map<std::string, std::vector<size_t>> by_lhs;
    for (size_t i = 0; i < terms.size(); ++i) {
        if (auto* b = dyn_cast<Binary>(terms[i]); b && b->op == BinaryOp::Eq && is_constant(b->rhs))
            by_lhs[n.key(b->lhs)].push_back(i);
        else if (auto* in = dyn_cast<InList>(terms[i]); in && !in->case_insensitive)
            by_lhs[n.key(in->expr)].push_back(i);
    }
    std::vector<char> drop(terms.size(), false);
    std::vector<Expr*> out;
    for (auto& [lhs, indexes] : by_lhs) {
        if (indexes.size() < 2) continue;
        auto* in = n.arena().make<InList>();
        in->span = span;
        std::vector<Expr*> items;
        for (size_t i : indexes) {
            drop[i] = true;
            if (auto* b = dyn_cast<Binary>(terms[i])) {
                in->expr = b->lhs;
                items.push_back(b->rhs);
            } else {
                auto* list = static_cast<InList*>(terms[i]);
                in->expr = list->expr;
                items.insert(items.end(), list->items.begin(), list->items.end());
            }
        }
        in->items = n.arena().list(items);
        out.push_back(n.simplify(in));
    }
    for (size_t i = 0; i < terms.size(); ++i)
        if (!drop[i]) out.push_back(terms[i]);
    return out;
}

}  // namespace

const RuleHooks or_equalities_as_in = {.chain = &merge_equalities};

}  // namespace qdiff::normalizing::rules
