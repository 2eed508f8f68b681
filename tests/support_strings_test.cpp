// The one edit distance (support/strings.hpp) and its variants.
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>

#include "support/edit_distance.hpp"
#include "support/strings.hpp"

using qdiff::support::edit_distance;
using qdiff::support::EditDistanceOptions;

TEST_CASE("edit distance: the default is case-insensitive optimal string alignment", "[support][edit_distance]") {
    CHECK(edit_distance("FORM", "from") == 1);  // one transposition
    CHECK(edit_distance("select", "SELECT") == 0);
    CHECK(edit_distance("", "abc") == 3);
    CHECK(edit_distance("ca", "abc") == 3);  // OSA does not edit a transposed pair again
}

TEST_CASE("edit distance: the limit stops early with limit + 1", "[support][edit_distance]") {
    CHECK(edit_distance("kitten", "sitting", 3) == 3);
    CHECK(edit_distance("kitten", "sitting", 2) == 3);
    CHECK(edit_distance("kitten", "sitting", 1) == 2);
    CHECK(edit_distance("a", "abcdefgh", 2) == 3);  // lengths alone exceed the limit
}

TEST_CASE("edit distance: the differ's variant is plain, case-sensitive and unbounded", "[support][edit_distance]") {
    const EditDistanceOptions plain{.limit = SIZE_MAX, .ignore_case = false, .transpositions = false};
    CHECK(edit_distance("FORM", "FROM", plain) == 2);
    CHECK(edit_distance("a", "A", plain) == 1);
    CHECK(edit_distance("kitten", "sitting", plain) == 3);
    CHECK(edit_distance(std::string(100, 'a'), std::string(120, 'b'), plain) == 120);  // no limit + 1 overflow
    CHECK(edit_distance("singer_name", "name", plain) == edit_distance("name", "singer_name", plain));
}

TEST_CASE("edit distance: Weaviate's operator suggestion is case-insensitive Levenshtein", "[support][edit_distance]") {
    const EditDistanceOptions levenshtein{.limit = 3, .transpositions = false};
    CHECK(edit_distance("equal", "Equal", levenshtein) == 0);
    CHECK(edit_distance("Lkie", "Like", levenshtein) == 2);
    CHECK(edit_distance("Lkie", "Like") == 1);
    CHECK(edit_distance("GreaterThen", "LessThan", levenshtein) == 4);  // beyond the limit
}
