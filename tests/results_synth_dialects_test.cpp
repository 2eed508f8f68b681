// Queries of other dialects than SQLite's on the synthesized (SQLite) databases: each construct such a
// dialect spells otherwise runs in SQLite's spelling (to_sqlite, stages/results/sqlite_spelling.hpp), so
// that the pair decides where the text as written fails; a construct SQLite cannot spell leaves the case
// undecided with the cause `dialect`.
#include <unistd.h>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "qdiff/ast_print.hpp"
#include "qdiff/parse.hpp"
#include "stages/results/results_stage.hpp"
#include "stages/results/sqlite_spelling.hpp"
#include "stages/results/synth/stage_source.hpp"
#include "support/synth_fixture.hpp"

using namespace qdiff;
using namespace qdiff::results;
using namespace qdiff::results::synth;

namespace {

const char* const kDdl =
    "CREATE TABLE dept (id INTEGER PRIMARY KEY, name TEXT NOT NULL, budget REAL);\n"
    "CREATE TABLE emp (id INTEGER PRIMARY KEY, name TEXT NOT NULL, age INTEGER, dept_id INTEGER NOT NULL,\n"
    "                  hired DATE, FOREIGN KEY (dept_id) REFERENCES dept(id));\n";

const Schema& schema() {
    static const Schema s = testing::schema_from_ddl(kDdl, "company.sql");
    return s;
}

ParseResult parsed_in(Dialect dialect, const std::string& sql) {
    ParseResult p = parse(sql, ParseOptions{.language = Language::Sql, .dialect = dialect});
    INFO(sql);
    REQUIRE(p.ok());
    return p;
}

// The pair as the results stage runs it, in SQLite's spelling.
SynthOutcome judged(Dialect dialect, const std::string& expected, const std::string& generated) {
    ParseResult e = parsed_in(dialect, expected), g = parsed_in(dialect, generated);
    ResultOrder order = result_order(e);
    return compare_sql_as_sqlite_runs_it(schema(), expected, e, generated, g, order.ordered, order.keys, {});
}

// The pair with its texts as written: what ran before, which SQLite cannot read.
SynthOutcome judged_as_written(Dialect dialect, const std::string& expected, const std::string& generated) {
    ParseResult e = parsed_in(dialect, expected), g = parsed_in(dialect, generated);
    ResultOrder order = result_order(e);
    return compare_on_synthesized(schema(), expected, e, generated, g, order.ordered, order.keys, {});
}

std::string sqlite_text(Dialect dialect, const std::string& sql) {
    SqliteSpelling s = sqlite_spelling(sql, parsed_in(dialect, sql));
    INFO(s.untranslatable);
    CHECK(s.untranslatable.empty());
    return s.sql;
}

// An equivalent and a different rewrite of `expected` decide on the synthesized databases, where the text
// as written left the case undecided.
void check_decides(Dialect dialect, const std::string& expected, const std::string& same, const std::string& other) {
    INFO(expected);
    CHECK(judged_as_written(dialect, expected, same).verdict == Verdict::Undecided);
    SynthOutcome equal = judged(dialect, expected, same);
    INFO(equal.reason);
    CHECK(equal.verdict == Verdict::Equal);
    SynthOutcome different = judged(dialect, expected, other);
    INFO(different.reason);
    CHECK(different.verdict == Verdict::Different);
}

}  // namespace

TEST_CASE("sqlite spelling: TOP n (T-SQL) runs as LIMIT n", "[results][synth][dialect]") {
    CHECK(sqlite_text(Dialect::Tsql, "SELECT TOP 3 name FROM emp ORDER BY age DESC, id") ==
          "SELECT name FROM emp ORDER BY age DESC, id LIMIT 3");
    CHECK(sqlite_text(Dialect::Tsql, "SELECT name FROM emp ORDER BY id OFFSET 2 ROWS") ==
          "SELECT name FROM emp ORDER BY id LIMIT -1 OFFSET 2");
    check_decides(Dialect::Tsql, "SELECT TOP 3 name FROM emp ORDER BY age DESC, id",
                  "SELECT name FROM emp ORDER BY age DESC, id OFFSET 0 ROWS FETCH NEXT 3 ROWS ONLY",
                  "SELECT TOP 3 name FROM emp ORDER BY age, id");
}

