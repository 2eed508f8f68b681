// exists-select-list: EXISTS asks only whether its subquery returns a row, so what the subquery
// selects, and DISTINCT, do not matter: `EXISTS (SELECT * ...)`, `EXISTS (SELECT 1 ...)` and
// `EXISTS (SELECT DISTINCT x ...)` are `EXISTS (SELECT 1 ...)`. Not when the select list aggregates
// without GROUP BY (then it returns one row even over no rows), nor with a set operation, LIMIT or OFFSET.
#include "ast/normalize/normalizer.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

Expr* select_one(Normalizer& n, Expr* e) {
    auto* exists = dyn_cast<Exists>(e);
    if (!exists || !exists->query || n.language() != Language::Sql) return e;
    Query* q = exists->query;
    if (!q->set_ops.empty() || q->limit || q->offset || q->projection.empty() || !q->aggregations.empty()) return e;
    if (q->group_by.empty() && !q->having)
        for (SelectItem* item : q->projection)
            if (has_aggregate(*item, n.language())) return e;
    if (q->projection.size() == 1 && q->distinct == DistinctKind::None)
        if (auto v = number(q->projection[0]->expr); v && *v == 1 && q->projection[0]->alias.empty()) return e;
    auto* one = n.arena().make<Literal>();
    one->type = LiteralType::Integer;
    one->text = "1";
    one->span = q->projection[0]->span;
    auto* item = n.arena().make<SelectItem>();
    item->expr = one;
    item->span = one->span;
    Query* c = n.copy(*q);
    c->projection = n.arena().list(std::vector<SelectItem*>{item});
    c->distinct = DistinctKind::None;
    c->distinct_on = {};
    exists->query = c;
    return exists;
}

}  // namespace

const RuleHooks exists_select_list = {.expr = &select_one};

}  // namespace qdiff::normalizing::rules
