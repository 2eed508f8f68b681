// The verdict from all the evidence (scoring/verdict.cpp, issue 27): its rules, its reasons, the
// default synthesized databases of a batch, the seed's named mode, and the monotone execution profile
// as a property over mutations of Spider's and BIRD's gold queries.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "qdiff/diff.hpp"
#include "qdiff/parse.hpp"
#include "scoring/total.hpp"
#include "scoring/verdict.hpp"
#include "stages/batch_stages.hpp"
#include "stages/pipeline.hpp"
#include "support/corpus.hpp"

using namespace qdiff;
using Catch::Detail::Approx;
using scoring::ResultsEvidence;
using scoring::ResultsEvidenceKind;
using scoring::VerdictKind;

namespace {

const char* const kDdl =
    "CREATE TABLE singer (singer_id INTEGER PRIMARY KEY, name TEXT NOT NULL, country TEXT, age INTEGER);\n"
    "CREATE TABLE concert (concert_id INTEGER PRIMARY KEY, singer_id INTEGER NOT NULL, year INTEGER,\n"
    "                      FOREIGN KEY (singer_id) REFERENCES singer(singer_id));\n";

std::string schema_file() {
    static const std::string path = [] {
        auto p = std::filesystem::temp_directory_path() / ("qdiff_verdict_" + std::to_string(::getpid()) + ".sql");
        std::ofstream(p) << kDdl;
        return p.string();
    }();
    return path;
}

stages::CaseOutcome run_case(const std::string& expected, const std::string& generated, bool with_schema,
                             stages::BatchStageOptions stage_options = {}, stages::PipelineOptions options = {}) {
    stages::Pipeline pipeline(options, stages::make_batch_stages(stage_options));
    Case c;
    c.id = "case";
    c.language = Language::Sql;
    c.dialect = Dialect::Sqlite;
    c.expected = expected;
    c.generated = generated;
    if (with_schema) c.schema = schema_file();
    return pipeline.run(c);
}

DiffResult execution_diff(const std::string& expected, const std::string& generated) {
    ParseOptions options{.language = Language::Sql, .dialect = Dialect::Sqlite};
    ParseResult e = parse(expected, options), g = parse(generated, options);
    REQUIRE(e.ok());
    REQUIRE(g.ok());
    return diff(*e.script(), e.language(), *g.script(), g.language(), load_profile("execution"),
                DiffOptions{.dialect = Dialect::Sqlite, .normalize_off = {}});
}

}  // namespace

TEST_CASE("verdict: the rules that decide before any model", "[verdict]") {
    const Profile model = load_profile("execution");
    scoring::VerdictInputs in;
    in.expected_parses = true;
    in.generated_parses = false;
    auto v = scoring::decide_verdict(in, model);
    CHECK(v.kind == VerdictKind::CannotRun);
    CHECK(v.probability == 0);

    DiffResult same = execution_diff("SELECT name FROM singer WHERE age > 30", "SELECT s.name FROM singer s WHERE 30 < s.age");
    in.generated_parses = true;
    in.diff = &same;
    v = scoring::decide_verdict(in, model);
    CHECK(v.kind == VerdictKind::Equivalent);
    CHECK(v.probability == 1);

    // Equal after normalization, but a database separates them: the database wins.
    in.results = {.kind = ResultsEvidenceKind::Differs, .synthesized = true, .databases = 8,
                  .separating_kind = "plain", .explanation = "different on synthesized database 0 (plain)"};
    v = scoring::decide_verdict(in, model);
    CHECK(v.kind == VerdictKind::Different);
    CHECK(v.probability < 1);
    REQUIRE_FALSE(v.reasons.empty());
    CHECK(v.reasons[0] == "different on synthesized database 0 (plain)");

    DiffResult gated = execution_diff("SELECT name FROM singer", "SELECT year FROM concert");
    in.diff = &gated;
    in.results = {};
    v = scoring::decide_verdict(in, model);
    CHECK(v.kind == VerdictKind::Different);
    CHECK(v.probability == 0);
}

