// The function catalogue (ast/functions.def): for each function name qdiff knows, the languages it
// belongs to, whether it aggregates rows, and its canonical spelling across dialects. One table for
// the normalizer, the differ and the linter, so that they agree on what an aggregate is.
#pragma once
#include <cstdint>
#include <string_view>

#include "qdiff/parse.hpp"

namespace qdiff::ast {

enum class FunctionKind : uint8_t {
    Scalar,
    Aggregate,
    AggregateOneArg,  // an aggregate with one argument; with more, a scalar (SQLite's min(a, b))
};

struct FunctionInfo {
    std::string_view name;  // lower case
    uint8_t languages;      // bits of function_language_bit()
    FunctionKind kind;
    std::string_view canonical;  // the spelling synonyms normalize to; empty when it is this name

    bool in(Language language) const;  // Auto: any language
    bool aggregate() const { return kind != FunctionKind::Scalar; }
};

constexpr uint8_t function_language_bit(Language l) {
    return l == Language::Auto ? 0 : uint8_t(1u << (uint8_t(l) - 1));
}

// The entry for `name` (any case), or null.
const FunctionInfo* find_function(std::string_view name);
// A call of `name` with `args` arguments aggregates rows in `language` (Auto: in any language). A
// window (OVER) is the caller's to exclude.
bool is_aggregate_call(std::string_view name, size_t args, Language language = Language::Auto);

}  // namespace qdiff::ast
