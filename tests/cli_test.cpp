// The qdiff executable: the CLI contract of DESIGN.md (commands, formats, exit codes 0/1/2, batch
// records that are never lost).
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "support/cli.hpp"
#include "support/corpus.hpp"

namespace {

using Run = qdiff::testing::CliRun;
using qdiff::testing::run_cli;
using qdiff::testing::scratch_dir;
using qdiff::testing::write_scratch;

}  // namespace

TEST_CASE("qdiff parse: exit codes and formats", "[cli]") {
    Run ok = run_cli("parse --lang sql --format json -", "SELECT a FROM t");
    CHECK(ok.exit_code == 0);
    auto json = nlohmann::json::parse(ok.out);
    CHECK(json["ok"] == true);
    CHECK(json["language"] == "sql");
    CHECK(json["ast"]["kind"] == "Script");
    CHECK(json["ast"]["statements"][0]["kind"] == "Query");
    CHECK(ok.err.empty());

    Run bad = run_cli("parse --lang sql --format json", "SELECT * FORM t");
    CHECK(bad.exit_code == 1);
    auto diagnostics = nlohmann::json::parse(bad.out)["diagnostics"];
    REQUIRE(diagnostics.size() == 1);
    CHECK(diagnostics[0]["code"] == "unexpected-token");
    CHECK(diagnostics[0]["line"] == 1);
    CHECK(diagnostics[0]["column"] == 10);

    Run text = run_cli("parse --lang sql", "SELECT * FORM t");
    CHECK(text.exit_code == 1);
    CHECK(text.err.find("<stdin>:1:10: error: unexpected 'FORM' [unexpected-token]") != std::string::npos);
    CHECK(text.err.find("fix-it: replace 'FORM' with 'FROM'") != std::string::npos);
    CHECK(text.out.empty());

    Run sexpr = run_cli("parse --format sexpr", "SELECT a FROM t");
    CHECK(sexpr.exit_code == 0);
    CHECK(sexpr.out.rfind("(Query ", 0) == 0);
}

TEST_CASE("qdiff: usage errors and unreadable input exit with 2", "[cli]") {
    CHECK(run_cli("").exit_code == 2);
    CHECK(run_cli("frobnicate").exit_code == 2);
    CHECK(run_cli("parse --format yaml", "SELECT 1").exit_code == 2);
    CHECK(run_cli("parse --lang cobol", "SELECT 1").exit_code == 2);
    CHECK(run_cli("parse --dialect oracle", "SELECT 1").exit_code == 2);
    CHECK(run_cli("parse --no-such-option", "SELECT 1").exit_code == 2);
    Run missing = run_cli("parse /no/such/file.sql");
    CHECK(missing.exit_code == 2);
    CHECK(missing.err.find("cannot read /no/such/file.sql") != std::string::npos);
    CHECK(run_cli("parse " + scratch_dir().string()).exit_code == 2);  // a directory
    CHECK(run_cli("help").exit_code == 0);
}

TEST_CASE("qdiff: with --format json a usage error is one JSON document too", "[cli]") {
    for (const char* args : {"parse --format json --no-such-option", "parse --format=json --dialect oracle",
                             "diff --format json /no/such/file.sql -", "lint --lang cobol --format json"}) {
        INFO(args);
        Run r = run_cli(args, "SELECT 1");
        CHECK(r.exit_code == 2);
        CHECK(r.err.empty());
        nlohmann::json j = nlohmann::json::parse(r.out);
        CHECK(j["ok"] == false);
        CHECK(j["error"]["kind"] == "usage");
        CHECK_FALSE(j["error"]["message"].get<std::string>().empty());
    }
    CHECK(run_cli("parse --format text --no-such-option", "SELECT 1").out.empty());
}

TEST_CASE("qdiff parse reads files and hostile bytes", "[cli]") {
    auto file = write_scratch("q.sql", "SELECT a\nFROM t\nWHERE x = = 1\n");
    Run r = run_cli("parse " + file.string());
    CHECK(r.exit_code == 1);
    CHECK(r.err.find(file.string() + ":3:11: error") != std::string::npos);
    CHECK(run_cli("parse --lang sql", "").exit_code == 1);
    CHECK(run_cli("parse --lang sql", std::string("SELECT \xFF\xFE", 9)).exit_code == 1);
    CHECK(run_cli("parse --lang sql", std::string(5000, '(')).exit_code == 1);
}

