// distinct-key (needs the schema: keys, NOT NULL): SELECT DISTINCT over a select list that holds a NOT
// NULL key of every FROM item returns no two equal rows anyway (a row of the join is one row of each
// table, which its keys name), so DISTINCT is dropped. Off without a schema, with a derived table or
// function in FROM, with aggregates or GROUP BY, for a key that is not wholly in the select list.
#include "ast/normalize/block_columns.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

void drop_distinct_over_keys(Normalizer& n, Query& q) {
    const SchemaFacts* facts = n.schema();
    if (!facts || n.language() != Language::Sql || q.distinct != DistinctKind::Distinct || !q.group_by.empty() ||
        !q.aggregations.empty() || q.having || !q.set_ops.empty() || q.projection.empty())
        return;
    for (SelectItem* item : q.projection)
        if (has_aggregate(*item, n.language())) return;
    Scope scope = n.scope_of(q);
    if (scope.relations.empty()) return;
    std::vector<const Expr*> items;
    for (SelectItem* item : q.projection) items.push_back(item->expr);
    auto selected = plain_columns(n, scope, items);
    for (const ScopeRelation& r : scope.relations) {
        auto it = selected.find(&r);
        if (r.table.empty() || it == selected.end() || !facts->contains_not_null_key(r.table, it->second)) return;
    }
    q.distinct = DistinctKind::None;
    n.note_reshaped();
}

}  // namespace

const RuleHooks distinct_key = {.query = &drop_distinct_over_keys};

}  // namespace qdiff::normalizing::rules
