// Synthesized databases (stages/results/synth): the generator's constraints and reproducibility, the
// verdicts on hand-written pairs, counterexample shrinking, and hostile queries on synthesized data.
#include <unistd.h>
#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <set>

#include "qdiff/parse.hpp"
#include "qdiff/schema.hpp"
#include "stages/results/results_stage.hpp"
#include "stages/results/synth/stage_source.hpp"
#include "stages/results/synth/synth.hpp"
#include "support/synth_fixture.hpp"

using namespace qdiff;
using namespace qdiff::results;
using namespace qdiff::results::synth;
using qdiff::testing::hints_of;
using qdiff::testing::table;

namespace {

const char* const kDdl =
    "CREATE TABLE dept (id INTEGER PRIMARY KEY, name TEXT NOT NULL, budget REAL);\n"
    "CREATE TABLE emp (id INTEGER PRIMARY KEY, name TEXT NOT NULL, age INTEGER, dept_id INTEGER NOT NULL,\n"
    "                  hired DATE, FOREIGN KEY (dept_id) REFERENCES dept(id));\n"
    "CREATE TABLE project (emp_id INTEGER, code TEXT, PRIMARY KEY (emp_id, code),\n"
    "                      FOREIGN KEY (emp_id) REFERENCES emp(id));\n";

const Schema& schema() {
    static const Schema s = testing::schema_from_ddl(kDdl, "company.sql");
    return s;
}

SynthOutcome judge(const std::string& expected, const std::string& generated, SynthOptions options = {}) {
    return testing::judge_on_synth(schema(), expected, generated, options);
}

}  // namespace

TEST_CASE("synth generator: keys unique, NOT NULL kept, foreign keys find their rows", "[results][synth]") {
    LiteralHints hints = hints_of("SELECT name FROM emp WHERE age > 30 AND dept_id = 3");
    size_t rows = 0, nulls = 0, empty_tables = 0;
    for (size_t i = 0; i < 16; ++i) {
        SynthDatabase db = generate_database(schema(), hints, 7, i);
        const SynthTable& dept = table(db, "dept");
        const SynthTable& emp = table(db, "emp");
        const SynthTable& project = table(db, "project");
        std::set<int64_t> dept_ids, emp_ids;
        for (const auto& row : dept.rows) {
            REQUIRE(std::holds_alternative<int64_t>(row[0]));
            CHECK(dept_ids.insert(std::get<int64_t>(row[0])).second);
            CHECK(!std::holds_alternative<Null>(row[1]));  // NOT NULL
        }
        for (const auto& row : emp.rows) {
            CHECK(emp_ids.insert(std::get<int64_t>(row[0])).second);
            CHECK(!std::holds_alternative<Null>(row[1]));
            REQUIRE(std::holds_alternative<int64_t>(row[3]));  // NOT NULL foreign key
            CHECK(dept_ids.count(std::get<int64_t>(row[3])) == 1);
            nulls += std::holds_alternative<Null>(row[2]);
        }
        std::set<std::pair<int64_t, std::string>> project_keys;
        for (const auto& row : project.rows) {
            if (std::holds_alternative<Null>(row[0])) continue;
            CHECK(emp_ids.count(std::get<int64_t>(row[0])) == 1);
            if (const auto* code = std::get_if<std::string>(&row[1]))
                CHECK(project_keys.insert({std::get<int64_t>(row[0]), *code}).second);
        }
        if (dept.rows.empty()) CHECK(emp.rows.empty());  // nothing to reference
        rows += db.row_count();
        for (const SynthTable& t : db.tables) empty_tables += t.rows.empty();
    }
    CHECK(rows > 100);
    CHECK(nulls > 0);         // NULLs in nullable columns
    CHECK(empty_tables > 0);  // and empty tables in some databases
}

