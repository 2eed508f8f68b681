// in-subquery-as-exists: in a top-level WHERE conjunct, `x IN (SELECT y FROM u WHERE c)` is
// `EXISTS (SELECT 1 FROM u WHERE c AND y = x)`: both keep the row when some row of u has y = x and c
// (a NULL comparison is not true in either, and the filter drops the row either way). On the block as
// written, so that the new equality's names resolve in the subquery's scope: an unqualified x is
// qualified by the outer block's one FROM item. Not NOT IN (NULLs make it differ from NOT EXISTS), not
// under OR, not when the subquery groups, aggregates, limits, has a set operation or selects more than
// one column, nor when a FROM item of the subquery has the name that qualifies x (it would capture it).
#include "ast/normalize/normalizer.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

bool has_query(const Node& node) {
    if (isa<Query>(&node)) return true;
    bool found = false;
    for_each_child(node, [&](const Node& c) { found = found || has_query(c); });
    return found;
}

// The name the columns of a written FROM item are qualified with, folded; empty when it has none.
std::string qualifier_of(Normalizer& n, const Relation* r) {
    if (auto* t = dyn_cast<TableRef>(r); t && !t->name.empty())
        return std::string(n.fold(t->alias.empty() ? t->name.back() : t->alias).text);
    if (auto* d = dyn_cast<DerivedTable>(r); d && !d->alias.empty()) return std::string(n.fold(d->alias).text);
    return {};
}

// `x` made safe to move into the subquery, or null.
Expr* qualified_outer(Normalizer& n, const Query& outer, const Query& sub, const Expr* x) {
    if (has_query(*x)) return nullptr;
    if (n.substituted(x) != x) return nullptr;  // another rule rewrites it: its written names are not its own
    // The names a column of the subquery's block may be qualified with: aliases and table names.
    std::set<std::string> inner_names;
    auto add = [&](const Relation* r) {
        r = static_cast<const Relation*>(n.substituted(r));
        if (isa<JoinedTable>(r)) return false;
        inner_names.insert(qualifier_of(n, r));
        if (auto* t = dyn_cast<TableRef>(r); t && !t->name.empty()) inner_names.insert(std::string(n.fold(t->name.back()).text));
        return true;
    };
    for (const Relation* r : sub.sources)
        if (!add(r)) return nullptr;
    for (const Join* j : sub.joins)
        if (!add(j->right)) return nullptr;
    bool ok = true;
    // Every column of x must be qualified by an outer name that no FROM item of the subquery reuses.
    auto check = [&](const Node& node, auto& self) -> void {
        if (auto* c = dyn_cast<ColumnRef>(&node)) {
            ok = ok && c->path.size() == 2 && !inner_names.count(std::string(n.fold(c->path[0]).text));
            return;
        }
        for_each_child(node, [&](const Node& child) { self(child, self); });
    };
    if (auto* c = dyn_cast<ColumnRef>(x); c && c->path.size() == 1) {
        if (outer.sources.size() != 1 || !outer.joins.empty()) return nullptr;
        std::string q = qualifier_of(n, static_cast<const Relation*>(n.substituted(outer.sources[0])));
        if (q.empty() || inner_names.count(q)) return nullptr;
        const Relation* r = static_cast<const Relation*>(n.substituted(outer.sources[0]));
        Name qualifier;
        if (auto* t = dyn_cast<TableRef>(r)) qualifier = t->alias.empty() ? t->name.back() : t->alias;
        if (auto* d = dyn_cast<DerivedTable>(r)) qualifier = d->alias;
        auto* qualified = n.arena().make<ColumnRef>();
        qualified->span = c->span;
        qualified->path = n.arena().list(std::vector<Name>{qualifier, c->path[0]});
        return qualified;
    }
    check(*x, check);
    return ok ? const_cast<Expr*>(x) : nullptr;
}

Expr* as_exists(Normalizer& n, const Query& outer, const InSubquery& in) {
    const Query* sub = in.query;
    if (!sub || !in.expr || isa<Tuple>(in.expr) || sub->projection.size() != 1 || !sub->set_ops.empty() ||
        !sub->group_by.empty() || sub->having || !sub->aggregations.empty() || sub->limit || sub->offset ||
        !sub->ctes.empty() || sub->sources.empty() || !sub->windows.empty() || sub->qualify)
        return nullptr;
    Expr* y = sub->projection[0]->expr;
    if (isa<Star>(y) || has_aggregate(*sub->projection[0], n.language()) || has_query(*y)) return nullptr;
    Expr* x = qualified_outer(n, outer, *sub, in.expr);
    if (!x) return nullptr;
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
    Binary* equal = n.make_binary(BinaryOp::Eq, y, x, in.span);
    q->filter = q->filter ? n.make_binary(BinaryOp::And, q->filter, equal, q->filter->span) : equal;
    auto* exists = n.arena().make<Exists>();
    exists->query = q;
    exists->span = in.span;
    return exists;
}

Query* in_to_exists(Normalizer& n, const Query& q) {
    if (n.language() != Language::Sql || !q.filter) return nullptr;
    // The top-level conjuncts as written (AND chains only).
    std::vector<Expr*> conjuncts;
    Normalizer::flatten(const_cast<Expr*>(static_cast<const Expr*>(n.substituted(q.filter))), BinaryOp::And,
                        conjuncts);
    bool changed = false;
    for (Expr*& c : conjuncts) {
        auto* in = dyn_cast<InSubquery>(n.substituted(c));
        if (!in) continue;
        if (Expr* exists = as_exists(n, q, *in)) {
            c = exists;
            changed = true;
        }
    }
    if (!changed) return nullptr;
    Query* replaced = n.copy(q);
    Expr* filter = conjuncts[0];
    for (size_t i = 1; i < conjuncts.size(); ++i) filter = n.make_binary(BinaryOp::And, filter, conjuncts[i], q.filter->span);
    replaced->filter = filter;
    return replaced;
}

}  // namespace

const RuleHooks in_subquery_as_exists = {.written_query = &in_to_exists};

}  // namespace qdiff::normalizing::rules
