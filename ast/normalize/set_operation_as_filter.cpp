// set-operation-as-filter: blocks over the same one table that select the same list and differ only in
// their WHERE, joined by UNION, are one block whose WHERE is the OR of theirs, with DISTINCT:
// `SELECT a FROM t WHERE p UNION SELECT a FROM t WHERE q` is `SELECT DISTINCT a FROM t WHERE p OR q`
// (ETM's rule 3). A row is in the OR form's input when p or q is true on it, which is when it is in
// either operand's; UNION and DISTINCT then keep each distinct row once. A block without WHERE keeps
// every row, and so does the OR. INTERSECT is AND only when the list holds a NOT NULL key of t (needs
// the schema): a tuple in both operands then comes from one row on which both hold; without the key
// two different rows, one for p and one for q, may give the same tuple. Not UNION ALL (a row that
// satisfies both is counted twice) or EXCEPT, not a chain that mixes operations or has ORDER BY, LIMIT
// or OFFSET (ORDER BY names the chain's output columns), not over a join, GROUP BY, aggregates or
// windows, nor operands whose FROM or select-list expressions differ (output names are the first
// operand's, as UNION's are).
#include <string>
#include <vector>

#include "ast/normalize/block_columns.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

bool filter_only_block(const Query& q) {
    return q.sources.size() == 1 && q.joins.empty() && q.group_by.empty() && !q.having && q.aggregations.empty() &&
           q.windows.empty() && !q.qualify && q.search.empty() && q.distinct_on.empty() && q.options.empty() &&
           !q.projection.empty();
}

// The select list's expressions and the FROM item, without output names.
std::string shape(Normalizer& n, const Query& q) {
    std::string key = n.key(q.sources[0]);
    for (const SelectItem* item : q.projection) key += "\n" + n.key(item->expr);
    return key;
}

// The list holds a NOT NULL key of the block's table.
bool selects_key(Normalizer& n, const Query& q) {
    const SchemaFacts* facts = n.schema();
    if (!facts) return false;
    const Scope scope = n.scope_of(q);
    std::vector<Expr*> exprs;
    for (SelectItem* item : q.projection) exprs.push_back(item->expr);
    for (const auto& [relation, columns] : plain_columns(n, scope, exprs))
        if (!relation->table.empty() && !relation->nullable && facts->contains_not_null_key(relation->table, columns))
            return true;
    return false;
}

void operands_as_one_filter(Normalizer& n, Query& q) {
    if (n.language() != Language::Sql || q.set_ops.empty() || !q.ctes.empty() || !q.order_by.empty() || q.limit ||
        q.offset || !filter_only_block(q))
        return;
    const SetOpKind kind = q.set_ops[0]->op;
    if (kind != SetOpKind::Union && kind != SetOpKind::Intersect) return;
    for (const SetOp* s : q.set_ops)
        if (s->op != kind || s->all || !s->query || !s->query->ctes.empty() || !s->query->set_ops.empty() ||
            !s->query->order_by.empty() || s->query->limit || s->query->offset || !filter_only_block(*s->query))
            return;
    for (const SelectItem* item : q.projection)
        if (has_aggregate(*item, n.language())) return;
    const std::string head = shape(n, q);
    for (const SetOp* s : q.set_ops)
        if (shape(n, *s->query) != head) return;
    if (kind == SetOpKind::Intersect && !selects_key(n, q)) return;
    // The filters: for UNION a block without one keeps every row (so does the OR); for INTERSECT a
    // missing one is true and drops out of the AND.
    std::vector<Expr*> filters;
    bool unfiltered = false;
    auto take = [&](Expr* f) {
        if (f)
            filters.push_back(f);
        else
            unfiltered = true;
    };
    take(q.filter);
    for (const SetOp* s : q.set_ops) take(s->query->filter);
    if (kind == SetOpKind::Union)
        q.filter = unfiltered ? nullptr : n.sorted_chain(BinaryOp::Or, filters, q.span);
    else
        q.filter = filters.empty() ? nullptr : n.sorted_chain(BinaryOp::And, filters, q.span);
    q.distinct = DistinctKind::Distinct;
    q.set_ops = {};
    n.note_reshaped();
}

}  // namespace

const RuleHooks set_operation_as_filter = {.query = &operands_as_one_filter};

}  // namespace qdiff::normalizing::rules
