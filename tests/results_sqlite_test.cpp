// Running queries on SQLite for the results matcher: results, the row cap, and hostile generated SQL
// that must neither change the database nor run past its timeout.
#include <sqlite3.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>

#include "qdiff/parse.hpp"
#include "stages/results/postgres_dump.hpp"
#include "stages/results/results_stage.hpp"
#include "support/corpus.hpp"

using namespace qdiff::results;
namespace fs = std::filesystem;

namespace {

// A scratch directory with a small database: t(a) holds 1..100, u(name, score) three rows.
struct ScratchDatabase {
    fs::path dir, file;
    ScratchDatabase() {
        std::string pattern = (fs::temp_directory_path() / "qdiff-sqlite-XXXXXX").string();
        REQUIRE(mkdtemp(pattern.data()));
        dir = pattern;
        file = dir / "db.sqlite";
        sqlite3* db = nullptr;
        REQUIRE(sqlite3_open(file.c_str(), &db) == SQLITE_OK);
        const char* setup =
            "CREATE TABLE t(a INTEGER);"
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100) INSERT INTO t SELECT i FROM "
            "n;"
            "CREATE TABLE u(name TEXT, score REAL);"
            "INSERT INTO u VALUES ('ann', 1.5), ('bob', 2), ('cy', NULL);";
        REQUIRE(sqlite3_exec(db, setup, nullptr, nullptr, nullptr) == SQLITE_OK);
        sqlite3_close(db);
    }
    ~ScratchDatabase() {
        std::error_code ignored;
        fs::remove_all(dir, ignored);
    }
    // The database file's bytes and the directory's file names: what a write would change.
    std::string fingerprint() const {
        std::string state = qdiff::testing::read_file(file);
        for (const auto& entry : fs::directory_iterator(dir)) state += "\n" + entry.path().filename().string();
        return state;
    }
};

}  // namespace

TEST_CASE("results sqlite: a query's columns, typed rows and errors", "[results]") {
    ScratchDatabase scratch;
    auto r = execute_sqlite(scratch.file, "SELECT name, score, score * 2 AS twice FROM u ORDER BY name", {});
    REQUIRE(r.status == ExecStatus::Ok);
    CHECK(r.result.columns == std::vector<std::string>{"name", "score", "twice"});
    REQUIRE(r.result.rows.size() == 3);
    CHECK(std::get<std::string>(r.result.rows[0][0]) == "ann");
    CHECK(std::get<double>(r.result.rows[1][1]) == 2.0);
    CHECK(std::holds_alternative<Null>(r.result.rows[2][2]));
    CHECK_FALSE(r.result.truncated);

    auto empty = execute_sqlite(scratch.file, "SELECT a, a + 1 AS b FROM t WHERE 0", {});
    REQUIRE(empty.status == ExecStatus::Ok);
    CHECK(empty.result.columns == std::vector<std::string>{"a", "b"});
    CHECK(empty.result.rows.empty());

    auto missing = execute_sqlite(scratch.file, "SELECT nope FROM u", {});
    CHECK(missing.status == ExecStatus::Error);
    CHECK(missing.error.find("no such column") != std::string::npos);
    auto no_file = execute_sqlite((scratch.dir / "absent.sqlite").string(), "SELECT 1", {});
    CHECK(no_file.status == ExecStatus::Error);
    CHECK_FALSE(fs::exists(scratch.dir / "absent.sqlite"));
    CHECK(execute_sqlite(scratch.file, "SELECT 1; -- done\n /* trailing */ ;", {}).status == ExecStatus::Ok);
    CHECK(execute_sqlite(scratch.file, "PRAGMA table_info(u)", {}).result.rows.size() == 2);
}