TEST_CASE("synth generator: reproducible with a seed, different across seeds", "[results][synth]") {
    LiteralHints hints = hints_of("SELECT * FROM emp WHERE name LIKE 'Jo%'");
    auto print = [&](uint64_t seed, size_t index) {
        SynthDatabase db = generate_database(schema(), hints, seed, index);
        std::string out;
        for (const SynthTable& t : db.tables)
            for (const auto& row : t.rows)
                for (const Value& v : row) out += format_value(v) + ",";
        return out;
    };
    CHECK(print(1, 5) == print(1, 5));
    CHECK(!print(1, 5).empty());
    CHECK(print(1, 5) != print(2, 5));
    CHECK(print(1, 5) != print(1, 6));
}

TEST_CASE("synth generator: literals and their neighbours are in the data", "[results][synth]") {
    LiteralHints hints = hints_of("SELECT name FROM emp WHERE age > 30 AND name LIKE 'Jo%' AND id IN (4, 17)");
    const std::vector<Value>* ages = hints.find("age");
    REQUIRE(ages);
    // An ordering comparison's literal itself is a boundary value: `> 30` against `>= 30` differ
    // only at 30, which typical data seldom holds.
    CHECK(*ages == std::vector<Value>{int64_t(29), int64_t(31)});
    REQUIRE(hints.find_edge("age"));
    CHECK(*hints.find_edge("age") == std::vector<Value>{int64_t(30)});
    REQUIRE(hints.find("name"));
    CHECK(*hints.find("name") == std::vector<Value>{std::string("Jo")});
    REQUIRE(hints.find_edge("name"));  // the wildcard filled: for the boundary databases
    CHECK(*hints.find_edge("name") == std::vector<Value>{std::string("Jox")});
    // The ends of the integer range keep their one neighbour (no overflow).
    LiteralHints extreme = hints_of("SELECT 1 FROM emp WHERE age < 9223372036854775807");
    REQUIRE(extreme.find("age"));
    CHECK(extreme.find("age")->size() == 1);
    std::set<int64_t> seen_ages;
    std::set<std::string> seen_names;
    for (size_t i = 0; i < 8; ++i) {
        SynthDatabase db = generate_database(schema(), hints, 1, i);
        for (const auto& row : table(db, "emp").rows) {
            if (const auto* a = std::get_if<int64_t>(&row[2])) seen_ages.insert(*a);
            if (const auto* n = std::get_if<std::string>(&row[1])) seen_names.insert(*n);
        }
    }
    for (int64_t age : {29, 30, 31}) CHECK(seen_ages.count(age) == 1);
    CHECK(seen_names.count("Jo") + seen_names.count("Jox") >= 1);
}

TEST_CASE("synth verdicts: equal rewrites are equal", "[results][synth]") {
    struct Pair {
        const char *expected, *generated;
    };
    const Pair pairs[] = {
        {"SELECT name FROM emp WHERE age > 30", "SELECT name FROM emp WHERE NOT age <= 30"},
        {"SELECT name FROM emp WHERE age BETWEEN 25 AND 40", "SELECT name FROM emp WHERE age >= 25 AND age <= 40"},
        {"SELECT e.name FROM emp AS e JOIN dept AS d ON e.dept_id = d.id WHERE d.budget > 3",
         "SELECT name FROM emp WHERE dept_id IN (SELECT id FROM dept WHERE budget > 3)"},
        {"SELECT count(*) FROM emp WHERE age > 30", "SELECT count(age) FROM emp WHERE NOT age <= 30"},
        {"SELECT DISTINCT dept_id FROM emp", "SELECT dept_id FROM emp GROUP BY dept_id"},
        {"SELECT name, age FROM emp ORDER BY age DESC", "SELECT name, age FROM emp ORDER BY 2 DESC"},
    };
    for (const Pair& p : pairs) {
        INFO(p.expected << "  vs  " << p.generated);
        SynthOutcome out = judge(p.expected, p.generated);
        INFO(out.reason);
        CHECK(out.verdict == Verdict::Equal);
        CHECK(out.databases_run >= 8);
        CHECK(out.databases_run <= 16);
    }
}

