// The where-filter leaves of a Weaviate query with the property they test, for the type rules.
#pragma once
#include <functional>

#include "lint/rule.hpp"
#include "lint/weaviate/properties.hpp"

namespace qdiff::linting::weaviate {

struct FilterLeaf {
    const ast::Binary* test = nullptr;
    const Column* property = nullptr;
    const ast::Literal* value = nullptr;  // the value, or the first element of a list value
};

// Calls f on every leaf `path <operator> value` whose path resolves to a property.
void for_each_filter_leaf(const LintContext& ctx, const std::function<void(const FilterLeaf&)>& f);

// The Weaviate argument that wrote a value: valueText, valueInt, valueNumber, valueBoolean, valueDate.
std::string_view value_argument(const ast::Literal& value);
// The property's type as the schema spells it (text, int, number[] ...).
std::string type_word(const Column& property);

}  // namespace qdiff::linting::weaviate
