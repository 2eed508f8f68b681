// The one edit distance of the project (support/strings.cpp): Levenshtein, by default case-insensitive
// with an adjacent transposition counted as one edit (optimal string alignment: FORM -> FROM is 1)
// and stopping early with limit + 1 once the distance exceeds `limit`, for "did you mean"
// suggestions (diagnostics/suggest.hpp; support::edit_distance(a, b, limit) in strings.hpp is that
// default). The differ's name similarity asks for unbounded case-insensitive Levenshtein without
// transpositions.
#pragma once
#include <cstddef>
#include <string_view>

namespace qdiff::support {

struct EditDistanceOptions {
    size_t limit = 3;  // SIZE_MAX: no limit
    bool ignore_case = true;
    bool transpositions = true;
};
size_t edit_distance(std::string_view a, std::string_view b, EditDistanceOptions options);

}  // namespace qdiff::support
