// A query of any SQL dialect as SQLite runs it: the synthesized databases and `sqlite:PATH` are SQLite,
// and a T-SQL `SELECT TOP 5 ..`, a PostgreSQL `x::int` or a BigQuery `DATE '2020-01-01'` fails there as
// written, which would say something about the engine, not about the query.
#pragma once
#include <optional>
#include <string>

#include "qdiff/ast_print.hpp"
#include "qdiff/parse.hpp"
#include "qdiff/schema.hpp"

namespace qdiff::results {

struct SqliteSpelling {
    std::string sql;  // the text SQLite runs
    // `sql` parsed as SQLite when it is not the text as written (the judging reads spans of the text it
    // runs); empty when the query runs as written.
    std::optional<ParseResult> parsed;
    // What the query uses that SQLite has no spelling for ("QUALIFY"): `sql` must then not run.
    std::string untranslatable;
    bool reprinted() const { return parsed.has_value(); }
};

// `sql` as written when it is SQLite's (or the generic dialect's, which stands for any and so is run as
// written); else the parsed query printed in SQLite's spelling (to_sqlite) and parsed again as SQLite.
// `parsed` is `sql` parsed (its dialect names the query's). `zero_divisor_fails`, `date_columns`: see to_sqlite
// (true, and the database's sqlite_date_columns, on a real database).
SqliteSpelling sqlite_spelling(const std::string& sql, const ParseResult& parsed, bool zero_divisor_fails = false,
                               const SqliteDateColumns& date_columns = {});
// Whether sqlite_spelling prints `parsed` anew (an SQL query of a dialect other than SQLite's or the generic
// one): only then does it read the date columns.
bool respelled_for_sqlite(const ParseResult& parsed);

// The date and timestamp columns of a schema by their declared types (DATE; TIMESTAMP.., DATETIME..), for
// to_sqlite; a name declared otherwise in another table is left out.
SqliteDateColumns sqlite_date_columns(const Schema& schema);
// The same read from an SQLite database file (read-only); none when it cannot be read.
SqliteDateColumns sqlite_date_columns(const std::string& sqlite_path);

// "the generated query uses QUALIFY (snowflake), which SQLite cannot run": the reason a case gives
// (`which` "" for a query alone: "the query uses ...").
std::string untranslatable_reason(std::string_view which, Dialect dialect, const std::string& what);

}  // namespace qdiff::results