TEST_CASE("verdict: a query that does not parse is named with its first error and where it is", "[verdict]") {
    // The reason said only "the generated query does not parse": not which error, nor where.
    auto generated = run_case("SELECT name FROM singer", "SELECT name FROM singer LIMIT", false);
    CHECK(generated.verdict.kind == VerdictKind::CannotRun);
    REQUIRE_FALSE(generated.total.reasons.empty());
    CHECK_THAT(generated.total.reasons[0], Catch::StartsWith("the generated query does not parse: 1:"));
    CHECK(std::regex_search(generated.total.reasons[0], std::regex(R"(parse: 1:\d+: \S)")));
    auto expected = run_case("SELECT * FORM singer", "SELECT name FROM singer", false);
    CHECK(expected.verdict.kind == VerdictKind::Unknown);
    REQUIRE_FALSE(expected.total.reasons.empty());
    CHECK_THAT(expected.total.reasons[0],
               Catch::StartsWith("no comparison: the expected query does not parse: 1:10: unexpected 'FORM'"));
    // The seed's mode says the same.
    stages::PipelineOptions seed;
    seed.total.mode = scoring::VerdictMode::SeedTotal;
    auto seed_generated = run_case("SELECT name FROM singer", "SELECT name FROM singer LIMIT", false, {}, seed);
    REQUIRE_FALSE(seed_generated.total.reasons.empty());
    CHECK_THAT(seed_generated.total.reasons[0], Catch::StartsWith("the generated query does not parse: 1:"));
    // and names the expected query's error too (it said only "the expected query does not parse").
    auto seed_expected = run_case("SELECT * FORM singer", "SELECT name FROM singer", false, {}, seed);
    REQUIRE_FALSE(seed_expected.total.reasons.empty());
    CHECK_THAT(seed_expected.total.reasons[0],
               Catch::StartsWith("no query similarity: the expected query does not parse: 1:10: unexpected 'FORM'"));
}

TEST_CASE("verdict: reasons stay short for huge atoms, and say why the results could not decide", "[verdict]") {
    // A 20,000-item IN list had put its whole text (over 100 KB) into the structure's reason.
    std::string list;
    for (int i = 0; i < 20000; ++i) list += (i ? ", " : "") + std::to_string(i);
    auto huge = run_case("SELECT name FROM singer WHERE age IN (1, 2)",
                         "SELECT name FROM singer WHERE age IN (" + list + ")", false);
    REQUIRE_FALSE(huge.verdict.reasons.empty());
    for (const std::string& reason : huge.verdict.reasons) CHECK(reason.size() < 2000);
    CHECK_THAT(huge.verdict.reasons[0], Catch::StartsWith("structure (") && Catch::Contains("more bytes)"));
    // Without results evidence the verdict is the structure's estimate; the last reason says why.
    CHECK(huge.verdict.kind == VerdictKind::Unknown);
    CHECK(huge.verdict.reasons.back() ==
          "no results to compare: no database (--db or the case's db) and no expected_result given");

    // A second statement is named as such, not only as the extra columns and tables it brings.
    auto two = run_case("SELECT name FROM singer", "SELECT name FROM singer; SELECT age FROM singer", false);
    CHECK(two.verdict.kind == VerdictKind::Unknown);
    CHECK_FALSE(two.total.pass);
    REQUIRE_FALSE(two.verdict.reasons.empty());
    CHECK(two.verdict.reasons[0] == "the generated query holds 2 statements where the expected one holds 1");
    // A KQL `let` is part of the query after it, not a statement of its own.
    stages::Pipeline kql_pipeline({}, stages::make_batch_stages({}));
    Case let;
    let.language = Language::Kql;
    let.expected = "T | where a == 'x' | count";
    let.generated = "let v = 'y';\nT | where a == v | count";
    auto let_out = kql_pipeline.run(let);
    REQUIRE_FALSE(let_out.verdict.reasons.empty());
    CHECK(let_out.verdict.kind == VerdictKind::Unknown);
    for (const std::string& reason : let_out.verdict.reasons) CHECK(reason.find("statement") == std::string::npos);

    // The stage's own "undecided: " is not said twice ("results undecided: undecided: ...").
    const Profile model = load_profile("execution");
    DiffResult differs = execution_diff("SELECT name FROM singer WHERE age > 30", "SELECT name FROM singer");
    scoring::VerdictInputs in{.expected_parses = true, .generated_parses = true, .diff = &differs};
    in.results = {.kind = ResultsEvidenceKind::Undecided,
                  .synthesized = true,
                  .explanation = "undecided: both results are empty on all 8 synthesized databases"};
    CHECK(scoring::decide_verdict(in, model).reasons.back() ==
          "results undecided: both results are empty on all 8 synthesized databases");
    in.results = {.kind = ResultsEvidenceKind::None,
                  .synthesized = true,
                  .explanation = "undecided: the expected query fails on synthesized database 0: near \"5\""};
    CHECK(scoring::decide_verdict(in, model).reasons.back() ==
          "no results to compare: the expected query fails on synthesized database 0: near \"5\"");
}