TEST_CASE("results sqlite: a division by zero of another dialect fails with its name", "[results][dialect]") {
    ScratchDatabase scratch;
    // What to_sqlite(.., zero_divisor_fails) prints for PostgreSQL's `a / (a - 1)`: the row a = 1 divides by zero.
    auto r = execute_sqlite(scratch.file,
                            "SELECT a / CASE WHEN (a - 1) = 0 THEN json_extract('{}', 'division by zero') ELSE (a - 1) END "
                            "FROM t",
                            {});
    CHECK(r.status == ExecStatus::Error);
    CHECK(r.error == "division by zero (the query's dialect fails there; SQLite alone would give NULL)");
    // Another bad JSON path keeps SQLite's own message.
    auto other = execute_sqlite(scratch.file, "SELECT json_extract('{}', 'no path') FROM t", {});
    CHECK(other.status == ExecStatus::Error);
    CHECK(other.error.find("JSON path error") != std::string::npos);
}

TEST_CASE("results sqlite: the row cap stops a million-row cross join", "[results]") {
    ScratchDatabase scratch;
    auto r = execute_sqlite(scratch.file, "SELECT * FROM t a, t b, t c", {.timeout_seconds = 10, .row_cap = 1000});
    REQUIRE(r.status == ExecStatus::Ok);
    CHECK(r.result.rows.size() == 1000);
    CHECK(r.result.truncated);
    auto exact = execute_sqlite(scratch.file, "SELECT * FROM t", {.timeout_seconds = 10, .row_cap = 100});
    CHECK(exact.result.rows.size() == 100);
    CHECK_FALSE(exact.result.truncated);
}

TEST_CASE("results sqlite: hostile generated queries change nothing and stop in time", "[results]") {
    ScratchDatabase scratch;
    const std::string before = scratch.fingerprint();
    const double timeout = 1.0, margin = 2.0;
    const std::vector<std::string> hostile = {
        "DROP TABLE t",
        "DELETE FROM t",
        "UPDATE t SET a = 0",
        "INSERT INTO t VALUES (101)",
        "REPLACE INTO u VALUES ('x', 1)",
        "CREATE TABLE v(x)",
        "CREATE TEMP TABLE v(x)",
        "CREATE INDEX ta ON t(a)",
        "CREATE VIEW w AS SELECT 1",
        "CREATE TRIGGER tr AFTER INSERT ON t BEGIN DELETE FROM u; END",
        "ALTER TABLE t ADD COLUMN b",
        "ATTACH DATABASE '" + (scratch.dir / "other.sqlite").string() + "' AS other",
        "DETACH DATABASE main",
        "PRAGMA user_version = 7",
        "PRAGMA journal_mode = WAL",
        "PRAGMA writable_schema = ON",
        "PRAGMA foreign_keys",
        "SELECT load_extension('/usr/lib/x86_64-linux-gnu/libsqlite3.so.0')",
        "SELECT writefile('" + (scratch.dir / "written").string() + "', 'x')",
        "VACUUM",
        "VACUUM INTO '" + (scratch.dir / "copy.sqlite").string() + "'",
        "REINDEX",
        "ANALYZE",
        "BEGIN IMMEDIATE",
        "SAVEPOINT s",
        "SELECT 1; DROP TABLE t",
        "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT count(*) FROM r",
        "SELECT count(*) FROM t a, t b, t c, t d, t e, t f",
        "WITH d AS (SELECT 1) DELETE FROM t",
        "SELECT length(zeroblob(1000000000))",
        "",
    };
    for (const auto& sql : hostile) {
        INFO(sql);
        auto start = std::chrono::steady_clock::now();
        auto r = execute_sqlite(scratch.file, sql, {.timeout_seconds = timeout, .row_cap = 1000});
        double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        INFO(r.error);
        CHECK(r.status != ExecStatus::Ok);
        CHECK_FALSE(r.error.empty());
        CHECK(elapsed < timeout + margin);
        CHECK(scratch.fingerprint() == before);
    }
    // A refusal says what is refused, not only SQLite's "not authorized".
    auto refused = execute_sqlite(scratch.file, "DELETE FROM t", {.timeout_seconds = timeout});
    CHECK(refused.error ==
          "not authorized: only reading queries are run (no writes, ATTACH, PRAGMA changes or extensions)");
    // The timeouts say so.
    auto endless = execute_sqlite(
        scratch.file, "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT count(*) FROM r",
        {.timeout_seconds = timeout});
    CHECK(endless.status == ExecStatus::Timeout);
    CHECK(endless.error == "timed out after 1 s");
}

