// Small string helpers shared by the front ends and the linter.
#pragma once
#include <string>
#include <string_view>

namespace qdiff::support {

std::string to_lower(std::string_view s);
std::string to_upper(std::string_view s);
bool iequals(std::string_view a, std::string_view b);
// Optimal string alignment distance (Levenshtein plus adjacent transpositions), case-insensitive:
// FORM -> FROM is 1. Stops early and returns limit + 1 once the distance exceeds `limit`.
size_t edit_distance(std::string_view a, std::string_view b, size_t limit = 3);
// Appends s as a double-quoted string with backslash escapes (\" \\ \n \r \t, \u00XX for other
// control characters): KQL string literals and JSON strings inside dynamic(...).
void append_double_quoted(std::string& out, std::string_view s);
// `s` cut to at most `max_bytes` (at a UTF-8 character boundary) with " ... (N more bytes)" appended
// when longer: one-line text output of values that can be megabytes long (a 5,000-item IN list).
std::string shorten(std::string_view s, size_t max_bytes = 200);
// Whether `spelling` names the option `name` ("normalize-off"): as the command line spells it, or with '_'
// for '-' as JSON fields and Python keywords do.
bool option_name_matches(std::string_view name, std::string_view spelling);
// "1 row", "2 rows", "0 rows": a count with its noun, plural (an added s) unless the count is one.
std::string counted(size_t n, std::string_view noun);
// Collapses runs of white space to one space and trims the ends.
std::string fold_whitespace(std::string_view s);

}  // namespace qdiff::support
