// cte-inline: `WITH c AS (SELECT ...) SELECT ... FROM c` is `SELECT ... FROM (SELECT ...) AS c`. A
// non-recursive CTE that the statement reads once is the derived table of that one place; one it never
// reads is dropped. Not for RECURSIVE, a data-modifying or MATERIALIZED CTE, nor when a nested WITH
// reuses the name (the reference could be the nested one's).
// KQL's tabular `let big = T | where ...; big | count` is such a CTE.
#include "ast/normalize/normalizer.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

struct Uses {
    std::vector<const TableRef*> references;
    bool shadowed = false;
};

void find_uses(Normalizer& n, const Node& node, std::string_view name, Uses& uses, bool top) {
    if (auto* t = dyn_cast<TableRef>(&node); t && t->name.size() == 1 && n.fold(t->name[0]).text == name)
        uses.references.push_back(t);
    if (auto* q = dyn_cast<Query>(&node); q && !top)
        for (const Cte* c : q->ctes)
            if (n.fold(c->name).text == name) uses.shadowed = true;
    for_each_child(node, [&](const Node& child) { find_uses(n, child, name, uses, false); });
}

Query* inline_ctes(Normalizer& n, const Query& q) {
    if ((n.language() != Language::Sql && n.language() != Language::Kql) || q.ctes.empty() || q.recursive) return nullptr;
    std::vector<Cte*> kept;
    bool changed = false;
    for (Cte* cte : q.ctes) {
        if (!cte->query || cte->statement || cte->materialization != Materialization::Default) {
            kept.push_back(cte);
            continue;
        }
        std::string name(n.fold(cte->name).text);
        Uses uses;
        find_uses(n, q, name, uses, true);
        const TableRef* ref = uses.references.empty() ? nullptr : uses.references[0];
        if (uses.shadowed || uses.references.size() > 1 ||
            (ref && (!ref->column_aliases.empty() || !ref->as_of.empty()))) {
            kept.push_back(cte);
            continue;
        }
        changed = true;
        if (!ref) continue;  // never read: the statement is the same without it
        auto* derived = n.arena().make<DerivedTable>();
        derived->span = ref->span;
        derived->query = cte->query;
        derived->alias = ref->alias.empty() ? cte->name : ref->alias;
        derived->column_aliases = cte->columns;
        n.substitute(ref, derived);
    }
    if (!changed) return nullptr;
    Query* replaced = n.copy(q);
    replaced->ctes = n.arena().list(kept);
    return replaced;
}

}  // namespace

const RuleHooks cte_inline = {.written_query = &inline_ctes};

}  // namespace qdiff::normalizing::rules