TEST_CASE("qdiff parse --batch writes one record per line and loses none", "[cli]") {
    std::string input =
        "{\"id\": \"a\", \"query\": \"SELECT a FROM t\"}\n"
        "{\"id\": \"b\", \"query\": \"SELECT * FORM t\"}\n"
        "this is not json\n"
        "\n"
        "{\"id\": 4, \"sql\": \"SELECT 1\"}\n"
        "{\"query\": \"SELECT 1\", \"lang\": \"sql\", \"dialect\": \"postgres\"}\n";
    auto file = write_scratch("batch.jsonl", input);
    Run r = run_cli("parse --batch " + file.string());
    CHECK(r.exit_code == 1);
    std::vector<nlohmann::json> records;
    std::istringstream lines(r.out);
    for (std::string line; std::getline(lines, line);) records.push_back(nlohmann::json::parse(line));
    REQUIRE(records.size() == 5);  // the blank line is not a record
    CHECK(records[0]["index"] == 0);
    CHECK(records[0]["id"] == "a");
    CHECK(records[0]["ok"] == true);
    CHECK(records[1]["ok"] == false);
    CHECK(records[1]["diagnostics"][0]["code"] == "unexpected-token");
    CHECK(records[1]["diagnostics"][0]["column"] == 10);
    CHECK(records[2]["index"] == 2);
    CHECK(records[2]["ok"] == false);
    CHECK(records[2]["diagnostics"][0]["code"] == "bad-record");
    CHECK(records[3]["index"] == 4);
    CHECK(records[3]["id"] == 4);
    CHECK(records[3]["diagnostics"][0]["code"] == "bad-record");  // no `query` field
    CHECK(records[4]["ok"] == true);

    Run other_field = run_cli("parse --batch - --field sql", "{\"sql\": \"SELECT 1\"}\n");
    CHECK(other_field.exit_code == 0);
    CHECK(run_cli("parse --batch /no/such.jsonl").exit_code == 2);
}

TEST_CASE("qdiff tokens and qdiff tree", "[cli]") {
    Run tokens = run_cli("tokens --lang sql --format json", "SELECT a -- note\nFROM t");
    CHECK(tokens.exit_code == 0);
    auto list = nlohmann::json::parse(tokens.out)["tokens"];
    REQUIRE(list.size() == 5);
    CHECK(list[0]["type"] == "SELECT");
    CHECK(list[2]["hidden"] == true);
    CHECK(list[3]["line"] == 2);
    Run text = run_cli("tokens --lang sql", "SELECT 'x");
    CHECK(text.exit_code == 1);
    CHECK(text.err.find("unterminated string literal") != std::string::npos);
    // The tokens the parser reads in the dialect: BigQuery's # comments, ''' strings, dashed project
    // names and the `>>` that closes two type brackets.
    Run bigquery = run_cli("tokens --lang sql --dialect bigquery",
                           "SELECT '''a'b''' # note\nFROM my-proj.ds.t /* c */ WHERE CAST(x AS ARRAY<ARRAY<INT64>>)");
    CHECK(bigquery.exit_code == 0);
    CHECK(bigquery.out.find("1:8\tSTRING\t''''a'b''''\n") != std::string::npos);
    CHECK(bigquery.out.find("1:18\tLINE_COMMENT\t'# note'\thidden\n") != std::string::npos);
    CHECK(bigquery.out.find("2:6\tIDENTIFIER\t'my-proj'\n") != std::string::npos);
    CHECK(bigquery.out.find("\tBLOCK_COMMENT\t'/* c */'\thidden\n") != std::string::npos);
    CHECK(bigquery.out.find("SHIFT_RIGHT") == std::string::npos);
    Run tree = run_cli("tree --lang sql", "SELECT a FROM t");
    CHECK(tree.exit_code == 0);
    CHECK(tree.out.rfind("sqlScript\n", 0) == 0);
    CHECK(tree.out.find("IDENTIFIER 'a'") != std::string::npos);
}

