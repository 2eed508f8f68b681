// What the schema-aware rules ask about the columns a block reads (one helper for all of them, over
// the driver's Scope and Normalizer::resolve, so that they agree on which table a column is from).
#pragma once
#include "ast/normalize/normalizer.hpp"

namespace qdiff::normalizing {

// The columns of each FROM item that `exprs` name as plain column references.
template <class Exprs>
std::map<const ScopeRelation*, std::set<std::string>> plain_columns(const Normalizer& n, const Scope& scope,
                                                                    const Exprs& exprs) {
    std::map<const ScopeRelation*, std::set<std::string>> out;
    for (const ast::Expr* e : exprs)
        if (auto c = n.resolve(scope, e)) out[c->relation].insert(c->column);
    return out;
}

// A block over one base table that only filters, projects and sorts it: no join, grouping, window, set
// operation, LIMIT, OFFSET, DISTINCT ON, CTE, option or search (the subqueries the semi-join rules read).
inline bool over_one_table(const ast::Query& q) {
    return q.sources.size() == 1 && ast::isa<ast::TableRef>(q.sources[0]) && q.joins.empty() && q.group_by.empty() &&
           !q.having && q.set_ops.empty() && q.windows.empty() && !q.qualify && !q.limit && !q.offset &&
           q.distinct_on.empty() && q.aggregations.empty() && q.ctes.empty() && q.options.empty() && q.search.empty();
}

// Whether `node` (subqueries included) may read a column of `relation`: a reference qualified with its
// name, an unqualified one that its table has (or any, without a schema), or a star that covers it.
inline bool may_read(const Normalizer& n, const ast::Node& node, const ScopeRelation& relation) {
    if (auto* c = ast::dyn_cast<ast::ColumnRef>(&node)) {
        if (c->path.size() >= 2) return c->path[c->path.size() - 2].text == relation.qualifier;
        const SchemaFacts* facts = n.schema();
        return !facts || c->path.empty() || facts->has_column(relation.table, c->path[0].text);
    }
    if (auto* s = ast::dyn_cast<ast::Star>(&node)) {
        // count(*) reads no column; any other star may
        return !s->qualifier.empty() ? s->qualifier.back().text == relation.qualifier : true;
    }
    bool found = false;
    ast::for_each_child(node, [&](const ast::Node& child) { found = found || may_read(n, child, relation); });
    return found;
}

// count(*) and friends: a star that is a function's argument reads no column.
inline bool may_read_outside_count(const Normalizer& n, const ast::Node& node, const ScopeRelation& relation) {
    if (auto* f = ast::dyn_cast<ast::FunctionCall>(&node)) {
        bool found = false;
        for (auto* a : f->args)
            if (!(ast::isa<ast::Star>(a) && ast::cast<ast::Star>(*a).qualifier.empty()))
                found = found || may_read_outside_count(n, *a, relation);
        for (auto* o : f->arg_order) found = found || may_read_outside_count(n, *o, relation);
        if (f->filter) found = found || may_read_outside_count(n, *f->filter, relation);
        if (f->over) found = found || may_read_outside_count(n, *f->over, relation);
        return found;
    }
    if (ast::isa<ast::ColumnRef>(&node) || ast::isa<ast::Star>(&node)) return may_read(n, node, relation);
    bool found = false;
    ast::for_each_child(node, [&](const ast::Node& child) {
        found = found || may_read_outside_count(n, child, relation);
    });
    return found;
}

// Whether a block may read `relation` anywhere but its WHERE and its joins: the select list, GROUP BY,
// HAVING, QUALIFY, ORDER BY, DISTINCT ON, windows and set operations (count(*) reads no column). The
// rules that drop or move a table check this, and the WHERE and joins each in its own way.
inline bool reads_outside_where(const Normalizer& n, const ast::Query& q, const ScopeRelation& r) {
    bool read = false;
    for (const ast::SelectItem* item : q.projection) read = read || may_read_outside_count(n, *item, r);
    for (const ast::Expr* g : q.group_by) read = read || may_read_outside_count(n, *g, r);
    for (const ast::OrderItem* o : q.order_by) read = read || may_read_outside_count(n, *o, r);
    for (const ast::Expr* d : q.distinct_on) read = read || may_read_outside_count(n, *d, r);
    for (const ast::SetOp* s : q.set_ops) read = read || may_read_outside_count(n, *s, r);
    for (const ast::WindowDef* w : q.windows) read = read || may_read_outside_count(n, *w, r);
    for (const ast::Node* part : {static_cast<const ast::Node*>(q.having), static_cast<const ast::Node*>(q.qualify)})
        read = read || (part && may_read_outside_count(n, *part, r));
    return read;
}

// `a = b` being true means the two columns hold one value: nothing converts or collates between them
// (in SQLite the same type affinity, INTEGER, TEXT, REAL or NUMERIC, and no COLLATE clause; elsewhere
// two integer columns). The test of join-equal-columns, for the rules that read one column for another.
inline bool same_value_when_equal(const Normalizer& n, const ResolvedColumn& a, const ResolvedColumn& b) {
    const SchemaFacts& facts = *n.schema();
    if (facts.collated(a.table, a.column) || facts.collated(b.table, b.column)) return false;
    if (n.dialect() == Dialect::Sqlite) {
        using Affinity = SchemaFacts::Affinity;
        Affinity x = facts.sqlite_affinity(a.table, a.column), y = facts.sqlite_affinity(b.table, b.column);
        return x == y && x != Affinity::Unknown && x != Affinity::Blob;  // BLOB: 1 = 1.0 as stored
    }
    return facts.type(a.table, a.column) == ColumnType::Integer && facts.type(b.table, b.column) == ColumnType::Integer;
}

}  // namespace qdiff::normalizing