TEST_CASE("sqlite spelling: ILIKE (PostgreSQL) runs as SQLite's LIKE, which ignores ASCII case",
          "[results][synth][dialect]") {
    CHECK(sqlite_text(Dialect::Postgres, "SELECT name FROM emp WHERE name NOT ILIKE 'NAME 1%'") ==
          "SELECT name FROM emp WHERE name NOT LIKE 'NAME 1%'");
    // PostgreSQL's own LIKE is case-sensitive (GLOB on SQLite): it differs from ILIKE on the case data.
    check_decides(Dialect::Postgres, "SELECT name FROM emp WHERE name ILIKE 'NAME 1%'",
                  "SELECT name FROM emp WHERE lower(name) LIKE 'name 1%'",
                  "SELECT name FROM emp WHERE name LIKE 'NAME 1%'");
}

TEST_CASE("sqlite spelling: x::type (PostgreSQL) runs as CAST", "[results][synth][dialect]") {
    // PostgreSQL rounds a number cast to an integer; SQLite's CAST truncates.
    CHECK(sqlite_text(Dialect::Postgres, "SELECT budget::int, age::text FROM dept, emp") ==
          "SELECT CAST(ROUND(budget) AS INT), CAST(age AS TEXT) FROM dept, emp");
    check_decides(Dialect::Postgres, "SELECT name FROM emp WHERE age::text = '30'",
                  "SELECT name FROM emp WHERE age = 30", "SELECT name FROM emp WHERE age::text = '31'");
}

TEST_CASE("sqlite spelling: DATE 'literal' (BigQuery) runs as the date's text", "[results][synth][dialect]") {
    CHECK(sqlite_text(Dialect::Bigquery, "SELECT name FROM emp WHERE hired > DATE '2012-01-01'") ==
          "SELECT name FROM emp WHERE hired > '2012-01-01'");
    CHECK(sqlite_text(Dialect::Bigquery, "SELECT CAST(hired AS DATE), CAST(age AS STRING) FROM emp") ==
          "SELECT date(hired), CAST(age AS TEXT) FROM emp");
    check_decides(Dialect::Bigquery, "SELECT name FROM emp WHERE hired > DATE '2012-01-01'",
                  "SELECT name FROM emp WHERE NOT hired <= DATE '2012-01-01'",
                  "SELECT name FROM emp WHERE hired >= DATE '2012-01-01'");
}

TEST_CASE("sqlite spelling: ISNULL and LEN (T-SQL) run as IFNULL and LENGTH", "[results][synth][dialect]") {
    CHECK(sqlite_text(Dialect::Tsql, "SELECT ISNULL(age, 0), LEN(name) FROM emp") ==
          "SELECT IFNULL(age, 0), LENGTH(RTRIM(name, ' ')) FROM emp");
    check_decides(Dialect::Tsql, "SELECT name, ISNULL(age, 0) FROM emp", "SELECT name, COALESCE(age, 0) FROM emp",
                  "SELECT name, age FROM emp");
}

TEST_CASE("sqlite spelling: division and CONCAT keep the source dialect's meaning", "[results][synth][dialect]") {
    // MySQL's / divides as decimals; SQL Server's divides integers as SQLite does.
    CHECK(sqlite_text(Dialect::Mysql, "SELECT age / 2, age DIV 2 FROM emp") ==
          "SELECT CAST(age AS REAL) / 2, CAST((age) / (2) AS INTEGER) FROM emp");
    CHECK(sqlite_text(Dialect::Tsql, "SELECT age / 2 FROM emp") == "SELECT age / 2 FROM emp");
    // CONCAT with a NULL: NULL in MySQL, the other arguments in PostgreSQL.
    CHECK(sqlite_text(Dialect::Mysql, "SELECT CONCAT(name, age) FROM emp") == "SELECT ((name) || (age)) FROM emp");
    CHECK(sqlite_text(Dialect::Postgres, "SELECT CONCAT(name, age) FROM emp") ==
          "SELECT (COALESCE(name, '') || COALESCE(age, '')) FROM emp");
    // As written, SQLite divided integers and called an equivalent MySQL pair different.
    const std::string expected = "SELECT name FROM emp WHERE age / 4 > 7", same = "SELECT name FROM emp WHERE age > 28";
    CHECK(judged_as_written(Dialect::Mysql, expected, same).verdict == Verdict::Different);
    CHECK(judged(Dialect::Mysql, expected, same).verdict == Verdict::Equal);
    CHECK(judged(Dialect::Mysql, expected, "SELECT name FROM emp WHERE age DIV 4 > 7").verdict == Verdict::Different);
}

