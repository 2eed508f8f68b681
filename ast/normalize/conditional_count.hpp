// The one spelling of "how many rows of the group meet c" that count-case-as-sum and sum-of-condition
// rewrite to: SUM(CASE WHEN c THEN 1 ELSE 0 END), which is 0 over rows none of which meets c (c false or
// NULL) and NULL over no rows, as SUM of anything is.
#pragma once
#include "ast/normalize/normalizer.hpp"

namespace qdiff::normalizing {

// SUM(CASE WHEN condition THEN 1 ELSE 0 END) in canonical form, spanning `span`.
inline ast::Expr* sum_of_case(Normalizer& n, ast::Expr* condition, Span span) {
    using namespace ast;
    auto* when = n.arena().make<When>();
    when->span = condition->span;
    when->condition = condition;
    when->result = n.make_number(1, span);
    auto* test = n.arena().make<Case>();
    test->span = span;
    test->whens = n.arena().list(std::vector<When*>{when});
    test->else_ = n.make_number(0, span);
    auto* sum = n.arena().make<FunctionCall>();
    sum->span = span;
    sum->name = n.arena().list(std::vector<Name>{Name{"sum", false}});
    sum->args = n.arena().list(std::vector<Expr*>{n.simplify(test)});
    return n.simplify(sum);
}

// `e` is never NULL on the block's rows: a non-NULL constant, a column the schema declares NOT NULL (not
// on the nullable side of an outer join), or + - * of those (/ and % are NULL for a 0 divisor).
inline bool never_null_value(const Normalizer& n, const Scope& scope, const ast::Expr* e) {
    using namespace ast;
    if (auto* l = dyn_cast<Literal>(e)) return l->type != LiteralType::Null;
    if (auto* b = dyn_cast<Binary>(e); b && (b->op == BinaryOp::Add || b->op == BinaryOp::Sub || b->op == BinaryOp::Mul))
        return never_null_value(n, scope, b->lhs) && never_null_value(n, scope, b->rhs);
    const SchemaFacts* facts = n.schema();
    auto column = facts ? n.resolve(scope, e) : std::nullopt;
    return column && !column->relation->nullable && facts->not_null(column->table, column->column);
}

// An aggregate call of the block itself: no window, FILTER or DISTINCT, one argument.
inline bool plain_aggregate(const ast::FunctionCall& f, std::string_view name) {
    return !f.over && !f.filter && !f.distinct && f.args.size() == 1 && f.arg_order.empty() &&
           Normalizer::function_name(&f) == name;
}

}  // namespace qdiff::normalizing
