// Batch evaluation: the pipeline of one case (stages/pipeline.cpp), batch lines and records
// (stages/pipeline_record.cpp, pipeline_summary.cpp), and `qdiff batch` through the built CLI.
#include <sqlite3.h>
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>

#include "stages/pipeline.hpp"
#include "stages/pipeline_record.hpp"
#include "support/cli.hpp"
#include "support/corpus.hpp"

using namespace qdiff;
using Catch::Detail::Approx;

namespace {

// A stage with a fixed answer, or one that breaks its promise and throws.
class FixedStage : public Stage {
public:
    FixedStage(StageKind kind, StageStatus status, double score, bool throws = false)
        : kind_(kind), status_(status), score_(score), throws_(throws) {}
    StageKind kind() const override { return kind_; }
    StageResult run(const Case& c, const StageContext& context) override {
        if (throws_) throw std::runtime_error("connection reset");
        seen_structural = context.structural_score;
        seen_generated = context.generated != nullptr;
        StageResult r;
        r.stage = kind_;
        r.status = status_;
        r.score = score_;
        r.reason = status_ == StageStatus::Ok ? "" : "no such table: AppTraces";
        r.details["rows"] = "3";
        r.details["note"] = "not JSON {";
        return r;
    }
    std::optional<double> seen_structural;
    bool seen_generated = false;

private:
    StageKind kind_;
    StageStatus status_;
    double score_;
    bool throws_;
};

Case kql_case(std::string expected, std::string generated) {
    Case c;
    c.id = "c1";
    c.language = Language::Kql;
    c.expected = std::move(expected);
    c.generated = std::move(generated);
    return c;
}

std::vector<std::unique_ptr<Stage>> stages_of(std::vector<FixedStage*> list) {
    std::vector<std::unique_ptr<Stage>> out;
    for (FixedStage* s : list) out.emplace_back(s);
    return out;
}

}  // namespace

TEST_CASE("pipeline: parse, diff, stages and total for one case", "[batch]") {
    auto* judge = new FixedStage(StageKind::Judge, StageStatus::Ok, 0.95);
    auto* results = new FixedStage(StageKind::Results, StageStatus::Ok, 1.0);
    stages::PipelineOptions seed;
    seed.total.mode = scoring::VerdictMode::SeedTotal;
    stages::Pipeline pipeline(seed, stages_of({judge, results}));
    Case c = kql_case("Traces | where timestamp > ago(60m) | project timestamp, level, message",
                      "Traces | where timestamp > ago(1h) | project timestamp, level, message");
    stages::CaseOutcome out = pipeline.run(c);
    REQUIRE(out.diff);
    CHECK(out.diff->score == Approx(1.0));    // ago(1h) ≡ ago(60m) after normalization
    CHECK(out.diff->profile == "execution");  // the batch default for SQL and KQL
    REQUIRE(judge->seen_structural);
    CHECK(*judge->seen_structural == Approx(1.0));
    CHECK(judge->seen_generated);
    CHECK(out.total.query_similarity_source == "judge");
    CHECK(out.total.total == Approx(0.975));
    CHECK(out.total.pass);
    std::vector<std::string> steps;
    for (auto& [step, seconds] : out.timings) {
        steps.push_back(step);
        CHECK(seconds >= 0);
    }
    CHECK(steps == std::vector<std::string>{"parse", "diff", "lint", "judge", "results"});

    stages::Record r = stages::outcome_record(7, c, out);
    CHECK(r["line"] == 7);
    CHECK(r["id"] == "c1");
    CHECK(r["status"] == "ok");
    CHECK(r["pass"] == true);
    CHECK(r["total"].get<double>() == Approx(0.975));
    CHECK(r["structural"]["components"]["collection"]["score"] == 1.0);
    CHECK(r["stages"]["judge"]["status"] == "ok");
    CHECK(r["stages"]["judge"]["details"]["rows"] == 3);             // a JSON value
    CHECK(r["stages"]["judge"]["details"]["note"] == "not JSON {");  // kept as text
    CHECK(r["language"]["generated"] == "kql");
    CHECK(r["verdict"] == "equivalent");
    CHECK(r["seed_total"].get<double>() == Approx(0.975));

    // The default verdict: equal after normalization, so the probability is 1.
    stages::Pipeline evidence({}, stages_of({new FixedStage(StageKind::Judge, StageStatus::Ok, 0.95),
                                             new FixedStage(StageKind::Results, StageStatus::Ok, 1.0)}));
    stages::CaseOutcome by_evidence = evidence.run(c);
    CHECK(by_evidence.total.basis == "verdict");
    CHECK(by_evidence.total.total == Approx(1.0));
    CHECK(by_evidence.total.seed_total == Approx(0.975));
    CHECK(by_evidence.total.pass);
}