TEST_CASE("verdict: results evidence moves the structural probability, and leads the reasons", "[verdict]") {
    const Profile model = load_profile("execution");
    DiffResult d = execution_diff("SELECT name FROM singer WHERE age > 30", "SELECT name FROM singer WHERE age >= 31");
    REQUIRE_FALSE(d.features.empty());
    scoring::VerdictInputs in{.expected_parses = true, .generated_parses = true, .diff = &d};
    auto alone = scoring::decide_verdict(in, model);
    CHECK(alone.kind == VerdictKind::Unknown);
    REQUIRE(alone.structural_probability);
    CHECK(alone.probability == Approx(*alone.structural_probability));

    in.results = {.kind = ResultsEvidenceKind::NoDifference, .synthesized = true, .databases = 8};
    auto same = scoring::decide_verdict(in, model);
    CHECK(same.kind == VerdictKind::NoDifferenceFound);
    CHECK(same.probability > alone.probability);
    REQUIRE_FALSE(same.reasons.empty());
    CHECK(same.reasons[0] == "no difference found on 8 synthesized databases");

    in.results = {.kind = ResultsEvidenceKind::DiffersEdgeCases, .synthesized = true, .databases = 8,
                  .separating_kind = "nulls", .edge_cases_weighed = true,
                  .explanation = "different on synthesized database 4"};
    auto edge = scoring::decide_verdict(in, model);
    CHECK(edge.kind == VerdictKind::DiffersOnEdgeCases);
    // Weighed (BIRD's set semantics): no difference on the plain databases, less the kind's weight.
    CHECK(edge.probability <= same.probability);
    CHECK(edge.reasons[0].find("differs on edge cases only (nulls)") == 0);

    in.results = {.kind = ResultsEvidenceKind::Differs, .synthesized = true, .databases = 8,
                  .separating_kind = "plain", .explanation = "different on synthesized database 0"};
    auto differs = scoring::decide_verdict(in, model);
    CHECK(differs.kind == VerdictKind::Different);
    CHECK(differs.probability < edge.probability);

    // Test-suite semantics (every mode but set): an edge-case database decides like any other.
    in.results = {.kind = ResultsEvidenceKind::DiffersEdgeCases, .synthesized = true, .databases = 8,
                  .separating_kind = "nulls", .edge_cases_weighed = false,
                  .explanation = "different on synthesized database 4"};
    auto counted = scoring::decide_verdict(in, model);
    CHECK(counted.kind == VerdictKind::DiffersOnEdgeCases);
    CHECK(counted.probability == Approx(edge.probability));  // the estimate for real data is the same
    CHECK(counted.fails_by_counterexample);
    CHECK_FALSE(edge.fails_by_counterexample);
    REQUIRE(counted.reasons.size() >= 2);
    CHECK(counted.reasons[1].find("counted as a difference") == 0);
    // ... and the case fails even at a threshold its probability clears.
    scoring::TotalInputs inputs{.generated_parses = true};
    CHECK_FALSE(scoring::decide_total(inputs, counted, 0.0, {}).pass);
    CHECK(scoring::decide_total(inputs, edge, 0.0, {}).pass);

    in.results = {.kind = ResultsEvidenceKind::CannotRun, .explanation = "no such column: agee"};
    auto broken = scoring::decide_verdict(in, model);
    CHECK(broken.kind == VerdictKind::CannotRun);
    CHECK(broken.reasons[0].find("no such column: agee") != std::string::npos);
}

