// and-inequalities-as-not-in: x <> a AND x <> b AND NOT x IN (c) is NOT x IN (a, b, c), the negation of
// or-equalities-as-in's form (De Morgan: NOT (x = a OR x = b) is x <> a AND x <> b, and x IN (a, b) is
// x = a OR x = b). Three-valued logic agrees: a NULL x makes every term unknown and the IN unknown; a NULL
// item makes its term unknown, and the IN unknown where no other item equals x, false where one does, as
// the AND is. Only for constant items (a literal, a parameter: a subquery or column may differ per row in
// ways the IN list would not show), and not KQL's case-insensitive !in~.
#include "ast/normalize/normalizer.hpp"

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
    std::map<std::string, std::vector<size_t>> by_lhs;
    for (size_t i = 0; i < terms.size(); ++i) {
        if (auto* b = dyn_cast<Binary>(terms[i]); b && b->op == BinaryOp::NotEq && is_constant(b->rhs))
            by_lhs[n.key(b->lhs)].push_back(i);
        else if (const InList* in = negated_list(terms[i]))
            by_lhs[n.key(in->expr)].push_back(i);
    }
    std::vector<char> drop(terms.size(), false);
    std::vector<Expr*> out;
    for (auto& [lhs, indexes] : by_lhs) {
        if (indexes.size() < 2) continue;
        auto* in = n.arena().make<InList>();
        in->span = span;
        std::vector<Expr*> items;
        for (size_t i : indexes) {
            drop[i] = true;
            if (auto* b = dyn_cast<Binary>(terms[i])) {
                in->expr = b->lhs;
                items.push_back(b->rhs);
            } else {
                const InList* list = negated_list(terms[i]);
                in->expr = list->expr;
                items.insert(items.end(), list->items.begin(), list->items.end());
            }
        }
        in->items = n.arena().list(items);
        out.push_back(n.simplify(n.make_not(n.simplify(in), span)));
    }
    for (size_t i = 0; i < terms.size(); ++i)
        if (!drop[i]) out.push_back(terms[i]);
    return out;
}

}  // namespace

const RuleHooks and_inequalities_as_not_in = {.chain = &merge_inequalities};

}  // namespace qdiff::normalizing::rules
