// Rewriting the expressions of one query block from a query rule, which runs on the canonical block
// after its parts: `replace_in_block` copies what changes (a node may be shared with another place,
// which keeps its meaning) and leaves subqueries alone (they resolve names of their own).
#pragma once
#include <deque>
#include <type_traits>
#include <vector>

#include "ast/normalize/normalizer.hpp"

namespace qdiff::normalizing {

namespace block_rewrite_detail {

template <class T>
struct list_item {};
template <class T>
struct list_item<ast::List<T*>> {
    using type = T;
};

// A copy of `node` of its own type.
inline ast::Node* clone(Normalizer& n, const ast::Node& node) {
    switch (node.kind) {
#define QDIFF_NODE(Class) \
    case ast::Kind::Class: \
        return n.copy(static_cast<const ast::Class&>(node));
#include "qdiff/ast_nodes.def"
#undef QDIFF_NODE
    }
    return nullptr;
}

}  // namespace block_rewrite_detail

// `node` with every node for which `replace(const Node&)` returns a replacement replaced (that node's
// children are not visited then); the same node when nothing is replaced. Subqueries are not entered.
template <class Replace>
ast::Node* replace_in_block(Normalizer& n, ast::Node* node, Replace& replace) {
    using namespace ast;
    using block_rewrite_detail::list_item;
    if (!node || isa<Query>(node)) return node;
    if (Node* r = replace(*node)) return r;
    // The fields' new values in visiting order; the copy is made only when one differs.
    std::deque<Node*> pointers;
    std::deque<std::vector<Node*>> lists;
    bool changed = false;
    visit_fields(*node, [&](std::string_view, const auto& field) {
        using T = std::decay_t<decltype(field)>;
        if constexpr (ast::detail::is_node_ptr<T>::value) {
            pointers.push_back(replace_in_block(n, field, replace));
            changed = changed || pointers.back() != field;
        } else if constexpr (ast::detail::is_node_list<T>::value) {
            std::vector<Node*>& items = lists.emplace_back();
            for (auto* item : field) {
                items.push_back(replace_in_block(n, item, replace));
                changed = changed || items.back() != item;
            }
        }
    });
    if (!changed) return node;
    Node* copy = block_rewrite_detail::clone(n, *node);
    // The copy is a fresh node of the arena: its fields may be set, though visit_fields shows them const.
    visit_fields(*copy, [&](std::string_view, const auto& field) {
        using T = std::decay_t<decltype(field)>;
        if constexpr (ast::detail::is_node_ptr<T>::value) {
            const_cast<T&>(field) = static_cast<T>(pointers.front());
            pointers.pop_front();
        } else if constexpr (ast::detail::is_node_list<T>::value) {
            using Item = typename list_item<T>::type;
            std::vector<Item*> items;
            for (Node* item : lists.front()) items.push_back(static_cast<Item*>(item));
            lists.pop_front();
            const_cast<T&>(field) = n.arena().list(items);
        }
    });
    return copy;
}

// replace_in_block over the places a block's aggregates are (the select list, HAVING, ORDER BY; those
// block_calls looks in), which are set only when something was replaced; whether it was.
template <class Replace>
bool replace_in_aggregates(Normalizer& n, ast::Query& q, Replace& replace) {
    using namespace ast;
    bool changed = false;
    std::vector<SelectItem*> projection;
    for (SelectItem* item : q.projection) {
        projection.push_back(static_cast<SelectItem*>(replace_in_block(n, item, replace)));
        changed = changed || projection.back() != item;
    }
    Expr* having = static_cast<Expr*>(replace_in_block(n, q.having, replace));
    changed = changed || having != q.having;
    std::vector<OrderItem*> order_by;
    for (OrderItem* o : q.order_by) {
        order_by.push_back(static_cast<OrderItem*>(replace_in_block(n, o, replace)));
        changed = changed || order_by.back() != o;
    }
    if (!changed) return false;
    q.projection = n.arena().list(projection);
    q.having = having;
    q.order_by = n.arena().list(order_by);
    return true;
}

// Whether the block's select list, HAVING or ORDER BY calls `function` (outside subqueries): the query
// rules that rewrite one aggregate check this before they resolve the block's names.
inline bool block_calls(const ast::Query& q, std::string_view function) {
    using namespace ast;
    auto calls = [&](const Node& node, auto& self) -> bool {
        if (isa<Query>(&node)) return false;
        if (auto* f = dyn_cast<FunctionCall>(&node); f && Normalizer::function_name(f) == function) return true;
        bool found = false;
        for_each_child(node, [&](const Node& child) { found = found || self(child, self); });
        return found;
    };
    for (const SelectItem* item : q.projection)
        if (calls(*item, calls)) return true;
    for (const OrderItem* o : q.order_by)
        if (calls(*o, calls)) return true;
    return q.having && calls(*q.having, calls);
}

// A copy of `outer` that reads what its only FROM item, the derived table `inner`, reads: inner's FROM
// items and joins, and inner's WHERE ANDed before outer's (the flattening rules then set its select list).
inline ast::Query* merged_over(Normalizer& n, const ast::Query& outer, const ast::Query& inner) {
    ast::Query* merged = n.copy(outer);
    merged->sources = inner.sources;
    merged->joins = inner.joins;
    if (inner.filter && outer.filter)
        merged->filter = n.make_binary(ast::BinaryOp::And, inner.filter, outer.filter, outer.filter->span);
    else if (inner.filter)
        merged->filter = inner.filter;
    return merged;
}

}  // namespace qdiff::normalizing
