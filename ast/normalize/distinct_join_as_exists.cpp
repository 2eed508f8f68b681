// distinct-join-as-exists (needs the schema: keys, NOT NULL): `SELECT DISTINCT s.id, s.name FROM singer s
// JOIN concert c ON c.singer_id = s.id` is the semi-join `SELECT s.id, s.name FROM singer s WHERE EXISTS
// (SELECT 1 FROM concert c WHERE c.singer_id = s.id)` (and so, by in-subquery-as-exists, the IN form):
// when the select list reads one table and holds a NOT NULL key of it, DISTINCT leaves one row per row of
// that table that some combination of the other tables meets, which is what EXISTS keeps. The other
// tables and the conjuncts that read them go into the EXISTS. Runs on the FROM-items form of
// inner-joins-as-filter. Off without a schema; with GROUP BY, aggregates, a set operation, an outer
// join, or an ORDER BY or select list that reads another table.
#include "ast/normalize/block_columns.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

void as_semi_join(Normalizer& n, Query& q) {
    const SchemaFacts* facts = n.schema();
    if (!facts || n.language() != Language::Sql || q.distinct != DistinctKind::Distinct || !q.group_by.empty() ||
        !q.aggregations.empty() || q.having || !q.set_ops.empty() || !q.windows.empty() || q.qualify ||
        !q.joins.empty() || q.sources.size() < 2 || !q.filter || q.projection.empty())
        return;
    for (Relation* r : q.sources)
        if (!isa<TableRef>(r)) return;
    Scope scope = n.scope_of(q);
    if (scope.relations.size() != q.sources.size()) return;
    // The one table the select list reads, and its key there.
    const ScopeRelation* kept = nullptr;
    std::vector<const Expr*> items;
    for (SelectItem* item : q.projection) {
        if (has_aggregate(*item, n.language())) return;
        items.push_back(item->expr);
    }
    auto selected = plain_columns(n, scope, items);
    for (auto& [relation, columns] : selected)
        if (!relation->table.empty() && facts->contains_not_null_key(relation->table, columns)) kept = relation;
    if (!kept) return;
    size_t kept_index = static_cast<size_t>(kept - scope.relations.data());
    std::vector<const ScopeRelation*> moved;
    for (const ScopeRelation& r : scope.relations) {
        if (&r == kept) continue;
        for (SelectItem* item : q.projection)
            if (may_read_outside_count(n, *item, r)) return;
        for (OrderItem* o : q.order_by)
            if (may_read_outside_count(n, *o, r)) return;
        moved.push_back(&r);
    }
    std::vector<Expr*> conjuncts, outer, inner;
    Normalizer::flatten(q.filter, BinaryOp::And, conjuncts);
    for (Expr* c : conjuncts) {
        bool reads_moved = false;
        for (const ScopeRelation* r : moved) reads_moved = reads_moved || may_read_outside_count(n, *c, *r);
        (reads_moved ? inner : outer).push_back(c);
    }
    if (inner.empty()) return;  // a cross join: EXISTS would still need a row of the others; leave it
    std::vector<Relation*> sub_sources;
    for (size_t i = 0; i < q.sources.size(); ++i)
        if (i != kept_index) sub_sources.push_back(q.sources[i]);
    outer.push_back(n.make_exists(sub_sources, inner, q.filter->span));
    q.sources = n.arena().list(std::vector<Relation*>{q.sources[kept_index]});
    q.filter = n.sorted_chain(BinaryOp::And, outer, q.filter->span);
    q.distinct = DistinctKind::None;
    n.note_reshaped();
}

}  // namespace

const RuleHooks distinct_join_as_exists = {.query = &as_semi_join};

}  // namespace qdiff::normalizing::rules
