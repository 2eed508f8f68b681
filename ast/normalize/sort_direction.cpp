// sort-direction: SQL and Weaviate sort ascending by default, KQL's sort/order/top descending; the
// default is spelled out, so `ORDER BY a` is `ORDER BY a ASC`.
#include "ast/normalize/normalizer.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

void explicit_direction(Normalizer& n, Node& node) {
    if (auto* o = dyn_cast<OrderItem>(&node); o && o->dir == SortDir::Default)
        o->dir = n.language() != Language::Auto && traits(n.language()).sorts_descending ? SortDir::Desc : SortDir::Asc;
}

}  // namespace

const RuleHooks sort_direction = {.node = &explicit_direction};

}  // namespace qdiff::normalizing::rules
