// `--schema FILE#NAME` where FILE holds one database (SQL DDL, an SQLite file): the #NAME names nothing,
// and qdiff says so (file, selector, what it holds) with a non-zero exit in diff and lint, and as the
// record's error in batch, which keeps every record.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <sstream>

#include "support/cli.hpp"

using qdiff::testing::run_cli;
using qdiff::testing::write_scratch;

TEST_CASE("schema selector: FILE#NAME on a DDL file (--schema, a case's schema) gives a diagnostic and a non-zero exit or the record's error",
          "[cli][schema][selector]") {
    const std::string schema = write_scratch("selector/hr.sql", "CREATE TABLE emp (id INTEGER PRIMARY KEY, name TEXT);\n").string();
    const std::string query = write_scratch("selector/q.sql", "SELECT name FROM emp ORDER BY id LIMIT 3").string();
    const std::string expected_message =
        schema + ": no database named 'nope'; an SQL DDL file holds one database, named after the file: hr";

    auto lint = run_cli("lint --lang sql --schema " + schema + "#nope " + query);
    CHECK(lint.exit_code == 2);
    CHECK_THAT(lint.err, Catch::Contains("cannot load the schema " + schema + "#nope"));
    CHECK_THAT(lint.err, Catch::Contains(expected_message));
    CHECK(run_cli("lint --lang sql --schema " + schema + " " + query).exit_code == 0);

    auto diff = run_cli("diff --lang sql --schema " + schema + "#nope " + query + " " + query);
    CHECK(diff.exit_code == 2);
    CHECK_THAT(diff.err, Catch::Contains(expected_message));
    CHECK(run_cli("diff --lang sql --schema " + schema + " " + query + " " + query).exit_code == 0);

    // batch: the case with the bad selector is an error record; the next case runs.
    nlohmann::json bad = {{"id", "bad"}, {"lang", "sql"}, {"schema", schema + "#nope"},
                          {"expected", "SELECT name FROM emp"}, {"generated", "SELECT name FROM emp"}};
    nlohmann::json good = bad;
    good["id"] = "good";
    good["schema"] = schema;
    const std::string cases = write_scratch("selector/cases.jsonl", bad.dump() + "\n" + good.dump() + "\n").string();
    auto batch = run_cli("batch " + cases);
    std::vector<nlohmann::json> records;
    std::istringstream lines(batch.out);
    for (std::string line; std::getline(lines, line);)
        if (!line.empty()) records.push_back(nlohmann::json::parse(line));
    REQUIRE(records.size() == 2);
    CHECK(records[0]["id"] == "bad");
    CHECK(records[0]["status"] == "error");
    CHECK_THAT(records[0]["reasons"][0].get<std::string>(),
               Catch::StartsWith("error: the schema could not be loaded: " + expected_message));
    CHECK(records[1]["id"] == "good");
    CHECK(records[1]["status"] == "ok");
}