TEST_CASE("verdict: with columns compared by position, a select list in another order differs", "[verdict]") {
    CHECK(scoring::columns_out_of_position(execution_diff("SELECT name, age FROM singer", "SELECT age, name FROM singer"))
              .find("`singer.name` comes before `singer.age`") != std::string::npos);
    CHECK(scoring::columns_out_of_position(
              execution_diff("SELECT name, age FROM singer", "SELECT s.name AS n, s.age FROM singer s")) == "");
    // Orders it cannot tell: a star's columns share its span; a UNION's branches repeat the texts.
    CHECK(scoring::columns_out_of_position(
              execution_diff("SELECT * FROM singer", "SELECT singer_id, name, country, age FROM singer")) == "");
    CHECK(scoring::columns_out_of_position(
              execution_diff("SELECT name, age FROM singer UNION SELECT name, age FROM singer WHERE age > 3",
                             "SELECT name, age FROM singer WHERE age > 3 UNION SELECT name, age FROM singer")) == "");

    auto run = [](const std::string& expected, const std::string& generated, bool positional) {
        stages::PipelineOptions options;
        options.positional_columns = positional;
        return run_case(expected, generated, false, {}, options);
    };
    const std::string expected = "SELECT name, age FROM singer WHERE age > 30";
    const std::string swapped = "SELECT age, name FROM singer WHERE age > 30";
    CHECK(run(expected, swapped, false).verdict.kind == VerdictKind::Equivalent);  // test-suite semantics: any order
    stages::CaseOutcome by_position = run(expected, swapped, true);
    CHECK(by_position.verdict.kind == VerdictKind::Different);
    CHECK_FALSE(by_position.total.pass);
    CHECK(by_position.evidence.results.separating_kind == "column_order");
    REQUIRE_FALSE(by_position.verdict.reasons.empty());
    CHECK(by_position.verdict.reasons[0].find("another order") != std::string::npos);
    CHECK(run(expected, "SELECT s.name, s.age FROM singer AS s WHERE 30 < s.age", true).verdict.kind ==
          VerdictKind::Equivalent);
}

TEST_CASE("verdict: a batch runs synthesized databases for a case with a schema, and --db none does not",
          "[verdict][synth]") {
    // The same rows written another way the normalizer does not know: no difference on any synthesized
    // database, so it passes.
    const std::string expected = "SELECT name FROM singer WHERE age > 30";
    const std::string rewritten = "SELECT name FROM singer WHERE age * 2 > 60";
    auto same = run_case(expected, rewritten, true);
    INFO(same.total.reasons.size());
    CHECK(same.verdict.kind == VerdictKind::NoDifferenceFound);
    CHECK(same.total.basis == "verdict");
    CHECK(same.total.total == Approx(same.verdict.probability));
    CHECK(same.total.pass);
    REQUIRE(same.stages.size() == 1);
    CHECK(same.stages[0].details.count("synth_verdict") == 1);

    // A boundary the data shows: a counterexample decides it, and the reason says so first.
    auto off = run_case("SELECT name FROM singer WHERE age > 30", "SELECT name FROM singer WHERE age > 31", true);
    CHECK(off.verdict.kind == VerdictKind::Different);
    CHECK_FALSE(off.total.pass);
    REQUIRE_FALSE(off.total.reasons.empty());
    CHECK(off.total.reasons[0].find("different on") == 0);

    // --db none: no results, the structural estimate alone.
    stages::BatchStageOptions none;
    none.synth_when_schema = false;
    auto structural = run_case(expected, rewritten, true, none);
    CHECK(structural.verdict.kind == VerdictKind::Unknown);
    CHECK(structural.stages[0].status == StageStatus::Skipped);

    // A case with a schema whose synthesized databases could not run says why, not only "no database".
    auto unparsed = run_case("SELECT * FORM singer", rewritten, true);
    REQUIRE(unparsed.stages.size() == 1);
    CHECK(unparsed.stages[0].status == StageStatus::Skipped);
    CHECK_THAT(unparsed.stages[0].reason,
               Catch::EndsWith("; the expected query does not parse, so no synthesized database could run it"));
    stages::Pipeline pipeline({}, stages::make_batch_stages({}));
    Case kql;
    kql.id = "kql";
    kql.language = Language::Kql;
    kql.expected = "singer | where age > 30 | project name";
    kql.generated = "singer | where age >= 30 | project name";
    kql.schema = schema_file();
    auto kql_out = pipeline.run(kql);
    REQUIRE(kql_out.stages.size() == 1);
    CHECK(kql_out.stages[0].status == StageStatus::Skipped);
    CHECK_THAT(kql_out.stages[0].reason,
               Catch::EndsWith("synthesized databases run by default for SQL cases only: --db synth runs KQL cases "
                               "on them"));
}

