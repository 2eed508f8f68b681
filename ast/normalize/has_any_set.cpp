// has-any-set: KQL's `a has 'x' or a has 'y'` is `a has_any ('x', 'y')`; the terms of has_any and has_all
// are a set (sorted, each once), and a set of one term is `has` (Kusto: has_any and has_all look for
// each term as `has` does). An AND of `has` stays an AND: its terms are filter atoms of their own.
#include "ast/normalize/normalizer.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

bool is_term_set(BinaryOp op) { return op == BinaryOp::HasAny || op == BinaryOp::HasAll; }

std::vector<Expr*> merge_has(Normalizer& n, BinaryOp op, std::vector<Expr*> terms, Span span) {
    if (op != BinaryOp::Or) return terms;
    std::map<std::string, std::vector<size_t>> by_lhs;
    for (size_t i = 0; i < terms.size(); ++i) {
        auto* b = dyn_cast<Binary>(terms[i]);
        if (b && ((b->op == BinaryOp::Has && is_constant(b->rhs)) || (b->op == BinaryOp::HasAny && isa<Tuple>(b->rhs))))
            by_lhs[n.key(b->lhs)].push_back(i);
    }
    std::vector<char> drop(terms.size(), false);
    std::vector<Expr*> out;
    for (auto& [lhs, indexes] : by_lhs) {
        if (indexes.size() < 2) continue;
        std::vector<Expr*> items;
        Expr* operand = nullptr;
        for (size_t i : indexes) {
            drop[i] = true;
            auto* b = static_cast<Binary*>(terms[i]);
            operand = b->lhs;
            if (auto* t = dyn_cast<Tuple>(b->rhs))
                items.insert(items.end(), t->items.begin(), t->items.end());
            else
                items.push_back(b->rhs);
        }
        auto* set = n.arena().make<Tuple>();
        set->span = span;
        set->items = n.arena().list(items);
        out.push_back(n.simplify(n.make_binary(BinaryOp::HasAny, operand, set, span)));
    }
    for (size_t i = 0; i < terms.size(); ++i)
        if (!drop[i]) out.push_back(terms[i]);
    return out;
}

Expr* term_set(Normalizer& n, Expr* e) {
    auto* b = dyn_cast<Binary>(e);
    auto* t = b && is_term_set(b->op) ? dyn_cast<Tuple>(b->rhs) : nullptr;
    if (!t || t->items.empty()) return e;
    std::map<std::string, Expr*> sorted;
    for (Expr* item : t->items) sorted.emplace(n.key(item), item);
    if (sorted.size() == 1) return n.make_binary(BinaryOp::Has, b->lhs, sorted.begin()->second, b->span);
    std::vector<Expr*> items;
    for (auto& [key, item] : sorted) items.push_back(item);
    if (items.size() == t->items.size() && std::equal(items.begin(), items.end(), t->items.begin())) return e;
    auto* set = n.copy(*t);
    set->items = n.arena().list(items);
    auto* out = n.copy(*b);
    out->rhs = set;
    return out;
}

}  // namespace

const RuleHooks has_any_set = {.expr = &term_set, .chain = &merge_has};

}  // namespace qdiff::normalizing::rules
