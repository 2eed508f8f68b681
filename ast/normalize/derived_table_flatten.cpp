// derived-table-flatten: `SELECT d.a FROM (SELECT a, b FROM t WHERE x) AS d WHERE d.b = 1` is
// `SELECT a FROM t WHERE x AND b = 1`. A derived table that only filters and projects (no aggregate,
// window, DISTINCT, GROUP BY, ORDER BY, LIMIT, set operation) and is the only FROM item of its outer
// block merges into it: its FROM and joins become the block's, its WHERE is ANDed with the block's, and
// the outer references to its columns become the expressions they name. Only when every column the outer
// block reads is one of the derived table's (no correlation, no subquery there, no other star than a
// bare `*` or `d.*`). A block with UNION/INTERSECT/EXCEPT flattens its own part when it has no ORDER BY,
// so that the result does not depend on which operand set-operation-order puts first.
// KQL lowers `T | project a, b | where b == 1` to such a derived table, so its pipelines flatten too.
#include "ast/normalize/block_rewrite.hpp"
#include "ast/normalize/normalizer.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

bool has_window(const Node& node) {
    if (isa<Query>(&node)) return false;
    if (auto* f = dyn_cast<FunctionCall>(&node); f && f->over) return true;
    bool found = false;
    for_each_child(node, [&](const Node& c) { found = found || has_window(c); });
    return found;
}

bool only_projects(const Normalizer& n, const Query& q) {
    if (!q.ctes.empty() || q.recursive || q.distinct != DistinctKind::None || !q.aggregations.empty() ||
        !q.group_by.empty() || q.having || q.qualify || !q.windows.empty() || !q.set_ops.empty() ||
        !q.order_by.empty() || q.limit || !q.options.empty() || !q.search.empty() ||
        (q.projection.empty() && n.language() != Language::Kql) || q.sources.empty())
        return false;
    if (q.offset && number(q.offset).value_or(1) != 0) return false;
    for (const SelectItem* item : q.projection)
        if (has_aggregate(*item, n.language()) || has_window(*item)) return false;
    return true;
}

struct Flattening {
    Normalizer& n;
    std::string derived_alias;                   // folded; empty when the derived table has none
    std::map<std::string, const SelectItem*> columns;  // folded output name -> its item (null: ambiguous)
    bool star_only = false;                      // the derived table is SELECT * over one table
    std::vector<std::pair<const Node*, const Node*>> substitutions;

    // The derived table's item an outer column reference reads, or null.
    const SelectItem* item(const ColumnRef& c) {
        if (star_only || c.path.empty() || c.path.size() > 2) return nullptr;
        if (c.path.size() == 2 && (derived_alias.empty() || n.fold(c.path[0]).text != derived_alias)) return nullptr;
        auto it = columns.find(std::string(n.fold(c.path.back()).text));
        return it == columns.end() ? nullptr : it->second;
    }

    // The expression an outer column reference reads, or null when it is not one of the derived table's.
    const Expr* resolve(const ColumnRef& c) {
        if (c.path.empty() || c.path.size() > 2) return nullptr;
        if (c.path.size() == 2 && (derived_alias.empty() || n.fold(c.path[0]).text != derived_alias)) return nullptr;
        const Name& column = c.path.back();
        if (star_only) {
            auto* bare = n.arena().make<ColumnRef>();
            bare->span = c.span;
            bare->path = n.arena().list(std::vector<Name>{column});
            return bare;
        }
        const SelectItem* named = item(c);
        return named ? named->expr : nullptr;
    }

    // Records the substitutions of `node`'s column references; false when one cannot be made.
    bool collect(const Node* node) {
        if (!node) return true;
        node = n.substituted(node);
        if (isa<Query>(node) || isa<Lambda>(node)) return false;
        if (auto* star = dyn_cast<Star>(node))  // count(*)
            return star->qualifier.empty() && star->pattern.empty() && star->except.empty() && star->replace.empty();
        if (auto* c = dyn_cast<ColumnRef>(node)) {
            const Expr* e = resolve(*c);
            if (!e) return false;
            substitutions.emplace_back(node, e);
            return true;
        }
        bool ok = true;
        for_each_child(*node, [&](const Node& child) { ok = ok && collect(&child); });
        return ok;
    }
};