TEST_CASE("pipeline: without a results stage the seed's total is the structural score", "[batch]") {
    stages::PipelineOptions seed;
    seed.total.mode = scoring::VerdictMode::SeedTotal;
    stages::Pipeline pipeline(seed, {});
    Case c = kql_case("Traces | where timestamp > ago(1h) | summarize count() by level",
                      "AppTraces | where timestamp > ago(1h) | summarize count()");
    stages::CaseOutcome out = pipeline.run(c);
    REQUIRE(out.diff);
    CHECK(out.diff->gated);  // no common table
    CHECK(out.total.basis == "query_similarity_only");
    CHECK(out.total.total == 0.0);
    CHECK_FALSE(out.total.pass);
    stages::Record r = stages::outcome_record(1, c, out);
    CHECK(r["results_match"].is_null());
    CHECK(r["basis"] == "query_similarity_only");
    CHECK(r["verdict"] == "different");
    CHECK(r["evidence"]["reasons"][0] == "no table in common with the expected query");  // KQL words it so
}

TEST_CASE("pipeline: a generated query that does not parse fails with its diagnostics", "[batch]") {
    auto* results = new FixedStage(StageKind::Results, StageStatus::Error, 0);
    stages::Pipeline pipeline({}, stages_of({results}));
    Case c;
    c.id = "bad";
    c.language = Language::Sql;
    c.expected = "SELECT a FROM t";
    c.generated = "SELECT a FORM t";
    stages::CaseOutcome out = pipeline.run(c);
    CHECK_FALSE(out.diff);
    CHECK_FALSE(results->seen_generated);  // the stage still runs, without a parsed query
    CHECK_FALSE(out.total.pass);
    CHECK(out.total.reasons[0] == "the generated query does not parse: 1:15: unexpected 't'");
    stages::Record r = stages::outcome_record(2, c, out);
    CHECK(r["status"] == "error");  // the results stage failed
    CHECK(r["structural"].is_null());
    CHECK(r["confidence"] == 0);  // invalid syntax
    REQUIRE(r["diagnostics"]["generated"].size() >= 1);
    CHECK(r["diagnostics"]["generated"][0]["code"] == "unexpected-token");
    CHECK(r["stages"]["results"]["reason"] == "no such table: AppTraces");
}

TEST_CASE("pipeline: a stage that throws becomes an error and the others still run", "[batch]") {
    auto* broken = new FixedStage(StageKind::Judge, StageStatus::Ok, 1, /*throws=*/true);
    auto* results = new FixedStage(StageKind::Results, StageStatus::Ok, 1.0);
    stages::Pipeline pipeline({}, stages_of({broken, results}));
    Case c = kql_case("T | take 5", "T | take 5");
    stages::CaseOutcome out = pipeline.run(c);
    REQUIRE(out.stages.size() == 2);
    CHECK(out.stages[0].status == StageStatus::Error);
    CHECK(out.stages[0].reason == "judge: connection reset");
    CHECK(out.stages[1].status == StageStatus::Ok);
    // The judge failed, so the structural score stands in for it.
    CHECK(out.total.query_similarity_source == "structural");
    CHECK(out.total.total == Approx(1.0));
    stages::Record record = stages::outcome_record(1, c, out);
    CHECK(record["status"] == "error");
    // Issue 18: an error never passes, and the reasons say which error.
    CHECK(out.total.pass);
    CHECK(record["pass"] == false);
    CHECK(record["reasons"].dump().find("the judge stage failed: judge: connection reset") != std::string::npos);
}