TEST_CASE("qdiff lint: formats, schema, options and exit codes", "[cli][lint]") {
    const std::string schema = std::string(QDIFF_TEST_DATA_DIR) + "/lint/concert_singer.sql";

    Run clean = run_cli("lint --lang sql --schema " + schema + " --format json -",
                        "SELECT name FROM singer ORDER BY age LIMIT 3");
    CHECK(clean.exit_code == 0);
    auto j = nlohmann::json::parse(clean.out);
    CHECK(j["valid"] == true);
    CHECK(j["confidence"] == 100);
    CHECK(j["diagnostics"].empty());

    Run typo = run_cli("lint --lang sql --schema " + schema + " --format json",
                       "SELECT nmae FROM singer ORDER BY age LIMIT 3");
    CHECK(typo.exit_code == 1);
    j = nlohmann::json::parse(typo.out);
    CHECK(j["valid"] == false);
    CHECK(j["confidence"] == 80);
    REQUIRE(j["diagnostics"].size() == 1);
    CHECK(j["diagnostics"][0]["code"] == "unknown-column");
    CHECK(j["diagnostics"][0]["column"] == 8);
    CHECK(j["diagnostics"][0]["fixits"][0]["replacement"] == "name");

    Run text = run_cli("lint --lang sql --schema " + schema, "SELECT nmae FROM singer ORDER BY age LIMIT 3");
    CHECK(text.exit_code == 1);
    // Diagnostics on standard error, the verdict on standard output (issue 18's output rule).
    CHECK(text.err.find("<stdin>:1:8: error: unknown column 'nmae' [unknown-column]\n  SELECT nmae") !=
          std::string::npos);
    CHECK(text.out == "<stdin>: invalid, confidence 80\n");

    Run sarif = run_cli("lint --lang sql --format sarif --schema " + schema, "SELECT * FROM singers");
    CHECK(sarif.exit_code == 1);
    j = nlohmann::json::parse(sarif.out);
    CHECK(j["version"] == "2.1.0");
    std::vector<std::string> rule_ids;
    for (const auto& result : j["runs"][0]["results"]) rule_ids.push_back(result["ruleId"]);
    CHECK(std::find(rule_ids.begin(), rule_ids.end(), "unknown-table") != rule_ids.end());

    // Warnings only: exit 0; a remapped warning becomes an error; a disabled one disappears.
    CHECK(run_cli("lint --lang sql --schema " + schema, "SELECT * FROM singer").exit_code == 0);
    CHECK(
        run_cli("lint --lang sql --severity select-star=error --schema " + schema, "SELECT * FROM singer").exit_code ==
        1);
    Run disabled = run_cli("lint --lang sql --format json --disable select-star,missing-limit --schema " + schema,
                           "SELECT * FROM singer");
    CHECK(nlohmann::json::parse(disabled.out)["diagnostics"].empty());

    // Without a schema only the schema-free rules run.
    CHECK(run_cli("lint --lang sql", "SELECT nmae FROM singer ORDER BY 1 LIMIT 1").exit_code == 0);

    // Usage errors and unreadable input: exit 2.
    CHECK(run_cli("lint --format xml -", "SELECT 1").exit_code == 2);
    CHECK(run_cli("lint --disable no-such-code -", "SELECT 1").exit_code == 2);
    CHECK(run_cli("lint --severity select-star=fatal -", "SELECT 1").exit_code == 2);
    CHECK(run_cli("lint /no/such/file.sql").exit_code == 2);
    Run bad_schema = run_cli("lint --schema " + write_scratch("broken.json", "{\"tables\": [").string() + " -", "SELECT 1");
    CHECK(bad_schema.exit_code == 2);
    CHECK(bad_schema.err.find("broken.json") != std::string::npos);
}

TEST_CASE("qdiff lint: --schema FILE#NAME picks a Spider database", "[cli][lint][corpus]") {
    QDIFF_REQUIRE_CORPUS();
    std::string tables = (qdiff::testing::corpus_dir() / "sql/spider/tables.json").string();
    Run gold = run_cli("lint --lang sql --dialect sqlite --format json --schema '" + tables + "#concert_singer' -",
                       "SELECT name, country, age FROM singer ORDER BY age DESC");
    CHECK(gold.exit_code == 0);
    CHECK(nlohmann::json::parse(gold.out)["valid"] == true);
    Run wrong_db = run_cli("lint --lang sql --format json --schema '" + tables + "#pets_1' -",
                           "SELECT name, country, age FROM singer ORDER BY age DESC");
    CHECK(wrong_db.exit_code == 1);
    CHECK(nlohmann::json::parse(wrong_db.out)["confidence"] == 0);
}

// Issue 18: the tree of a broken query is shown as far as the parser got, with its error nodes.
TEST_CASE("qdiff tree of a broken query prints the partial tree with error nodes", "[cli]") {
    Run sql = run_cli("tree --lang sql", "SELECT a FROM t WHERE b = = 1");
    CHECK(sql.exit_code == 1);
    CHECK(sql.out.rfind("sqlScript\n", 0) == 0);
    CHECK(sql.out.find("IDENTIFIER 'a'") != std::string::npos);
    CHECK(sql.out.find("<error> '='") != std::string::npos);
    CHECK(sql.err.find("[unexpected-token]") != std::string::npos);
    Run kql = run_cli("tree --lang kql", "T | where a == | take 3");
    CHECK(kql.exit_code == 1);
    CHECK(kql.out.find("<error>") != std::string::npos);
}