Query* flatten_derived(Normalizer& n, const Query& q) {
    if ((n.language() != Language::Sql && n.language() != Language::Kql) || q.sources.size() != 1 ||
        !q.joins.empty() || !q.search.empty() || !q.options.empty())
        return nullptr;
    // Under a set operation the block is its first operand (set-operation-order may make it another
    // one): its ORDER BY applies to the combined rows and names their output columns.
    if (!q.set_ops.empty() && !q.order_by.empty()) return nullptr;
    auto* derived = dyn_cast<DerivedTable>(n.substituted(q.sources[0]));
    if (!derived || derived->lateral || !derived->column_aliases.empty() || !derived->query ||
        !only_projects(n, *derived->query))
        return nullptr;
    const Query& inner = *derived->query;
    Flattening f{n, derived->alias.empty() ? "" : std::string(n.fold(derived->alias).text), {}, false, {}};
    const bool one_table = inner.sources.size() == 1 && inner.joins.empty() && isa<TableRef>(inner.sources[0]);
    if (inner.projection.empty()) {  // a KQL pipeline stage that keeps every column (`T | where a > 5`)
        if (!one_table) return nullptr;
        f.star_only = true;
    } else if (inner.projection.size() == 1) {
        auto* star = dyn_cast<Star>(inner.projection[0]->expr);
        if (star && star->qualifier.empty() && star->pattern.empty() && star->except.empty() &&
            star->replace.empty() && one_table)
            f.star_only = true;
    }
    for (const SelectItem* item : inner.projection) {
        if (isa<Star>(item->expr) && !f.star_only) return nullptr;
        std::string name;
        if (!item->alias.empty())
            name = n.fold(item->alias).text;
        else if (auto* c = dyn_cast<ColumnRef>(item->expr); c && !c->path.empty())
            name = n.fold(c->path.back()).text;
        if (name.empty()) continue;
        auto [it, inserted] = f.columns.emplace(name, item);
        if (!inserted) it->second = nullptr;  // two columns of one name: a reference to it is ambiguous
    }
    // The outer select list: a bare `*` (or `d.*`) is the derived table's select list.
    std::vector<SelectItem*> projection;
    for (SelectItem* item : q.projection) {
        const Node* e = n.substituted(item->expr);
        if (auto* star = dyn_cast<Star>(e)) {
            bool whole = star->pattern.empty() && star->except.empty() && star->replace.empty() &&
                         (star->qualifier.empty() ||
                          (star->qualifier.size() == 1 && !f.derived_alias.empty() &&
                           n.fold(star->qualifier[0]).text == f.derived_alias));
            if (!whole) return nullptr;
            projection.insert(projection.end(), inner.projection.begin(), inner.projection.end());
            continue;
        }
        if (!f.collect(item->expr)) return nullptr;
        // `SELECT d.a` over `x AS a` keeps its output name a.
        auto* c = dyn_cast<ColumnRef>(e);
        const SelectItem* named = c && item->alias.empty() ? f.item(*c) : nullptr;
        if (named && !named->alias.empty()) {
            auto* renamed = n.copy(*item);
            renamed->alias = named->alias;
            projection.push_back(renamed);
            continue;
        }
        projection.push_back(item);
    }
    for (const Node* part : {static_cast<const Node*>(q.filter), static_cast<const Node*>(q.having),
                             static_cast<const Node*>(q.qualify), static_cast<const Node*>(q.limit),
                             static_cast<const Node*>(q.offset)})
        if (!f.collect(part)) return nullptr;
    for (const Expr* e : q.group_by)
        if (!f.collect(e)) return nullptr;
    for (const Expr* e : q.distinct_on)
        if (!f.collect(e)) return nullptr;
    for (const SelectItem* e : q.aggregations)
        if (!f.collect(e)) return nullptr;
    for (const OrderItem* o : q.order_by)
        if (!f.collect(o)) return nullptr;
    for (const WindowDef* w : q.windows)
        if (!f.collect(w)) return nullptr;
    for (auto [from, to] : f.substitutions) n.substitute(from, to);
    // A KQL block without a select list or aggregates (`| where`, `| take`) keeps its input's columns: the
    // derived table's select list (`T | project a | where a > 5` outputs a alone, not every column of T).
    if (q.projection.empty() && q.aggregations.empty() && q.group_by.empty())
        projection.assign(inner.projection.begin(), inner.projection.end());
    Query* merged = merged_over(n, q, inner);
    merged->projection = n.arena().list(projection);
    return merged;
}

}  // namespace

const RuleHooks derived_table_flatten = {.written_query = &flatten_derived};

}  // namespace qdiff::normalizing::rules
