// Building an SQLite database from a PostgreSQL dump (CREATE TABLE + INSERT, as defog's databases are
// written), so that the embedded default can run benchmarks whose data ships as PostgreSQL SQL.
//
// The translation (postgres_dump.cpp has the details):
// - kept: CREATE TABLE and INSERT; skipped: SET, SELECT pg_catalog.*, CREATE SCHEMA/SEQUENCE/INDEX/
//   EXTENSION, ALTER, COMMENT, GRANT/REVOKE, OWNER changes (none of them carries rows);
// - schema prefixes (public. and every schema the dump creates) are dropped;
// - types: SERIAL -> INTEGER (a rowid alias, so ids still count up); other type names are kept, which
//   SQLite maps to the same affinities (bigint -> INTEGER, numeric -> NUMERIC, text/varchar -> TEXT);
// - `x::type` casts: dropped on literals (the column affinity converts), date(x) / datetime(x) for
//   ::date / ::timestamp; DEFAULT NOW() -> DEFAULT CURRENT_TIMESTAMP; DEFAULT nextval(...) dropped;
// - values: CURRENT_DATE, CURRENT_TIMESTAMP and NOW() use SQLite's 'now' (UTC); `t ± INTERVAL 'n unit'`,
//   DATE_TRUNC, EXTRACT(EPOCH|YEAR|MONTH|DAY FROM t) and TO_CHAR with PostgreSQL patterns become SQLite
//   date functions; a date or timestamp stored in a DATE column keeps only the date, as PostgreSQL does.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace qdiff::results {

struct DumpTranslation {
    std::vector<std::string> statements;  // SQLite statements, in dump order
    std::vector<std::string> skipped;     // the first line of every statement left out
    std::string error;                    // a statement that could not be translated, and why
};

DumpTranslation translate_postgres_dump(std::string_view dump);

// Writes a new SQLite database file (replacing `sqlite_path`) from the dump; returns an error
// message, or empty on success.
std::string build_sqlite_from_postgres_dump(std::string_view dump, const std::string& sqlite_path);

}  // namespace qdiff::results
