// except-as-not-in (needs the schema: keys, NOT NULL, column types): `SELECT c FROM t [WHERE p] EXCEPT
// SELECT d FROM u [WHERE q]` is `SELECT c FROM t WHERE p AND c NOT IN (SELECT d FROM u WHERE q)` (ETM's
// rule 5) when c is a NOT NULL key of t and d is NOT NULL in u. EXCEPT returns the distinct rows of its
// left side that its right side lacks, NULL counting as a value; the filter form keeps each row of t
// whose c is not among the d. They meet when no NULL is on either side (a NULL d makes every
// `c NOT IN` unknown, so the filter form is empty where EXCEPT is not; a NULL c is a row of EXCEPT's
// output and of no NOT IN) and the rows of t have distinct c (EXCEPT removes duplicates, the filter
// does not). And `c = d` must mean one value as EXCEPT's comparison does: no conversion or collation
// between them (the test of join-equal-columns: the same SQLite affinity, or two integer columns).
// Not EXCEPT ALL, a chain of more than two operands or with ORDER BY, LIMIT or OFFSET, nor operands
// that join, group, aggregate or select more than one column.
#include <vector>

#include "ast/normalize/block_columns.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

// A block over one table selecting one column, with nothing but a WHERE besides.
bool one_column_of_one_table(const Query& q) {
    return q.projection.size() == 1 && q.sources.size() == 1 && q.joins.empty() && q.group_by.empty() &&
           !q.having && q.aggregations.empty() && q.windows.empty() && !q.qualify && q.search.empty() &&
           q.distinct_on.empty() && q.options.empty();
}

void except_as_filter(Normalizer& n, Query& q) {
    const SchemaFacts* facts = n.schema();
    if (!facts || n.language() != Language::Sql || q.set_ops.size() != 1 || !q.ctes.empty() ||
        !q.order_by.empty() || q.limit || q.offset || !one_column_of_one_table(q))
        return;
    const SetOp& op = *q.set_ops[0];
    const Query* right = op.query;
    if (op.op != SetOpKind::Except || op.all || !right || !one_column_of_one_table(*right) ||
        !right->ctes.empty() || !right->set_ops.empty() || !right->order_by.empty() || right->limit || right->offset)
        return;
    if (has_aggregate(*q.projection[0], n.language()) || has_aggregate(*right->projection[0], n.language())) return;
    const Scope left_scope = n.scope_of(q), right_scope = n.scope_of(*right);  // what c and d point into
    auto c = n.resolve(left_scope, q.projection[0]->expr);
    auto d = n.resolve(right_scope, right->projection[0]->expr);
    if (!c || !d || c->relation->nullable || d->relation->nullable ||
        !facts->contains_not_null_key(c->table, {c->column}) || !facts->not_null(d->table, d->column) ||
        !same_value_when_equal(n, *c, *d))
        return;
    Query* sub = n.copy(*right);
    sub->distinct = DistinctKind::None;
    auto* in = n.arena().make<InSubquery>();
    in->span = op.span;
    in->expr = q.projection[0]->expr;
    in->query = sub;
    std::vector<Expr*> conjuncts;
    if (q.filter) Normalizer::flatten(q.filter, BinaryOp::And, conjuncts);
    conjuncts.push_back(n.simplify(n.make_not(n.simplify(in), op.span)));
    q.filter = n.sorted_chain(BinaryOp::And, conjuncts, q.filter ? q.filter->span : op.span);
    q.set_ops = {};
    q.distinct = DistinctKind::None;  // c is a key: the rows are distinct already
    n.note_reshaped();
}

}  // namespace

const RuleHooks except_as_not_in = {.query = &except_as_filter};

}  // namespace qdiff::normalizing::rules
