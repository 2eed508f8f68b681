// Names of the enums declared by an X-macro .def file (components.def, edit_kinds.def,
// profile_kinds.def, stages.def): each .def gives an enum value and its stable name, the spelling of
// JSON keys, profile files and CLI output. The table is indexed by the enum's value.
#pragma once
#include <cstddef>
#include <optional>
#include <string_view>

namespace qdiff {

template <class Enum, size_t N>
constexpr std::string_view enum_name_in(const std::string_view (&names)[N], Enum value) {
    return names[static_cast<size_t>(value)];
}

template <class Enum, size_t N>
constexpr std::optional<Enum> enum_named_in(const std::string_view (&names)[N], std::string_view name) {
    for (size_t i = 0; i < N; ++i)
        if (names[i] == name) return static_cast<Enum>(i);
    return std::nullopt;
}

}  // namespace qdiff
