// grouped-join-as-having (needs the schema: keys): `SELECT p.name FROM p JOIN (SELECT f, COUNT(*) AS n
// FROM c GROUP BY f) AS d ON d.f = p.k WHERE d.n > 2` is `SELECT p.name FROM p JOIN c ON c.f = p.k GROUP
// BY p.k HAVING COUNT(*) > 2` when k is a key of p: the derived table has one row per value of f, with
// the aggregates of the rows of c that hold it, and meets the one row of p whose key is that value; the
// join of p and c grouped by p's key gathers, for each row of p, exactly the rows of c with f = k, so
// each group computes the derived row's aggregates, and p's rows that no row of c references are in
// neither. The outer WHERE's conjuncts then go to WHERE (those on p or on f) or HAVING (those on an
// aggregate), the outer select list, ORDER BY, DISTINCT and LIMIT read the aggregates in place of the
// derived columns. Reads the join's ON and the WHERE as one list of conjuncts (an inner join). Off without a schema; when the
// outer block has another FROM item or join, an outer join, groups, aggregates or computes windows itself, or
// reads the derived table in a subquery or by an unqualified name; when the derived table joins, is
// grouped by anything but one column, or sorts, limits or computes windows; when the join is not on p's key.
#include "ast/normalize/block_columns.hpp"
#include "ast/normalize/block_rewrite.hpp"
#include "ast/normalize/derived_columns.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

bool plain_grouping(const Query& inner) {
    return inner.sources.size() == 1 && isa<TableRef>(inner.sources[0]) && inner.joins.empty() &&
           inner.group_by.size() == 1 && isa<ColumnRef>(inner.group_by[0]) && inner.distinct == DistinctKind::None &&
           inner.distinct_on.empty() && inner.order_by.empty() && !inner.limit && !inner.offset && !inner.qualify &&
           inner.windows.empty() && inner.set_ops.empty() && inner.ctes.empty() && inner.options.empty() &&
           inner.search.empty() && inner.aggregations.empty() && !inner.recursive;
}

