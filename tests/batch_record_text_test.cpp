// Batch records written directly (stages/pipeline_record: write_outcome_record) against the DOM they
// replace (outcome_record's dump): byte-identical text and the same summary facts, for records with
// every kind of field; and the DOM path taken where a direct text could differ.
#include <catch2/catch.hpp>
#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "qdiff/compare.hpp"
#include "stages/pipeline.hpp"
#include "stages/pipeline_record.hpp"
#include "support/cli.hpp"

using namespace qdiff;
using qdiff::testing::write_scratch;

namespace {

std::string dom_text(size_t line, const Case& c, const stages::CaseOutcome& out) {
    return stages::outcome_record(line, c, out).dump(-1, ' ', false, stages::Record::error_handler_t::replace);
}

// The facts with each number as dump prints it (NaN compares equal to itself) and in name order.
std::vector<std::pair<std::string, std::string>> comparable(const stages::RecordFacts& f) {
    std::vector<std::pair<std::string, std::string>> out;
    out.emplace_back("id " + f.id, std::string(f.pass ? "pass" : "fail") + (f.error ? " error" : ""));
    out.emplace_back("worst total", nlohmann::json(f.total).dump());
    for (const auto& [name, value] : f.scores) out.emplace_back(name, nlohmann::json(value).dump());
    std::vector<std::string> codes = f.diagnostic_codes;
    std::sort(codes.begin(), codes.end());
    for (const std::string& code : codes) out.emplace_back("code", code);
    std::sort(out.begin(), out.end());
    return out;
}

// The direct text is the DOM's dump, and its facts are those the summary reads from that DOM.
void check_same_as_dom(size_t line, const Case& c, const stages::CaseOutcome& out) {
    std::string text = "(kept)";  // write_outcome_record appends
    stages::RecordFacts facts;
    REQUIRE(stages::write_outcome_record(text, facts, line, c, out));
    std::string dom = dom_text(line, c, out);
    CHECK(text == "(kept)" + dom);
    // The summary took its facts from the DOM in memory (where a NaN is still a number).
    CHECK(comparable(facts) == comparable(stages::record_facts(stages::outcome_record(line, c, out))));
    CHECK(stages::outcome_record_text(line, c, out) == dom);
}

// A stage with a fixed answer and details of each kind: JSON values of every type, and text that is
// not JSON (kept as a string).
class DetailedStage : public Stage {
public:
    DetailedStage(StageKind kind, StageStatus status) : kind_(kind), status_(status) {}
    StageKind kind() const override { return kind_; }
    StageResult run(const Case&, const StageContext&) override {
        StageResult r;
        r.stage = kind_;
        r.status = status_;
        r.score = 0.3333333333333333;
        r.reason = status_ == StageStatus::Ok ? "" : "no such table: \"singer\"\n\tat line 1";
        r.details["rows"] = "3";
        r.details["ratio"] = "1.50";  // dump prints 1.5
        r.details["huge"] = "1e300";
        r.details["list"] = R"([1, "two", null, true, {"k": [ ]}, -0.0, 5e-324])";
        r.details["escaped"] = R"("caf\u00e9 \u007f \ud83d\ude00 \/")";
        r.details["note"] = "not JSON {";
        r.details["empty"] = "";
        return r;
    }

private:
    StageKind kind_;
    StageStatus status_;
};

std::vector<std::unique_ptr<Stage>> detailed_stages(StageStatus results) {
    std::vector<std::unique_ptr<Stage>> list;
    list.push_back(std::make_unique<DetailedStage>(StageKind::Judge, StageStatus::Ok));
    list.push_back(std::make_unique<DetailedStage>(StageKind::Results, results));
    return list;
}

Case sql_case(std::string expected, std::string generated) {
    Case c;
    c.id = "q \"1\"";
    c.language = Language::Sql;
    c.question = "Which singers? \"quoted\", back\\slash, tab\t, newline\n, bell\x07, DEL\x7f, caf\xc3\xa9, \xf0\x9f\x98\x80";
    c.expected = std::move(expected);
    c.generated = std::move(generated);
    return c;
}

}  // namespace

