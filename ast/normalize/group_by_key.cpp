// group-by-key (needs the schema: keys, NOT NULL): GROUP BY columns that hold a NOT NULL key of every
// FROM item make groups of one row each; without an aggregate or HAVING the grouping changes nothing
// and is dropped (`SELECT name FROM singer GROUP BY singer_id` is `SELECT name FROM singer`). Off without
// a schema, with a derived table in FROM, ROLLUP/CUBE, or any aggregate.
#include "ast/normalize/block_columns.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

void drop_grouping_by_keys(Normalizer& n, Query& q) {
    const SchemaFacts* facts = n.schema();
    if (!facts || n.language() != Language::Sql || q.group_by.empty() || q.having || !q.aggregations.empty() ||
        q.projection.empty())
        return;
    for (Expr* g : q.group_by)
        if (isa<GroupingSet>(g)) return;
    for (SelectItem* item : q.projection)
        if (has_aggregate(*item, n.language())) return;
    for (OrderItem* o : q.order_by)
        if (has_aggregate(*o, n.language())) return;
    Scope scope = n.scope_of(q);
    if (scope.relations.empty()) return;
    auto grouped = plain_columns(n, scope, q.group_by);
    for (const ScopeRelation& r : scope.relations) {
        auto it = grouped.find(&r);
        if (r.table.empty() || it == grouped.end() || !facts->contains_not_null_key(r.table, it->second)) return;
    }
    q.group_by = {};
    n.note_reshaped();
}

}  // namespace

const RuleHooks group_by_key = {.query = &drop_grouping_by_keys};

}  // namespace qdiff::normalizing::rules