TEST_CASE("batch lines: malformed lines become reasons, fields are read with defaults", "[batch]") {
    stages::CaseDefaults defaults{.language = Language::Sql, .dialect = Dialect::Sqlite, .base_dir = "/cases"};
    auto bad = [&](const std::string& line) {
        auto r = stages::read_case(line, 4, defaults);
        REQUIRE(std::holds_alternative<stages::BadLine>(r));
        return std::get<stages::BadLine>(r);
    };
    CHECK(bad("{\"id\": 1, \"expected\": ").message.starts_with("line 4: not valid JSON"));
    // A number too large for a double is an out_of_range error in nlohmann, not a parse_error (found by fuzz_batch_case)
    CHECK(bad(R"({"expected": "a", "generated": "b", "timeout": -1.5e+3008})").message.starts_with("line 4: not valid JSON"));
    CHECK(bad("[1, 2]").message == "line 4: expected a JSON object, got array");
    auto missing = bad(R"({"id": "q9", "expected": "SELECT 1"})");
    CHECK(missing.id == "q9");
    CHECK(missing.message == "line 4: missing string field \"generated\"");
    // A field that is there but is not a string is not "missing".
    CHECK(bad(R"({"expected": 42, "generated": "b"})").message == "line 4: \"expected\" must be a string, not number");
    CHECK(bad(R"({"expected": "a", "generated": ["b"]})").message ==
          "line 4: \"generated\" must be a string, not array");
    CHECK(bad(R"({"expected": null, "generated": "b"})").message == "line 4: missing string field \"expected\"");
    CHECK(bad(R"({"expected": "a", "generated": "b", "lang": "xql"})").message ==
          "line 4: unknown lang 'xql' (auto, sql, kql, weaviate)");
    CHECK(bad(R"({"id": [1], "expected": "a", "generated": "b"})").message ==
          "line 4: \"id\" must be a string or an integer");

    auto read = stages::read_case(
        R"({"id": 12, "expected": "SELECT 1", "generated": "SELECT 1", "dialect": "postgres", "schema": "s.json#db1",
            "db": "sqlite:data/x.sqlite", "expected_result": "e.csv", "generated_result": [{"a": 1}]})",
        4, defaults);
    REQUIRE(std::holds_alternative<Case>(read));
    const Case& c = std::get<Case>(read);
    CHECK(c.id == "12");
    CHECK(c.language == Language::Sql);  // the run's default
    CHECK(c.dialect == Dialect::Postgres);
    CHECK(c.schema == "/cases/s.json#db1");
    CHECK(c.db == "sqlite:/cases/data/x.sqlite");
    CHECK(c.expected_result == "/cases/e.csv");
    CHECK(c.generated_result == R"([{"a":1}])");

    // Fields a typo away from one read_case reads are named; a benchmark's own fields are not.
    CHECK(stages::misspelt_case_fields(R"({"expected": "a", "generated": "b", "dialet": "tsql", "shema": "s.sql",
        "generated_results": "g.csv", "question_id": 7, "evidence": "x", "SQL": "y", "db_id": "d"})") ==
          std::vector<std::string>{R"("dialet" (did you mean "dialect"?))",
                                   R"("generated_results" (did you mean "generated_result"?))",
                                   R"("shema" (did you mean "schema"?))"});
    CHECK(stages::misspelt_case_fields("not json").empty());
    CHECK(stages::misspelt_case_fields(R"(["dialet"])").empty());

    auto no_id = stages::read_case(R"({"expected": "a", "generated": "b", "db": "postgres://h/db"})", 9, defaults);
    CHECK(std::get<Case>(no_id).id == "line 9");
    CHECK(std::get<Case>(no_id).db == "postgres://h/db");
    CHECK(stages::bad_line_record(3, bad("nope"))["diagnostics"]["input"][0]["code"] == "bad-record");
}

TEST_CASE("batch input: the typo check knows every field read_case reads, of each kind", "[batch]") {
    using stages::CaseFieldKind;
    // Every kind has a field, so that the loops below try each kind.
    for (CaseFieldKind kind : {CaseFieldKind::Id, CaseFieldKind::Query, CaseFieldKind::Text, CaseFieldKind::Label,
                               CaseFieldKind::Tag, CaseFieldKind::Result})
        CHECK(std::any_of(std::begin(stages::kCaseFields), std::end(stages::kCaseFields),
                          [&](const stages::CaseField& f) { return f.kind == kind; }));
    stages::CaseDefaults defaults{.language = Language::Sql};
    for (const stages::CaseField& f : stages::kCaseFields) {
        std::string name(f.name);
        INFO(name);
        // A misspelt field (its last letter doubled) is named with the field meant.
        std::string typo = name + name.back();
        CHECK(stages::misspelt_case_fields(R"({"expected": "a", "generated": "b", ")" + typo + R"(": "x"})") ==
              std::vector<std::string>{"\"" + typo + "\" (did you mean \"" + name + "\"?)"});
        // and the field itself is read as its kind says.
        auto read = stages::read_case(R"({"expected": "a", "generated": "b", ")" + name + R"(": 7})", 1, defaults);
        switch (f.kind) {
            case CaseFieldKind::Id: CHECK(std::get<Case>(read).id == "7"); break;
            case CaseFieldKind::Query:
                CHECK(std::get<stages::BadLine>(read).message.find("must be a string, not number") !=
                      std::string::npos);
                break;
            case CaseFieldKind::Text:
                CHECK(std::get<stages::BadLine>(read).message == "line 1: \"" + name + "\" must be a string");
                break;
            case CaseFieldKind::Label:
                CHECK(std::get<stages::BadLine>(read).message ==
                      "line 1: \"" + name + "\" must be true, false, 1 or 0");
                break;
            case CaseFieldKind::Tag:
                CHECK(std::get<Case>(read).tags == std::vector<std::pair<std::string, std::string>>{{name, "7"}});
                break;
            case CaseFieldKind::Result: {
                const Case& c = std::get<Case>(read);
                CHECK((name == "expected_result" ? c.expected_result : c.generated_result) == "7");
                break;
            }
        }
    }
}