void as_grouped_join(Normalizer& n, Query& q) {
    const SchemaFacts* facts = n.schema();
    if (!facts || n.language() != Language::Sql || !q.group_by.empty() || q.having || !q.set_ops.empty() ||
        !q.windows.empty() || q.qualify || !q.aggregations.empty() || !q.ctes.empty() || !q.options.empty() ||
        !q.search.empty() || !q.distinct_on.empty() || q.projection.empty() || (q.filter && has_subquery(*q.filter)))
        return;
    // The two relations, as FROM items or one inner join (a derived table keeps its join: inner-joins-as-
    // filter moves only tables), and the conjuncts of WHERE and ON.
    std::vector<Relation*> relations(q.sources.begin(), q.sources.end());
    std::vector<Expr*> conjuncts;
    for (const Join* j : q.joins) {
        if (j->join != JoinKind::Inner || j->natural || !j->using_columns.empty() || !j->options.empty() || !j->condition ||
            has_subquery(*j->condition))
            return;
        relations.push_back(j->right);
        Normalizer::flatten(j->condition, BinaryOp::And, conjuncts);
    }
    if (q.filter) Normalizer::flatten(q.filter, BinaryOp::And, conjuncts);
    if (relations.size() != 2 || conjuncts.empty()) return;
    size_t di = isa<DerivedTable>(relations[0]) ? 0 : 1;
    auto* derived = dyn_cast<DerivedTable>(relations[di]);
    if (!derived || !isa<TableRef>(relations[1 - di]) || !derived->query || derived->lateral ||
        !derived->column_aliases.empty() || derived->alias.empty() || !plain_grouping(*derived->query))
        return;
    const Query& inner = *derived->query;
    for (const SelectItem* item : q.projection)
        if (has_aggregate(*item, n.language()) || has_window(*item) || has_subquery(*item)) return;
    for (const OrderItem* o : q.order_by)
        if (has_aggregate(*o, n.language()) || has_window(*o) || has_subquery(*o)) return;
    for (const SelectItem* item : inner.projection)
        if (isa<Star>(item->expr) || has_window(*item)) return;

    Scope scope = n.scope_of(q), inner_scope = n.scope_of(inner);
    if (scope.relations.size() != 2 || inner_scope.relations.size() != 1) return;
    const ScopeRelation* parent = nullptr;
    for (const ScopeRelation& r : scope.relations)
        if (!r.table.empty()) parent = &r;
    const ScopeRelation& child = inner_scope.relations[0];
    if (!parent || child.table.empty() || child.qualifier == parent->qualifier) return;
    auto grouped = n.resolve(inner_scope, inner.group_by[0]);
    if (!grouped) return;

    DerivedColumns columns(n, *derived);
    // The derived table's columns as the outer block names them (`d.n`); an unqualified name that is one
    // of them could also be p's.
    bool readable = true;
    auto derived_column = [&](const Node& node) -> const SelectItem* {
        auto* c = dyn_cast<ColumnRef>(&node);
        if (!c) return nullptr;
        if (c->path.size() == 1 && columns.columns.count(std::string(n.fold(c->path[0]).text))) readable = false;
        return c->path.size() == 2 ? columns.item(*c) : nullptr;
    };
    auto replace = [&](const Node& node) -> Node* {
        const SelectItem* item = derived_column(node);
        if (auto* c = dyn_cast<ColumnRef>(&node); c && c->path.size() == 2 && !item &&
                                                    n.fold(c->path[0]).text == columns.alias)
            readable = false;  // a column the derived table does not have, or has twice
        return item ? item->expr : nullptr;
    };

    // The join: d.f = p.k, f the grouped column, k a key of p.
    std::vector<Expr*> where, having;
    Expr* key = nullptr;
    Span span = conjuncts[0]->span;
    for (Expr* c : conjuncts) {
        auto* b = dyn_cast<Binary>(c);
        if (!key && b && b->op == BinaryOp::Eq) {
            const SelectItem* l = derived_column(*b->lhs);
            const SelectItem* r = derived_column(*b->rhs);
            const SelectItem* f = l ? l : r;
            Expr* other = l ? b->rhs : b->lhs;
            auto f_column = f ? n.resolve(inner_scope, f->expr) : std::nullopt;
            auto k_column = f && !(l && r) ? n.resolve(scope, other) : std::nullopt;
            if (f_column && k_column && f_column->column == grouped->column && k_column->relation == parent &&
                facts->contains_key(parent->table, {k_column->column})) {
                key = other;
                continue;
            }
        }
        Expr* read = static_cast<Expr*>(replace_in_block(n, c, replace));
        (has_aggregate(*read, n.language()) ? having : where).push_back(read);
    }
    if (!key) return;
    std::vector<SelectItem*> projection;
    for (SelectItem* item : q.projection) {
        auto* read = static_cast<SelectItem*>(replace_in_block(n, item, replace));
        const SelectItem* named = item->alias.empty() ? derived_column(*item->expr) : nullptr;
        if (named && !named->alias.empty() && read != item) read->alias = named->alias;  // (read is a copy)
        projection.push_back(read);
    }
    std::vector<OrderItem*> order_by;
    for (OrderItem* o : q.order_by) order_by.push_back(static_cast<OrderItem*>(replace_in_block(n, o, replace)));
    Expr* limit = static_cast<Expr*>(replace_in_block(n, q.limit, replace));
    Expr* offset = static_cast<Expr*>(replace_in_block(n, q.offset, replace));
    if (!readable || limit != q.limit || offset != q.offset) return;

    if (inner.filter) Normalizer::flatten(inner.filter, BinaryOp::And, where);
    where.push_back(n.make_binary(BinaryOp::Eq, inner.group_by[0], key, span));
    if (inner.having) having.insert(having.begin(), inner.having);
    q.sources = n.arena().list(std::vector<Relation*>{relations[1 - di], inner.sources[0]});
    q.joins = {};
    q.filter = n.sorted_chain(BinaryOp::And, where, span);
    q.group_by = n.arena().list(std::vector<Expr*>{key});
    q.having = having.empty() ? nullptr : n.sorted_chain(BinaryOp::And, having, span);
    q.projection = n.arena().list(projection);
    q.order_by = n.arena().list(order_by);
    n.note_reshaped();
}

}  // namespace

const RuleHooks grouped_join_as_having = {.query = &as_grouped_join};

}  // namespace qdiff::normalizing::rules
