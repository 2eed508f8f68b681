// group-by-key-dependents (needs the schema: keys, NOT NULL): GROUP BY columns that hold a NOT NULL key
// of a FROM item t, and other columns of t besides, make the same groups as the key alone: within a
// row of the block, t's part is the one row of t that the key names, so t's other columns have one
// value wherever the key has one (ETM's rule 4; aggregates or not). The other columns of t are dropped
// from GROUP BY (the columns dropped are those the key needs not: each in order is dropped when what is
// left still holds a NOT NULL key). Where the block reads a dropped column outside an aggregate, the
// form without it reads a column that is no group key: SQLite allows that (a bare column takes the
// value of a row of the group, here the one value), other dialects do not all (PostgreSQL only for the
// primary key), so there the rule is off. Not for t on the nullable side of an outer join, a table
// the block names twice, a derived table, ROLLUP, CUBE or GROUPING SETS, nor a UNIQUE column that may
// be NULL (its NULL rows would make one group of rows whose other columns differ).
#include <vector>

#include "ast/normalize/block_columns.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

// `node` (subqueries included) names column `column` of `relation`.
bool names_column(const Normalizer& n, const Scope& scope, const Node& node, const ScopeRelation& relation,
                  const std::string& column) {
    if (auto* e = dyn_cast<Expr>(&node)) {
        if (isa<ColumnRef>(e)) {
            auto c = n.resolve(scope, e);
            if (c) return c->relation == &relation && c->column == column;
            return may_read(n, node, relation);  // unresolved: may be it
        }
        if (isa<Star>(e)) return may_read(n, node, relation);
    }
    bool found = false;
    bool in_call = isa<FunctionCall>(&node);
    for_each_child(node, [&](const Node& child) {
        // count(*): a star that is a function's argument reads no column
        if (in_call && isa<Star>(&child) && cast<Star>(child).qualifier.empty()) return;
        found = found || names_column(n, scope, child, relation, column);
    });
    return found;
}

bool block_reads(const Normalizer& n, const Scope& scope, const Query& q, const ScopeRelation& r,
                 const std::string& column) {
    bool read = false;
    for (const SelectItem* item : q.projection) read = read || names_column(n, scope, *item, r, column);
    for (const OrderItem* o : q.order_by) read = read || names_column(n, scope, *o, r, column);
    for (const Expr* d : q.distinct_on) read = read || names_column(n, scope, *d, r, column);
    for (const WindowDef* w : q.windows) read = read || names_column(n, scope, *w, r, column);
    for (const Node* part : {static_cast<const Node*>(q.having), static_cast<const Node*>(q.qualify)})
        read = read || (part && names_column(n, scope, *part, r, column));
    return read;
}

void drop_columns_the_key_determines(Normalizer& n, Query& q) {
    const SchemaFacts* facts = n.schema();
    if (!facts || n.language() != Language::Sql || q.group_by.size() < 2 || !q.set_ops.empty()) return;
    for (Expr* g : q.group_by)
        if (isa<GroupingSet>(g)) return;
    Scope scope = n.scope_of(q);
    // Columns that top-level WHERE equalities (inner joins' ON, after inner-joins-as-filter) make one
    // value in every row: GROUP BY c.singer_id determines s.singer_id where c.singer_id = s.singer_id
    // (join-equal-columns reads the referencing column for the key, so the key shows only this way).
    using Column = std::pair<const ScopeRelation*, std::string>;
    std::vector<std::pair<Column, Column>> equal;
    std::vector<Expr*> conjuncts;
    if (q.filter) Normalizer::flatten(q.filter, BinaryOp::And, conjuncts);
    for (Expr* e : conjuncts) {
        auto* b = dyn_cast<Binary>(e);
        if (!b || b->op != BinaryOp::Eq || !isa<ColumnRef>(b->lhs) || !isa<ColumnRef>(b->rhs)) continue;
        auto x = n.resolve(scope, b->lhs), y = n.resolve(scope, b->rhs);
        if (!x || !y || x->relation->nullable || y->relation->nullable || !same_value_when_equal(n, *x, *y)) continue;
        equal.push_back({{x->relation, x->column}, {y->relation, y->column}});
    }
    // The columns of `relation` that the group keys other than `skip` determine to one value.
    auto fixed_columns = [&](const std::vector<Expr*>& keys, size_t skip, const ScopeRelation* relation) {
        std::set<Column> fixed;
        for (size_t i = 0; i < keys.size(); ++i)
            if (auto c = i == skip ? std::nullopt : n.resolve(scope, keys[i])) fixed.insert({c->relation, c->column});
        for (bool grew = true; grew;) {
            grew = false;
            for (const auto& [a, b] : equal) {
                if (fixed.count(a) && !fixed.count(b)) grew = fixed.insert(b).second || grew;
                if (fixed.count(b) && !fixed.count(a)) grew = fixed.insert(a).second || grew;
            }
        }
        std::set<std::string> out;
        for (const auto& [r, column] : fixed)
            if (r == relation) out.insert(column);
        return out;
    };
    // Each key in turn goes when the keys left hold a NOT NULL key of its table (so determine it).
    std::vector<Expr*> keys(q.group_by.begin(), q.group_by.end());
    bool changed = false;
    for (size_t i = 0; i < keys.size();) {
        auto c = n.resolve(scope, keys[i]);
        if (!c || c->relation->table.empty() || c->relation->nullable ||
            !facts->contains_not_null_key(c->relation->table, fixed_columns(keys, i, c->relation)) ||
            (n.dialect() != Dialect::Sqlite && block_reads(n, scope, q, *c->relation, c->column))) {
            ++i;
            continue;
        }
        keys.erase(keys.begin() + static_cast<std::ptrdiff_t>(i));
        changed = true;
    }
    if (!changed) return;
    q.group_by = n.arena().list(keys);
    n.note_reshaped();
}

}  // namespace

const RuleHooks group_by_key_dependents = {.query = &drop_columns_the_key_determines};

}  // namespace qdiff::normalizing::rules
