#include "lint/weaviate/filters.hpp"

#include "lint/rule.hpp"

namespace qdiff::linting::weaviate {

void for_each_filter_leaf(const LintContext& ctx, const std::function<void(const FilterLeaf&)>& f) {
    if (ctx.schema() == nullptr) return;
    for (const ast::Statement* st : ctx.script.statements) {
        auto* q = ast::dyn_cast<ast::Query>(st);
        const ast::TableRef* ref = q ? collection_ref(*q) : nullptr;
        const Table* collection =
            ref && !ref->name.empty() ? find_collection(*ctx.schema(), ref->name.back().text) : nullptr;
        if (!collection || !q->filter) continue;
        kql::for_each_node(*q->filter, [&](const ast::Node& n) {
            auto* test = ast::dyn_cast<ast::Binary>(&n);
            auto* path = test ? ast::dyn_cast<ast::ColumnRef>(test->lhs) : nullptr;
            if (!path) return;
            PropertyLookup p = resolve_property(*ctx.schema(), *collection, *path);
            if (!p.property) return;
            const ast::Literal* value = ast::dyn_cast<ast::Literal>(test->rhs);
            if (auto* list = ast::dyn_cast<ast::Array>(test->rhs); list && !list->items.empty())
                value = ast::dyn_cast<ast::Literal>(list->items[0]);
            f({test, p.property, value});
        });
    }
}

std::string_view value_argument(const ast::Literal& value) {
    switch (value.type) {
        case ast::LiteralType::Integer: return "valueInt";
        case ast::LiteralType::Decimal: return "valueNumber";
        case ast::LiteralType::String: return "valueText";
        case ast::LiteralType::Boolean: return "valueBoolean";
        case ast::LiteralType::Datetime: return "valueDate";
        default: return "the value";
    }
}

std::string type_word(const Column& property) {
    if (!property.declared_type.empty()) return property.declared_type;
    switch (property.type) {
        case ColumnType::Text: return "text";
        case ColumnType::Integer: return "int";
        case ColumnType::Real: return "number";
        case ColumnType::Boolean: return "boolean";
        case ColumnType::DateTime: return "date";
        case ColumnType::Reference: return "cross-reference";
        default: return "this";
    }
}

}  // namespace qdiff::linting::weaviate