TEST_CASE("batch summary: pass rate, means, frequent diagnostics, worst cases", "[batch]") {
    stages::BatchSummary summary(2);
    auto record = [](std::string id, bool pass, double total, double collection, std::vector<std::string> codes) {
        stages::Record r{{"id", id},
                         {"status", "ok"},
                         {"pass", pass},
                         {"total", total},
                         {"query_similarity", total},
                         {"results_match", nullptr}};
        r["structural"] = {
            {"score", total},
            {"components", {{"collection", {{"score", collection}}}, {"having", {{"score", 1.0}, {"absent", true}}}}}};
        r["diagnostics"] = {{"generated", stages::Record::array()}};
        for (auto& code : codes) r["diagnostics"]["generated"].push_back({{"code", code}});
        return r;
    };
    summary.add(record("a", true, 1.0, 1.0, {}));
    summary.add(record("b", false, 0.4, 0.0, {"unexpected-token", "missing-token"}));
    summary.add(record("c", false, 0.6, 1.0, {"unexpected-token"}));
    summary.add(stages::bad_line_record(9, {"", "line 9: not valid JSON"}));
    stages::Record j = summary.to_json();
    CHECK(j["cases"] == 4);
    CHECK(j["passed"] == 1);
    CHECK(j["errors"] == 1);
    CHECK(j["pass_rate"].get<double>() == Approx(0.25));
    CHECK(j["means"]["total"]["mean"].get<double>() == Approx((1.0 + 0.4 + 0.6 + 0.0) / 4));
    CHECK(j["means"]["structural.collection"]["mean"].get<double>() == Approx(2.0 / 3));
    CHECK_FALSE(j["means"].contains("structural.having"));  // absent everywhere
    CHECK(j["means"]["results_match"].is_null());           // never ran
    CHECK(j["top_diagnostics"][0] == stages::Record{{"code", "unexpected-token"}, {"count", 2}});
    REQUIRE(j["worst"].size() == 2);
    CHECK(j["worst"][0]["id"] == "line 9");
    CHECK(j["worst"][1]["id"] == "b");
    CHECK(summary.to_text().starts_with("qdiff batch: 4 cases, 1 passed (25.0%), 3 failed, 1 with errors\n"));
}

// ---- qdiff batch through the built CLI ----------------------------------------------------------

namespace {

namespace fs = std::filesystem;

using testing::scratch_dir;
using testing::write_scratch;

struct Run {
    int exit_code;
    std::vector<nlohmann::json> records;
    std::string out, err;
};

Run batch(const std::string& args) {
    testing::CliRun cli = testing::run_cli("batch " + args);
    Run run{cli.exit_code, {}, std::move(cli.out), std::move(cli.err)};
    std::istringstream lines(run.out);
    for (std::string line; std::getline(lines, line);)
        if (!line.empty()) run.records.push_back(nlohmann::json::parse(line));
    return run;
}

std::vector<nlohmann::json> read_records(const fs::path& path) {
    std::vector<nlohmann::json> records;
    for (const std::string& line : testing::read_lines(path))
        if (!line.empty()) records.push_back(nlohmann::json::parse(line));
    return records;
}

// 40 SQL cases, every seventh line broken, so that 4 threads finish them out of order.
std::string mixed_cases() {
    std::string text;
    for (int i = 1; i <= 40; ++i) {
        if (i % 7 == 0) {
            text += i % 14 == 0 ? "{\"id\": \"q" + std::to_string(i) + "\", \"expected\": \"SELECT 1\"}\n"
                                : "not json at all\n";
            continue;
        }
        std::string generated =
            i % 3 == 0 ? "SELECT name FROM concert WHERE age > 30" : "SELECT name FROM singer WHERE age > 30";
        text += R"({"id": "q)" + std::to_string(i) +
                R"(", "lang": "sql", "expected": "SELECT name FROM singer WHERE age > 30", "generated": ")" +
                generated + "\"}\n";
        if (i == 20) text += "\n";  // blank lines are not cases
    }
    return text;
}

}  // namespace

