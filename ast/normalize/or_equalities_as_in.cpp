// or-equalities-as-in: x = a OR x = b OR x IN (c) is x IN (a, b, c).
#include "ast/normalize/in_list_merge.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

std::vector<Expr*> merge_equalities(Normalizer& n, BinaryOp op, std::vector<Expr*> terms, Span span) {
    if (op != BinaryOp::Or) return terms;
    auto read = [](Expr* term) -> std::optional<ListTerm> {
        if (auto* b = dyn_cast<Binary>(term); b && b->op == BinaryOp::Eq && is_constant(b->rhs))
            return ListTerm{b->lhs, {b->rhs}};
        if (auto* in = dyn_cast<InList>(term); in && !in->case_insensitive)
            return ListTerm{in->expr, {in->items.begin(), in->items.end()}};
        return std::nullopt;
    };
    return merge_list_terms(n, terms, span, read, [&](InList* in) { return n.simplify(in); });
}

}  // namespace

const RuleHooks or_equalities_as_in = {.chain = &merge_equalities};

}  // namespace qdiff::normalizing::rules
