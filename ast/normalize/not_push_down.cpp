// not-push-down: NOT is pushed into comparisons (NOT x > 5 is x <= 5, also under three-valued logic),
// through AND/OR by De Morgan, and into boolean literals; NOT NOT x is x.
#include "ast/normalize/normalizer.hpp"
#include "ast/semantics/operators.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

// NOT `e` (e already canonical); null when it cannot be pushed.
Expr* push_not(Normalizer& n, Expr* e, Span span) {
    if (auto* u = dyn_cast<Unary>(e); u && u->op == UnaryOp::Not) return u->operand;
    if (auto* b = dyn_cast<Binary>(e)) {
        // NOT (a op b)  ≡  a negated(op) b
        if (auto neg = semantics::negated(b->op)) return n.simplify(n.make_binary(*neg, b->lhs, b->rhs, b->span));
        if (b->op == BinaryOp::And || b->op == BinaryOp::Or) {
            std::vector<Expr*> terms;
            Normalizer::flatten(b, b->op, terms);
            for (auto*& t : terms) t = n.simplify(n.make_not(t, t->span));
            return n.sorted_chain(b->op == BinaryOp::And ? BinaryOp::Or : BinaryOp::And, terms, span);
        }
    }
    if (auto* l = dyn_cast<Literal>(e); l && l->type == LiteralType::Boolean) {
        auto* c = n.copy(*l);
        c->text = l->text == "true" ? "false" : "true";
        return c;
    }
    return nullptr;
}

Expr* pushed(Normalizer& n, Expr* e) {
    auto* u = dyn_cast<Unary>(e);
    if (!u || u->op != UnaryOp::Not) return e;
    if (Expr* p = push_not(n, u->operand, u->span)) return p;
    return u;
}

}  // namespace

const RuleHooks not_push_down = {.expr = &pushed};

}  // namespace qdiff::normalizing::rules