TEST_CASE("synth verdicts: wrong operators, dropped filters and DISTINCT differ", "[results][synth]") {
    struct Pair {
        const char *expected, *generated;
    };
    const Pair pairs[] = {
        {"SELECT name FROM emp WHERE age > 30", "SELECT name FROM emp WHERE age >= 30"},
        {"SELECT name FROM emp WHERE age > 30", "SELECT name FROM emp WHERE age < 30"},
        {"SELECT name FROM emp WHERE age > 30 AND dept_id = 2", "SELECT name FROM emp WHERE age > 30"},
        {"SELECT DISTINCT dept_id FROM emp", "SELECT dept_id FROM emp"},
        {"SELECT name FROM emp ORDER BY age", "SELECT name FROM emp ORDER BY age DESC"},
        {"SELECT name FROM emp WHERE name LIKE 'Jo%'", "SELECT name FROM emp WHERE name = 'Jo'"},
        {"SELECT count(*) FROM emp", "SELECT count(age) FROM emp"},
        {"SELECT name FROM emp", "SELECT name, age FROM emp"},
    };
    for (const Pair& p : pairs) {
        INFO(p.expected << "  vs  " << p.generated);
        SynthOutcome out = judge(p.expected, p.generated);
        INFO(out.reason);
        CHECK(out.verdict == Verdict::Different);
        CHECK(out.counterexample.has_value());
    }
}

TEST_CASE("synth verdicts: untested or failing expected queries are undecided, failing generated ones errors",
          "[results][synth]") {
    SynthOutcome empty = judge("SELECT name FROM emp WHERE 1 = 0", "SELECT name FROM emp WHERE age > 5 AND age < 5");
    CHECK(empty.verdict == Verdict::Undecided);
    CHECK_THAT(empty.reason, Catch::Contains("empty on all 16"));
    SynthOutcome constant = judge("SELECT 1", "SELECT 1");
    CHECK(constant.verdict == Verdict::Undecided);
    SynthOutcome broken_expected = judge("SELECT nope FROM emp", "SELECT name FROM emp");
    CHECK(broken_expected.verdict == Verdict::Undecided);
    CHECK_THAT(broken_expected.reason, Catch::Contains("expected query fails"));
    SynthOutcome broken_generated = judge("SELECT name FROM emp", "SELECT nope FROM emp");
    CHECK(broken_generated.verdict == Verdict::Error);
}

TEST_CASE("synth counterexample: shrunk to the rows that separate the queries", "[results][synth]") {
    SynthOutcome out = judge("SELECT name FROM emp WHERE age > 30", "SELECT name FROM emp WHERE age >= 30");
    REQUIRE(out.verdict == Verdict::Different);
    REQUIRE(out.counterexample);
    const Counterexample& c = *out.counterexample;
    // Only emp is named by the queries; one row aged 30 separates them (its dept stays: the key needs it).
    REQUIRE(c.data.tables.size() == 1);
    REQUIRE(c.data.tables[0].name == "emp");
    REQUIRE(c.data.tables[0].rows.size() == 1);
    CHECK(c.data.tables[0].rows[0][2] == Value(int64_t(30)));
    CHECK(c.expected.rows.empty());
    CHECK(c.generated.rows.size() == 1);
    std::string text = format_counterexample(c);
    CHECK_THAT(text, Catch::Contains("table emp (1 row)"));
    CHECK_THAT(text, Catch::Contains("shrunk to 1 row):"));
    CHECK_THAT(out.reason, Catch::Contains("shrunk to 1 row):"));
    CHECK_THAT(text, Catch::Contains("generated result (1 row)"));

    // A join: the row of dept that the emp row needs is kept, the rest goes.
    SynthOutcome join = judge("SELECT e.name FROM emp e JOIN dept d ON e.dept_id = d.id WHERE d.budget > 3",
                              "SELECT e.name FROM emp e JOIN dept d ON e.dept_id = d.id");
    REQUIRE(join.verdict == Verdict::Different);
    REQUIRE(join.counterexample);
    CHECK(join.counterexample->data.row_count() == 2);
}

