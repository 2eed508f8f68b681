// Weaviate name resolution for the linter: a query's collection, and a property path resolved through
// the collection's properties and, for a cross-reference, through its target class
// (["inPublication", "Publication", "name"]: `... on Publication { name }`).
#pragma once
#include <string>

#include "lint/kql/analysis.hpp"
#include "qdiff/lint.hpp"

namespace qdiff::linting::weaviate {

// The collection a lowered query reads (its first source), or null.
const ast::TableRef* collection_ref(const ast::Query& q);
const Table* find_collection(const Schema& schema, std::string_view name);  // exact: class names are case-sensitive

struct PropertyLookup {
    bool checked = false;              // false: a meta field (_additional, id) or an unknown collection
    const Column* property = nullptr;  // the last property of the path, when every step resolved
    std::string_view missing;          // the first name that resolved to nothing
    std::string suggestion;            // the nearest property (or target class) name
};
PropertyLookup resolve_property(const Schema& schema, const Table& collection, const ast::ColumnRef& path);

// Calls f(ref) on every property reference of a query: selected fields, filter, groupBy, sort,
// searched properties, aggregated properties.
template <class F>
void for_each_property_ref(const ast::Query& q, F&& f) {
    auto visit = [&](const ast::Node* n) {
        if (n == nullptr) return;
        kql::for_each_node(*n, [&](const ast::Node& node) {
            if (auto* ref = ast::dyn_cast<ast::ColumnRef>(&node)) f(*ref);
        });
    };
    for (const ast::SelectItem* item : q.projection) visit(item->expr);
    for (const ast::SelectItem* item : q.aggregations) visit(item->expr);
    visit(q.filter);
    for (const ast::Expr* e : q.group_by) visit(e);
    for (const ast::OrderItem* o : q.order_by) visit(o->expr);
    for (const ast::Search* s : q.search)
        for (const ast::Expr* p : s->properties) visit(p);
}

// True for a declared array type (text[], int[], ...).
bool is_array(const Column& c);

}  // namespace qdiff::linting::weaviate
