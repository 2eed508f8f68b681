// key-join-as-exists (needs the schema: keys): `FROM t JOIN u ON t.x = u.k WHERE u.c = 1`, where k is a
// key of u and nothing but WHERE reads u, is the semi-join `FROM t WHERE EXISTS (SELECT 1 FROM u WHERE
// u.c = 1 AND u.k = t.x)`: each row of t meets at most one row of u (k is unique; a NULL meets none),
// so the join neither repeats a row of t nor adds columns, it only keeps the rows whose u row passes
// the conjuncts that read u, which is what EXISTS asks. With in-subquery-as-exists the IN form is the
// same: `WHERE t.x IN (SELECT k FROM u WHERE c = 1)` (ETM's rule 13). Runs on the FROM-items form of
// inner-joins-as-filter, after join-equal-columns (which reads the referencing column rather than the
// key, so the key's table is left to its join). Off without a schema; when the equalities to u cover no
// key of it, when anything but WHERE may read u (select list, GROUP BY, HAVING, ORDER BY, windows), when
// u is the block's only other table and no conjunct reads it, and when a moved conjunct has an
// unqualified column (inside the subquery it could name a column of u).
#include <algorithm>

#include "ast/normalize/block_columns.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

bool has_unqualified_column(const Node& node) {
    if (auto* c = dyn_cast<ColumnRef>(&node)) return c->path.size() < 2;
    if (isa<Star>(&node)) return true;
    bool found = false;
    for_each_child(node, [&](const Node& child) { found = found || has_unqualified_column(child); });
    return found;
}

void key_joins_as_exists(Normalizer& n, Query& q) {
    const SchemaFacts* facts = n.schema();
    if (!facts || n.language() != Language::Sql || !q.joins.empty() || q.sources.size() < 2 || !q.filter ||
        q.projection.empty() || !q.aggregations.empty())
        return;
    for (Relation* r : q.sources)
        if (!isa<TableRef>(r)) return;
    Scope scope = n.scope_of(q);
    if (scope.relations.size() != q.sources.size()) return;
    std::vector<Expr*> conjuncts;
    Normalizer::flatten(q.filter, BinaryOp::And, conjuncts);
    for (size_t ui = 0; ui < scope.relations.size(); ++ui) {
        const ScopeRelation& u = scope.relations[ui];
        if (u.table.empty() || reads_outside_where(n, q, u)) continue;
        // The conjuncts that read u, and the columns of u they equate to columns of the other tables.
        std::vector<Expr*> inner, outer;
        std::set<std::string> equated;
        bool movable = true;
        for (Expr* c : conjuncts) {
            if (!may_read(n, *c, u)) {
                outer.push_back(c);
                continue;
            }
            inner.push_back(c);
            movable = movable && !has_unqualified_column(*c);
            auto* b = dyn_cast<Binary>(c);
            if (!b || b->op != BinaryOp::Eq) continue;
            auto x = n.resolve(scope, b->lhs), y = n.resolve(scope, b->rhs);
            if (!x || !y || (x->relation == &u) == (y->relation == &u)) continue;
            equated.insert(x->relation == &u ? x->column : y->column);
        }
        if (!movable || equated.empty() || !facts->contains_key(u.table, equated)) continue;
        outer.push_back(n.make_exists({q.sources[ui]}, inner, q.filter->span));
        std::vector<Relation*> sources;
        for (size_t i = 0; i < q.sources.size(); ++i)
            if (i != ui) sources.push_back(q.sources[i]);
        q.sources = n.arena().list(sources);
        q.filter = n.sorted_chain(BinaryOp::And, outer, q.filter->span);
        // The EXISTS is normalized as a block of its own in the next pass (and another table may go).
        n.note_reshaped();
        return;
    }
}

}  // namespace

const RuleHooks key_join_as_exists = {.query = &key_joins_as_exists};

}  // namespace qdiff::normalizing::rules