TEST_CASE("synth sandbox: hostile queries on synthesized databases change nothing and stop in time",
          "[results][synth]") {
    namespace fs = std::filesystem;
    std::string pattern = (fs::temp_directory_path() / "qdiff-synth-XXXXXX").string();
    REQUIRE(mkdtemp(pattern.data()));
    const fs::path dir = pattern;
    const std::string target = (dir / "written.db").string();
    SynthOptions options;
    options.limits.timeout_seconds = 0.5;
    const std::string hostile[] = {
        "DELETE FROM emp",
        "DROP TABLE emp",
        "ATTACH DATABASE '" + target + "' AS other",
        "VACUUM INTO '" + target + "'",
        "SELECT name FROM emp; DELETE FROM emp",
        "PRAGMA writable_schema = 1",
        "SELECT load_extension('libc.so.6')",
    };
    for (const std::string& query : hostile) {
        INFO(query);
        SynthOutcome out = judge("SELECT name FROM emp", query, options);
        CHECK(out.verdict == Verdict::Error);
        // The expected query still sees every row afterwards: nothing was deleted.
    }
    auto start = std::chrono::steady_clock::now();
    SynthOutcome endless =
        judge("SELECT name FROM emp",
              "WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r) SELECT count(*) FROM r", options);
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    CHECK(endless.verdict == Verdict::Error);
    CHECK(endless.timed_out);
    CHECK(seconds < 5);
    CHECK(fs::is_empty(dir));
    fs::remove_all(dir);
}

TEST_CASE("synth stage: --db synth in the results stage and its spec", "[results][synth]") {
    SynthOptions options;
    std::string error;
    CHECK(parse_synth_db("synth", options, error));
    CHECK(options.databases == 8);
    CHECK(parse_synth_db("synth:3:42", options, error));
    CHECK(options.databases == 3);
    CHECK(options.seed == 42);
    CHECK_FALSE(parse_synth_db("synth:0", options, error));
    CHECK_FALSE(parse_synth_db("synth:x", options, error));

    namespace fs = std::filesystem;
    const fs::path file = fs::temp_directory_path() / ("qdiff-synth-schema-" + std::to_string(::getpid()) + ".sql");
    { std::ofstream(file) << kDdl; }
    auto stage = make_results_stage({.db = "synth:4"});
    Case c;
    c.language = Language::Sql;
    c.dialect = Dialect::Sqlite;
    c.schema = file.string();
    c.expected = "SELECT name FROM emp WHERE age > 30";
    c.generated = "SELECT name FROM emp WHERE age > 31";  // 31 is typical data (age = 30 an edge case)
    StageResult different = stage->run(c, {});
    CHECK(different.status == StageStatus::Ok);
    CHECK(different.score == 0);
    CHECK(different.details["synth_verdict"] == "\"different\"");
    CHECK_THAT(different.details["counterexample"], Catch::Contains("\"tables\""));
    c.generated = "SELECT name FROM emp WHERE NOT age <= 30";
    StageResult equal = stage->run(c, {});
    CHECK(equal.status == StageStatus::Ok);
    CHECK(equal.score == 1);
    // synth:4 runs at least 4 databases, at most 8; both keys say how many ran.
    CHECK(std::stoi(equal.details["synth_databases"]) >= 4);
    CHECK(std::stoi(equal.details["synth_databases"]) <= 8);
    CHECK(equal.details["synth_databases_tried"] == equal.details["synth_databases"]);
    CHECK(different.details["synth_kind"] == "\"plain\"");
    CHECK(different.details["synth_edge_cases_only"] == "false");
    c.generated = c.expected = "SELECT name FROM emp WHERE 1 = 0";
    StageResult undecided = stage->run(c, {});
    CHECK(undecided.status == StageStatus::Skipped);
    CHECK_THAT(undecided.reason, Catch::StartsWith("undecided:"));
    CHECK(undecided.details["synth_undecided_cause"] == "\"both_empty\"");
    c.schema.clear();
    CHECK(stage->run(c, {}).status == StageStatus::Skipped);
    fs::remove(file);
}
