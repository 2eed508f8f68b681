// group-by-as-distinct: SELECT x, y FROM t GROUP BY x, y (no aggregate, no HAVING) is
// SELECT DISTINCT x, y FROM t.
#include "ast/normalize/normalizer.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

void as_distinct(Normalizer& n, Query& q) {
    if (q.group_by.empty() || q.having || !q.aggregations.empty() || q.distinct != DistinctKind::None ||
        q.projection.empty())
        return;
    std::set<std::string> keys, items;
    for (Expr* g : q.group_by) {
        if (isa<GroupingSet>(g)) return;
        keys.insert(n.key(g));
    }
    for (SelectItem* item : q.projection) {
        if (has_aggregate(*item, n.language())) return;
        items.insert(n.key(item->expr));
    }
    for (OrderItem* o : q.order_by)
        if (has_aggregate(*o, n.language())) return;
    if (keys != items) return;
    q.distinct = DistinctKind::Distinct;
    q.group_by = {};
}

}  // namespace

const RuleHooks group_by_as_distinct = {.query = &as_distinct};

}  // namespace qdiff::normalizing::rules