TEST_CASE("qdiff batch: one record per case, in input order, malformed lines included", "[batch]") {
    auto cases = write_scratch("mixed.jsonl", mixed_cases());
    Run run = batch(cases.string() + " --threads 4");
    CHECK(run.exit_code == 1);  // some cases fail
    REQUIRE(run.records.size() == 40);
    size_t passed = 0, errors = 0;
    for (size_t i = 0; i < run.records.size(); ++i) {
        const auto& r = run.records[i];
        int n = static_cast<int>(i) + 1;
        int physical = n > 20 ? n + 1 : n;  // the blank line after line 20 counts as a line
        CHECK(r["line"] == physical);
        if (n % 7 == 0) {
            CHECK(r["status"] == "error");
            CHECK(r["diagnostics"]["input"][0]["code"] == "bad-record");
            CHECK(r["id"] == (n % 14 == 0 ? "q" + std::to_string(n) : "line " + std::to_string(physical)));
            ++errors;
            continue;
        }
        CHECK(r["id"] == "q" + std::to_string(n));
        CHECK(r["status"] == "ok");
        CHECK(r["pass"] == (n % 3 != 0));
        passed += r["pass"].get<bool>();
    }
    CHECK(errors == 5);
    CHECK(passed == 35 - 12);  // a wrong table on the multiples of 3 that are not multiples of 7
    CHECK(run.err.find("qdiff batch: 40 cases, 23 passed (57.5%), 17 failed, 5 with errors") != std::string::npos);
    CHECK(run.err.find("unexpected-token") == std::string::npos);
    CHECK(run.err.find("worst cases:") != std::string::npos);

    // One thread gives the same records (timings aside).
    Run single = batch(cases.string() + " --threads 1");
    REQUIRE(single.records.size() == run.records.size());
    auto without_times = [](nlohmann::json r) {
        r.erase("timings");
        for (auto& stage : r["stages"]) stage.erase("seconds");
        return r;
    };
    for (size_t i = 0; i < run.records.size(); ++i)
        CHECK(without_times(run.records[i]) == without_times(single.records[i]));
}

TEST_CASE("qdiff batch -o: a second run resumes, skipping ids already written", "[batch]") {
    std::string all = mixed_cases();
    size_t cut = 0;
    for (int lines = 0; lines < 10; ++lines) cut = all.find('\n', cut) + 1;
    auto first_part = write_scratch("first.jsonl", all.substr(0, cut));
    auto whole = write_scratch("whole.jsonl", all);
    auto out = scratch_dir() / "resumed.jsonl";
    fs::remove(out);

    Run first = batch(first_part.string() + " -o " + out.string());
    CHECK(first.out.empty());  // records go to the file
    REQUIRE(read_records(out).size() == 10);
    // A run killed mid-write leaves half a line; the resumed run removes it and redoes that case.
    { std::ofstream(out, std::ios::app) << R"({"line": 11, "id": "q11", "sta)"; }

    Run second = batch(whole.string() + " -o " + out.string() + " --threads 3");
    CHECK(second.exit_code == 1);
    CHECK(second.err.find("removing an incomplete last line") != std::string::npos);
    CHECK(second.err.find("40 cases") != std::string::npos);
    CHECK(second.err.find("(10 of these cases were already in") != std::string::npos);
    std::vector<nlohmann::json> records = read_records(out);
    REQUIRE(records.size() == 40);
    std::set<std::string> ids;
    for (const auto& r : records) ids.insert(r["id"].get<std::string>());
    CHECK(ids.size() == 40);
    CHECK(records[10]["id"] == "q11");

    Run third = batch(whole.string() + " -o " + out.string());
    CHECK(read_records(out).size() == 40);  // nothing left to do
    CHECK(third.err.find("40 cases") != std::string::npos);
}

TEST_CASE("qdiff batch: usage errors exit 2", "[batch]") {
    auto cases = write_scratch("one.jsonl", R"({"id": "a", "expected": "SELECT 1", "generated": "SELECT 1"})"
                                    "\n");
    CHECK(batch("").exit_code == 2);
    CHECK(batch((scratch_dir() / "absent.jsonl").string()).exit_code == 2);
    CHECK(batch(cases.string() + " --blend 1.5").exit_code == 2);
    CHECK(batch(cases.string() + " --threads 0").exit_code == 2);
    CHECK(batch(cases.string() + " --profile no-such-profile").exit_code == 2);
    CHECK(batch(cases.string() + " --db mysql://x").exit_code == 2);
    CHECK(batch(cases.string() + " --results-mode median").exit_code == 2);
    // A synthesized-database count out of range names the option once ("--db --db synth:N" before).
    Run zero_databases = batch(cases.string() + " --db synth:0");
    CHECK(zero_databases.exit_code == 2);
    CHECK_THAT(zero_databases.err, Catch::Contains("qdiff batch: --db synth:N needs N between 1 and 1000, got '0'"));
    // A summary that cannot be written fails before the run, with why, not after every case ran.
    Run unwritable = batch(cases.string() + " --summary " + (scratch_dir() / "absent-dir" / "s.json").string());
    CHECK(unwritable.exit_code == 2);
    CHECK(unwritable.out.empty());
    CHECK_THAT(unwritable.err, Catch::Contains("s.json: No such file or directory"));
    // A misspelt field is said once, on standard error, and the case still runs.
    auto typo =
        write_scratch("typo.jsonl", R"({"id": "t1", "expected": "SELECT 1", "generated": "SELECT 1", "dialet": "tsql"})"
                                    "\n"
                                    R"({"id": "t2", "expected": "SELECT 1", "generated": "SELECT 1", "dialet": "tsql"})"
                                    "\n");
    Run typos = batch(typo.string());
    CHECK(typos.exit_code == 0);
    CHECK(typos.records.size() == 2);
    CHECK_THAT(typos.err,
               Catch::Contains("qdiff batch: line 1: unknown field \"dialet\" (did you mean \"dialect\"?): ignored"));
    CHECK(typos.err.find("line 2: unknown field") == std::string::npos);
    // An input without a case is an error, not a batch where every case passed.
    for (const char* text : {"", "\n  \n\t\n"}) {
        auto empty = write_scratch("empty.jsonl", text);
        Run none = batch(empty.string());
        CHECK(none.exit_code == 2);
        CHECK_THAT(none.err, Catch::Contains(empty.string() + " holds no case: expected one JSON object per line"));
    }
    Run ok = batch(cases.string() + " --summary " + (scratch_dir() / "summary.json").string());
    CHECK(ok.exit_code == 0);
    auto summary = nlohmann::json::parse(testing::read_file(scratch_dir() / "summary.json"));
    CHECK(summary["pass_rate"] == 1.0);
    CHECK(summary["cases"] == 1);
}

