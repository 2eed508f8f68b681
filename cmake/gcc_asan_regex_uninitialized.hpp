// Force-included (-include) into qdiff's own sources in the sanitizer build with GCC 12 or later
// (cmake/Warnings.cmake).
//
// Why: with -fsanitize=address, GCC warns -Wmaybe-uninitialized inside libstdc++'s std::regex
// automaton (std_function.h, regex_automaton.h) wherever a std::regex is built: a false positive the
// sanitizer's instrumentation provokes (GCC bug 105616, open in GCC 12 to 14). As with
// gcc12_string_restrict.hpp, the library's lines are read with the warning off and it is turned back on
// after, so every line of ours keeps -Wmaybe-uninitialized.
#pragma once
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <functional>
#include <regex>
#pragma GCC diagnostic pop
