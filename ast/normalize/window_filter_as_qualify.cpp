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
#include "ast/normalize/derived_columns.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

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
    DerivedColumns d(n, *derived);
    std::vector<SelectItem*> projection;
    if (!d.outer_block(q, projection)) return nullptr;
    d.apply();
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