TEST_CASE("qdiff batch: the three scenarios of seed 000 with a test judge and result files", "[batch]") {
    fs::path cases = fs::path(QDIFF_SOURCE_DIR) / "corpus/batch/seed000/cases.jsonl";
    fs::path judge = fs::path(QDIFF_TEST_DATA_DIR) / "batch/seed000_judge.sh";
    Run run = batch(cases.string() + " --judge cmd:" + judge.string() + " --threads 2 --verdict seed");
    CHECK(run.exit_code == 1);  // the third case fails
    REQUIRE(run.records.size() == 3);
    struct Expected {
        const char* id;
        double judge, results, total;
        bool pass;
    };
    const Expected expected[] = {{"exact-match", 1.0, 1.0, 1.0, true},
                                 {"minor-difference", 0.95, 1.0, 0.975, true},
                                 {"wrong-table", 0.60, 0.0, 0.30, false}};  // 3 of 10 rows: not the same result
    for (size_t i = 0; i < 3; ++i) {
        const auto& r = run.records[i];
        INFO(r.dump());
        CHECK(r["id"] == expected[i].id);
        CHECK(r["status"] == "ok");
        CHECK(r["stages"]["judge"]["status"] == "ok");
        CHECK(r["query_similarity_source"] == "judge");
        CHECK(r["query_similarity"].get<double>() == Approx(expected[i].judge));
        CHECK(r["stages"]["results"]["status"] == "ok");
        CHECK(r["results_match"].get<double>() == Approx(expected[i].results));
        CHECK(r["basis"] == "blend");
        CHECK(r["total"].get<double>() == Approx(expected[i].total));
        CHECK(r["pass"] == expected[i].pass);
    }
    // The structural score sees ago(1h) ≡ ago(60m) too, and gates the wrong table to 0.
    CHECK(run.records[1]["structural"]["score"] == 1.0);
    CHECK(run.records[2]["structural"]["gated"] == true);
    CHECK(run.err.find("3 cases, 2 passed (66.7%)") != std::string::npos);

    // The default verdict on the same cases: the same passes, decided on the evidence.
    Run by_evidence = batch(cases.string() + " --judge cmd:" + judge.string() + " --threads 2");
    REQUIRE(by_evidence.records.size() == 3);
    const char* verdicts[] = {"equivalent", "equivalent", "different"};
    for (size_t i = 0; i < 3; ++i) {
        const auto& r = by_evidence.records[i];
        INFO(r.dump());
        CHECK(r["basis"] == "verdict");
        CHECK(r["verdict"] == verdicts[i]);
        CHECK(r["pass"] == expected[i].pass);
        CHECK(r["seed_total"].get<double>() == Approx(expected[i].total));
    }
}

