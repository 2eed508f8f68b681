// in-list-set: an IN list is a set: its items sorted, repeats dropped; x IN (v) is x = v.
#include <algorithm>

#include "ast/normalize/normalizer.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

Expr* as_set(Normalizer& n, Expr* e) {
    auto* in = dyn_cast<InList>(e);
    if (!in) return e;
    std::vector<std::pair<std::string, Expr*>> keyed;
    for (auto* item : in->items) keyed.emplace_back(n.key(item), item);
    std::sort(keyed.begin(), keyed.end(), [](auto& a, auto& b) { return a.first < b.first; });
    keyed.erase(std::unique(keyed.begin(), keyed.end(), [](auto& a, auto& b) { return a.first == b.first; }),
                keyed.end());
    if (keyed.size() == 1 && !in->case_insensitive)
        return n.simplify(n.make_binary(BinaryOp::Eq, in->expr, keyed[0].second, in->span));
    std::vector<Expr*> items;
    for (auto& k : keyed) items.push_back(k.second);
    in->items = n.arena().list(items);
    return in;
}

}  // namespace

const RuleHooks in_list_set = {.expr = &as_set};

}  // namespace qdiff::normalizing::rules
