// Running queries on PostgreSQL for the results matcher, on a throwaway server the tests start:
// results, the row cap, and hostile generated SQL that must neither change the database nor run past
// its timeout.
#include <catch2/catch.hpp>
#include <chrono>

#include "stages/results/results_stage.hpp"
#include "support/postgres_server.hpp"

using namespace qdiff::results;
using qdiff::testing::PostgresServer;

namespace {

// The shared server with database `hostile`: t(a) holds 1..100, u(name, score, ok) three rows, readable
// by the unprivileged role.
PostgresServer* hostile_server() {
    static bool prepared = false;
    std::string why;
    PostgresServer* server = PostgresServer::shared(why);
    if (!server) {
        WARN("PostgreSQL tests skipped: " << why);
        return nullptr;
    }
    if (!prepared) {
        REQUIRE(server->admin_exec("postgres", "CREATE DATABASE hostile") == "");
        REQUIRE(server->admin_exec("hostile",
                                   "CREATE TABLE t(a int); INSERT INTO t SELECT generate_series(1, 100);"
                                   "CREATE TABLE u(name text, score numeric(5,2), ok boolean);"
                                   "INSERT INTO u VALUES ('ann', 1.5, true), ('bob', 2, false), ('cy', NULL, NULL);"
                                   "GRANT SELECT ON ALL TABLES IN SCHEMA public TO reader;") == "");
        prepared = true;
    }
    return server;
}

// Everything a write could change: every table's rows, the list of relations, and the roles.
std::string database_checksum(PostgresServer& server) {
    return server.admin_value(
               "hostile",
               "SELECT md5(string_agg(x, '|' ORDER BY x)) FROM ("
               "SELECT 't:' || t::text AS x FROM t UNION ALL SELECT 'u:' || u::text FROM u "
               "UNION ALL SELECT 'rel:' || relname FROM pg_class WHERE relnamespace = 'public'::regnamespace "
               "UNION ALL SELECT 'role:' || rolname FROM pg_roles) s") +
           server.admin_value("postgres", "SELECT string_agg(datname, ',' ORDER BY datname) FROM pg_database");
}

}  // namespace

TEST_CASE("results postgres: a query's columns, typed rows, errors and the row cap", "[results]") {
    PostgresServer* server = hostile_server();
    if (!server) return;
    auto r = execute_postgres(server->reader_uri("hostile"), "SELECT name, score, ok FROM u ORDER BY name", {});
    REQUIRE(r.status == ExecStatus::Ok);
    CHECK(r.result.columns == std::vector<std::string>{"name", "score", "ok"});
    REQUIRE(r.result.rows.size() == 3);
    CHECK(std::get<std::string>(r.result.rows[0][0]) == "ann");
    CHECK(std::get<double>(r.result.rows[0][1]) == 1.5);
    CHECK(std::get<int64_t>(r.result.rows[0][2]) == 1);
    CHECK(std::get<int64_t>(r.result.rows[1][2]) == 0);
    CHECK(std::holds_alternative<qdiff::results::Null>(r.result.rows[2][1]));

    auto empty = execute_postgres(server->reader_uri("hostile"), "SELECT a, a + 1 AS b FROM t WHERE false", {});
    REQUIRE(empty.status == ExecStatus::Ok);
    CHECK(empty.result.columns == std::vector<std::string>{"a", "b"});
    CHECK(empty.result.rows.empty());

    auto error = execute_postgres(server->reader_uri("hostile"), "SELECT nope FROM u", {});
    CHECK(error.status == ExecStatus::Error);
    CHECK(error.error.find("column \"nope\" does not exist") != std::string::npos);

    auto capped = execute_postgres(server->reader_uri("hostile"), "SELECT * FROM t a, t b, t c", {.row_cap = 1000});
    REQUIRE(capped.status == ExecStatus::Ok);
    CHECK(capped.result.rows.size() == 1000);
    CHECK(capped.result.truncated);

    auto superuser = execute_postgres(server->admin_uri("hostile"), "SELECT 1", {});
    CHECK(superuser.status == ExecStatus::Error);
    CHECK(superuser.error.find("unprivileged role") != std::string::npos);

    auto unreachable = execute_postgres("host=127.0.0.1 port=1 dbname=x user=y", "SELECT 1", {});
    CHECK(unreachable.status == ExecStatus::Error);
    CHECK(unreachable.error.find("cannot connect") != std::string::npos);
}

