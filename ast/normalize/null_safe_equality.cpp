// null-safe-equality: IS NOT DISTINCT FROM, MySQL <=> and SQLite IS are one test, symmetric; against
// NULL it is IS NULL. In a filter, against a non-null constant it is plain =: they differ only when
// the column is NULL, where one is false and the other unknown, and a filter drops the row either way.
#include "ast/normalize/normalizer.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

Expr* symmetric(Normalizer& n, Expr* e) {
    auto* b = dyn_cast<Binary>(e);
    if (!b || b->op != BinaryOp::IsDistinctFrom) return e;
    if (n.key(b->lhs) > n.key(b->rhs)) std::swap(b->lhs, b->rhs);
    for (auto [null_side, other] : {std::pair{b->lhs, b->rhs}, std::pair{b->rhs, b->lhs}}) {
        if (auto* l = dyn_cast<Literal>(null_side); l && l->type == LiteralType::Null) {
            auto* is_null = n.arena().make<Unary>();
            is_null->op = UnaryOp::IsNull;
            is_null->operand = other;
            is_null->span = b->span;
            return n.make_not(is_null, b->span);
        }
    }
    return b;
}

bool is_non_null_constant(const Expr* e) {
    auto* l = dyn_cast<Literal>(e);
    return l && l->type != LiteralType::Null;
}

void as_equality_in_filters(Normalizer& n, Query& q) {
    for (Expr** clause : {&q.filter, &q.having}) {
        if (!*clause) continue;
        std::vector<Expr*> terms;
        Normalizer::flatten(*clause, BinaryOp::And, terms);
        bool changed = false;
        for (Expr*& t : terms) {
            auto* u = dyn_cast<Unary>(t);
            auto* b = u && u->op == UnaryOp::Not ? dyn_cast<Binary>(u->operand) : nullptr;
            if (!b || b->op != BinaryOp::IsDistinctFrom) continue;
            Expr* constant = is_non_null_constant(b->rhs) ? b->rhs : is_non_null_constant(b->lhs) ? b->lhs : nullptr;
            if (!constant) continue;
            t = n.simplify(n.make_binary(BinaryOp::Eq, constant == b->rhs ? b->lhs : b->rhs, constant, t->span));
            changed = true;
        }
        if (changed) *clause = n.sorted_chain(BinaryOp::And, terms, (*clause)->span);
    }
}

}  // namespace

const RuleHooks null_safe_equality = {.expr = &symmetric, .query = &as_equality_in_filters};

}  // namespace qdiff::normalizing::rules