TEST_CASE("results sqlite: the stage runs both queries on the database", "[results]") {
    ScratchDatabase scratch;
    auto stage = qdiff::make_results_stage({.db = "sqlite:" + scratch.file.string()});
    qdiff::Case c;
    c.language = qdiff::Language::Sql;
    c.expected = "SELECT name, score FROM u WHERE score IS NOT NULL";
    c.generated = "SELECT score AS s, name AS who FROM u WHERE score > 0";
    auto r = stage->run(c, {});
    REQUIRE(r.status == qdiff::StageStatus::Ok);
    CHECK(r.score == 1.0);
    CHECK(r.details.at("columns") == R"({"name":"who","score":"s"})");
    // An extra column: other rows for execution accuracy (the default), nothing missing for recall.
    c.generated = "SELECT score AS s, upper(name) AS n, name AS who FROM u WHERE score > 0";
    CHECK(stage->run(c, {}).score == 0.0);
    CHECK(qdiff::make_results_stage({.db = "sqlite:" + scratch.file.string(), .mode = "recall"})->run(c, {}).score ==
          1.0);

    c.generated = "DELETE FROM u";
    auto hostile = stage->run(c, {});
    CHECK(hostile.status == qdiff::StageStatus::Error);
    CHECK(hostile.reason.rfind("generated query: ", 0) == 0);

    c.generated = "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT n FROM r WHERE n < 0";
    auto slow =
        qdiff::make_results_stage({.db = "sqlite:" + scratch.file.string(), .timeout_seconds = 0.5})->run(c, {});
    CHECK(slow.status == qdiff::StageStatus::Timeout);

    c.db = "mysql:whatever";  // the case's db overrides the option's
    auto unknown = stage->run(c, {});
    CHECK(unknown.status == qdiff::StageStatus::Error);
    CHECK(unknown.reason.find("use sqlite:PATH or postgres:URI") != std::string::npos);
}

TEST_CASE("results sqlite: the stage reads the database's date columns for another dialect's date - date",
          "[results][dialect]") {
    ScratchDatabase scratch;
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(scratch.file.c_str(), &db) == SQLITE_OK);
    REQUIRE(sqlite3_exec(db,
                         "CREATE TABLE stay(arrival DATE, departure DATE, nights INTEGER);"
                         "INSERT INTO stay VALUES ('2024-02-27', '2024-03-01', 3), ('2023-12-31', '2024-01-02', 2);",
                         nullptr, nullptr, nullptr) == SQLITE_OK);
    sqlite3_close(db);
    auto stage = qdiff::make_results_stage({.db = "sqlite:" + scratch.file.string()});
    qdiff::Case c;
    c.language = qdiff::Language::Sql;
    c.dialect = qdiff::Dialect::Postgres;
    // PostgreSQL's DATE - DATE is days; SQLite alone would subtract the texts (their years: 0 and 1).
    c.expected = "SELECT departure - arrival FROM stay";
    c.generated = "SELECT nights FROM stay";
    // (the parses the earlier stages hand on)
    const qdiff::ParseOptions postgres{.language = qdiff::Language::Sql, .dialect = qdiff::Dialect::Postgres};
    qdiff::ParseResult expected = qdiff::parse(c.expected, postgres), generated = qdiff::parse(c.generated, postgres);
    qdiff::StageContext context;
    context.expected = &expected;
    context.generated = &generated;
    auto r = stage->run(c, context);
    INFO(r.reason);
    REQUIRE(r.status == qdiff::StageStatus::Ok);
    CHECK(r.score == 1.0);
}

