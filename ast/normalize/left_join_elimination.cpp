// left-join-elimination (needs the schema: keys): `FROM a LEFT JOIN p ON p.id = a.x`, where the ON
// equalities cover a key of p (primary key or UNIQUE) and nothing else reads p, is `FROM a`: a LEFT
// JOIN keeps every row of a, and a key lets at most one row of p meet it, so it repeats none. Off
// without a schema; when the ON has anything but those equalities, p's columns there are not a key, p
// appears twice, or any other part of the statement may read p.
#include "ast/normalize/block_columns.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

bool reads_any(const Normalizer& n, const Query& q, const ScopeRelation& r, const Join* except) {
    bool read = reads_outside_where(n, q, r) || (q.filter && may_read_outside_count(n, *q.filter, r));
    for (Join* j : q.joins)
        if (j != except) read = read || may_read_outside_count(n, *j, r);
    return read;
}

void eliminate_left_joins(Normalizer& n, Query& q) {
    const SchemaFacts* facts = n.schema();
    if (!facts || n.language() != Language::Sql || q.joins.empty() || q.projection.empty()) return;
    for (Relation* r : q.sources)
        if (isa<JoinedTable>(r)) return;
    Scope scope = n.scope_of(q);
    if (scope.relations.size() != q.sources.size() + q.joins.size()) return;
    for (size_t ji = 0; ji < q.joins.size(); ++ji) {
        Join* j = q.joins[ji];
        if (j->join != JoinKind::Left || j->natural || !j->using_columns.empty() || !j->condition ||
            !isa<TableRef>(j->right))
            continue;
        const ScopeRelation& parent = scope.relations[q.sources.size() + ji];
        if (parent.table.empty()) continue;
        std::vector<Expr*> conjuncts;
        Normalizer::flatten(j->condition, BinaryOp::And, conjuncts);
        std::set<std::string> matched;
        bool only_equalities = true;
        for (Expr* c : conjuncts) {
            auto* b = dyn_cast<Binary>(c);
            if (!b || b->op != BinaryOp::Eq) {
                only_equalities = false;
                break;
            }
            // One side a column of p, the other reading nothing of p.
            auto x = n.resolve(scope, b->lhs), y = n.resolve(scope, b->rhs);
            const Expr* other = nullptr;
            if (x && x->relation == &parent) {
                matched.insert(x->column);
                other = b->rhs;
            } else if (y && y->relation == &parent) {
                matched.insert(y->column);
                other = b->lhs;
            }
            if (!other || may_read(n, *other, parent)) {
                only_equalities = false;
                break;
            }
        }
        if (!only_equalities || !facts->contains_key(parent.table, matched) || reads_any(n, q, parent, j)) continue;
        std::vector<Join*> joins;
        for (size_t i = 0; i < q.joins.size(); ++i)
            if (i != ji) joins.push_back(q.joins[i]);
        q.joins = n.arena().list(joins);
        n.note_reshaped();
        return eliminate_left_joins(n, q);
    }
}

}  // namespace

const RuleHooks left_join_elimination = {.query = &eliminate_left_joins};

}  // namespace qdiff::normalizing::rules