// Issue 18: an IN-list atom of 5,000 items was printed on one line.
TEST_CASE("qdiff diff text output cuts long atoms with an ellipsis", "[cli]") {
    std::string items;
    for (int i = 0; i < 5000; ++i) items += (i ? ", " : "") + std::to_string(i);
    auto expected = write_scratch("long_in_e.sql", "SELECT a FROM t WHERE b IN (" + items + ")");
    auto generated = write_scratch("long_in_g.sql", "SELECT a FROM t WHERE b IN (" + items + ", 5000)");
    Run r = run_cli("diff " + expected.string() + " " + generated.string());
    CHECK(r.exit_code == 0);
    CHECK(r.out.find(" ... (") != std::string::npos);
    std::istringstream lines(r.out);
    for (std::string line; std::getline(lines, line);) CHECK(line.size() < 600);
}

// One pair decided as one case of `qdiff batch` (issue 27, the tour's finding: a single pair's verdict
// needed a one-line batch file).
TEST_CASE("qdiff diff --verdict decides the pair as qdiff batch does", "[cli]") {
    auto schema = write_scratch("verdict_schema.sql", "CREATE TABLE emp (id INTEGER PRIMARY KEY, name TEXT, age INTEGER);");
    const std::string pair = " --lang sql --dialect sqlite --schema " + schema.string() +
                             " --expected-text 'SELECT name, age FROM emp WHERE age > 60'";
    Run same = run_cli("diff --verdict evidence" + pair + " --generated-text 'SELECT e.name, e.age FROM emp e WHERE 60 < e.age'");
    CHECK(same.exit_code == 0);
    CHECK(same.out.find("verdict (as qdiff batch decides it): equivalent, probability 100.0%, pass") != std::string::npos);
    // Columns in another order: equivalent for test-suite's comparison, different where columns pair by position.
    const std::string swapped = " --generated-text 'SELECT age, name FROM emp WHERE age > 60'";
    Run any_order = run_cli("diff --verdict evidence --format json" + pair + swapped);
    REQUIRE(any_order.exit_code == 0);
    auto j = nlohmann::json::parse(any_order.out);
    CHECK(j["batch_verdict"]["verdict"] == "equivalent");
    CHECK(j["batch_verdict"]["pass"] == true);
    Run by_position = run_cli("diff --verdict evidence --results-mode set --positional-columns --format json" + pair + swapped);
    REQUIRE(by_position.exit_code == 0);
    j = nlohmann::json::parse(by_position.out);
    CHECK(j["batch_verdict"]["verdict"] == "different");
    CHECK(j["batch_verdict"]["pass"] == false);
    CHECK(j["batch_verdict"]["reasons"][0].get<std::string>().find("different on synthesized database") == 0);
    CHECK(run_cli("diff --verdict maybe" + pair + swapped).exit_code == 2);
    CHECK(run_cli("diff --verdict evidence --results-mode bag" + pair + swapped).exit_code == 2);
    // A pair of two languages: the verdict reads the expected query in its own (it read both in --lang's
    // and said the expected query did not parse).
    Run two_languages = run_cli(
        "diff --verdict evidence --expected-lang sql --lang kql --expected-text "
        "'SELECT * FROM T WHERE a > 1 LIMIT 10' --generated-text 'T | where a > 1 | take 5'");
    CHECK(two_languages.out.find("does not parse") == std::string::npos);
    CHECK(two_languages.out.find("`LIMIT 10` -> `take 5`") != std::string::npos);
}

// Issue 18, output rule: results on stdout; diagnostics on stderr in text mode, only inside the
// document with --format json/sarif.
TEST_CASE("qdiff: diagnostics go to stderr in text mode and only into the JSON document otherwise", "[cli]") {
    for (const std::string command : {"parse --lang sql --format json", "tokens --lang sql --format json",
                                      "lint --lang sql --format json", "lint --lang sql --format sarif"}) {
        INFO(command);
        Run r = run_cli(command, "SELECT 'x FORM t");
        CHECK(r.exit_code == 1);
        CHECK(r.err.empty());
        CHECK(r.out.find("unterminated") != std::string::npos);
    }
    Run text = run_cli("parse --lang sql", "SELECT 'x FORM t");
    CHECK(text.out.empty());
    CHECK(text.err.find("unterminated") != std::string::npos);
    Run tokens = run_cli("tokens --lang sql", "SELECT 'x");
    CHECK(tokens.out.find("UNTERMINATED_STRING") != std::string::npos);
    CHECK(tokens.out.find("error:") == std::string::npos);
}