TEST_CASE("batch record text: the direct writer prints the DOM's dump for every kind of field", "[batch_record_text]") {
    std::filesystem::path ddl =
        write_scratch("record_text/singer.sql", "CREATE TABLE singer (name TEXT, age INTEGER, country TEXT);\n");
    Case c = sql_case("SELECT name, country FROM singer WHERE age > 30 ORDER BY age LIMIT 5",
                      "SELECT DISTINCT nme, \"country\" FROM singer WHERE age >= 31 ORDER BY age DESC");
    c.schema = ddl.string();
    c.label = true;
    c.tags = {{"db_id", "singer"}, {"difficulty", "hard \"x\""}, {"source", "1.0"}};

    SECTION("execution profile, stages with details, lint diagnostics with notes and fix-its") {
        stages::Pipeline pipeline({}, detailed_stages(StageStatus::Ok));
        stages::CaseOutcome out = pipeline.run(c);
        REQUIRE(out.diff);
        REQUIRE(out.diff->log_odds);
        REQUIRE(out.lint);
        bool notes = false, fixits = false;
        for (const Diagnostic& d : out.lint->diagnostics) {
            notes |= !d.notes.empty();
            fixits |= !d.fixits.empty();
        }
        CHECK(notes);
        CHECK(fixits);
        check_same_as_dom(12, c, out);
    }
    SECTION("structural and hybrid profiles: weights instead of contributions") {
        for (const char* profile : {"full", "hybrid"}) {
            INFO(profile);
            stages::PipelineOptions options;
            options.profile = builtin_profile(profile);
            stages::Pipeline pipeline(options, {});
            stages::CaseOutcome out = pipeline.run(c);
            REQUIRE(out.diff);
            CHECK_FALSE(out.diff->log_odds);
            check_same_as_dom(1, c, out);
        }
    }
    SECTION("a failed stage, a generated query that does not parse, a schema that does not load") {
        c.generated = "SELECT name FORM singer";
        c.schema = (ddl.parent_path() / "absent.json").string();
        stages::Pipeline pipeline({}, detailed_stages(StageStatus::Error));
        stages::CaseOutcome out = pipeline.run(c);
        CHECK_FALSE(out.diff);
        CHECK_FALSE(out.schema_diagnostics.empty());
        check_same_as_dom(3, c, out);
        out.error = "internal: \"boom\"";
        check_same_as_dom(3, c, out);
    }
    SECTION("non-finite, tiny and huge doubles; nulls; the evidence's optional numbers") {
        stages::Pipeline pipeline({}, detailed_stages(StageStatus::Ok));
        stages::CaseOutcome out = pipeline.run(c);
        out.total.total = std::nan("");
        out.total.query_similarity = 5e-324;
        out.total.seed_total = 1.7976931348623157e308;
        out.total.pass_threshold = -0.0;
        out.total.results_match = std::numeric_limits<double>::infinity();
        out.verdict.probability = -std::numeric_limits<double>::infinity();
        out.verdict.structural_probability.reset();
        out.evidence.judge = 1e-7;
        out.evidence.results.synthesized = true;
        out.evidence.results.databases = 4;
        out.evidence.results.separating_kind = "nulls";
        out.diff->score = 2.2250738585072014e-308;
        out.diff->components.front().score = std::nan("");
        out.stages.front().seconds = 1e21;
        out.timings.emplace_back("step \"with\" quotes", 1e-5);
        check_same_as_dom(4, c, out);
        out.total.results_match.reset();
        out.evidence.judge.reset();
        out.lint.reset();  // the parse's diagnostics, no confidence
        c.label = false;
        c.tags.clear();
        check_same_as_dom(4, c, out);
    }
    SECTION("a diagnostic with DEL, which render_json escapes and dump does not") {
        stages::Pipeline pipeline({}, {});
        stages::CaseOutcome out = pipeline.run(c);
        REQUIRE(out.lint);
        REQUIRE_FALSE(out.lint->diagnostics.empty());
        out.lint->diagnostics.front().message += " \x7f and \x01";
        check_same_as_dom(5, c, out);
    }
}