TEST_CASE("results postgres: hostile generated queries change nothing and stop in time", "[results]") {
    PostgresServer* server = hostile_server();
    if (!server) return;
    const std::string before = database_checksum(*server);
    REQUIRE_FALSE(before.empty());
    const double timeout = 1.0, margin = 3.0;
    const std::vector<std::string> hostile = {
        "DROP TABLE t",
        "DELETE FROM t",
        "UPDATE t SET a = 0",
        "INSERT INTO t VALUES (101)",
        "TRUNCATE t",
        "CREATE TABLE v(x int)",
        "CREATE TEMP TABLE v(x int)",
        "CREATE ROLE intruder",
        "CREATE DATABASE intruder",
        "ALTER TABLE t ADD COLUMN b int",
        "GRANT ALL ON t TO PUBLIC",
        "WITH d AS (DELETE FROM t RETURNING *) SELECT * FROM d",
        "SELECT 1; DROP TABLE t",
        "SELECT 1; COMMIT; DROP TABLE t",
        "COMMIT",
        "SET TRANSACTION READ WRITE",
        "SELECT set_config('transaction_read_only', 'off', true)",
        "LOCK TABLE t IN ACCESS EXCLUSIVE MODE",
        "VACUUM t",
        "COPY t TO STDOUT",
        "COPY t TO '/tmp/qdiff-hostile-copy'",
        "SELECT pg_read_file('/etc/passwd')",
        "SELECT lo_import('/etc/passwd')",
        "CREATE EXTENSION dblink",
        "SELECT nextval('nothing')",
        "SELECT pg_sleep(30)",
        "SELECT set_config('statement_timeout', '0', false), pg_sleep(30)",
        "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) SELECT count(*) FROM r",
        "SELECT count(*) FROM generate_series(1, 1000000) a, generate_series(1, 1000000) b",
        "",
    };
    for (const auto& sql : hostile) {
        INFO(sql);
        auto start = std::chrono::steady_clock::now();
        auto r = execute_postgres(server->reader_uri("hostile"), sql, {.timeout_seconds = timeout, .row_cap = 1000});
        double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        INFO(r.error);
        CHECK(r.status != ExecStatus::Ok);
        CHECK_FALSE(r.error.empty());
        CHECK(elapsed < timeout + margin);
        CHECK(database_checksum(*server) == before);
    }
    auto endless = execute_postgres(server->reader_uri("hostile"), "SELECT pg_sleep(30)", {.timeout_seconds = timeout});
    CHECK(endless.status == ExecStatus::Timeout);
}

TEST_CASE("results postgres: the stage runs both queries on the server", "[results]") {
    PostgresServer* server = hostile_server();
    if (!server) return;
    auto stage = qdiff::make_results_stage({.db = "postgres:" + server->reader_uri("hostile"), .mode = "f1"});
    qdiff::Case c;
    c.language = qdiff::Language::Sql;
    c.expected = "SELECT a FROM t WHERE a <= 10 ORDER BY a DESC";
    c.generated = "SELECT a AS value FROM t WHERE a < 13 ORDER BY 1 DESC";
    auto r = stage->run(c, {});
    REQUIRE(r.status == qdiff::StageStatus::Ok);
    CHECK(r.details.at("ordered") == "true");
    CHECK(r.details.at("extra") == "2");
    CHECK(r.score == Approx(2 * (10.0 / 12) / (1 + 10.0 / 12)));
}