// Issue 18: query text on the command line; an unreadable file says why.
TEST_CASE("qdiff diff: --expected-text/--generated-text, and why a file cannot be read", "[cli]") {
    Run texts =
        run_cli("diff --lang sql --format json --expected-text 'SELECT a FROM t' --generated-text 'SELECT a FROM t'");
    CHECK(texts.exit_code == 0);
    CHECK(nlohmann::json::parse(texts.out)["score"] == 1.0);
    auto generated = write_scratch("generated.sql", "SELECT b FROM t");
    Run mixed = run_cli("diff --lang sql --expected-text 'SELECT a FROM t' " + generated.string());
    CHECK(mixed.exit_code == 0);
    CHECK(mixed.out.rfind("score ", 0) == 0);
    CHECK(run_cli("diff --expected-text 'SELECT 1' a.sql b.sql").exit_code == 2);  // one file too many
    Run missing = run_cli("diff /no/such/expected.sql " + generated.string());
    CHECK(missing.exit_code == 2);
    CHECK(missing.err.find("cannot read /no/such/expected.sql: No such file or directory") != std::string::npos);
}

// Issue 15: every --format json command prints exactly one JSON document whatever the input, with
// the diagnostics inside; qdiff diff of an unparsable or off-dialect generated query scores 0.
TEST_CASE("qdiff --format json: one document for any input, diff scores 0 when the generated query does not parse",
          "[cli]") {
    const std::vector<std::string> inputs = {"",
                                             "SELECT * FORM t",
                                             std::string("SELECT \xFF\xFE\x00 1", 13),
                                             std::string(3000, '('),
                                             "{\"class\": ",
                                             "T | where x ==",
                                             "SELECT `a` FROM t"};
    for (const std::string& input : inputs) {
        for (const std::string command :
             {"parse --format json", "tokens --format json", "lint --format json",
              "parse --dialect postgres --format json", "lint --dialect postgres --format json"}) {
            INFO(command << " on " << input.substr(0, 20));
            Run r = run_cli(command, input);
            CHECK(r.exit_code <= 1);
            CHECK(r.err.empty());
            CHECK(r.out.find('\n') == r.out.size() - 1);  // one line
            nlohmann::json j = nlohmann::json::parse(r.out, nullptr, false);
            REQUIRE(j.is_object());
            CHECK(j["diagnostics"].is_array());
        }
        auto generated = write_scratch("generated_hostile.sql", input);
        Run d = run_cli("diff --format json --expected-text 'SELECT a FROM t' " + generated.string());
        INFO("diff on " << input.substr(0, 20));
        CHECK(d.err.empty());
        nlohmann::json j = nlohmann::json::parse(d.out, nullptr, false);
        REQUIRE(j.is_object());
        if (j["ok"] == false) {
            CHECK(d.exit_code == 1);
            CHECK(j["score"] == 0.0);
            CHECK(j["reasons"][0].get<std::string>().find("the generated query does not parse") != std::string::npos);
            CHECK_FALSE(j["diagnostics"]["generated"].empty());
        }
    }
    // The backtick name under --dialect postgres: scored (0), the dialect diagnostic inside.
    Run backtick = run_cli(
        "diff --format json --dialect postgres --expected-text 'SELECT a FROM t' --generated-text 'SELECT `a` FROM t'");
    CHECK(backtick.exit_code == 1);
    nlohmann::json j = nlohmann::json::parse(backtick.out);
    CHECK(j["score"] == 0.0);
    CHECK(j["ok"] == false);
    CHECK(j["diagnostics"]["generated"][0]["code"] == "dialect-feature");
    CHECK(j["diagnostics"]["expected"].empty());
    Run text =
        run_cli("diff --dialect postgres --expected-text 'SELECT a FROM t' --generated-text 'SELECT `a` FROM t'");
    CHECK(text.exit_code == 1);
    CHECK(text.out.rfind("score 0.000 (profile full)\n  the generated query does not parse (1 error)", 0) == 0);
    CHECK(text.err.find("[dialect-feature]") != std::string::npos);
}

