// PERCENTILE_CONT and PERCENTILE_DISC in SQLite's terms, for to_sqlite (print_sql.cpp), which decides that a
// call is one (PostgreSQL's, Snowflake's and T-SQL's `PERCENTILE_CONT(p) WITHIN GROUP (ORDER BY x)`, BigQuery's
// `PERCENTILE_CONT(x, p) OVER ()`, Snowflake's MEDIAN(x)) and prints its operands. SQLite has neither function,
// nor (before 3.44) an ordered aggregate: the values are numbered in order by a window (row_number over the
// SELECT's own FROM and WHERE, partitioned by the GROUP BY or PARTITION BY keys), each key's percentile read from
// the rows at its positions, and the row or group at hand finds its key's.
#pragma once
#include <string>
#include <vector>

namespace qdiff::sqlite_percentile {

// The engines' definitions (PostgreSQL's, T-SQL's, Snowflake's, BigQuery's documentation agree), over the n
// values of the set that are not NULL, in the ORDER BY's order:
//   - continuous: at position p * (n - 1) (0-based), the linear interpolation of the values at the positions
//     below and above it (the value there when the position is whole);
//   - discrete: the first value whose cumulative share (its 1-based position / n) reaches p.
// NULL for a set without a value.
enum class Kind { Continuous, Discrete };

struct Percentile {
    Kind kind = Kind::Continuous;
    std::string fraction;  // p's SQL text
    std::string value;     // x's SQL text
    bool descending = false;
    // The SQL texts of the keys that split the rows into sets (GROUP BY's, PARTITION BY's; none: one set), the
    // SELECT's " FROM .." clause and its WHERE condition ("" for none).
    std::vector<std::string> keys;
    std::string from, where;
};

// A scalar subquery giving the percentile of the set whose keys equal the keys of the row or group where it
// stands (the key texts are read there again: inside the subquery only its own qdiff_ columns are in scope, so
// they name the enclosing SELECT's columns). An aggregate of a whole SELECT (no keys) must still make that SELECT
// an aggregate: see print_sql.cpp's percentile_function.
std::string of_rows(const Percentile& p);

}  // namespace qdiff::sqlite_percentile
