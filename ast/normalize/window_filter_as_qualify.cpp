// window-filter-as-qualify: `SELECT id FROM (SELECT id, ROW_NUMBER() OVER (PARTITION BY g ORDER BY v) AS rn
// FROM t WHERE p) AS d WHERE rn = 1` is `SELECT id FROM t WHERE p QUALIFY ROW_NUMBER() OVER (PARTITION BY g
// ORDER BY v) = 1` (DuckDB, Snowflake, BigQuery write the second). A block's window functions see the rows
// its WHERE (and GROUP BY, HAVING) leave; QUALIFY then filters on them, before DISTINCT, ORDER BY and
// LIMIT. A filter over a derived table that computes windows does the same: the windows are computed over
// the derived table's rows, and the outer WHERE keeps rows after. So the two blocks are one, whose WHERE
// is the derived table's, whose QUALIFY is the outer WHERE (every conjunct: a test of a plain column
// after the windows keeps the same rows as in the outer block), and whose select list, ORDER BY, LIMIT
// and OFFSET are the outer block's, each outer reference to a derived column reading the expression it
// names. Only when the derived table computes a window function and otherwise only filters and projects
// (no aggregate, DISTINCT, GROUP BY, HAVING, QUALIFY, ORDER BY, LIMIT, set operation, WITH), is the only
// FROM item of the outer block, and the outer block reads nothing but its columns (no subquery, no
// correlation) and does not group, aggregate or compute windows of its own. When the outer block reads no
// window column, the windows are dropped and its filter is WHERE (the rows are the same, as without a
// window in the derived table, which derived-table-flatten merges).
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

struct DerivedColumns {
    Normalizer& n;
    std::string alias;                                  // folded; empty when the derived table has none
    std::map<std::string, const SelectItem*> columns;  // folded output name -> item (null: ambiguous)
    std::vector<std::pair<const Node*, const Node*>> substitutions;
    bool reads_window = false;  // an outer reference reads a column that computes a window

    const SelectItem* item(const ColumnRef& c) {
        if (c.path.empty() || c.path.size() > 2) return nullptr;
        if (c.path.size() == 2 && (alias.empty() || n.fold(c.path[0]).text != alias)) return nullptr;
        auto it = columns.find(std::string(n.fold(c.path.back()).text));
        return it == columns.end() ? nullptr : it->second;
    }

    // Records the substitutions of `node`'s column references; false when one cannot be made.
    bool collect(const Node* node) {
        if (!node) return true;
        node = n.substituted(node);
        if (isa<Query>(node) || isa<Lambda>(node) || isa<Star>(node)) return false;
        if (auto* c = dyn_cast<ColumnRef>(node)) {
            const SelectItem* named = item(*c);
            if (!named) return false;
            substitutions.emplace_back(node, named->expr);
            reads_window = reads_window || has_window(*named->expr);
            return true;
        }
        bool ok = true;
        for_each_child(*node, [&](const Node& child) { ok = ok && collect(&child); });
        return ok;
    }
};

Query* as_qualify(Normalizer& n, const Query& q) {
    if (n.language() != Language::Sql || q.sources.size() != 1 || !q.joins.empty() || !q.filter ||
        !q.group_by.empty() || !q.aggregations.empty() || q.having || q.qualify || !q.windows.empty() ||
        !q.set_ops.empty() || !q.ctes.empty() || !q.options.empty() || !q.search.empty() || !q.distinct_on.empty())
        return nullptr;
    auto* derived = dyn_cast<DerivedTable>(n.substituted(q.sources[0]));
    if (!derived || derived->lateral || !derived->column_aliases.empty() || !derived->query) return nullptr;
    const Query& inner = *derived->query;
    if (!inner.ctes.empty() || inner.recursive || inner.distinct != DistinctKind::None || !inner.aggregations.empty() ||
        !inner.group_by.empty() || inner.having || inner.qualify || !inner.set_ops.empty() ||
        !inner.order_by.empty() || inner.limit || inner.offset || !inner.options.empty() || !inner.search.empty() ||
        inner.projection.empty() || inner.sources.empty())
        return nullptr;
    bool windows = false;
    for (const SelectItem* item : inner.projection) {
        if (isa<Star>(item->expr) || has_aggregate(*item, n.language())) return nullptr;
        windows = windows || has_window(*item);
    }
    if (!windows) return nullptr;
    DerivedColumns d{n, derived->alias.empty() ? "" : std::string(n.fold(derived->alias).text), {}, {}};
    for (const SelectItem* item : inner.projection) {
        std::string name;
        if (!item->alias.empty())
            name = n.fold(item->alias).text;
        else if (auto* c = dyn_cast<ColumnRef>(item->expr); c && !c->path.empty())
            name = n.fold(c->path.back()).text;
        if (name.empty()) continue;
        auto [it, inserted] = d.columns.emplace(name, item);
        if (!inserted) it->second = nullptr;
    }
    std::vector<SelectItem*> projection;
    for (SelectItem* item : q.projection) {
        const Node* e = n.substituted(item->expr);
        if (auto* star = dyn_cast<Star>(e)) {
            bool whole = star->pattern.empty() && star->except.empty() && star->replace.empty() &&
                         (star->qualifier.empty() || (star->qualifier.size() == 1 && !d.alias.empty() &&
                                                      n.fold(star->qualifier[0]).text == d.alias));
            if (!whole) return nullptr;
            projection.insert(projection.end(), inner.projection.begin(), inner.projection.end());
            d.reads_window = true;
            continue;
        }
        if (!d.collect(e)) return nullptr;
        // `SELECT d.rn` over `ROW_NUMBER() .. AS rn` keeps its output name rn.
        auto* c = dyn_cast<ColumnRef>(e);
        const SelectItem* named = c && item->alias.empty() ? d.item(*c) : nullptr;
        if (named && !named->alias.empty()) {
            auto* renamed = n.copy(*item);
            renamed->alias = named->alias;
            projection.push_back(renamed);
            continue;
        }
        projection.push_back(item);
    }
    for (const Node* part : {static_cast<const Node*>(q.filter), static_cast<const Node*>(q.limit),
                             static_cast<const Node*>(q.offset)})
        if (!d.collect(part)) return nullptr;
    for (const OrderItem* o : q.order_by)
        if (!d.collect(o)) return nullptr;
    for (auto [from, to] : d.substitutions) n.substitute(from, to);
    Query* merged = merged_over(n, q, inner);
    // When the outer block reads no window column, the windows are computed for nothing: the outer filter is
    // a WHERE like the derived table's (merged_over ANDs them), as derived-table-flatten would make it.
    if (d.reads_window) {
        merged->filter = inner.filter;
        merged->qualify = q.filter;
        merged->windows = inner.windows;
    }
    merged->projection = n.arena().list(projection);
    return merged;
}

}  // namespace

const RuleHooks window_filter_as_qualify = {.written_query = &as_qualify};

}  // namespace qdiff::normalizing::rules
