// The one edit distance (support/strings.hpp) and its variants.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

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

TEST_CASE("edit distance: the case-sensitive unbounded variant", "[support][edit_distance]") {
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

namespace {
// The textbook full-matrix optimal string alignment (or Levenshtein), case-sensitive: the reference the
// fast version (affixes stripped, rows on the stack, early stop) must agree with.
size_t reference_distance(const std::string& a, const std::string& b, bool transpositions) {
    std::vector<std::vector<size_t>> d(a.size() + 1, std::vector<size_t>(b.size() + 1));
    for (size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
    for (size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
    for (size_t i = 1; i <= a.size(); ++i)
        for (size_t j = 1; j <= b.size(); ++j) {
            size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
            d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
            if (transpositions && i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
        }
    return d[a.size()][b.size()];
}
}  // namespace

TEST_CASE("edit distance: agrees with the full-matrix definition on random strings", "[support][edit_distance]") {
    std::mt19937 random(20261124);
    auto word = [&](size_t max_length) {
        std::string s(std::uniform_int_distribution<size_t>(0, max_length)(random), 'a');
        for (char& c : s) c = "abcAB"[std::uniform_int_distribution<int>(0, 4)(random)];
        return s;
    };
    for (int trial = 0; trial < 2000; ++trial) {
        // Lengths cross the 64-character rows kept on the stack; shared affixes are common.
        std::string affix = word(3), a = affix + word(trial % 10 == 0 ? 90 : 12) + affix,
                    b = affix + word(trial % 10 == 0 ? 90 : 12) + affix;
        for (bool transpositions : {false, true}) {
            size_t expected = reference_distance(a, b, transpositions);
            const EditDistanceOptions unbounded{
                .limit = SIZE_MAX, .ignore_case = false, .transpositions = transpositions};
            CHECK(edit_distance(a, b, unbounded) == expected);
            const EditDistanceOptions bounded{.limit = 3, .ignore_case = false, .transpositions = transpositions};
            CHECK(edit_distance(a, b, bounded) == std::min<size_t>(expected, 4));
        }
    }
}

TEST_CASE("counted: a count with its noun, plural unless one", "[support]") {
    CHECK(qdiff::support::counted(0, "row") == "0 rows");
    CHECK(qdiff::support::counted(1, "row") == "1 row");
    CHECK(qdiff::support::counted(2, "database") == "2 databases");
}