TEST_CASE("verdict: the seed's named mode reproduces its total and threshold", "[verdict][total]") {
    scoring::TotalInputs in{.generated_parses = true, .structural = 0.8, .results = 1.0};
    scoring::Verdict v;
    v.kind = VerdictKind::NoDifferenceFound;
    v.probability = 0.6;
    auto seed = scoring::decide_total(in, v, 0.5, {.mode = scoring::VerdictMode::SeedTotal});
    CHECK(seed.total == Approx(0.9));
    CHECK(seed.basis == "blend");
    CHECK(seed.pass);
    auto evidence = scoring::decide_total(in, v, 0.5, {});
    CHECK(evidence.total == Approx(0.6));
    CHECK(evidence.basis == "verdict");
    CHECK(evidence.seed_total == Approx(0.9));
    CHECK(evidence.pass);
    auto strict = scoring::decide_total(in, v, 0.5, {.pass_threshold = 0.7});
    CHECK_FALSE(strict.pass);
    CHECK(strict.reasons.back() == "probability 60.0% is below the pass threshold 70.0%");
    // The three scenarios of seed 000 under the seed's mode (judge, result sets).
    scoring::TotalOptions seed_mode{.mode = scoring::VerdictMode::SeedTotal};
    CHECK(scoring::decide_total({.generated_parses = true, .structural = 1.0, .judge = 1.0, .results = 1.0}, v, 0.5,
                                seed_mode)
              .total == Approx(1.0));
    CHECK(scoring::decide_total({.generated_parses = true, .structural = 1.0, .judge = 0.95, .results = 1.0}, v, 0.5,
                                seed_mode)
              .total == Approx(0.975));
    auto wrong = scoring::decide_total({.generated_parses = true, .structural = 0.0, .judge = 0.60, .results = 0.30},
                                       v, 0.5, seed_mode);
    CHECK(wrong.total == Approx(0.45));
    CHECK_FALSE(wrong.pass);
}

TEST_CASE("verdict: the seed's mode says how its total was blended and what the results found", "[verdict][total]") {
    // The reason had been "total 30.0% is below the pass threshold 90.0%: <structural differences>": the
    // results that pulled the blend down, and the blend itself, went unsaid.
    scoring::TotalInputs in{.generated_parses = true,
                            .structural = 0.6,
                            .structural_explanation = "filters.operator (-0.81): `a > 1` -> `a >= 1`",
                            .results = 0.0,
                            .results_explanation = "different on synthesized database 0 (plain, shrunk to 2 rows)"};
    scoring::Verdict v;
    auto seed = scoring::decide_total(in, v, 0.5, {.mode = scoring::VerdictMode::SeedTotal});
    CHECK_FALSE(seed.pass);
    REQUIRE(seed.reasons.size() == 2);
    CHECK(seed.reasons[0] == "results match 0.0%: different on synthesized database 0 (plain, shrunk to 2 rows)");
    CHECK(seed.reasons[1] ==
          "total 30.0% (0.5 × structural similarity 60.0% + 0.5 × results match 0.0%) is below the pass threshold "
          "90.0%: filters.operator (-0.81): `a > 1` -> `a >= 1`");
    // Results that match add no reason; a total from the similarity alone names no blend.
    in.results = 1.0;
    in.structural = 0.7;
    auto matched = scoring::decide_total(in, v, 0.5, {.mode = scoring::VerdictMode::SeedTotal});
    REQUIRE(matched.reasons.size() == 1);
    CHECK_THAT(matched.reasons[0], Catch::StartsWith("total 85.0% (0.5 × structural similarity 70.0% + 0.5 × "
                                                     "results match 100.0%) is below"));
    in.results.reset();
    auto alone = scoring::decide_total(in, v, 0.5, {.mode = scoring::VerdictMode::SeedTotal});
    REQUIRE(alone.reasons.size() == 1);
    CHECK_THAT(alone.reasons[0], Catch::StartsWith("total 70.0% is below the pass threshold 90.0%"));
}

