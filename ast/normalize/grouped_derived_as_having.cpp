// grouped-derived-as-having: `SELECT k FROM (SELECT k, SUM(v) AS s FROM t GROUP BY k) AS d WHERE s > 100`
// is `SELECT k FROM t GROUP BY k HAVING SUM(v) > 100`. A block over a derived table that groups (or
// aggregates without GROUP BY: one row) and that only filters, projects, sorts and limits reads one row
// per group: its WHERE keeps the groups HAVING would keep, tested on the same expressions, its select
// list, DISTINCT, ORDER BY, LIMIT and OFFSET apply to those rows as they would in the grouping block. So
// the two blocks are one: the derived table's FROM, WHERE and GROUP BY, its HAVING ANDed with the outer
// WHERE, and the outer select list and the rest, each outer reference to a derived column reading the
// expression it names. SQL only. Not when the derived table has DISTINCT, ORDER BY, LIMIT, OFFSET,
// QUALIFY, window functions or a set operation (they choose or number rows after the grouping), nor when
// the outer block reads anything but its named columns (a subquery, a correlation, `*` of an unnamed
// item) or groups, aggregates or computes windows itself.
#include "ast/normalize/block_rewrite.hpp"
#include "ast/normalize/derived_columns.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

Query* as_having(Normalizer& n, const Query& q) {
    if (n.language() != Language::Sql || q.sources.size() != 1 || !q.joins.empty() || !q.group_by.empty() ||
        !q.aggregations.empty() || q.having || q.qualify || !q.windows.empty() || !q.set_ops.empty() ||
        !q.ctes.empty() || !q.options.empty() || !q.search.empty() || !q.distinct_on.empty())
        return nullptr;
    auto* derived = dyn_cast<DerivedTable>(n.substituted(q.sources[0]));
    if (!derived || derived->lateral || !derived->column_aliases.empty() || !derived->query) return nullptr;
    const Query& inner = *derived->query;
    if (!inner.ctes.empty() || inner.recursive || inner.distinct != DistinctKind::None || !inner.aggregations.empty() ||
        inner.qualify || !inner.windows.empty() || !inner.set_ops.empty() || !inner.order_by.empty() || inner.limit ||
        inner.offset || !inner.options.empty() || !inner.search.empty() || inner.projection.empty() ||
        inner.sources.empty())
        return nullptr;
    bool grouped = !inner.group_by.empty() || inner.having;
    for (const SelectItem* item : inner.projection) {
        if (isa<Star>(item->expr) || has_window(*item)) return nullptr;
        grouped = grouped || has_aggregate(*item, n.language());
    }
    if (!grouped) return nullptr;  // derived-table-flatten's
    for (const SelectItem* item : q.projection)
        if (has_aggregate(*item, n.language()) || has_window(*item)) return nullptr;
    DerivedColumns d(n, *derived);
    std::vector<SelectItem*> projection;
    if (!d.outer_block(q, projection)) return nullptr;
    d.apply();
    Query* merged = merged_over(n, q, inner);
    merged->filter = inner.filter;
    merged->group_by = inner.group_by;
    if (q.filter)
        merged->having = inner.having ? n.make_binary(BinaryOp::And, inner.having, q.filter, q.filter->span) : q.filter;
    else
        merged->having = inner.having;
    merged->projection = n.arena().list(projection);
    return merged;
}

}  // namespace

const RuleHooks grouped_derived_as_having = {.written_query = &as_having};

}  // namespace qdiff::normalizing::rules
