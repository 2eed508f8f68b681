// quantified-as-in: `x = ANY (SELECT ...)` (or SOME) is `x IN (SELECT ...)`, and `x <> ALL (SELECT ...)` is
// `x NOT IN (SELECT ...)`: the SQL standard defines IN and NOT IN as these, NULLs included (a NULL x or a
// NULL in the subquery makes both unknown alike). Other operators and array operands stay as they are.
#include "ast/normalize/normalizer.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

Expr* as_in(Normalizer& n, Expr* e) {
    auto* q = dyn_cast<Quantified>(e);
    if (!q || !q->lhs) return e;
    auto* sub = dyn_cast<SubqueryExpr>(q->rhs);
    if (!sub || !sub->query) return e;
    bool in = q->op == BinaryOp::Eq && q->quantifier == Quantifier::Any;
    bool not_in = q->op == BinaryOp::NotEq && q->quantifier == Quantifier::All;
    if (!in && !not_in) return e;
    auto* membership = n.arena().make<InSubquery>();
    membership->span = q->span;
    membership->expr = q->lhs;
    membership->query = sub->query;
    Expr* out = n.simplify(membership);
    return not_in ? n.simplify(n.make_not(out, q->span)) : out;
}

}  // namespace

const RuleHooks quantified_as_in = {.expr = &as_in};

}  // namespace qdiff::normalizing::rules