TEST_CASE("qdiff batch: the bundled restaurant cases on an SQLite database", "[batch]") {
    // The database the main job builds with the sqlite3 tool, built here with the library.
    fs::path db = scratch_dir() / "restaurants.sqlite";
    fs::remove(db);
    sqlite3* handle = nullptr;
    REQUIRE(sqlite3_open(db.string().c_str(), &handle) == SQLITE_OK);
    std::string ddl = testing::read_file(fs::path(QDIFF_SOURCE_DIR) / "corpus/batch/restaurants.sql");
    CHECK(sqlite3_exec(handle, ddl.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK);
    sqlite3_close(handle);

    fs::path cases = fs::path(QDIFF_SOURCE_DIR) / "corpus/batch/restaurants_cases.jsonl";
    Run run = batch(cases.string() + " --db sqlite:" + db.string());
    CHECK(run.exit_code == 1);
    REQUIRE(run.records.size() == testing::read_lines(cases).size());
    for (const auto& r : run.records) {
        INFO(r.dump());
        std::string id = r["id"];
        // exact-* and equivalent-* cases pass on both scores; wrong-* and broken-* fail.
        bool good = id.starts_with("exact-") || id.starts_with("equivalent-");
        CHECK(r["pass"] == good);
        if (good) {
            CHECK(r["results_match"] == 1.0);
            CHECK(r["structural"]["score"] == 1.0);
        }
        if (id == "broken-syntax") {
            // Not run on the database: the parse error is the case's answer, as without a database.
            CHECK(r["status"] == "ok");
            CHECK(r["verdict"] == "cannot_run");
            CHECK(r["stages"]["results"]["status"] == "skipped");
            CHECK(r["stages"]["results"]["reason"] == "the generated query does not parse: 1:34: unexpected 'location'");
            CHECK(r["diagnostics"]["generated"][0]["code"] == "unexpected-token");
        }
        if (id == "wrong-filter") CHECK(r["results_match"] == 0.0);  // Japanese instead of Italian
        // The linter's confidence: a syntax error zeroes it; a grouped summary without LIMIT is no
        // missing-limit (issue 18: only every row of a table is).
        if (id == "exact-top3") CHECK(r["confidence"] == 100);
        if (id == "exact-food-types") CHECK(r["confidence"] == 100);
        if (id == "broken-syntax") CHECK(r["confidence"] == 0);
    }
}

TEST_CASE("pipeline: the case's schema is loaded once and the linter checks against it", "[batch]") {
    fs::path ddl = write_scratch("singer.sql", "CREATE TABLE singer (name TEXT, age INTEGER, country TEXT);\n");
    stages::Pipeline pipeline({}, {});
    Case c;
    c.id = "s1";
    c.language = Language::Sql;
    c.schema = ddl.string();
    c.expected = "SELECT name FROM singer WHERE age > 30 ORDER BY age LIMIT 5";
    c.generated = "SELECT nme FROM singer WHERE age > 30 ORDER BY age LIMIT 5";
    stages::CaseOutcome out = pipeline.run(c);
    REQUIRE(out.lint);
    CHECK(out.schema_diagnostics.empty());
    CHECK(out.lint->confidence == 80);  // one error: unknown column
    stages::Record r = stages::outcome_record(1, c, out);
    CHECK(r["status"] == "ok");
    bool unknown_column = false;
    for (const auto& d : r["diagnostics"]["generated"]) unknown_column |= d["code"] == "unknown-column";
    CHECK(unknown_column);

    // A schema that cannot be loaded: its diagnostics in the record, the case evaluated without it.
    fs::path missing = scratch_dir() / "absent-schema.json";
    c.schema = missing.string();
    stages::CaseOutcome without = pipeline.run(c);
    REQUIRE(without.lint);
    CHECK(without.lint->confidence == 100);
    stages::Record r2 = stages::outcome_record(2, c, without);
    CHECK(r2["status"] == "error");
    CHECK(r2["diagnostics"]["schema"][0]["code"] == "schema-unreadable");
    REQUIRE(without.diff);
    CHECK(without.diff->score == out.diff->score);  // the scores did not need the schema,
    CHECK(r2["pass"] == false);                     // but an error never passes (issue 18)
    // The reason says why, not only that: the file and what is wrong with it.
    CHECK(r2["reasons"].dump().find("the schema could not be loaded: " + missing.string() +
                                    ": cannot read the schema: No such file or directory") != std::string::npos);
}

// Issue 18: a case whose schema cannot be loaded has status error and so never passes.
TEST_CASE("qdiff batch: a case with status error never passes", "[batch]") {
    auto cases = write_scratch(
        "schema_missing.jsonl",
        R"({"id": "s", "lang": "sql", "expected": "SELECT 1", "generated": "SELECT 1", "schema": "no-such-schema.json"})"
        "\n");
    Run run = batch(cases.string());
    REQUIRE(run.records.size() == 1);
    CHECK(run.records[0]["status"] == "error");
    CHECK(run.records[0]["total"] == 1.0);
    CHECK(run.records[0]["pass"] == false);
    CHECK(run.exit_code == 1);
    CHECK(run.err.find("1 cases, 0 passed") != std::string::npos);

    // An equivalent pair whose expected result file cannot be read: the verdict gives no reason, and the
    // record had said nothing of why it failed.
    auto unreadable = write_scratch(
        "result_missing.jsonl", R"({"id": "r", "lang": "weaviate", "expected": "{ Get { A(limit: 2) { t } } }", )"
                                R"("generated": "{ Get { A(limit: 2) { t } } }", "expected_result": "no-such.json", )"
                                R"("generated_result": [{"t": 1}]})"
                                "\n");
    for (const char* format : {"", " --output-format csv"}) {
        testing::CliRun result = testing::run_cli("batch " + unreadable.string() + format);
        INFO(result.out);
        CHECK(result.exit_code == 1);
        CHECK_THAT(result.out, Catch::Contains("error: the results stage failed: expected result unavailable: cannot "
                                               "read result file"));
    }
    Run jsonl = batch(unreadable.string());
    REQUIRE(jsonl.records.size() == 1);
    CHECK(jsonl.records[0]["verdict"] == "equivalent");
    CHECK_THAT(jsonl.records[0]["reasons"][0].get<std::string>(),
               Catch::EndsWith("no-such.json': No such file or directory"));
    CHECK(jsonl.records[0]["pass"] == false);
    REQUIRE(jsonl.records[0]["reasons"].size() == 1);
}

// Issue 18: repeated ids are renamed in input order, said on stderr and in the record; a resumed run
// renames alike, skips them all and reports the same summary.
TEST_CASE("qdiff batch: repeated ids are renamed, and a resumed run gives the same summary", "[batch]") {
    std::string text;
    for (const char* id : {"a", "b", "a", "a#2", "a"})
        text += R"({"id": ")" + std::string(id) +
                R"(", "lang": "sql", "expected": "SELECT x FROM t", "generated": "SELECT y FROM t"})"
                "\n";
    auto cases = write_scratch("repeated.jsonl", text);
    auto out = scratch_dir() / "repeated_out.jsonl";
    fs::remove(out);
    auto summary_of = [](const std::string& err) { return err.substr(err.find("qdiff batch: 5 cases")); };
    Run first = batch(cases.string() + " -o " + out.string() + " --threads 3");
    std::vector<nlohmann::json> records = read_records(out);
    REQUIRE(records.size() == 5);
    std::vector<std::string> ids;
    for (const auto& r : records) ids.push_back(r["id"]);
    CHECK(ids == std::vector<std::string>{"a", "b", "a#2", "a#2#2", "a#3"});
    CHECK(records[2]["renamed_from"] == "a");
    CHECK(records[3]["renamed_from"] == "a#2");
    CHECK_FALSE(records[1].contains("renamed_from"));
    CHECK(first.err.find("line 3: the id \"a\" is already on line 1: renamed \"a#2\"") != std::string::npos);

    // Half the output lost: the resumed run redoes exactly the missing cases.
    std::string kept;
    for (size_t i = 0; i < 2; ++i) kept += records[i].dump() + "\n";
    std::ofstream(out, std::ios::binary | std::ios::trunc) << kept;
    Run resumed = batch(cases.string() + " -o " + out.string());
    REQUIRE(read_records(out).size() == 5);
    CHECK(read_records(out)[4]["id"] == "a#3");
    Run again = batch(cases.string() + " -o " + out.string());
    CHECK(read_records(out).size() == 5);
    std::string first_summary = summary_of(first.err);
    CHECK(summary_of(resumed.err).substr(0, first_summary.size()) == first_summary);
    CHECK(summary_of(again.err).substr(0, first_summary.size()) == first_summary);
}

