// One IN list from the terms of a chain that compare one expression with constants (or-equalities-as-in:
// `x = a OR x IN (b)`; and-inequalities-as-not-in: `x <> a AND NOT x IN (b)`).
#pragma once
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "ast/normalize/normalizer.hpp"

namespace qdiff::normalizing {

// A term read as `expr` compared with `items`.
struct ListTerm {
    ast::Expr* expr = nullptr;
    std::vector<ast::Expr*> items;
};

// Terms that `read` reads as lists, two or more per expression, become one list term per expression:
// `make` turns the merged IN list into the term (the list itself, or its negation); other terms stay.
inline std::vector<ast::Expr*> merge_list_terms(Normalizer& n, const std::vector<ast::Expr*>& terms, Span span,
                                                const std::function<std::optional<ListTerm>(ast::Expr*)>& read,
                                                const std::function<ast::Expr*(ast::InList*)>& make) {
    std::vector<std::optional<ListTerm>> read_terms;
    std::map<std::string, std::vector<size_t>> by_expr;
    for (size_t i = 0; i < terms.size(); ++i) {
        read_terms.push_back(read(terms[i]));
        if (read_terms.back()) by_expr[n.key(read_terms.back()->expr)].push_back(i);
    }
    std::vector<char> drop(terms.size(), false);
    std::vector<ast::Expr*> out;
    for (auto& [expr, indexes] : by_expr) {
        if (indexes.size() < 2) continue;
        auto* in = n.arena().make<ast::InList>();
        in->span = span;
        std::vector<ast::Expr*> items;
        for (size_t i : indexes) {
            drop[i] = true;
            in->expr = read_terms[i]->expr;
            items.insert(items.end(), read_terms[i]->items.begin(), read_terms[i]->items.end());
        }
        in->items = n.arena().list(items);
        out.push_back(make(in));
    }
    for (size_t i = 0; i < terms.size(); ++i)
        if (!drop[i]) out.push_back(terms[i]);
    return out;
}

}  // namespace qdiff::normalizing
