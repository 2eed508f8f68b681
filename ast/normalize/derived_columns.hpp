// The columns of a derived table as the block over it reads them (window-filter-as-qualify,
// grouped-derived-as-having): each outer reference to one of its columns is the expression that column
// names, registered with Normalizer::substitute once the caller merges the two blocks.
#pragma once
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "ast/normalize/normalizer.hpp"

namespace qdiff::normalizing {

inline bool has_window(const ast::Node& node) {
    if (ast::isa<ast::Query>(&node)) return false;
    if (auto* f = ast::dyn_cast<ast::FunctionCall>(&node); f && f->over) return true;
    bool found = false;
    ast::for_each_child(node, [&](const ast::Node& c) { found = found || has_window(c); });
    return found;
}

struct DerivedColumns {
    Normalizer& n;
    const ast::Query& inner;
    std::string alias;                                       // folded; empty when the derived table has none
    std::map<std::string, const ast::SelectItem*> columns;  // folded output name -> item (null: ambiguous)
    std::vector<std::pair<const ast::Node*, const ast::Node*>> substitutions;
    bool reads_window = false;  // an outer reference reads a column that computes a window

    DerivedColumns(Normalizer& normalizer, const ast::DerivedTable& derived)
        : n(normalizer), inner(*derived.query) {
        if (!derived.alias.empty()) alias = n.fold(derived.alias).text;
        for (const ast::SelectItem* item : inner.projection) {
            std::string name;
            if (!item->alias.empty())
                name = n.fold(item->alias).text;
            else if (auto* c = ast::dyn_cast<ast::ColumnRef>(item->expr); c && !c->path.empty())
                name = n.fold(c->path.back()).text;
            if (name.empty()) continue;
            auto [it, inserted] = columns.emplace(name, item);
            if (!inserted) it->second = nullptr;  // two columns of one name: a reference to it is ambiguous
        }
    }

    const ast::SelectItem* item(const ast::ColumnRef& c) {
        if (c.path.empty() || c.path.size() > 2) return nullptr;
        if (c.path.size() == 2 && (alias.empty() || n.fold(c.path[0]).text != alias)) return nullptr;
        auto it = columns.find(std::string(n.fold(c.path.back()).text));
        return it == columns.end() ? nullptr : it->second;
    }

    // Records the substitutions of `node`'s column references; false when one cannot be made (a
    // reference to no column of the derived table, a subquery, a lambda, a star).
    bool collect(const ast::Node* node) {
        if (!node) return true;
        node = n.substituted(node);
        if (ast::isa<ast::Query>(node) || ast::isa<ast::Lambda>(node) || ast::isa<ast::Star>(node)) return false;
        if (auto* c = ast::dyn_cast<ast::ColumnRef>(node)) {
            const ast::SelectItem* named = item(*c);
            if (!named) return false;
            substitutions.emplace_back(node, named->expr);
            reads_window = reads_window || has_window(*named->expr);
            return true;
        }
        bool ok = true;
        ast::for_each_child(*node, [&](const ast::Node& child) { ok = ok && collect(&child); });
        return ok;
    }

    // The outer select list read through the derived table: a bare `*` (or `d.*`) is its select list, a
    // plain reference to an aliased column keeps the alias as its output name. False when an item
    // cannot be read so.
    bool projection(const ast::List<ast::SelectItem*>& outer, std::vector<ast::SelectItem*>& out) {
        for (ast::SelectItem* item : outer) {
            const ast::Node* e = n.substituted(item->expr);
            if (auto* star = ast::dyn_cast<ast::Star>(e)) {
                bool whole = star->pattern.empty() && star->except.empty() && star->replace.empty() &&
                             (star->qualifier.empty() || (star->qualifier.size() == 1 && !alias.empty() &&
                                                          n.fold(star->qualifier[0]).text == alias));
                if (!whole) return false;
                out.insert(out.end(), inner.projection.begin(), inner.projection.end());
                for (const ast::SelectItem* i : inner.projection) reads_window = reads_window || has_window(*i);
                continue;
            }
            if (!collect(e)) return false;
            auto* c = ast::dyn_cast<ast::ColumnRef>(e);
            const ast::SelectItem* named = c && item->alias.empty() ? this->item(*c) : nullptr;
            if (named && !named->alias.empty()) {
                auto* renamed = n.copy(*item);
                renamed->alias = named->alias;
                out.push_back(renamed);
                continue;
            }
            out.push_back(item);
        }
        return true;
    }

    // The whole outer block read through the derived table: its select list (into `out`), WHERE, LIMIT,
    // OFFSET and ORDER BY. False when a part cannot be read so.
    bool outer_block(const ast::Query& outer, std::vector<ast::SelectItem*>& out) {
        if (!projection(outer.projection, out)) return false;
        for (const ast::Node* part : {static_cast<const ast::Node*>(outer.filter),
                                      static_cast<const ast::Node*>(outer.limit),
                                      static_cast<const ast::Node*>(outer.offset)})
            if (!collect(part)) return false;
        for (const ast::OrderItem* o : outer.order_by)
            if (!collect(o)) return false;
        return true;
    }

    void apply() {
        for (auto [from, to] : substitutions) n.substitute(from, to);
    }
};

}  // namespace qdiff::normalizing
