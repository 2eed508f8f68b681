// A query qdiff cannot parse is not run on any database (synthesized, sqlite:PATH): SQLite may read what
// qdiff rejects (T-SQL's grammar has no LIMIT; SQLite's has), and the case's verdict would then hang on
// it. The case reports the parse error with its location, as it does without a database.
#include <unistd.h>
#include <sqlite3.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "qdiff/evaluate.hpp"
#include "stages/results/results_stage.hpp"

using namespace qdiff;
namespace fs = std::filesystem;

namespace {

const char* const kDdl = "CREATE TABLE emp (id INTEGER PRIMARY KEY, name TEXT NOT NULL, age INTEGER);\n";

struct Files {
    fs::path schema, database;
    Files() {
        const std::string stem = (fs::temp_directory_path() / ("qdiff-unparsed-" + std::to_string(::getpid()))).string();
        schema = stem + ".sql";
        database = stem + ".sqlite";
        { std::ofstream(schema) << kDdl; }
        sqlite3* db = nullptr;
        REQUIRE(sqlite3_open(database.c_str(), &db) == SQLITE_OK);
        std::string setup = std::string(kDdl) + "INSERT INTO emp VALUES (1, 'ann', 30), (2, 'bob', 40);";
        REQUIRE(sqlite3_exec(db, setup.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK);
        sqlite3_close(db);
    }
    ~Files() {
        std::error_code ignored;
        fs::remove(schema, ignored);
        fs::remove(database, ignored);
    }
};

Case tsql_case(const Files& files) {
    Case c;
    c.id = "limit-in-tsql";
    c.language = Language::Sql;
    c.dialect = Dialect::Tsql;
    c.schema = files.schema.string();
    c.expected = "SELECT TOP 1 name FROM emp ORDER BY age";
    // LIMIT is not T-SQL (qdiff's tsql dialect rejects it), but SQLite would run it and agree.
    c.generated = "SELECT name FROM emp ORDER BY age LIMIT 1";
    return c;
}

}  // namespace

TEST_CASE("results: a query qdiff cannot parse is not run, on synthesized or real SQLite", "[results][unparsed]") {
    Files files;
    Case c = tsql_case(files);
    const std::string diagnostic = "the generated query does not parse: 1:35: LIMIT is not valid in the tsql dialect";
    for (const std::string& db : {std::string("synth:4"), "sqlite:" + files.database.string()}) {
        INFO(db);
        StageResult r = make_results_stage({.db = db})->run(c, {});
        CHECK(r.status == StageStatus::Skipped);
        CHECK(r.reason == diagnostic);
        CHECK(r.details.count("synth_verdict") == 0);  // nothing ran
    }
    // The expected side too.
    std::swap(c.expected, c.generated);
    StageResult expected = make_results_stage({.db = "synth:4"})->run(c, {});
    CHECK(expected.status == StageStatus::Skipped);
    CHECK(expected.reason == "the expected query does not parse: 1:35: LIMIT is not valid in the tsql dialect");
    // And one that parses runs: the same pair with T-SQL's spelling decides.
    c = tsql_case(files);
    c.generated = "SELECT TOP 1 name FROM emp ORDER BY age DESC";
    CHECK(make_results_stage({.db = "synth:4"})->run(c, {}).details["synth_verdict"] == "\"different\"");
}

TEST_CASE("results: nesting past qdiff's limit is a parse error on every database, not SQLite's answer",
          "[results][unparsed]") {
    Files files;
    Case c = tsql_case(files);
    c.dialect = Dialect::Sqlite;
    c.expected = "SELECT name FROM emp";
    std::string negations;
    for (int i = 0; i < 300; ++i) negations += "- ";
    c.generated = "SELECT name FROM emp WHERE " + negations + "age < 0";
    StageResult r = make_results_stage({.db = "synth:4"})->run(c, {});
    CHECK(r.status == StageStatus::Skipped);
    CHECK_THAT(r.reason, Catch::StartsWith("the generated query does not parse: 1:"));
    CHECK_THAT(r.reason, Catch::EndsWith("expressions nest deeper than 256 levels"));

    // The whole record: the same verdict and leading reason with a database (synthesized by default with
    // the schema) as without one (the pass threshold differs: a schema's).
    using nlohmann::json;
    c = tsql_case(files);
    json with_db = json::parse(evaluate(c));
    c.schema.clear();
    json without = json::parse(evaluate(c));
    CHECK(with_db["verdict"] == "cannot_run");
    CHECK(with_db["verdict"] == without["verdict"]);
    CHECK(with_db["reasons"][0] == without["reasons"][0]);
    CHECK(with_db["reasons"][0] == "the generated query does not parse: 1:35: LIMIT is not valid in the tsql dialect");
    CHECK(with_db["status"] == "ok");
    CHECK(with_db["stages"]["results"]["reason"] ==
          "the generated query does not parse: 1:35: LIMIT is not valid in the tsql dialect");
}
