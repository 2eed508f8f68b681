// What the KQL rules that merge two operators of a pipeline share: the KQL front end makes an operator
// that cannot fold into the block before it (`extend x = e | summarize sum(x)`, `project-rename x = a
// | project x`) a block over a derived table; these rules merge the two when the outer block can read
// the inner one's expressions (or columns) in place of the names the inner block gives them.
#pragma once
#include <map>
#include <set>
#include <string_view>
#include <utility>
#include <vector>

#include "ast/normalize/block_rewrite.hpp"
#include "ast/normalize/normalizer.hpp"

namespace qdiff::normalizing::kql_pipeline {

// Column name → what an outer reference to it reads instead.
using NameMap = std::map<std::string_view, const ast::Expr*>;
using Substitutions = std::vector<std::pair<const ast::Node*, const ast::Node*>>;

// Whether `node` reads a single-part column named in `names` (subqueries included: they may correlate).
inline bool reads_any(const ast::Node& node, const std::set<std::string_view>& names) {
    if (auto* c = ast::dyn_cast<ast::ColumnRef>(&node); c && !c->path.empty() && names.count(c->path[0].text))
        return true;
    bool found = false;
    ast::for_each_child(node, [&](const ast::Node& child) { found = found || reads_any(child, names); });
    return found;
}

// Functions whose value depends on the row's place in a serialized stream or is drawn anew on each call:
// an extended column calling one is not the same value when computed in another operator.
inline bool calls_row_dependent(const ast::Node& node) {
    static const std::set<std::string, std::less<>> row_dependent = {
        "row_number", "row_cumsum", "row_rank_dense", "row_rank_min", "row_window_session", "prev", "next",
        "rand", "new_guid"};
    if (auto* f = ast::dyn_cast<ast::FunctionCall>(&node); f && row_dependent.count(Normalizer::function_name(f)))
        return true;
    bool found = false;
    ast::for_each_child(node, [&](const ast::Node& child) { found = found || calls_row_dependent(child); });
    return found;
}

// Records in `out` a substitution for every single-part column reference under `node` that `names` maps;
// false when one cannot be made (a subquery or a lambda reads names of its own; a dotted reference
// `x.field` to a mapped x is a property of that column).
inline bool collect(const Normalizer& n, const ast::Node* node, const NameMap& names, Substitutions& out) {
    if (!node) return true;
    node = n.substituted(node);
    if (ast::isa<ast::Query>(node) || ast::isa<ast::Lambda>(node)) return false;
    if (auto* c = ast::dyn_cast<ast::ColumnRef>(node)) {
        if (c->path.empty()) return true;
        auto it = names.find(c->path[0].text);
        if (it == names.end()) return true;
        if (c->path.size() != 1) return false;
        out.emplace_back(node, it->second);
        return true;
    }
    bool ok = true;
    ast::for_each_child(*node, [&](const ast::Node& child) { ok = ok && collect(n, &child, names, out); });
    return ok;
}

// The single-part column a plain expression names, or null.
inline const ast::ColumnRef* plain_column(const ast::Expr* e) {
    auto* c = ast::dyn_cast<ast::ColumnRef>(e);
    return c && c->path.size() == 1 ? c : nullptr;
}

// Whether a block holds nothing after its sources, joins and filter but what `rest` allows: the inner
// block of a merge (its output is its input's columns, renamed or extended by the caller's operator).
inline bool only_filters(const ast::Query& q) {
    return q.ctes.empty() && !q.recursive && q.distinct == ast::DistinctKind::None && q.aggregations.empty() &&
           q.group_by.empty() && !q.having && !q.qualify && q.windows.empty() && q.set_ops.empty() &&
           q.order_by.empty() && !q.limit && !q.offset && q.search.empty() && !q.sources.empty();
}

// `q`, written over a derived table whose block is `inner` (only filters: sources, joins, filter, and the
// operator the caller maps), as one block: q's references to the names of `names` read their
// expressions, a plain reference in q's select list or BY keeps the name as its alias, and inner's filter
// applies first. Null when q reads the derived table in a way this cannot carry: a `*`, a subquery, a
// join, an operator kept among the options. When q has neither a select list nor aggregates, its output
// is the inner block's: `inner_projection` (null: do not merge).
inline ast::Query* merge_over(Normalizer& n, const ast::Query& q, const ast::Query& inner, const NameMap& names,
                              const ast::List<ast::SelectItem*>* inner_projection) {
    using namespace ast;
    if (q.sources.size() != 1 || !q.joins.empty() || !q.search.empty() || !q.ctes.empty() || !q.set_ops.empty() ||
        !q.options.empty() || q.qualify || !q.windows.empty())
        return nullptr;
    bool defines_output = !q.projection.empty() || !q.aggregations.empty() || !q.group_by.empty();
    if (!defines_output && !inner_projection) return nullptr;
    Substitutions subs;
    std::vector<SelectItem*> projection;
    for (SelectItem* item : q.projection) {
        const Node* e = n.substituted(item->expr);
        if (isa<Star>(e) || !collect(n, e, names, subs)) return nullptr;
        auto* c = plain_column(dyn_cast<Expr>(e));
        if (c && item->alias.empty() && names.count(c->path[0].text)) {
            auto* named = n.copy(*item);
            named->alias = c->path[0];
            projection.push_back(named);
            continue;
        }
        projection.push_back(item);
    }
    std::vector<Expr*> group_by;
    for (Expr* key : q.group_by) {
        if (!collect(n, key, names, subs)) return nullptr;
        auto* c = plain_column(dyn_cast<Expr>(n.substituted(key)));
        if (c && names.count(c->path[0].text)) {
            auto* named = n.arena().make<NamedArg>();
            named->span = key->span;
            named->name = c->path[0];
            named->value = key;
            group_by.push_back(named);
            continue;
        }
        group_by.push_back(key);
    }
    for (const Node* part : {static_cast<const Node*>(q.filter), static_cast<const Node*>(q.having),
                             static_cast<const Node*>(q.limit), static_cast<const Node*>(q.offset)})
        if (!collect(n, part, names, subs)) return nullptr;
    for (const SelectItem* a : q.aggregations)
        if (!collect(n, a, names, subs)) return nullptr;
    for (const OrderItem* o : q.order_by)
        if (!collect(n, o, names, subs)) return nullptr;
    for (const Expr* e : q.distinct_on)
        if (!collect(n, e, names, subs)) return nullptr;
    for (auto [from, to] : subs) n.substitute(from, to);
    Query* merged = merged_over(n, q, inner);
    merged->projection = defines_output ? n.arena().list(projection) : *inner_projection;
    merged->group_by = n.arena().list(group_by);
    return merged;
}

// The name Kusto gives an aggregate the query does not name, or "" where it is not modelled here.
inline std::string aggregate_default_name(const ast::Expr* e) {
    static const std::set<std::string, std::less<>> column_named = {"sum",  "avg",   "min",     "max",
                                                                    "dcount", "stdev", "variance"};
    auto* f = ast::dyn_cast<ast::FunctionCall>(e);
    if (!f || f->over || f->distinct || f->name.size() != 1) return "";
    std::string name = Normalizer::function_name(f);
    if (name == "count" && f->args.empty()) return "count_";
    if (name == "countif" && f->args.size() == 1) return "countif_";
    if (column_named.count(name) && f->args.size() == 1)
        if (auto* c = plain_column(f->args[0])) return std::string(f->name[0].text) + "_" + std::string(c->path[0].text);
    return "";
}

// The derived table a KQL block is written over (its only source, no alias), or null.
inline const ast::Query* derived_block(const Normalizer& n, const ast::Query& q) {
    if (n.language() != Language::Kql || q.sources.size() != 1) return nullptr;
    auto* derived = ast::dyn_cast<ast::DerivedTable>(n.substituted(q.sources[0]));
    if (!derived || derived->lateral || !derived->alias.empty() || !derived->column_aliases.empty()) return nullptr;
    return derived->query;
}

}  // namespace qdiff::normalizing::kql_pipeline
