// PERCENTILE_CONT and PERCENTILE_DISC in SQLite's terms, for to_sqlite (print_sql.cpp), which decides that a
// call is one (PostgreSQL's, Snowflake's and T-SQL's `PERCENTILE_CONT(p) WITHIN GROUP (ORDER BY x)`, BigQuery's
// `PERCENTILE_CONT(x, p) OVER ()`, MEDIAN(x)) and prints its operands. SQLite has neither function, nor (before
// 3.44) an ordered aggregate; its window functions read a partition's rows in the window's order, so the
// partition's values, sorted, are an ordered window's json_group_array, and a percentile is read from that array
// by position.
#pragma once
#include <string>

namespace qdiff::sqlite_percentile {

// The engines' definitions (PostgreSQL's, T-SQL's, Snowflake's, BigQuery's documentation agree), over the n
// values of the set that are not NULL, in the ORDER BY's order:
//   - continuous: at position p * (n - 1) (0-based), the linear interpolation of the values at the positions
//     below and above it (the value there when the position is whole);
//   - discrete: the first value whose cumulative share (its 1-based position / n) reaches p.
// NULL for a set without a value.
enum class Kind { Continuous, Discrete };

// The percentile of `value` (its SQL text) over each row's window partition: `partition` is the text of the
// partition's expressions ("a, b"; "" for the whole result). `fraction` is p's SQL text, `descending` the
// WITHIN GROUP order. The result is a window expression: it goes where a window function may go (the select
// list, ORDER BY); an aggregate of a whole table is this over the table's rows, read from one of them.
std::string windowed(Kind kind, const std::string& fraction, const std::string& value, bool descending,
                     const std::string& partition);

}  // namespace qdiff::sqlite_percentile
