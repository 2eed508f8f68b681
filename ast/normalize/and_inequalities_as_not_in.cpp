// and-inequalities-as-not-in: x <> a AND x <> b AND NOT x IN (c) is NOT x IN (a, b, c), the negation of
// or-equalities-as-in's form (De Morgan: NOT (x = a OR x = b) is x <> a AND x <> b, and x IN (a, b) is
// x = a OR x = b). Three-valued logic agrees: a NULL x makes every term unknown and the IN unknown; a NULL
// item makes its term unknown, and the IN unknown where no other item equals x, false where one does, as
// the AND is. Only for constant items (a literal, a parameter: a subquery or column may differ per row in
// ways the IN list would not show), and not KQL's case-insensitive !in~.
#include "ast/normalize/in_list_merge.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

// The list of a `NOT x IN (..)` term, or null.
const InList* negated_list(const Expr* e) {
    auto* u = dyn_cast<Unary>(e);
    if (!u || u->op != UnaryOp::Not) return nullptr;
    auto* in = dyn_cast<InList>(u->operand);
    if (!in || in->case_insensitive) return nullptr;
    for (const Expr* item : in->items)
        if (!is_constant(item)) return nullptr;
    return in;
}

std::vector<Expr*> merge_inequalities(Normalizer& n, BinaryOp op, std::vector<Expr*> terms, Span span) {
    if (op != BinaryOp::And) return terms;
    auto read = [](Expr* term) -> std::optional<ListTerm> {
        if (auto* b = dyn_cast<Binary>(term); b && b->op == BinaryOp::NotEq && is_constant(b->rhs))
            return ListTerm{b->lhs, {b->rhs}};
        if (const InList* in = negated_list(term)) return ListTerm{in->expr, {in->items.begin(), in->items.end()}};
        return std::nullopt;
    };
    return merge_list_terms(n, terms, span, read,
                            [&](InList* in) { return n.simplify(n.make_not(n.simplify(in), span)); });
}

}  // namespace

const RuleHooks and_inequalities_as_not_in = {.chain = &merge_inequalities};

}  // namespace qdiff::normalizing::rules