// Issue 18: CSV as well as JSONL, by --output-format or by the -o extension.
TEST_CASE("qdiff batch: CSV output", "[batch]") {
    auto cases = write_scratch(
        "csv_cases.jsonl",
        std::string(R"({"id": "x,1", "lang": "sql", "expected": "SELECT a FROM t", "generated": "SELECT a FROM t"})") +
            "\nnot json\n");
    auto out = scratch_dir() / "records.csv";
    fs::remove(out);
    Run run = batch(cases.string() + " -o " + out.string());
    CHECK(run.exit_code == 1);
    std::vector<std::string> lines = testing::read_lines(out);
    while (!lines.empty() && lines.back().empty()) lines.pop_back();
    REQUIRE(lines.size() == 3);
    CHECK(lines[0].rfind("line,id,status,pass,total,query_similarity,", 0) == 0);
    CHECK(lines[1].rfind("1,\"x,1\",ok,true,1.0,", 0) == 0);  // a comma in a field is quoted
    CHECK(lines[2].rfind("2,line 2,error,false,0.0,", 0) == 0);
    CHECK(lines[2].find("bad-record") != std::string::npos);
    // A CSV file cannot be resumed: refused, not appended to.
    Run again = batch(cases.string() + " -o " + out.string());
    CHECK(again.exit_code == 2);
    CHECK(again.err.find("cannot be resumed") != std::string::npos);
    auto named_otherwise = scratch_dir() / "records.txt";
    fs::remove(named_otherwise);
    batch(cases.string() + " --output-format csv -o " + named_otherwise.string());
    CHECK(testing::read_file(named_otherwise).rfind("line,id,", 0) == 0);
    CHECK(batch(cases.string() + " --output-format xml").exit_code == 2);
}
