// set-operation-repeated: UNION and INTERSECT (without ALL) compute sets: each operand's rows count once
// whether or not the operand says DISTINCT, and an operand that occurs twice adds nothing the first did
// not (A ∪ A = A, A ∩ A = A). So in a chain of one of them, an operand's DISTINCT is dropped and a
// repeated operand is listed once; a chain left with one operand is that operand with DISTINCT
// (`q UNION q` is `SELECT DISTINCT ..` of q: ETM's rule 21). Not UNION ALL (a bag: the copy doubles its
// rows), not EXCEPT (A − A is empty), not a chain that mixes operations (its grouping matters), and a
// chain with ORDER BY keeps two operands (its ORDER BY names the chain's output columns, which a single
// block would read as its own names and columns).
#include <string>
#include <vector>

#include "ast/normalize/normalizer.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

bool is_plain_core(const Query& q) {
    return q.ctes.empty() && q.set_ops.empty() && q.order_by.empty() && !q.limit && !q.offset && q.options.empty();
}

// The canonical text of an operand as the set it contributes: without DISTINCT, and for the head
// without the chain's own CTEs, set operations, ORDER BY, LIMIT and OFFSET.
std::string set_key(Normalizer& n, const Query& core, bool head) {
    Query* c = n.copy(core);
    if (c->distinct == DistinctKind::Distinct) c->distinct = DistinctKind::None;
    if (head) {
        c->ctes = {};
        c->set_ops = {};
        c->order_by = {};
        c->limit = c->offset = nullptr;
        c->options = {};
    }
    return n.key(c);
}

void repeated_operands_once(Normalizer& n, Query& q) {
    if (n.language() != Language::Sql || q.set_ops.empty() || !q.options.empty()) return;
    const SetOpKind kind = q.set_ops[0]->op;
    if (kind != SetOpKind::Union && kind != SetOpKind::Intersect) return;
    for (const SetOp* s : q.set_ops)
        if (s->op != kind || s->all || !s->query || !is_plain_core(*s->query)) return;

    bool changed = false;
    std::vector<std::string> seen{set_key(n, q, true)};
    std::vector<SetOp*> kept;
    for (SetOp* s : q.set_ops) {
        std::string k = set_key(n, *s->query, false);
        bool repeated = false;
        for (const std::string& earlier : seen) repeated = repeated || earlier == k;
        if (repeated) {
            changed = true;
            continue;
        }
        seen.push_back(std::move(k));
        if (s->query->distinct == DistinctKind::Distinct) {
            SetOp* op = n.copy(*s);
            op->query = n.copy(*s->query);
            op->query->distinct = DistinctKind::None;
            s = op;
            changed = true;
        }
        kept.push_back(s);
    }
    if (kept.empty() && !q.order_by.empty()) {
        // ORDER BY stays over a chain: keep one repeat, without its DISTINCT, as the chain's second operand.
        SetOp* op = n.copy(*q.set_ops[0]);
        op->query = n.copy(*op->query);
        op->query->distinct = DistinctKind::None;
        kept.push_back(op);
        if (q.distinct == DistinctKind::Distinct) q.distinct = DistinctKind::None;
    } else if (kept.empty()) {
        q.distinct = DistinctKind::Distinct;
        q.set_ops = {};
        n.note_reshaped();
        return;
    } else if (q.distinct == DistinctKind::Distinct) {
        q.distinct = DistinctKind::None;
        changed = true;
    }
    if (changed) q.set_ops = n.arena().list(kept);
}

}  // namespace

const RuleHooks set_operation_repeated = {.query = &repeated_operands_once};

}  // namespace qdiff::normalizing::rules