TEST_CASE("qdiff diff and batch --db synth: verdicts and counterexamples from synthesized databases", "[cli][synth]") {
    std::string schema =
        write_scratch("synth_schema.sql", "CREATE TABLE emp (id INTEGER PRIMARY KEY, name TEXT NOT NULL, age INTEGER);\n")
            .string();
    auto expected = write_scratch("synth_expected.sql", "SELECT name FROM emp WHERE age > 30");
    auto generated = write_scratch("synth_generated.sql", "SELECT name FROM emp WHERE age >= 30");
    Run text =
        run_cli("diff --lang sql --db synth --schema " + schema + " " + expected.string() + " " + generated.string());
    CHECK(text.exit_code == 0);
    CHECK_THAT(text.out, Catch::Contains("results on synthesized databases: different"));
    CHECK_THAT(text.out, Catch::Contains("table emp (1 row)"));
    CHECK_THAT(text.out, Catch::Contains("expected result (0 rows)"));
    Run json = run_cli("diff --lang sql --format json --db synth:4 --schema " + schema + " " + expected.string() + " " +
                       generated.string());
    REQUIRE(json.exit_code == 0);
    auto synthesized = nlohmann::json::parse(json.out)["synthesized_results"];
    CHECK(synthesized["verdict"] == "different");
    CHECK(synthesized["databases"] >= 1);
    CHECK(synthesized["counterexample"]["tables"][0]["rows"].size() == 1);
    // --db synth needs a schema; other databases are not for diff.
    CHECK(run_cli("diff --lang sql --db synth " + expected.string() + " " + generated.string()).exit_code == 2);
    Run other = run_cli("diff --lang sql --db sqlite:x.db --schema " + schema + " " + expected.string() + " " +
                        generated.string());
    CHECK(other.exit_code == 2);
    CHECK_THAT(other.err,
               Catch::Contains("--db: only synth[:N[:SEED]] (or tables:DIR for KQL) here, got 'sqlite:x.db'"));
    // A synth database with a bad count is not told "only synth here".
    Run zero =
        run_cli("diff --lang sql --db synth:0 --schema " + schema + " " + expected.string() + " " + generated.string());
    CHECK(zero.exit_code == 2);
    CHECK_THAT(zero.err, Catch::Contains("qdiff diff: --db synth:N needs N between 1 and 1000, got '0'"));

    // batch: --db synth:N for every case, or "db": "synth" in a case.
    std::string cases =
        "{\"id\": \"same\", \"lang\": \"sql\", \"schema\": \"" + schema +
        "\", \"expected\": \"SELECT name FROM emp WHERE age > 30\", \"generated\": \"SELECT name FROM emp WHERE NOT "
        "age <= 30\"}\n"
        "{\"id\": \"wrong\", \"lang\": \"sql\", \"schema\": \"" +
        schema +
        "\", \"expected\": \"SELECT name FROM emp WHERE age > 30\", \"generated\": \"SELECT name FROM emp WHERE age >= "
        "30\"}\n"
        "{\"id\": \"nothing\", \"lang\": \"sql\", \"schema\": \"" +
        schema +
        "\", \"expected\": \"SELECT name FROM emp WHERE 0\", \"generated\": \"SELECT name FROM emp WHERE 0\"}\n";
    Run batch = run_cli("batch - --db synth:6", cases);
    std::map<std::string, nlohmann::json> records;
    std::istringstream lines(batch.out);
    for (std::string line; std::getline(lines, line);) {
        auto record = nlohmann::json::parse(line);
        records[record["id"]] = record;
    }
    REQUIRE(records.size() == 3);
    CHECK(records["same"]["results_match"] == 1.0);
    CHECK(records["same"]["stages"]["results"]["details"]["synth_verdict"] == "equal");
    CHECK(records["wrong"]["results_match"] == 0.0);
    CHECK(records["wrong"]["stages"]["results"]["details"]["counterexample"]["tables"][0]["name"] == "emp");
    CHECK(records["nothing"]["results_match"].is_null());
    CHECK(records["nothing"]["stages"]["results"]["details"]["synth_verdict"] == "undecided");
    std::string per_case =
        "{\"lang\": \"sql\", \"db\": \"synth\", \"schema\": \"" + schema +
        "\", \"expected\": \"SELECT name FROM emp WHERE age > 30\", \"generated\": \"SELECT name FROM emp\"}\n";
    CHECK(nlohmann::json::parse(run_cli("batch -", per_case).out)["stages"]["results"]["details"]["synth_verdict"] ==
          "different");
    CHECK(run_cli("batch - --db synth:0", cases).exit_code == 2);
}

