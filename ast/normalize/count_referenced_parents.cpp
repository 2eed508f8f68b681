// count-referenced-parents (needs the schema: keys, foreign keys): `SELECT COUNT(*) FROM customer WHERE
// EXISTS (SELECT 1 FROM orders WHERE orders.customer_id = customer.id AND p)` (and so the IN form,
// `WHERE id IN (SELECT customer_id FROM orders WHERE p)`) is `SELECT COUNT(DISTINCT customer_id) FROM
// orders WHERE p` when orders.customer_id references customer.id and id is a key of customer: each value
// of the reference that is not NULL names exactly one customer (the foreign key), and no two customers
// share an id (the key), so the customers some order of p names are as many as the distinct references
// of those orders; NULL references name no customer and COUNT(DISTINCT) skips them. The parent's count
// is then spelled as the child's (the form fk-join-elimination gives the join that counts the distinct
// reference). Off without a schema, when the outer block does anything but count its one table's rows
// under that one EXISTS (GROUP BY, DISTINCT, ORDER BY, LIMIT, another conjunct), when the subquery joins,
// groups or limits, when a conjunct other than the one equality reads the parent, and when either
// column is declared with a collation (equal values could then be distinct).
#include "ast/normalize/block_columns.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

bool counts_rows(const SelectItem& item) {
    auto* f = dyn_cast<FunctionCall>(item.expr);
    if (!f || f->distinct || f->filter || f->over || f->args.size() != 1 || Normalizer::function_name(f) != "count")
        return false;
    auto* star = dyn_cast<Star>(f->args[0]);
    return star && star->qualifier.empty();
}

void as_count_distinct(Normalizer& n, Query& q) {
    const SchemaFacts* facts = n.schema();
    if (!facts || n.language() != Language::Sql || !over_one_table(q) || q.distinct != DistinctKind::None ||
        !q.order_by.empty() || q.projection.size() != 1 || !counts_rows(*q.projection[0]) || !q.filter)
        return;
    auto* exists = dyn_cast<Exists>(q.filter);
    if (!exists || !exists->query || !over_one_table(*exists->query)) return;
    Query& sub = *exists->query;
    Scope outer_scope = n.scope_of(q), inner_scope = n.scope_of(sub);
    if (outer_scope.relations.size() != 1 || inner_scope.relations.size() != 1) return;
    const ScopeRelation& parent = outer_scope.relations[0];
    const ScopeRelation& child = inner_scope.relations[0];
    if (parent.table.empty() || child.table.empty() || parent.qualifier == child.qualifier) return;
    std::vector<Expr*> conjuncts, rest;
    if (sub.filter) Normalizer::flatten(sub.filter, BinaryOp::And, conjuncts);
    Expr* reference = nullptr;
    std::string key;
    for (Expr* c : conjuncts) {
        if (!may_read(n, *c, parent)) {
            rest.push_back(c);
            continue;
        }
        auto* b = dyn_cast<Binary>(c);
        if (reference || !b || b->op != BinaryOp::Eq) return;
        auto* l = dyn_cast<ColumnRef>(b->lhs);
        auto* r = dyn_cast<ColumnRef>(b->rhs);
        if (!l || !r || l->path.size() != 2 || r->path.size() != 2) return;
        bool left_parent = l->path[0].text == parent.qualifier;
        const ColumnRef* parent_side = left_parent ? l : r;
        ColumnRef* child_side = left_parent ? r : l;
        if (parent_side->path[0].text != parent.qualifier || child_side->path[0].text != child.qualifier) return;
        reference = child_side;
        key = std::string(parent_side->path[1].text);
    }
    if (!reference) return;
    std::string column(cast<ColumnRef>(*reference).path[1].text);
    if (!facts->contains_key(parent.table, {key}) || facts->collated(parent.table, key) ||
        facts->collated(child.table, column))
        return;
    bool declared = false;
    for (const SchemaFacts::Reference& ref : facts->references(child.table))
        declared = declared || (ref.parent == parent.table && ref.columns == std::vector<std::string>{column} &&
                                ref.parent_columns == std::vector<std::string>{key});
    if (!declared) return;
    auto* count = n.copy(cast<FunctionCall>(*q.projection[0]->expr));
    count->distinct = true;
    count->args = n.arena().list(std::vector<Expr*>{reference});
    auto* item = n.copy(*q.projection[0]);
    item->expr = count;
    q.projection = n.arena().list(std::vector<SelectItem*>{item});
    q.sources = sub.sources;
    q.filter = rest.empty() ? nullptr : n.sorted_chain(BinaryOp::And, rest, q.filter->span);
    n.note_reshaped();
}

}  // namespace

const RuleHooks count_referenced_parents = {.query = &as_count_distinct};

}  // namespace qdiff::normalizing::rules
