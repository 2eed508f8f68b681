// in-subquery-as-exists: in a top-level WHERE conjunct, `x IN (SELECT y FROM u WHERE c)` is
// `EXISTS (SELECT 1 FROM u WHERE c AND y = x)`: both keep the row when some row of u has y = x and c
// (a NULL comparison is not true in either, and the filter drops the row either way). On the canonical
// block, where the aliases rule has qualified x by its table (so that moved into the subquery it still
// names the outer table) and the subquery's own rules have run (a join there that goes away no longer
// counts). Not NOT IN (NULLs make it differ from NOT EXISTS), not under OR, not when the subquery groups,
// aggregates, limits, has a set operation or an outer join, nor when a FROM item of the subquery has
// the name that qualifies x (it would capture it), nor for an unqualified x.
#include "ast/normalize/normalizer.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

// Every column of `x` is qualified by a name the subquery's block does not know.
bool stays_outer(Normalizer& n, const Expr& x, const Query& sub) {
    Scope scope = n.scope_of(sub);
    bool ok = true;
    auto check = [&](const Node& node, auto& self) -> void {
        if (auto* c = dyn_cast<ColumnRef>(&node)) {
            std::string qualifier = c->path.size() == 2 ? std::string(c->path[0].text) : "";
            bool inner = scope.alias_to_table.count(qualifier) != 0;
            for (const ScopeRelation& r : scope.relations) inner = inner || r.qualifier == qualifier;
            ok = ok && !qualifier.empty() && !inner;
            return;
        }
        if (isa<Star>(&node)) ok = false;
        for_each_child(node, [&](const Node& child) { self(child, self); });
    };
    check(x, check);
    return ok;
}

Expr* as_exists(Normalizer& n, InSubquery& in) {
    Query* sub = in.query;
    if (!sub || !in.expr || isa<Tuple>(in.expr) || has_subquery(*in.expr) || sub->projection.size() != 1 ||
        !sub->set_ops.empty() || !sub->group_by.empty() || sub->having || !sub->aggregations.empty() || sub->limit ||
        sub->offset || !sub->ctes.empty() || sub->sources.empty() || !sub->joins.empty() || !sub->windows.empty() ||
        sub->qualify || !sub->search.empty() || !sub->options.empty())
        return nullptr;
    Expr* y = sub->projection[0]->expr;
    if (isa<Star>(y) || has_aggregate(*sub->projection[0], n.language()) || has_subquery(*y)) return nullptr;
    if (!stays_outer(n, *in.expr, *sub)) return nullptr;
    Query* q = n.copy(*sub);
    auto* one = n.arena().make<Literal>();
    one->type = LiteralType::Integer;
    one->text = "1";
    one->span = sub->projection[0]->span;
    auto* item = n.arena().make<SelectItem>();
    item->expr = one;
    item->span = one->span;
    q->projection = n.arena().list(std::vector<SelectItem*>{item});
    q->distinct = DistinctKind::None;
    q->distinct_on = {};
    q->order_by = {};  // no LIMIT: the order of the subquery's rows changes nothing
    std::vector<Expr*> conjuncts;
    if (q->filter) Normalizer::flatten(q->filter, BinaryOp::And, conjuncts);
    conjuncts.push_back(n.simplify(n.make_binary(BinaryOp::Eq, y, in.expr, in.span)));
    q->filter = n.sorted_chain(BinaryOp::And, conjuncts, q->filter ? q->filter->span : in.span);
    auto* exists = n.arena().make<Exists>();
    exists->query = q;
    exists->span = in.span;
    return n.simplify(exists);
}

void in_to_exists(Normalizer& n, Query& q) {
    if (n.language() != Language::Sql || !q.filter) return;
    std::vector<Expr*> conjuncts;
    Normalizer::flatten(q.filter, BinaryOp::And, conjuncts);
    bool changed = false;
    for (Expr*& c : conjuncts) {
        auto* in = dyn_cast<InSubquery>(c);
        if (!in) continue;
        if (Expr* exists = as_exists(n, *in)) {
            c = exists;
            changed = true;
        }
    }
    if (!changed) return;
    q.filter = n.sorted_chain(BinaryOp::And, conjuncts, q.filter->span);
    n.note_reshaped();
}

}  // namespace

const RuleHooks in_subquery_as_exists = {.query = &in_to_exists};

}  // namespace qdiff::normalizing::rules