TEST_CASE("qdiff diff --schema: the schema's facts make more spellings equal; a bad schema is a usage error",
          "[cli]") {
    std::string schema = std::string(QDIFF_TEST_DATA_DIR) + "/normalize_schemas/concerts.sql";
    std::string pair = "--format json --expected-text 'SELECT count(name) FROM singer' "
                       "--generated-text 'SELECT count(*) FROM singer'";
    Run with = run_cli("diff --schema " + schema + " " + pair);
    CHECK(with.exit_code == 0);
    CHECK(nlohmann::json::parse(with.out)["score"] == 1.0);
    // name is NOT NULL in the schema; without it count(name) may skip rows
    Run without = run_cli("diff " + pair);
    CHECK(without.exit_code == 0);
    CHECK(nlohmann::json::parse(without.out)["score"].get<double>() < 1.0);
    Run missing = run_cli("diff --schema " + (scratch_dir() / "no_such_schema.sql").string() + " " + pair);
    CHECK(missing.exit_code == 2);
    CHECK((missing.out + missing.err).find("no_such_schema.sql") != std::string::npos);
}

TEST_CASE("qdiff tree exits 1 on a dialect error that qdiff parse rejects (issue 33)", "[cli]") {
    Run parse = run_cli("parse --lang sql --dialect postgres", "SELECT TOP 3 a FROM t");
    CHECK(parse.exit_code == 1);
    Run tree = run_cli("tree --lang sql --dialect postgres", "SELECT TOP 3 a FROM t");
    CHECK(tree.exit_code == 1);
    CHECK(tree.err.find("TOP is not valid in the postgres dialect [dialect-feature]") != std::string::npos);
    CHECK(tree.out.rfind("sqlScript\n", 0) == 0);  // the tree is still printed
    CHECK(run_cli("tree --lang sql --dialect tsql", "SELECT TOP 3 a FROM t").exit_code == 0);
}

TEST_CASE("an unknown --lang or --dialect is reported before the input is read (issue 33)", "[cli]") {
    Run lang = run_cli("parse --lang python /no/such/x.sql");
    CHECK(lang.exit_code == 2);
    CHECK(lang.err.find("unknown lang 'python'") != std::string::npos);
    CHECK(lang.err.find("cannot read") == std::string::npos);
    Run dialect = run_cli("lint --dialect oracle /no/such/x.sql");
    CHECK(dialect.exit_code == 2);
    CHECK(dialect.err.find("unknown dialect 'oracle'") != std::string::npos);
}

TEST_CASE("qdiff parse and qdiff lint take the query with --text; lint takes --batch (issue 33)", "[cli][lint]") {
    Run parse = run_cli("parse --lang sql --format sexpr --text 'SELECT a FROM t'");
    CHECK(parse.exit_code == 0);
    CHECK(parse.out.rfind("(Query ", 0) == 0);
    Run bad = run_cli("parse --lang sql --text 'SELECT * FORM t'");
    CHECK(bad.exit_code == 1);
    CHECK(bad.err.find("<text>:1:10: error: unexpected 'FORM'") != std::string::npos);
    CHECK(run_cli("parse --text 'SELECT 1' some_file.sql").exit_code == 2);

    const std::string schema = std::string(QDIFF_TEST_DATA_DIR) + "/lint/concert_singer.sql";
    Run lint = run_cli("lint --lang sql --schema " + schema + " --text 'SELECT nme FROM singer'");
    CHECK(lint.exit_code == 1);
    CHECK(lint.err.find("unknown column 'nme'") != std::string::npos);
    CHECK(lint.out.find("<text>: invalid") != std::string::npos);

    Run batch = run_cli("lint --lang sql --schema " + schema + " --batch -",
                        "{\"id\": \"a\", \"query\": \"SELECT name FROM singer LIMIT 3\"}\n"
                        "\n"
                        "{\"id\": \"b\", \"query\": \"SELECT nme FROM singer\"}\n"
                        "not json\n"
                        "{\"id\": 7, \"sql\": \"SELECT 1\"}\n");
    CHECK(batch.exit_code == 1);
    std::vector<nlohmann::json> records;
    std::istringstream lines(batch.out);
    for (std::string line; std::getline(lines, line);) records.push_back(nlohmann::json::parse(line));
    REQUIRE(records.size() == 4);
    CHECK(records[0]["id"] == "a");
    CHECK(records[0]["valid"] == true);
    CHECK(records[1]["id"] == "b");
    CHECK(records[1]["valid"] == false);
    bool unknown_column = false;
    for (auto& d : records[1]["diagnostics"]) unknown_column = unknown_column || d["code"] == "unknown-column";
    CHECK(unknown_column);
    CHECK(records[2]["index"] == 3);
    CHECK(records[2]["diagnostics"][0]["code"] == "bad-record");
    CHECK(records[3]["id"] == 7);
    CHECK(records[3]["valid"] == false);
    Run field = run_cli("lint --lang sql --batch - --field sql", "{\"sql\": \"SELECT a FROM t LIMIT 1\"}\n");
    CHECK(field.exit_code == 0);
    CHECK(nlohmann::json::parse(field.out)["valid"] == true);
    CHECK(run_cli("lint --batch - x.sql", "").exit_code == 2);
}