TEST_CASE("sqlite spelling: a construct SQLite cannot spell leaves the case undecided, cause dialect",
          "[results][synth][dialect]") {
    SqliteSpelling qualify =
        sqlite_spelling("SELECT name FROM emp QUALIFY row_number() OVER (ORDER BY age) = 1",
                        parsed_in(Dialect::Snowflake, "SELECT name FROM emp QUALIFY row_number() OVER (ORDER BY age) = 1"));
    CHECK(qualify.untranslatable == "QUALIFY");
    CHECK(to_sqlite(*parsed_in(Dialect::Tsql, "SELECT TOP 10 PERCENT name FROM emp").script(), Dialect::Tsql)
              .untranslatable == "TOP .. PERCENT");
    CHECK(to_sqlite(*parsed_in(Dialect::Postgres, "SELECT DISTINCT ON (age) name FROM emp").script(),
                    Dialect::Postgres)
              .untranslatable == "DISTINCT ON");

    namespace fs = std::filesystem;
    const fs::path file = fs::temp_directory_path() / ("qdiff-synth-dialect-" + std::to_string(::getpid()) + ".sql");
    { std::ofstream(file) << kDdl; }
    auto stage = make_results_stage({.db = "synth:4"});
    Case c;
    c.language = Language::Sql;
    c.dialect = Dialect::Tsql;
    c.schema = file.string();
    c.expected = "SELECT TOP 3 name FROM emp ORDER BY age";
    c.generated = "SELECT TOP 10 PERCENT name FROM emp ORDER BY age";
    StageResult r = stage->run(c, {});
    CHECK(r.status == StageStatus::Skipped);
    CHECK(r.details["synth_undecided_cause"] == "\"dialect\"");
    CHECK(r.reason == "undecided: the generated query uses TOP .. PERCENT (tsql), which SQLite cannot run");
    // The same case decides once the generated query has a spelling.
    c.generated = "SELECT TOP 3 name FROM emp ORDER BY age DESC";
    StageResult decided = stage->run(c, {});
    CHECK(decided.details["synth_verdict"] == "\"different\"");
    fs::remove(file);
}

TEST_CASE("sqlite spelling: SQLite's and the generic dialect's queries run as written", "[results][synth][dialect]") {
    for (Dialect d : {Dialect::Sqlite, Dialect::Generic}) {
        const std::string sql = "select  name from emp  where name like 'a%' limit 5";
        SqliteSpelling s = sqlite_spelling(sql, parsed_in(d, sql));
        CHECK(s.sql == sql);
        CHECK_FALSE(s.reprinted());
        CHECK(s.untranslatable.empty());
    }
}

