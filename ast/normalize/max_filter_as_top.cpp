// max-filter-as-top (needs the schema: keys, NOT NULL): over one table t,
// `SELECT .. FROM t WHERE p AND c = (SELECT max(c) FROM t WHERE p)` is
// `SELECT .. FROM t WHERE p ORDER BY c DESC LIMIT 1` (min and ASC alike; ETM's rule 1) when c is a NOT NULL
// key of t. The subquery's max is the largest c of the rows the outer filter keeps, and as c is unique
// exactly one of them has it; the sort puts that row first. Over no rows both are empty (max is NULL,
// which equals nothing). Not for a c that may repeat (the filter keeps every tied row, LIMIT 1 one of
// them) or be NULL (a DESC sort may put a NULL row first, and rows whose c is all NULL give max NULL and
// no row against one), nor when the subquery's filter is not the outer one's other conjuncts (the max of
// other rows may be no row of these), nor with a join, GROUP BY, aggregates, DISTINCT, ORDER BY, LIMIT
// or a set operation in the outer block.
#include <algorithm>
#include <string>
#include <vector>

#include "ast/normalize/normalizer.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

bool single_table_block(const Query& q) {
    return q.sources.size() == 1 && q.joins.empty() && q.set_ops.empty() && q.group_by.empty() && !q.having &&
           q.aggregations.empty() && q.windows.empty() && !q.qualify && q.search.empty() && q.options.empty() &&
           q.ctes.empty() && q.distinct_on.empty() && !q.limit && !q.offset;
}

std::vector<std::string> sorted_keys(const Normalizer& n, const std::vector<Expr*>& conjuncts) {
    std::vector<std::string> keys;
    for (const Expr* c : conjuncts) keys.push_back(n.key(c));
    std::sort(keys.begin(), keys.end());
    return keys;
}

void extreme_filter_as_limit(Normalizer& n, Query& q) {
    const SchemaFacts* facts = n.schema();
    if (!facts || n.language() != Language::Sql || !q.filter || !single_table_block(q) || !q.order_by.empty() ||
        q.distinct != DistinctKind::None || q.projection.empty())
        return;
    for (const SelectItem* item : q.projection)
        if (has_aggregate(*item, n.language())) return;
    std::vector<Expr*> conjuncts;
    Normalizer::flatten(q.filter, BinaryOp::And, conjuncts);
    const Scope scope = n.scope_of(q);
    for (size_t i = 0; i < conjuncts.size(); ++i) {
        auto* eq = dyn_cast<Binary>(conjuncts[i]);
        if (!eq || eq->op != BinaryOp::Eq) continue;
        Expr* column = isa<SubqueryExpr>(eq->rhs) ? eq->lhs : eq->rhs;
        auto* subquery = dyn_cast<SubqueryExpr>(column == eq->lhs ? eq->rhs : eq->lhs);
        if (!subquery || !subquery->query || !isa<ColumnRef>(column)) continue;
        const Query& sub = *subquery->query;
        if (!single_table_block(sub) || !sub.order_by.empty() || sub.projection.size() != 1) continue;
        auto* f = dyn_cast<FunctionCall>(sub.projection[0]->expr);
        std::string name = f ? Normalizer::function_name(f) : "";
        if (!f || (name != "max" && name != "min") || f->args.size() != 1 || f->filter || f->over) continue;
        const Scope inner = n.scope_of(sub);
        auto c = n.resolve(scope, column), m = n.resolve(inner, f->args[0]);
        if (!c || !m || c->table != m->table || c->column != m->column || c->relation->nullable ||
            !facts->contains_not_null_key(c->table, {c->column}))
            continue;
        std::vector<Expr*> rest = conjuncts, inner_conjuncts;
        rest.erase(rest.begin() + static_cast<std::ptrdiff_t>(i));
        if (sub.filter) Normalizer::flatten(sub.filter, BinaryOp::And, inner_conjuncts);
        if (sorted_keys(n, rest) != sorted_keys(n, inner_conjuncts)) continue;
        // The ORDER BY item as the driver spells it (direction and nulls order of the dialect).
        auto* item = n.arena().make<OrderItem>();
        item->span = eq->span;
        item->dir = name == "max" ? SortDir::Desc : SortDir::Asc;
        auto* order = static_cast<OrderItem*>(n.rewrite(item));
        order->expr = column;
        q.order_by = n.arena().list(std::vector<OrderItem*>{order});
        q.limit = n.make_number(1, eq->span);
        q.filter = rest.empty() ? nullptr : n.sorted_chain(BinaryOp::And, rest, q.filter->span);
        n.note_reshaped();
        return;
    }
}

}  // namespace

const RuleHooks max_filter_as_top = {.query = &extreme_filter_as_limit};

}  // namespace qdiff::normalizing::rules
