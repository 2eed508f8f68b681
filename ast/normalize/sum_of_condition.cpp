// sum-of-condition (needs the schema: NOT NULL columns): in SQLite a comparison is the integer 1 or 0,
// or NULL when an operand is NULL, so SUM(c) of a condition adds 1 per row where c is true; it is
// SUM(CASE WHEN c THEN 1 ELSE 0 END) when c is never NULL on the block's rows. Both are NULL over no
// rows; where c may be NULL they differ over rows on which it is NULL everywhere (SUM(c) NULL, the CASE
// form 0). Never NULL: a comparison (=, <>, <, <=, >, >=, LIKE, GLOB and the string operators LIKE
// becomes), an IN list, of operands that are non-NULL constants or columns the schema declares NOT NULL
// (not on the nullable side of an outer join), + - * of those; IS [NOT] NULL of anything; AND, OR and
// NOT of never-NULL conditions. SQLite only (elsewhere SUM of a boolean is an error or a bit).
#include "ast/normalize/block_rewrite.hpp"
#include "ast/normalize/conditional_count.hpp"
#include "ast/semantics/operators.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

bool never_null_condition(const Normalizer& n, const Scope& scope, const Expr* e) {
    if (auto* b = dyn_cast<Binary>(e)) {
        if (b->op == BinaryOp::And || b->op == BinaryOp::Or)
            return never_null_condition(n, scope, b->lhs) && never_null_condition(n, scope, b->rhs);
        return semantics::is_strict_predicate(b->op) && never_null_value(n, scope, b->lhs) && never_null_value(n, scope, b->rhs);
    }
    if (auto* u = dyn_cast<Unary>(e)) {
        if (u->op == UnaryOp::IsNull) return true;
        return u->op == UnaryOp::Not && never_null_condition(n, scope, u->operand);
    }
    if (auto* in = dyn_cast<InList>(e)) {
        if (in->case_insensitive || !never_null_value(n, scope, in->expr)) return false;
        for (const Expr* item : in->items)
            if (!isa<Literal>(item) || !never_null_value(n, scope, item)) return false;
        return true;
    }
    return false;
}

void sum_of_condition_as_case(Normalizer& n, Query& q) {
    if (!n.schema() || n.language() != Language::Sql || n.dialect() != Dialect::Sqlite) return;
    if (!block_calls(q, "sum")) return;
    Scope scope = n.scope_of(q);
    auto as_case = [&](const Node& node) -> Node* {
        auto* f = dyn_cast<FunctionCall>(&node);
        if (!f || !plain_aggregate(*f, "sum") || !never_null_condition(n, scope, f->args[0])) return nullptr;
        return sum_of_case(n, f->args[0], f->span);
    };
    // The expressions around a rewritten call were ordered by its old text: another pass orders them.
    if (replace_in_aggregates(n, q, as_case)) n.note_reshaped();
}

}  // namespace

const RuleHooks sum_of_condition = {.query = &sum_of_condition_as_case};

}  // namespace qdiff::normalizing::rules
