// kql-emptiness: KQL `strlen(x) > 0` is `isnotempty(x)`, and `strlen(x) == 0` is `isempty(x)` (also
// `!= 0`, `>= 1`, `< 1`, `<= 0`, either way round; `not(isempty(x))` is `isnotempty(x)`). Kusto's
// strlen takes a string or a dynamic value (Kusto.Language rejects any other type: KS141), and reads a
// dynamic value as its text; isempty is true for the empty string and for null, false for any other
// value (the documentation's table: `parsejson("[]")` and `parsejson("{}")` are not empty, and their
// text is not empty either). A null string or dynamic has the empty text, so both tests agree on every
// value strlen accepts. KQL only: SQL's LENGTH(NULL) is NULL, not 0.
#include "ast/normalize/normalizer.hpp"
#include "ast/semantics/operators.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

// The argument of a KQL strlen call (length after function-synonyms), or null.
Expr* strlen_argument(const Expr* e) {
    auto* f = dyn_cast<FunctionCall>(e);
    if (!f || f->over || f->distinct || f->args.size() != 1) return nullptr;
    std::string name = Normalizer::function_name(f);
    return name == "length" || name == "strlen" ? f->args[0] : nullptr;
}

Expr* emptiness_test(Normalizer& n, bool empty, Expr* argument, Span span) {
    auto* f = n.arena().make<FunctionCall>();
    f->span = span;
    f->name = n.arena().list(std::vector<Name>{Name{empty ? "isempty" : "isnotempty", false}});
    f->args = n.arena().list(std::vector<Expr*>{argument});
    return f;
}

Expr* as_emptiness(Normalizer& n, Expr* e) {
    if (n.language() != Language::Kql) return e;
    if (auto* u = dyn_cast<Unary>(e); u && u->op == UnaryOp::Not) {
        auto* f = dyn_cast<FunctionCall>(u->operand);
        if (f && !f->over && f->args.size() == 1) {
            std::string name = Normalizer::function_name(f);
            if (name == "isempty" || name == "isnotempty") return emptiness_test(n, name == "isnotempty", f->args[0], u->span);
        }
        return e;
    }
    auto* b = dyn_cast<Binary>(e);
    if (!b) return e;
    BinaryOp op = b->op;
    Expr* argument = strlen_argument(b->lhs);
    const Expr* bound = b->rhs;
    if (!argument) {
        argument = strlen_argument(b->rhs);
        bound = b->lhs;
        op = semantics::flipped(op).value_or(op);
    }
    auto value = number(bound);
    if (!argument || !value) return e;
    bool not_empty = ((op == BinaryOp::Gt || op == BinaryOp::NotEq) && *value == 0) || (op == BinaryOp::GtEq && *value == 1);
    bool empty = (op == BinaryOp::Eq && *value == 0) || (op == BinaryOp::Lt && *value == 1) ||
                 (op == BinaryOp::LtEq && *value == 0);
    if (!not_empty && !empty) return e;
    return emptiness_test(n, empty, argument, b->span);
}

}  // namespace

const RuleHooks kql_emptiness = {.expr = &as_emptiness};

}  // namespace qdiff::normalizing::rules
