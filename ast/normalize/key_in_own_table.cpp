// key-in-own-table (needs the schema: keys, NOT NULL): in a top-level WHERE conjunct,
// `t.k IN (SELECT k FROM t WHERE p)` is `p` read on the outer row of t (ETM's rule 20). k is a
// single-column NOT NULL key of t, so the subquery's row with the outer row's k is that very row, and
// it is in the subquery's result exactly when p holds on it; without a WHERE the conjunct is always
// true and goes. Not for a k that may be NULL (a NULL k is in no IN list, whatever p says) or is no key
// (another row with the same k may satisfy p), not for t on the nullable side of an outer join or named
// twice in the block, not NOT IN or under OR, not when the subquery groups, aggregates, limits, joins or
// has a set operation, and not when p reads anything but t's own columns (a name of an outer block, a
// star, a subquery), which would read something else once moved.
#include <vector>

#include "ast/normalize/normalizer.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

// Every column of `node` is qualified with `qualifier`; no star, no subquery.
bool reads_only(const Node& node, std::string_view qualifier) {
    if (auto* c = dyn_cast<ColumnRef>(&node)) return c->path.size() == 2 && c->path[0].text == qualifier;
    if (isa<Star>(&node) || isa<Query>(&node)) return false;
    bool ok = true;
    for_each_child(node, [&](const Node& child) { ok = ok && reads_only(child, qualifier); });
    return ok;
}

// The conjuncts that replace `in` (none: always true), or nullopt when the rule does not hold.
std::optional<std::vector<Expr*>> own_key_filter(Normalizer& n, const Scope& outer, const InSubquery& in) {
    const SchemaFacts* facts = n.schema();
    const Query* sub = in.query;
    if (!sub || !in.expr || sub->projection.size() != 1 || sub->sources.size() != 1 || !sub->joins.empty() ||
        !sub->set_ops.empty() || !sub->group_by.empty() || sub->having || !sub->aggregations.empty() ||
        sub->limit || sub->offset || !sub->ctes.empty() || !sub->windows.empty() || sub->qualify ||
        !sub->search.empty() || !sub->options.empty() || has_aggregate(*sub->projection[0], n.language()))
        return std::nullopt;
    auto x = n.resolve(outer, in.expr);
    if (!x || x->relation->nullable || x->relation->qualifier != x->table) return std::nullopt;
    Scope inner = n.scope_of(*sub);
    auto y = n.resolve(inner, sub->projection[0]->expr);
    if (!y || y->table != x->table || y->column != x->column || y->relation->qualifier != x->table) return std::nullopt;
    if (!facts->contains_not_null_key(x->table, {x->column}) || !facts->is_key(x->table, {x->column}))
        return std::nullopt;
    std::vector<Expr*> conjuncts;
    if (sub->filter) {
        if (!reads_only(*sub->filter, x->table)) return std::nullopt;
        Normalizer::flatten(sub->filter, BinaryOp::And, conjuncts);
    }
    return conjuncts;
}

void key_in_own_table_as_filter(Normalizer& n, Query& q) {
    if (!n.schema() || n.language() != Language::Sql || !q.filter) return;
    std::vector<Expr*> conjuncts;
    Normalizer::flatten(q.filter, BinaryOp::And, conjuncts);
    Scope scope = n.scope_of(q);
    std::vector<Expr*> out;
    bool changed = false;
    for (Expr* c : conjuncts) {
        auto* in = dyn_cast<InSubquery>(c);
        auto replacement = in ? own_key_filter(n, scope, *in) : std::nullopt;
        if (!replacement) {
            out.push_back(c);
            continue;
        }
        out.insert(out.end(), replacement->begin(), replacement->end());
        changed = true;
    }
    if (!changed) return;
    q.filter = out.empty() ? nullptr : n.sorted_chain(BinaryOp::And, out, q.filter->span);
    n.note_reshaped();
}

}  // namespace

const RuleHooks key_in_own_table = {.query = &key_in_own_table_as_filter};

}  // namespace qdiff::normalizing::rules
