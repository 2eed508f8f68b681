// set-operation-order: UNION, UNION ALL and INTERSECT do not depend on the order of their operands
// (sets, or bags for UNION ALL, whose row order nothing fixes without ORDER BY), so a chain of one such
// operation lists its operands in one order: `A INTERSECT B` is `B INTERSECT A`. EXCEPT is left as it
// is, and so is a chain with ORDER BY, whose names refer to the first operand's output columns.
#include <algorithm>

#include "ast/normalize/normalizer.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

// The fields of one SELECT core: what an operand of a set operation is, without the chain's own CTEs,
// ORDER BY, LIMIT and OFFSET.
void swap_core(Query& a, Query& b) {
    std::swap(a.distinct, b.distinct);
    std::swap(a.distinct_on, b.distinct_on);
    std::swap(a.projection, b.projection);
    std::swap(a.sources, b.sources);
    std::swap(a.joins, b.joins);
    std::swap(a.search, b.search);
    std::swap(a.filter, b.filter);
    std::swap(a.aggregations, b.aggregations);
    std::swap(a.group_by, b.group_by);
    std::swap(a.having, b.having);
    std::swap(a.qualify, b.qualify);
    std::swap(a.windows, b.windows);
}

bool is_plain_core(const Query& q) {
    return q.ctes.empty() && q.set_ops.empty() && q.order_by.empty() && !q.limit && !q.offset && q.options.empty();
}

void sorted_operands(Normalizer& n, Query& q) {
    if (q.set_ops.empty() || !q.order_by.empty()) return;
    const SetOp& first = *q.set_ops[0];
    if (first.op == SetOpKind::Except) return;
    for (const SetOp* s : q.set_ops)
        if (s->op != first.op || s->all != first.all || !s->query || !is_plain_core(*s->query)) return;
    // The operands as plain cores (the head's copied out of the chain), each with its canonical text.
    std::vector<std::pair<std::string, Query*>> operands;
    Query* head = n.copy(q);
    head->ctes = {};
    head->set_ops = {};
    head->limit = head->offset = nullptr;
    head->options = {};
    operands.emplace_back(n.key(head), head);
    for (const SetOp* s : q.set_ops) operands.emplace_back(n.key(s->query), n.copy(*s->query));
    if (std::is_sorted(operands.begin(), operands.end(),
                       [](const auto& a, const auto& b) { return a.first < b.first; }))
        return;
    std::stable_sort(operands.begin(), operands.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    swap_core(q, *operands[0].second);
    std::vector<SetOp*> ops;
    for (size_t i = 0; i < q.set_ops.size(); ++i) {
        SetOp* op = n.copy(*q.set_ops[i]);
        op->query = operands[i + 1].second;
        ops.push_back(op);
    }
    q.set_ops = n.arena().list(ops);
}

}  // namespace

const RuleHooks set_operation_order = {.query = &sorted_operands};

}  // namespace qdiff::normalizing::rules