TEST_CASE("qdiff report refuses a cases file and an empty file (issue 33)", "[cli]") {
    auto cases = write_scratch("report_cases.jsonl",
                       "{\"id\": \"1\", \"expected\": \"SELECT a FROM t\", \"generated\": \"SELECT a FROM t\"}\n");
    Run on_cases = run_cli("report " + cases.string() + " -o " + (scratch_dir() / "cases.html").string());
    CHECK(on_cases.exit_code == 2);
    CHECK(on_cases.err.find("holds cases (the input of qdiff batch), not records") != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(scratch_dir() / "cases.html"));
    auto empty = write_scratch("report_empty.jsonl", "");
    Run on_empty = run_cli("report " + empty.string() + " -o " + (scratch_dir() / "empty.html").string());
    CHECK(on_empty.exit_code == 2);
    CHECK(on_empty.err.find("is empty") != std::string::npos);
    // Records of qdiff batch make a page.
    auto records = write_scratch("report_records.jsonl", "{\"line\": 1, \"id\": \"1\", \"status\": \"ok\", \"pass\": true, \"total\": 1.0}\n");
    Run page = run_cli("report " + records.string() + " -o " + (scratch_dir() / "page.html").string());
    CHECK(page.exit_code == 0);
    CHECK(std::filesystem::file_size(scratch_dir() / "page.html") > 1000);
}

TEST_CASE("qdiff batch: a missing SQLite database is one usage error; --threads reads as a count (issue 33)", "[cli]") {
    auto cases = write_scratch("batch_db_cases.jsonl",
                       "{\"id\": \"1\", \"expected\": \"SELECT 1\", \"generated\": \"SELECT 1\"}\n"
                       "{\"id\": \"2\", \"expected\": \"SELECT 2\", \"generated\": \"SELECT 2\"}\n");
    Run missing = run_cli("batch " + cases.string() + " --db sqlite:/nonexistent.db");
    CHECK(missing.exit_code == 2);
    CHECK(missing.out.empty());  // no record: no case ran
    CHECK(missing.err.find("/nonexistent.db does not exist") != std::string::npos);
    Run threads = run_cli("batch " + cases.string() + " --threads 0");
    CHECK(threads.exit_code == 2);
    CHECK(threads.err.find("--threads must be a whole number from 1 to 1024") != std::string::npos);
    CHECK(run_cli("batch " + cases.string() + " --threads 1.5").exit_code == 2);
    Run blend = run_cli("batch " + cases.string() + " --blend 2");
    CHECK(blend.err.find("--blend must be a number from 0 to 1") != std::string::npos);
}

TEST_CASE("execution profile: components show their log-odds contribution, not a 0.000 weight (issue 33)", "[cli]") {
    auto expected = write_scratch("exec_expected.sql", "SELECT name FROM singer WHERE age > 30");
    auto generated = write_scratch("exec_generated.sql", "SELECT name FROM singer WHERE age < 30");
    Run text = run_cli("diff --profile execution " + expected.string() + " " + generated.string());
    INFO(text.out);
    CHECK(text.out.find(" x 0.000") == std::string::npos);
    CHECK(text.out.find("  filters: ") != std::string::npos);
    CHECK(text.out.find(", log-odds - ") != std::string::npos);
    Run json = run_cli("diff --format json --profile execution " + expected.string() + " " + generated.string());
    auto j = nlohmann::json::parse(json.out);
    double sum = j["intercept"].get<double>();
    for (auto& [name, c] : j["components"].items()) {
        INFO(name);
        CHECK(c["weight"].is_null());
        REQUIRE(c["contribution"].is_number());
        sum += c["contribution"].get<double>();
    }
    CHECK(j["components"]["filters"]["contribution"].get<double>() < 0);
    for (auto& f : j["features"])  // features of the tree as a whole belong to no component
        if (f["name"].get<std::string>().rfind("tree.", 0) == 0) sum += f["contribution"].get<double>();
    CHECK(sum == Approx(j["log_odds"].get<double>()).margin(1e-9));  // the parts add up to the log-odds
    // Other profiles keep their weights.
    Run full = run_cli("diff --format json --profile full " + expected.string() + " " + generated.string());
    CHECK(nlohmann::json::parse(full.out)["components"]["filters"]["weight"].is_number());
}
