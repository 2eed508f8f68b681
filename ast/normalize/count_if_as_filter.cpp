// count-if-as-filter: `SELECT COUNT(CASE WHEN p THEN 1 END) FROM t` (BigQuery's COUNTIF(p), KQL's countif
// in SQL) is `SELECT COUNT(*) FROM t WHERE p`: without GROUP BY both give one row, the number of rows where
// p holds (CASE WHEN p THEN 1 END is NULL, and not counted, where p is false or NULL), and 0 over no rows.
// The SQL side of kql-count-if. Only when every select-list item is such a count of the same p (with a
// non-NULL constant result and no ELSE, or ELSE NULL), and the block has no GROUP BY (a group with no row
// where p holds is a row of 0, and no row at all once p filters), HAVING, DISTINCT, window or set
// operation.
#include "ast/normalize/normalizer.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

// The condition p of COUNT(CASE WHEN p THEN <constant> END), or null.
const Expr* counted_condition(const Expr* e) {
    auto* f = dyn_cast<FunctionCall>(e);
    if (!f || f->over || f->filter || f->distinct || f->args.size() != 1 || !f->arg_order.empty() ||
        Normalizer::function_name(f) != "count")
        return nullptr;
    auto* c = dyn_cast<Case>(f->args[0]);
    if (!c || c->operand || c->whens.size() != 1) return nullptr;
    if (c->else_) {
        auto* l = dyn_cast<Literal>(c->else_);
        if (!l || l->type != LiteralType::Null) return nullptr;
    }
    auto* result = dyn_cast<Literal>(c->whens[0]->result);
    if (!result || result->type == LiteralType::Null) return nullptr;
    return c->whens[0]->condition;
}

void as_filter(Normalizer& n, Query& q) {
    if (n.language() != Language::Sql || q.projection.empty() || !q.group_by.empty() || q.having ||
        !q.aggregations.empty() || q.distinct != DistinctKind::None || q.qualify || !q.windows.empty() ||
        !q.set_ops.empty() || q.sources.empty() || !q.options.empty())
        return;
    const Expr* condition = nullptr;
    for (const SelectItem* item : q.projection) {
        const Expr* p = counted_condition(item->expr);
        if (!p || (condition && n.key(p) != n.key(condition))) return;
        condition = p;
    }
    std::vector<SelectItem*> counts;
    for (SelectItem* item : q.projection) {
        auto* count = n.copy(cast<FunctionCall>(*item->expr));
        auto* star = n.arena().make<Star>();
        star->span = count->span;
        count->args = n.arena().list(std::vector<Expr*>{star});
        auto* counted = n.copy(*item);
        counted->expr = count;
        counts.push_back(counted);
    }
    q.projection = n.arena().list(counts);
    Expr* p = const_cast<Expr*>(condition);
    q.filter = q.filter ? n.sorted_chain(BinaryOp::And, {q.filter, p}, p->span) : p;
    n.note_reshaped();
}

}  // namespace

const RuleHooks count_if_as_filter = {.query = &as_filter};

}  // namespace qdiff::normalizing::rules