TEST_CASE("verdict: keeping one of two filters scores no higher than keeping both, no lower than none",
          "[verdict][monotone]") {
    const std::string expected = "SELECT name FROM singer WHERE age > 30 AND country = 'France'";
    double both = execution_diff(expected, expected).score;
    double one = execution_diff(expected, "SELECT name FROM singer WHERE age > 30").score;
    double none = execution_diff(expected, "SELECT name FROM singer").score;
    CHECK(both >= one);
    CHECK(one >= none);
    double extra_column = execution_diff(expected, "SELECT name, age FROM singer WHERE age > 30 AND country = 'France'").score;
    CHECK(extra_column < 1);
}

namespace {

// A Spider gold query whose WHERE is a plain chain of AND-ed comparisons: no parentheses, OR, BETWEEN
// or subquery, so its conjuncts can be dropped as text.
struct SimpleWhere {
    std::string head, tail;
    std::vector<std::string> conjuncts;
};

std::optional<SimpleWhere> simple_where(const std::string& query) {
    static const std::regex shape(R"(^(SELECT .+? FROM [^()]+?) WHERE (.+?)( (GROUP BY|ORDER BY|LIMIT) .*)?$)",
                                  std::regex::icase);
    std::smatch m;
    if (!std::regex_match(query, m, shape)) return std::nullopt;
    std::string where = m[2];
    for (const char* bad : {"(", " OR ", " or ", "BETWEEN", "between", " SELECT ", " select "})
        if (where.find(bad) != std::string::npos) return std::nullopt;
    SimpleWhere out{m[1], m[3], {}};
    static const std::regex and_split(R"( (AND|and) )");
    for (std::sregex_token_iterator it(where.begin(), where.end(), and_split, -1), end; it != end; ++it)
        out.conjuncts.push_back(*it);
    if (out.conjuncts.size() < 2) return std::nullopt;
    return out;
}

std::string with_conjuncts(const SimpleWhere& w, size_t keep) {
    std::string q = w.head;
    for (size_t i = 0; i < keep; ++i) q += (i == 0 ? " WHERE " : " AND ") + w.conjuncts[i];
    return q + w.tail;
}

}  // namespace

