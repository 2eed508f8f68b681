// The function catalogue's lookups over the table of ast/functions.def.
#include "ast/functions.hpp"

#include <algorithm>
#include <string>
#include <unordered_map>

#include "support/strings.hpp"

namespace qdiff::ast {
namespace {

constexpr uint8_t SQL = function_language_bit(Language::Sql);
constexpr uint8_t KQL = function_language_bit(Language::Kql);
constexpr uint8_t WEAVIATE = function_language_bit(Language::Weaviate);
constexpr FunctionKind Scalar = FunctionKind::Scalar;
constexpr FunctionKind Aggregate = FunctionKind::Aggregate;
constexpr FunctionKind AggregateOneArg = FunctionKind::AggregateOneArg;

constexpr FunctionInfo kFunctions[] = {
#define QDIFF_FUNCTION(name, languages, kind, canonical) {name, uint8_t(languages), kind, canonical},
#include "ast/functions.def"
#undef QDIFF_FUNCTION
};

const std::unordered_map<std::string_view, const FunctionInfo*>& by_name() {
    static const auto index = [] {
        std::unordered_map<std::string_view, const FunctionInfo*> out;
        for (const FunctionInfo& f : kFunctions) out.emplace(f.name, &f);
        return out;
    }();
    return index;
}

}  // namespace

bool FunctionInfo::in(Language language) const {
    return language == Language::Auto || (languages & function_language_bit(language)) != 0;
}

const FunctionInfo* find_function(std::string_view name) {
    bool lower = std::none_of(name.begin(), name.end(), [](char c) { return c >= 'A' && c <= 'Z'; });
    std::string folded = lower ? std::string() : support::to_lower(name);
    auto it = by_name().find(lower ? name : std::string_view(folded));
    return it == by_name().end() ? nullptr : it->second;
}

bool is_aggregate_call(std::string_view name, size_t args, Language language) {
    const FunctionInfo* f = find_function(name);
    if (!f || !f->aggregate() || !f->in(language)) return false;
    return f->kind != FunctionKind::AggregateOneArg || args <= 1;
}

}  // namespace qdiff::ast
