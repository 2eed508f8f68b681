// fk-join-elimination (needs the schema: foreign keys, keys, NOT NULL): `FROM c JOIN p ON c.fk = p.id`
// where c.fk is a NOT NULL foreign key to p's key, and nothing else reads p, is `FROM c`: every row of c
// meets exactly one row of p, so the join neither drops nor repeats rows. Runs on the form
// inner-joins-as-filter leaves (FROM items, the ON in WHERE). Off without a schema; when the foreign key
// may be NULL, p's columns are not a key, p appears twice, or any other part of the statement may read p.
// The semi-join to the parent is the same: a WHERE conjunct `EXISTS (SELECT 1 FROM p WHERE p.id = c.fk)`
// (what key-join-as-exists makes of a join to p that only WHERE reads) is true on every row of c, and
// is dropped.
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

// `EXISTS (SELECT .. FROM p WHERE p.k = c.fk ...)` whose only conjuncts are the equalities of a NOT NULL
// foreign key of a table c of `scope` to the key k of p.
bool parent_exists(Normalizer& n, const Scope& scope, const Expr* conjunct) {
    const SchemaFacts* facts = n.schema();
    auto* exists = dyn_cast<Exists>(conjunct);
    if (!exists || !exists->query) return false;
    const Query& sub = *exists->query;
    if (!over_one_table(sub) || !sub.filter) return false;
    for (const SelectItem* item : sub.projection)
        if (has_aggregate(*item, n.language())) return false;
    Scope inner = n.scope_of(sub);
    if (inner.relations.size() != 1 || inner.relations[0].table.empty()) return false;
    const ScopeRelation& parent = inner.relations[0];
    std::vector<Expr*> conjuncts;
    Normalizer::flatten(sub.filter, BinaryOp::And, conjuncts);
    // parent column -> (outer relation, its column)
    std::map<std::string, std::pair<const ScopeRelation*, std::string>> equated;
    for (Expr* c : conjuncts) {
        auto* b = dyn_cast<Binary>(c);
        if (!b || b->op != BinaryOp::Eq) return false;
        auto in_l = n.resolve(inner, b->lhs), in_r = n.resolve(inner, b->rhs);
        if (in_l.has_value() == in_r.has_value()) return false;
        auto out = n.resolve(scope, in_l ? b->rhs : b->lhs);
        if (!out || out->relation->table.empty() || out->relation->qualifier == parent.qualifier) return false;
        if (!equated.emplace((in_l ? in_l : in_r)->column, std::make_pair(out->relation, out->column)).second) return false;
    }
    const ScopeRelation* child = equated.begin()->second.first;
    for (const auto& [column, outer] : equated)
        if (outer.first != child) return false;
    for (const SchemaFacts::Reference& fk : facts->references(child->table)) {
        if (fk.parent != parent.table || fk.columns.size() != equated.size()) continue;
        bool matches = facts->contains_key(parent.table, {fk.parent_columns.begin(), fk.parent_columns.end()});
        for (size_t i = 0; matches && i < fk.columns.size(); ++i) {
            auto it = equated.find(fk.parent_columns[i]);
            matches = it != equated.end() && it->second.second == fk.columns[i] && facts->not_null(child->table, fk.columns[i]);
        }
        if (matches) return true;
    }
    return false;
}

void eliminate_parent_semi_joins(Normalizer& n, Query& q) {
    if (!n.schema() || n.language() != Language::Sql || !q.filter || q.sources.empty()) return;
    Scope scope = n.scope_of(q);
    std::vector<Expr*> conjuncts, rest;
    Normalizer::flatten(q.filter, BinaryOp::And, conjuncts);
    for (Expr* c : conjuncts)
        if (!parent_exists(n, scope, c)) rest.push_back(c);
    if (rest.size() == conjuncts.size()) return;
    q.filter = rest.empty() ? nullptr : n.sorted_chain(BinaryOp::And, rest, q.filter->span);
    n.note_reshaped();
}

void eliminate_parents(Normalizer& n, Query& q) {
    eliminate_parent_semi_joins(n, q);
    eliminate_parent_joins(n, q);
}

}  // namespace

const RuleHooks fk_join_elimination = {.query = &eliminate_parents};

}  // namespace qdiff::normalizing::rules
