// Comparing an expected result set with a generated one (issue 7's results match).
//
// Choices, in the order they apply:
// - Values are normalized before any comparison: NULL equals NULL; integers and reals compare by value
//   within `tolerance` (relative to the larger magnitude, absolute below 1); a text that is a whole
//   number ("1", " 2.50 ") is that number; "true"/"false" are 1/0 (engines and JSON spell booleans
//   differently); other texts are trimmed and case-sensitive; dates and timestamps in common spellings
//   (2024-01-05, 2024/01/05, 2024-01-05T10:00:00Z, 2024-01-05 10:00:00.500+00) become one spelling, a
//   midnight timestamp equals its date, and a UTC offset of zero is dropped.
// - Columns: each expected column is paired with a generated column, first by name (case-insensitive),
//   then, for the rest, by values: the pair whose value multisets overlap most goes first (aliases
//   differ, values do not); with `positional`, column i is paired with column i, as BIRD compares
//   tuples. Extra generated columns cost nothing. An expected column left without a
//   partner means no expected row can be found (unless both results are empty).
// - Rows are a bag: duplicates count, each generated row can match one expected row. Field order inside
//   a row does not matter (the pairing fixes it). When the expected query orders its result, a found row
//   must also keep its place: the rows found in the same relative order (a longest increasing run of
//   matched positions) count, the others are "out of order" and missing. Rows that tie on the ORDER BY
//   keys (`order_keys`: expected columns) may come in any order among themselves, as SQL allows; without
//   known keys every row's place counts.
// - Score: exact (the default) is test-suite's execution accuracy: 1 when the generated result is the
//   same bag of rows — every expected row found (in order when the expected query orders), no extra row
//   and no extra column — else 0. set is BIRD's official execution accuracy: the same *set* of rows —
//   duplicates and order ignored, no extra row or column. recall = expected rows found / expected
//   rows. f1 also charges extra generated rows: 2PR / (P + R) with P = found / generated rows. Both empty
//   -> 1.0; an empty expected result with generated rows -> 0 (the generated query returns rows where
//   none exist); rows expected, none generated -> 0.
// - A truncated result (row cap) is compared as read and the explanation says so.
#pragma once
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "stages/results/result_set.hpp"

namespace qdiff::results {

enum class MatchMode : uint8_t { Exact, Set, Recall, F1 };
// "exact" | "set" | "recall" | "f1"; anything else: returns false.
bool parse_match_mode(std::string_view name, MatchMode& mode);
// Why `name` is refused, naming the modes parse_match_mode accepts.
std::string unknown_match_mode(std::string_view name);

struct Comparison {
    double score = 0;
    bool ordered = false;
    size_t expected_rows = 0, generated_rows = 0;
    size_t found = 0, missing = 0, extra = 0, out_of_order = 0;
    size_t extra_columns = 0;  // generated columns no expected column paired with
    // expected column -> generated column, and how they were paired ("name" | "values").
    struct ColumnPair {
        std::string expected, generated, by;
    };
    std::vector<ColumnPair> paired_columns;
    std::vector<std::string> unpaired_columns;  // expected columns without a partner
    std::vector<std::string> missing_examples;  // the first few missing expected rows, printed
    std::string explanation;                    // all of the above in one line
};

Comparison compare_results(const ResultSet& expected, const ResultSet& generated, bool ordered,
                           MatchMode mode = MatchMode::Exact, double tolerance = 1e-6,
                           const std::vector<size_t>& order_keys = {}, bool positional = false);

// A value as it is printed in explanations: NULL, numbers, 'texts'.
std::string format_value(const Value& v);

}  // namespace qdiff::results