TEST_CASE("verdict: the execution profile is monotone over mutations of Spider's and BIRD's gold queries",
          "[verdict][monotone][corpus]") {
    QDIFF_REQUIRE_CORPUS();  // skipped with a message without ../shared/corpus (MANIFEST.md)
    std::stringstream gold;
    for (const char* file : {"sql/spider/gold.tsv", "sql/bird/gold.tsv"}) {
        std::ifstream in(testing::corpus_dir() / file);
        REQUIRE(in);
        gold << in.rdbuf();
    }
    const Profile profile = load_profile("execution");
    ParseOptions options{.language = Language::Sql, .dialect = Dialect::Sqlite};
    // A mutation the text split broke (an AND inside a string or a quoted name) is not scored.
    size_t unparsed = 0;
    auto score = [&](const ParseResult& e, const std::string& generated) -> std::optional<double> {
        ParseResult g = parse(generated, options);
        if (!g.ok()) {
            ++unparsed;
            return std::nullopt;
        }
        return diff(*e.script(), e.language(), *g.script(), g.language(), profile,
                    DiffOptions{.dialect = Dialect::Sqlite, .normalize_off = {}})
            .score;
    };
    std::string line;
    size_t chains = 0, projections = 0;
    std::vector<std::string> violations;
    while (std::getline(gold, line)) {
        // One space between words, as the conjunct split expects (Spider's gold has runs of spaces).
        std::string query = std::regex_replace(line.substr(0, line.find('\t')), std::regex(" +"), " ");
        ParseResult e = parse(query, options);
        if (!e.ok()) continue;
        if (auto w = simple_where(query)) {
            // Dropping k + 1 conjuncts never scores above dropping k.
            ++chains;
            double previous = 2;
            for (size_t keep = w->conjuncts.size() + 1; keep-- > 0;) {
                std::optional<double> s = score(e, with_conjuncts(*w, keep));
                if (!s) break;
                if (*s > previous + 1e-12) violations.push_back(query + " (keeping " + std::to_string(keep) + ")");
                previous = *s;
            }
        }
        // Adding k + 1 select-list columns the expected query lacks never scores above adding k.
        static const std::regex select_list(R"(^SELECT (?!DISTINCT)(.+?) FROM )", std::regex::icase);
        std::smatch m;
        static const std::regex set_operation(R"( (UNION|INTERSECT|EXCEPT) )", std::regex::icase);
        if (std::regex_search(query, m, select_list) && m[1].str().find('(') == std::string::npos &&
            m[1].str().find('*') == std::string::npos && !std::regex_search(query, set_operation)) {
            ++projections;
            double previous = 2;
            std::string added;
            for (const char* column : {"", "1 + 1", "2 + 2", "3 + 3"}) {
                if (*column) added += std::string(", ") + column;
                std::string generated = "SELECT " + m[1].str() + added + query.substr(m[0].length() - 6);
                std::optional<double> s = score(e, generated);
                if (!s) break;
                if (*s > previous + 1e-12) violations.push_back(generated);
                previous = *s;
            }
        }
    }
    std::string listed;
    for (const std::string& v : violations) listed += "\n  " + v;
    INFO("violations: " << violations.size() << listed);
    INFO("mutations that do not parse: " << unparsed);
    CHECK(unparsed <= 20);
    CHECK(chains >= 300);
    CHECK(projections >= 1000);
    CHECK(violations.empty());
}

TEST_CASE("verdict: Weaviate differences that change the objects returned fail; the seed-004 score stays beside",
          "[verdict][weaviate]") {
    stages::Pipeline pipeline({}, stages::make_batch_stages({}));
    auto run = [&](const std::string& expected, const std::string& generated) {
        Case c;
        c.id = "weaviate";
        c.language = Language::Weaviate;
        c.expected = expected;
        c.generated = generated;
        return pipeline.run(c);
    };
    auto where = [](const std::string& body) { return "{ Get { Article(where: " + body + ") { title } } }"; };
    const std::string gt = R"({path: ["wordCount"], operator: GreaterThan, valueInt: 10})";
    const std::string eq = R"({path: ["title"], operator: Equal, valueText: "x"})";
    struct Pair {
        const char* what;
        std::string expected, generated;
    };
    const Pair different[] = {
        {"limit", "{ Get { Article(limit: 5) { title } } }", "{ Get { Article(limit: 10) { title } } }"},
        {"> vs >=", where(gt), where(R"({path: ["wordCount"], operator: GreaterThanEqual, valueInt: 10})")},
        {"And vs Or", where("{operator: And, operands: [" + gt + ", " + eq + "]}"),
         where("{operator: Or, operands: [" + gt + ", " + eq + "]}")},
        {"Like vs Equal", where(eq), where(R"({path: ["title"], operator: Like, valueText: "x"})")},
        {"operand kind", where(R"({path: ["wordCount"], operator: Equal, valueInt: 10})"),
         where(R"({path: ["wordCount"], operator: Equal, valueText: "10"})")},
    };
    for (const Pair& p : different) {
        stages::CaseOutcome out = run(p.expected, p.generated);
        INFO(p.what);
        REQUIRE(out.diff);
        CHECK(out.diff->profile == "weaviate-ast");  // seed 004's score, reported as `structural`
        CHECK_FALSE(out.total.pass);
        CHECK(out.total.total < 0.3);
        REQUIRE_FALSE(out.total.reasons.empty());
        CHECK(out.total.reasons[0].find("structure") == 0);
    }
    stages::CaseOutcome same = run(where(gt), where(gt));
    CHECK(same.verdict.kind == VerdictKind::Equivalent);
    CHECK(same.total.pass);
}