TEST_CASE("results sqlite: a PostgreSQL dump becomes an SQLite database", "[results]") {
    const std::string dump = R"(
SET statement_timeout = 0;
SELECT pg_catalog.set_config('search_path', '', false);
CREATE SCHEMA IF NOT EXISTS shop;
CREATE TABLE shop.orders (
    id SERIAL PRIMARY KEY,
    code text DEFAULT ''::text NOT NULL,
    qty bigint DEFAULT '0'::bigint, -- a comment; with a semicolon
    placed date NOT NULL,
    seen TIMESTAMP NOT NULL DEFAULT NOW(),
    epoch_ms bigint,
    label text,
    paid boolean
);
ALTER TABLE public.orders OWNER TO someone;
INSERT INTO shop.orders (code, qty, placed, seen, epoch_ms, label, paid) VALUES
('it''s', 2, CURRENT_DATE - INTERVAL '3 days', DATE_TRUNC('month', CURRENT_DATE) - INTERVAL '1 month' + INTERVAL '2 days', EXTRACT(EPOCH FROM TIMESTAMP '2024-01-02 00:00:00') * 1000, TO_CHAR(DATE '2024-03-05', 'YYYY-MM'), TRUE),
('c', 0, '2024-01-01', '2024-01-01', 0, TO_CHAR(TIMESTAMP '2024-03-05 14:07:09', '%Y%m%d %H:%i:%s'), NULL),
('b', NULL, '2024-01-31', '2024-01-31 10:00:00', NULL, TO_CHAR(DATE '2024-03-05', 'Month'), false);
)";
    DumpTranslation translation = translate_postgres_dump(dump);
    REQUIRE(translation.error.empty());
    CHECK(translation.statements.size() == 2);
    CHECK(translation.skipped.size() == 4);
    ScratchDatabase scratch;
    fs::path built = scratch.dir / "built.sqlite";
    REQUIRE(build_sqlite_from_postgres_dump(dump, built.string()) == "");
    auto r = execute_sqlite(built.string(),
                            "SELECT id, code, qty, placed = date('now', '-3 days'), "
                            "seen = datetime('now', 'start of month', '-1 months', '+2 days'), epoch_ms, label, paid "
                            "FROM orders ORDER BY id",
                            {});
    REQUIRE(r.status == ExecStatus::Ok);
    REQUIRE(r.result.rows.size() == 3);
    const auto& first = r.result.rows[0];
    CHECK(std::get<int64_t>(first[0]) == 1);
    CHECK(std::get<std::string>(first[1]) == "it's");
    CHECK(std::get<int64_t>(first[2]) == 2);
    CHECK(std::get<int64_t>(first[3]) == 1);
    CHECK(std::get<int64_t>(first[4]) == 1);
    CHECK(std::get<int64_t>(first[5]) == 1704153600000);
    CHECK(std::get<std::string>(first[6]) == "2024-03");
    CHECK(std::get<int64_t>(first[7]) == 1);
    CHECK(std::get<std::string>(r.result.rows[1][6]) == "%4%m%3 %H:%4:%s");  // what PostgreSQL 15 prints
    CHECK(std::holds_alternative<Null>(r.result.rows[1][7]));
    CHECK(std::get<int64_t>(r.result.rows[2][0]) == 3);
    CHECK(std::get<std::string>(r.result.rows[2][6]) == "March    ");
    CHECK(std::get<int64_t>(r.result.rows[2][7]) == 0);

    auto broken =
        translate_postgres_dump("CREATE TABLE t (a int);\nINSERT INTO t (a) VALUES (INTERVAL '1 fortnight');");
    CHECK(broken.error.find("interval unit 'fortnight'") != std::string::npos);
    CHECK_FALSE(translate_postgres_dump("INSERT INTO t VALUES ('open").error.empty());
}
