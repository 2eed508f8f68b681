// fk-join-elimination (needs the schema: foreign keys, keys, NOT NULL): `FROM c JOIN p ON c.fk = p.id`
// where c.fk is a NOT NULL foreign key to p's key, and nothing else reads p, is `FROM c`: every row of c
// meets exactly one row of p, so the join neither drops nor repeats rows. Runs on the form
// inner-joins-as-filter leaves (FROM items, the ON in WHERE). Off without a schema; when the foreign key
// may be NULL, p's columns are not a key, p appears twice, or any other part of the statement may read p.
#include <algorithm>

#include "ast/normalize/block_columns.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

struct Equality {
    Expr* conjunct;
    ResolvedColumn a, b;
};

void eliminate_parent_joins(Normalizer& n, Query& q) {
    const SchemaFacts* facts = n.schema();
    if (!facts || n.language() != Language::Sql || !q.joins.empty() || q.sources.size() < 2 || !q.filter) return;
    for (Relation* r : q.sources)
        if (!isa<TableRef>(r)) return;
    Scope scope = n.scope_of(q);
    if (scope.relations.size() != q.sources.size()) return;
    std::vector<Expr*> conjuncts;
    Normalizer::flatten(q.filter, BinaryOp::And, conjuncts);
    std::vector<Equality> equalities;
    for (Expr* c : conjuncts) {
        auto* b = dyn_cast<Binary>(c);
        if (!b || b->op != BinaryOp::Eq) continue;
        auto x = n.resolve(scope, b->lhs), y = n.resolve(scope, b->rhs);
        if (x && y && x->relation != y->relation) equalities.push_back({c, *x, *y});
    }
    for (size_t pi = 0; pi < scope.relations.size(); ++pi) {
        const ScopeRelation& parent = scope.relations[pi];
        if (parent.table.empty()) continue;
        for (const ScopeRelation& child : scope.relations) {
            if (&child == &parent || child.table.empty()) continue;
            for (const SchemaFacts::Reference& fk : facts->references(child.table)) {
                if (fk.parent != parent.table) continue;
                std::set<std::string> parent_columns(fk.parent_columns.begin(), fk.parent_columns.end());
                if (!facts->contains_key(parent.table, parent_columns)) continue;
                bool not_null = std::all_of(fk.columns.begin(), fk.columns.end(),
                                            [&](const std::string& c) { return facts->not_null(child.table, c); });
                if (!not_null) continue;
                // The equalities child.fk_i = parent.pk_i, each one once.
                std::set<Expr*> joining;
                for (size_t i = 0; i < fk.columns.size(); ++i) {
                    for (const Equality& e : equalities) {
                        bool forward = e.a.relation == &child && e.a.column == fk.columns[i] &&
                                       e.b.relation == &parent && e.b.column == fk.parent_columns[i];
                        bool backward = e.b.relation == &child && e.b.column == fk.columns[i] &&
                                        e.a.relation == &parent && e.a.column == fk.parent_columns[i];
                        if (forward || backward) {
                            joining.insert(e.conjunct);
                            break;
                        }
                    }
                }
                if (joining.size() != fk.columns.size()) continue;
                // Nothing but those equalities may read the parent.
                std::vector<Expr*> rest;
                for (Expr* c : conjuncts)
                    if (!joining.count(c)) rest.push_back(c);
                bool read = reads_outside_where(n, q, parent);
                for (Expr* c : rest) read = read || may_read_outside_count(n, *c, parent);
                if (read || q.projection.empty()) continue;
                std::vector<Relation*> sources;
                for (size_t i = 0; i < q.sources.size(); ++i)
                    if (i != pi) sources.push_back(q.sources[i]);
                q.sources = n.arena().list(sources);
                q.filter = rest.empty() ? nullptr : n.sorted_chain(BinaryOp::And, rest, q.filter->span);
                n.note_reshaped();
                return eliminate_parent_joins(n, q);  // another parent may go now
            }
        }
    }
}

}  // namespace

const RuleHooks fk_join_elimination = {.query = &eliminate_parent_joins};

}  // namespace qdiff::normalizing::rules
