// Force-included (-include) into qdiff's own sources in the sanitizer build with GCC 12 or later
// (cmake/Warnings.cmake), before gcc12_string_restrict.hpp.
//
// Why: with -fsanitize=address, GCC warns -Wmaybe-uninitialized inside libstdc++ where the
// sanitizer's instrumentation hides that a value is set: std::regex's automaton (std_function.h,
// regex_automaton.h; GCC bug 105616, open in GCC 12 to 14) and the string held in a
// std::optional<std::variant<..., std::string>> (basic_string.h). Both are false positives reported at
// the library's lines, so, as in gcc12_string_restrict.hpp, the library is read here with the warning
// off and it is turned back on after: every line of ours keeps -Wmaybe-uninitialized. This header reads
// <string> first, so it also carries gcc12_string_restrict.hpp's -Wrestrict exception.
#pragma once
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ == 12
#pragma GCC diagnostic ignored "-Wrestrict"
#endif
#include <string>
#include <functional>
#include <optional>
#include <regex>
#include <variant>
#pragma GCC diagnostic pop