TEST_CASE("batch record text: where the DOM would print otherwise, the DOM path is taken", "[batch_record_text]") {
    Case c = sql_case("SELECT a FROM t", "SELECT a, b FROM t");
    stages::Pipeline pipeline({}, {});
    stages::CaseOutcome out = pipeline.run(c);
    std::string text;
    stages::RecordFacts facts;
    REQUIRE(stages::write_outcome_record(text, facts, 1, c, out));

    SECTION("a text that is not UTF-8 (the DOM prints U+FFFD for it)") {
        Case bad = c;
        bad.question = "caf\xc3";
        text.clear();
        CHECK_FALSE(stages::write_outcome_record(text, facts, 1, bad, out));
        std::string dom = dom_text(1, bad, out);
        CHECK(dom.find("caf\xef\xbf\xbd") != std::string::npos);
        CHECK(stages::outcome_record_text(1, bad, out) == dom);
    }
    SECTION("a repeated name (the DOM keeps one key, the last value)") {
        out.timings.push_back(out.timings.front());
        text.clear();
        CHECK_FALSE(stages::write_outcome_record(text, facts, 1, c, out));
        CHECK(stages::outcome_record_text(1, c, out) == dom_text(1, c, out));
    }
    SECTION("a diagnostic that is not UTF-8: the DOM's parse throws, and so does the direct writer") {
        REQUIRE(out.lint);
        REQUIRE_FALSE(out.lint->diagnostics.empty());
        out.lint->diagnostics.front().message += " \xff";
        std::string dom_error, direct_error;
        try {
            (void)stages::outcome_record(1, c, out);
        } catch (const std::exception& e) {
            dom_error = e.what();
        }
        try {
            text.clear();
            (void)stages::write_outcome_record(text, facts, 1, c, out);
        } catch (const std::exception& e) {
            direct_error = e.what();
        }
        CHECK_FALSE(dom_error.empty());
        CHECK(direct_error == dom_error);
    }
}

TEST_CASE("batch lines: the flat reader gives what nlohmann's parse gives, or declines", "[batch_record_text]") {
    using nlohmann::json;
    const std::vector<std::string> taken = {
        R"({"id": "0-1", "lang": "sql", "expected": "SELECT count(*) FROM singer", "generated": "select 1"})",
        R"({"question": "a \"quoted\" back\\slash \/ tab\t nl\n cr\r bs\b ff\f", "label": true, "res": false})",
        "{\"q\": \"caf\xc3\xa9 \xf0\x9f\x98\x80 del\x7f\", \"db\": null}",
        R"({"id": "a", "id": "b", "expected": "x", "expected": null})",  // the last of a repeated key
        " \t{ \"a\" :\"b\" ,\"c\":null\t}\r\n ",
        "{}",
        " { } ",
        R"({"": ""})",
    };
    for (const std::string& line : taken) {
        INFO(line);
        std::optional<json> flat = stages::read_flat_object(line);
        REQUIRE(flat);
        CHECK(*flat == json::parse(line));
    }
    const std::vector<std::string> declined = {
        R"({"id": 12, "expected": "a"})",        // numbers: ids and tags print them as nlohmann does
        R"({"expected_result": [{"a": 1}]})",    // arrays and objects
        R"({"q": {"nested": "x"}})",
        R"({"q": "caf\u00e9"})",                 // \u escapes
        R"({"q": "\ud83d\ude00"})",
        "{\"q\": \"caf\xc3\"}",                  // not UTF-8
        "{\"q\": \"tab\tinside\"}",              // a control character in a string: not JSON
        "\xef\xbb\xbf{\"q\": \"x\"}",            // a byte order mark, which nlohmann skips
        R"({"q": "x"} trailing)",
        R"({"q": "x",})",
        R"({"q": "x")",
        R"({"q": "x)",
        R"({"q": tru})",
        R"({"q" "x"})",
        R"([1])",
        "",
    };
    for (const std::string& line : declined) {
        INFO(line);
        CHECK_FALSE(stages::read_flat_object(line));
    }
    // Lines broken at random: what the flat reader takes, nlohmann's parse takes alike.
    std::mt19937 random(32);
    const std::string base = taken[1];
    const char bytes[] = {'"', '\\', ',', ':', '{', '}', ' ', 'n', 'u', '1', '\x01', '\xc3', '\xa9'};
    size_t agreed = 0;
    for (int i = 0; i < 20000; ++i) {
        std::string line = base;
        for (int edits = 1 + static_cast<int>(random() % 3); edits > 0; --edits) {
            size_t at = random() % line.size();
            if (random() % 2)
                line[at] = bytes[random() % sizeof bytes];
            else
                line.erase(at, 1);
        }
        std::optional<json> flat = stages::read_flat_object(line);
        if (!flat) continue;
        INFO(line);
        json parsed = json::parse(line, nullptr, false);
        REQUIRE_FALSE(parsed.is_discarded());
        REQUIRE(*flat == parsed);
        ++agreed;
    }
    CHECK(agreed > 100);
}