TEST_CASE("sqlite spelling: date parts, date differences and date_trunc", "[results][synth][dialect]") {
    CHECK(sqlite_text(Dialect::Tsql, "SELECT DATEPART(month, hired), DATEDIFF(day, hired, '2020-01-01') FROM emp") ==
          "SELECT CAST(strftime('%m', hired) AS INTEGER), CAST(julianday(date('2020-01-01')) - julianday(date(hired)) AS "
          "INTEGER) FROM emp");
    CHECK(sqlite_text(Dialect::Bigquery, "SELECT DATE_DIFF(DATE '2020-03-01', hired, MONTH) FROM emp") ==
          "SELECT ((CAST(strftime('%Y', '2020-03-01') AS INTEGER) - CAST(strftime('%Y', hired) AS INTEGER)) * 12 + "
          "CAST(strftime('%m', '2020-03-01') AS INTEGER) - CAST(strftime('%m', hired) AS INTEGER)) FROM emp");
    CHECK(sqlite_text(Dialect::Postgres, "SELECT date_trunc('month', hired) FROM emp") ==
          "SELECT date(hired, 'start of month') FROM emp");
    check_decides(Dialect::Tsql, "SELECT name FROM emp WHERE DATEDIFF(day, hired, '2020-01-01') > 100",
                  "SELECT name FROM emp WHERE DATEDIFF(day, hired, '2020-01-01') >= 101",
                  "SELECT name FROM emp WHERE DATEDIFF(year, hired, '2020-01-01') > 1");
}

TEST_CASE("sqlite spelling: qualified tables, column aliases and typed casts", "[results][synth][dialect]") {
    // BigQuery's dataset.table: SQLite's one database holds the table unqualified (as the schema names it).
    CHECK(sqlite_text(Dialect::Bigquery, "SELECT e.name FROM company.emp AS e") == "SELECT e.name FROM emp AS e");
    // Column aliases of a derived table: a CTE's column list.
    CHECK(sqlite_text(Dialect::Postgres, "SELECT x FROM (SELECT age FROM emp) AS t (x)") ==
          "SELECT x FROM (WITH qdiff_renamed (x) AS (SELECT age FROM emp) SELECT * FROM qdiff_renamed) AS t");
    // T-SQL's VARCHAR(MAX): the type without its length.
    CHECK(sqlite_text(Dialect::Tsql, "SELECT CAST(age AS VARCHAR(MAX)) FROM emp") == "SELECT CAST(age AS VARCHAR) FROM emp");
    check_decides(Dialect::Bigquery, "SELECT name FROM company.emp WHERE age > 30",
                  "SELECT e.name FROM company.emp AS e WHERE e.age >= 31",
                  "SELECT name FROM company.emp WHERE age > 31");
}

TEST_CASE("sqlite spelling: date arithmetic and formats decide on the synthesized databases", "[results][synth][dialect]") {
    check_decides(Dialect::Tsql, "SELECT name FROM emp WHERE hired >= DATEADD(year, -1, '2015-06-01')",
                  "SELECT name FROM emp WHERE hired >= '2014-06-01'",
                  "SELECT name FROM emp WHERE hired >= DATEADD(month, -1, '2015-06-01')");
    check_decides(Dialect::Mysql, "SELECT name FROM emp WHERE hired < DATE_SUB('2015-06-01', INTERVAL 1 MONTH)",
                  "SELECT name FROM emp WHERE hired < '2015-05-01'",
                  "SELECT name FROM emp WHERE hired < DATE_SUB('2015-06-01', INTERVAL 1 YEAR)");
    check_decides(Dialect::Postgres, "SELECT to_char(hired, 'YYYY-MM') AS m, count(*) FROM emp GROUP BY 1",
                  "SELECT to_char(date_trunc('month', hired), 'YYYY-MM') AS m, count(*) FROM emp GROUP BY 1",
                  "SELECT to_char(hired, 'YYYY') AS m, count(*) FROM emp GROUP BY 1");
}

TEST_CASE("sqlite spelling: the schema's DATE columns make PostgreSQL's date - date days on the synthesized databases",
          "[results][synth][dialect]") {
    // Without the schema's types the difference of two date texts in SQLite is the difference of their years.
    SynthOutcome same = judged(Dialect::Postgres, "SELECT name FROM emp WHERE hired - DATE '2015-06-01' > 30",
                               "SELECT name FROM emp WHERE hired > '2015-07-01'");
    INFO(same.reason);
    CHECK(same.verdict == Verdict::Equal);
    SynthOutcome other = judged(Dialect::Postgres, "SELECT name FROM emp WHERE hired - DATE '2015-06-01' > 30",
                                "SELECT name FROM emp WHERE hired > '2015-06-01'");
    INFO(other.reason);
    CHECK(other.verdict == Verdict::Different);
}
