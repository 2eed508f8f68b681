// `qdiff run`: one query read-only, SQL or KQL, text/json/csv, exit codes 0/1/2 (DESIGN.md).
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "support/cli.hpp"
#include "support/corpus.hpp"

namespace {

using Run = qdiff::testing::CliRun;
using qdiff::testing::run_cli;
using qdiff::testing::scratch_dir;
using qdiff::testing::write_scratch;

}  // namespace

TEST_CASE("qdiff run: self-contained SQL and KQL on an empty database", "[cli][kql-exec]") {
    Run sql = run_cli("run --format json -", "SELECT 1 AS one, 'a' AS s");
    CHECK(sql.exit_code == 0);
    auto j = nlohmann::json::parse(sql.out);
    CHECK(j["ok"] == true);
    CHECK(j["columns"] == nlohmann::json({"one", "s"}));
    CHECK(j["types"] == nlohmann::json({"integer", "text"}));
    CHECK(j["rows"] == nlohmann::json::parse(R"([[1, "a"]])"));
    CHECK(j["diagnostics"].empty());

    Run kql = run_cli("run --lang kql --format json -", "range x from 1 to 3 step 1 | extend y = x / 2");
    CHECK(kql.exit_code == 0);
    j = nlohmann::json::parse(kql.out);
    CHECK(j["columns"] == nlohmann::json({"x", "y"}));
    CHECK(j["types"] == nlohmann::json({"long", "long"}));
    CHECK(j["rows"] == nlohmann::json::parse("[[1, 0], [2, 1], [3, 1]]"));

    Run csv = run_cli("run --lang kql --format csv -", "print a = 'x,y', b = 2");
    CHECK(csv.exit_code == 0);
    CHECK(csv.out == "a,b\n\"x,y\",2\n");

    Run text = run_cli("run --lang kql -", "print n = now()");
    CHECK(text.exit_code == 0);
    CHECK(text.out.find("2024-01-15T12:00:00.0000000Z") != std::string::npos);
    Run pinned = run_cli("run --lang kql --now 2020-05-01T00:00:00Z -", "print n = ago(1d)");
    CHECK(pinned.out.find("2020-04-30T00:00:00.0000000Z") != std::string::npos);
}

TEST_CASE("qdiff run: unsupported, failing and unusable input", "[cli][kql-exec]") {
    Run unsupported = run_cli("run --lang kql --format json -", "print x = 1 | evaluate narrow()");
    CHECK(unsupported.exit_code == 1);
    auto j = nlohmann::json::parse(unsupported.out);
    CHECK(j["ok"] == false);
    CHECK(j["rows"].empty());
    REQUIRE(j["diagnostics"].size() == 1);
    CHECK(j["diagnostics"][0]["code"] == "unsupported");
    CHECK(j["diagnostics"][0]["message"].get<std::string>().find("evaluate narrow") != std::string::npos);

    Run missing = run_cli("run --lang kql --format json -", "Events | take 1");
    CHECK(missing.exit_code == 1);
    CHECK(nlohmann::json::parse(missing.out)["diagnostics"][0]["code"] == "execution-failed");

    Run syntax = run_cli("run --lang kql -", "print x = ");
    CHECK(syntax.exit_code == 1);
    CHECK_FALSE(syntax.err.empty());

    // SQL that writes is refused by the sandbox.
    Run write_sql = run_cli("run --format json -", "CREATE TABLE t (a INT)");
    CHECK(write_sql.exit_code == 1);

    CHECK(run_cli("run --db nowhere:x -", "SELECT 1").exit_code == 2);
    CHECK(run_cli("run --db synth -", "SELECT 1").exit_code == 2);  // synth needs --schema
    CHECK(run_cli("run --db tables:/nonexistent/dir --lang kql -", "print 1").exit_code == 2);
    CHECK(run_cli("run --now yesterday --lang kql -", "print 1").exit_code == 2);
}

TEST_CASE("qdiff run: the same tables:DIR for SQL and KQL", "[cli][kql-exec]") {
    write_scratch("tables/Sales.csv", "Region,Amount\neast,10\nwest,5\neast,7\n");
    std::string dir = (scratch_dir() / "tables").string();
    Run kql = run_cli("run --lang kql --format json --db tables:" + dir + " -",
                      "Sales | summarize total = sum(Amount) by Region | order by Region asc");
    REQUIRE(kql.exit_code == 0);
    CHECK(nlohmann::json::parse(kql.out)["rows"] == nlohmann::json::parse(R"([["east", 17], ["west", 5]])"));
    Run sql = run_cli("run --format json --db tables:" + dir + " -",
                      "SELECT Region, SUM(Amount) AS total FROM Sales GROUP BY Region ORDER BY Region");
    REQUIRE(sql.exit_code == 0);
    CHECK(nlohmann::json::parse(sql.out)["rows"] == nlohmann::json::parse(R"([["east", 17], ["west", 5]])"));
}

TEST_CASE("qdiff run: a query of another dialect runs on SQLite in SQLite's spelling", "[cli][dialect]") {
    // T-SQL's TOP, BigQuery's DATE literal and MySQL's real division, on SQLite.
    Run top = run_cli("run --dialect tsql --format json -", "SELECT TOP 2 x FROM (VALUES (3), (1), (2)) AS t(x) ORDER BY x");
    CHECK(top.exit_code == 0);
    CHECK(nlohmann::json::parse(top.out)["rows"] == nlohmann::json::parse("[[1], [2]]"));
    Run date = run_cli("run --dialect bigquery --format json -", "SELECT DATE '2020-01-02' > '2020-01-01' AS later");
    CHECK(date.exit_code == 0);
    CHECK(nlohmann::json::parse(date.out)["rows"] == nlohmann::json::parse("[[1]]"));
    Run division = run_cli("run --dialect mysql --format json -", "SELECT 5 / 2 AS half");
    CHECK(division.exit_code == 0);
    CHECK(nlohmann::json::parse(division.out)["rows"] == nlohmann::json::parse("[[2.5]]"));
    // A construct SQLite has no spelling for: said, not run.
    Run percent = run_cli("run --dialect tsql -", "SELECT TOP 50 PERCENT x FROM (VALUES (1), (2)) AS t(x)");
    CHECK(percent.exit_code == 1);
    CHECK_THAT(percent.err, Catch::Contains("the query uses TOP .. PERCENT (tsql), which SQLite cannot run"));
}
