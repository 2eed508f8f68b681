// Printers of the unified AST.
#pragma once
#include <set>
#include <string>
#include <string_view>

#include "qdiff/ast.hpp"
#include "qdiff/dialect.hpp"

namespace qdiff {

struct PrintOptions {
    bool spans = false;   // include each node's byte span
    bool pretty = false;  // indent
    Dialect dialect = Dialect::Generic;  // to_sql: string escapes as the dialect reads them
};

// A query of one dialect as SQLite runs it (the synthesized databases and `sqlite:PATH` are SQLite):
// to_sql's text with each construct in SQLite's spelling and the source dialect's meaning (TOP n and
// FETCH FIRST as LIMIT n, ILIKE as LIKE, `x::int` as CAST(x AS INT), DATE '2020-01-01' as the text
// '2020-01-01', ISNULL as IFNULL, ...). It runs on SQLite but need not parse back to an equal AST.
struct SqliteText {
    std::string sql;
    // The first construct SQLite has no spelling for ("QUALIFY", "TOP .. PERCENT"); `sql` is then not
    // SQLite's and must not run. Empty when every construct has one.
    std::string untranslatable;
};
// The columns of the database a query runs on whose declared type is DATE (`dates`) or a timestamp (TIMESTAMP,
// DATETIME: `timestamps`), by name in lower case; a name declared otherwise in another table is in neither.
// SQLite keeps dates as text, so only the schema says that `a - b` subtracts two dates, which PostgreSQL,
// Snowflake and DuckDB count in days and MySQL as the numbers YYYYMMDD.
struct SqliteDateColumns {
    std::set<std::string> dates, timestamps;
};
// `zero_divisor_fails`: a division by zero fails in SQLite too where it fails in `source` (PostgreSQL, T-SQL,
// BigQuery, Snowflake), as on a real database; else it gives SQLite's NULL (synthesized data, whose zero
// divisors real data need not have).
SqliteText to_sqlite(const ast::Node& node, Dialect source, bool zero_divisor_fails = false,
                     const SqliteDateColumns& date_columns = {});
// SQLite's message when such a division meets a zero divisor (the printed SQL fails through json_extract's
// error on this path: SQLite's RAISE works only in triggers).
inline constexpr std::string_view kSqliteZeroDivisorError = "JSON path error near 'division by zero'";

// Every non-empty field, in declaration order: {"kind": "Query", "projection": [...], ...}.
std::string to_json(const ast::Node& node, const PrintOptions& options = {});
// (Query :projection ((SelectItem :expr (ColumnRef :path (a)))) ...)
std::string to_sexpr(const ast::Node& node, const PrintOptions& options = {});
// Canonical SQL-ish text: one spelling per construct, parenthesised by precedence. For SQL input it
// parses back to an equal AST (the identity property the tests check).
std::string to_sql(const ast::Node& node, const PrintOptions& options = {});
// Canonical KQL text: a lowered KQL AST prints as one pipeline per block, in the order of the block's
// stages (joins, search, where, summarize, where (having), project/extend/distinct, union,
// sort/top/take, then operators kept as options), so that parsing the text again gives an equal AST
// (the KQL identity property the tests check).
std::string to_kql(const ast::Node& node);
// One part of a normalized query, shown as a KQL user writes it (diff/atom_spelling.cpp): the columns
// of `unqualified_table` as a pipeline's input names them (`name`, not the normalizer's `T.name`; ""
// for none), count(*) as count(), a timespan in the largest unit that holds it whole (7d, not 604800s).
std::string to_kql(const ast::Node& node, std::string_view unqualified_table);
// Whether to_kql writes all of `node` in KQL: not a node only other languages produce (EXISTS, ANY/ALL,
// GROUPING SETS, a CASE without ELSE, a CAST to a type KQL has no conversion to), which it prints by
// its kind's name.
bool kql_prints(const ast::Node& node);
// A join's kind as KQL's `join kind=` writes it (innerunique, leftouter, leftanti, ...).
std::string_view kql_join_kind(ast::JoinKind kind);

}  // namespace qdiff
