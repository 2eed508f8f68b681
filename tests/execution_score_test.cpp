// The execution profile: wrong verdicts of issue 18 fail under the default batch settings, with the
// reason; differences execution ignores keep the score; identifier case by dialect.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include <sys/wait.h>
#include <unistd.h>
#include <nlohmann/json.hpp>

#include "diff/matching.hpp"
#include "qdiff/diff.hpp"
#include "qdiff/parse.hpp"
#include "stages/pipeline.hpp"
#include "support/cli.hpp"

namespace {

using namespace qdiff;

stages::CaseOutcome run_default_batch(const std::string& expected, const std::string& generated,
                                      Language language = Language::Sql, Dialect dialect = Dialect::Generic) {
    stages::Pipeline pipeline({}, {});  // what `qdiff batch` builds without --profile, --db or --judge
    Case c;
    c.id = "case";
    c.language = language;
    c.dialect = dialect;
    c.expected = expected;
    c.generated = generated;
    return pipeline.run(c);
}

DiffResult execution(const std::string& expected, const std::string& generated, Dialect dialect = Dialect::Generic,
                     Language language = Language::Sql) {
    ParseOptions options{.language = language, .dialect = dialect};
    ParseResult e = parse(expected, options), g = parse(generated, options);
    INFO(expected << " | " << generated);
    REQUIRE(e.ok());
    REQUIRE(g.ok());
    return diff(*e.script(), e.language(), *g.script(), g.language(), load_profile("execution"),
                DiffOptions{.dialect = dialect, .normalize_off = {}});
}

bool has_feature(const DiffResult& r, const std::string& name) {
    for (auto& f : r.features)
        if (f.name == name) return true;
    return false;
}

std::string reasons(const stages::CaseOutcome& out) {
    std::string all;
    for (auto& r : out.total.reasons) all += r + "\n";
    return all;
}

}  // namespace

TEST_CASE("execution: the wrong verdicts of issue 18 fail under the default batch settings", "[execution]") {
    struct Wrong {
        const char* expected;
        const char* generated;
        const char* feature;  // the decisive difference the reason must name
        Language language = Language::Sql;
    };
    const Wrong cases[] = {
        {"SELECT name FROM singer WHERE age > 30", "SELECT name FROM singer WHERE age < 30", "filters.operator"},
        {"SELECT name FROM singer WHERE age > 30", "SELECT name FROM singer WHERE NOT age > 30", "filters.operator"},
        {"SELECT name FROM singer WHERE age > 30", "SELECT name FROM singer WHERE age > 30 OR 1=1", "filters.extra"},
        {"SELECT name FROM singer WHERE age > 30", "SELECT age FROM singer WHERE age > 30", "projection.changed"},
        {"SELECT name FROM singer ORDER BY age DESC LIMIT 1", "SELECT name FROM singer ORDER BY age ASC LIMIT 1",
         "order.direction"},
        {"SELECT DISTINCT country FROM singer WHERE age  >  20", "select Country from singer where Age > 'terminal'",
         "filters.value"},
        {"StormEvents | where State == 'TEXAS' | project EventType",
         "StormEvents | where State != 'TEXAS' | project EventType", "filters.operator", Language::Kql},
    };
    for (const Wrong& w : cases) {
        stages::CaseOutcome out = run_default_batch(w.expected, w.generated, w.language);
        INFO(w.expected << "  vs  " << w.generated << "\n" << reasons(out));
        REQUIRE(out.diff);
        CHECK(out.diff->profile == "execution");
        CHECK_FALSE(out.total.pass);
        REQUIRE_FALSE(out.total.reasons.empty());
        CHECK(reasons(out).find(w.feature) != std::string::npos);
    }
}

TEST_CASE("execution: the projection atom compares the column, not the shared qualifier", "[execution][diff]") {
    // singer.age against singer.name was 0.82 similar through the common `singer.` prefix.
    Atom age = make_keyed_atom("singer.age", {}, {.property = "singer.age"});
    Atom name = make_keyed_atom("singer.name", {}, {.property = "singer.name"});
    CHECK(atom_similarity(Component::Projection, age, name) == Approx(name_similarity("age", "name")));
    CHECK(atom_similarity(Component::Projection, age, name) < 0.6);  // was 0.82 through the prefix
    Atom other = make_keyed_atom("concert.age", {}, {.property = "concert.age"});
    CHECK(atom_similarity(Component::Projection, age, other) == Approx(name_similarity("singer.age", "concert.age")));
}

TEST_CASE("execution: what execution ignores keeps 1, the seed scenarios keep 1 / 1 / 0", "[execution]") {
    CHECK(execution("SELECT name FROM singer WHERE age > 30", "select T1.name from singer as T1 where 30 < T1.age")
              .score == 1.0);
    CHECK(execution("SELECT a, b FROM t WHERE x = 1 AND y = 2", "SELECT a AS first, b FROM t WHERE y = 2 AND x = 1")
              .score == 1.0);
    CHECK(execution("Traces | where timestamp > ago(1h) | summarize count() by level",
                    "Traces | where timestamp > ago(1h) | summarize count() by level", Dialect::Generic, Language::Kql)
              .score == 1.0);
    CHECK(execution("Traces | where timestamp > ago(60m) | project timestamp, level, message",
                    "Traces | where timestamp > ago(1h) | project timestamp, level, message", Dialect::Generic,
                    Language::Kql)
              .score == 1.0);
    DiffResult wrong =
        execution("Traces | where timestamp > ago(1h) | summarize count() by level",
                  "AppTraces | where timestamp > ago(1h) | summarize count()", Dialect::Generic, Language::Kql);
    CHECK(wrong.gated);
    CHECK(wrong.score == 0.0);
    // Select-list order: the same rows, field order ignored (only the tree differs).
    CHECK(execution("SELECT name, age FROM singer", "SELECT age, name FROM singer").score == 1.0);
}

TEST_CASE("execution: every number keeps its explanation", "[execution]") {
    DiffResult r = execution("SELECT count(DISTINCT name) FROM singer WHERE age > 30",
                             "SELECT count(name) FROM singer WHERE age >= 30");
    CHECK(has_feature(r, "aggregations.distinct"));
    CHECK(has_feature(r, "filters.operator"));
    REQUIRE(r.log_odds);
    double sum = *r.intercept;
    for (auto& f : r.features) {
        CHECK(f.contribution == Approx(f.value * f.coefficient));
        CHECK_FALSE(f.detail.empty());
        sum += f.contribution;
    }
    CHECK(*r.log_odds == Approx(sum));
    CHECK(r.score == Approx(1 / (1 + std::exp(-sum))));
    CHECK(r.score < 0.5);
}

TEST_CASE("execution: an ordering the expected query lacks costs less than one it has, or a LIMIT", "[execution]") {
    DiffResult ordered = execution("SELECT name FROM singer", "SELECT name FROM singer ORDER BY name");
    CHECK(has_feature(ordered, "order.unrequested"));
    DiffResult flipped =
        execution("SELECT name FROM singer ORDER BY name", "SELECT name FROM singer ORDER BY name DESC");
    CHECK(has_feature(flipped, "order.direction"));
    DiffResult limited = execution("SELECT name FROM singer", "SELECT name FROM singer LIMIT 1");
    CHECK(has_feature(limited, "limit.extra"));
    CHECK(ordered.score > flipped.score);
    CHECK(ordered.score > limited.score);
}

TEST_CASE("identifier case by dialect: quoted names fold in SQLite, MySQL and T-SQL", "[execution][normalize]") {
    const char* quoted = "SELECT `Date` FROM `Laboratory` WHERE `ID` = 48473";
    const char* plain = "SELECT Date FROM Laboratory WHERE ID = 48473";
    for (Dialect d : {Dialect::Sqlite, Dialect::Mysql}) CHECK(execution(quoted, plain, d).score == 1.0);
    CHECK(execution("SELECT [Date] FROM [Laboratory]", "SELECT date FROM laboratory", Dialect::Tsql).score == 1.0);
    // PostgreSQL: a quoted name keeps its case, an unquoted one folds to lower case.
    DiffResult pg = execution(R"(SELECT "Date" FROM "Laboratory")", "SELECT Date FROM Laboratory", Dialect::Postgres);
    CHECK(pg.gated);
    CHECK(execution(R"(SELECT "date" FROM "laboratory")", "SELECT Date FROM Laboratory", Dialect::Postgres).score ==
          1.0);
}

TEST_CASE("weaviate-reference equals the published metric on the cases of issue 11", "[diff][weaviate]") {
    auto reference = [](const std::string& expected, const std::string& generated) {
        ParseOptions options{.language = Language::Weaviate};
        ParseResult e = parse(expected, options), g = parse(generated, options);
        INFO(expected << " | " << generated);
        REQUIRE(e.ok());
        REQUIRE(g.ok());
        return diff(*e.script(), e.language(), *g.script(), g.language(), load_profile("weaviate-reference")).score;
    };
    auto menus = [](const std::string& fields) { return R"({"target_collection":"Menus")" + fields + "}"; };
    // Values computed by running the published metric (issue 11).
    CHECK(
        reference(
            menus(
                R"(,"text_property_aggregation":{"property_name":"description","metrics":"TOP_OCCURRENCES","top_occurrences_limit":5})"),
            menus(R"(,"text_property_aggregation":{"property_name":"menuItem","metrics":"COUNT"})")) == Approx(0.95));
    CHECK(reference(menus(R"(,"boolean_property_aggregation":{"property_name":"isVegan","metrics":"COUNT"})"),
                    menus(R"(,"boolean_property_aggregation":{"property_name":"isVegan","metrics":"TOTAL_TRUE"})")) ==
          Approx(0.95));
    CHECK(reference(menus(R"(,"text_property_aggregation":{"property_name":"name","metrics":"COUNT"})"),
                    menus(R"(,"integer_property_aggregation":{"property_name":"name","metrics":"COUNT"})")) ==
          Approx(1.0));
    CHECK(reference(menus(""), menus(R"(,"search_query":"")")) == Approx(0.85));
    CHECK(reference(menus(R"(,"search_query":"cozy places")"), menus(R"(,"search_query":"romantic dinner")")) ==
          Approx(1.0));
    CHECK(reference(menus(""),
                    menus(R"(,"integer_property_filter":{"property_name":"price","operator":"=","value":20})")) ==
          Approx(1.0));
    CHECK(reference(menus(R"(,"integer_property_filter":{"property_name":"price","operator":"=","value":20})"),
                    menus(R"(,"text_property_filter":{"property_name":"price","operator":"=","value":"20"})")) ==
          Approx(1.0));
    CHECK(
        reference(
            menus(
                R"(,"text_property_aggregation":{"property_name":"name","metrics":"TOP_OCCURRENCES","top_occurrences_limit":5})"),
            menus(
                R"(,"text_property_aggregation":{"property_name":"name","metrics":"TOP_OCCURRENCES","top_occurrences_limit":10})")) ==
        Approx(1.0));
    CHECK(reference(menus(R"(,"integer_property_filter":{"property_name":"price","operator":"=","value":20})"),
                    menus(R"(,"integer_property_filter":{"property_name":"price","operator":"=","value":20.0})")) ==
          Approx(1.0));
}

namespace {

using Cli = testing::CliRun;
using testing::scratch_dir;

Cli qdiff_cli(const std::string& args) { return testing::run_cli(args); }

}  // namespace

TEST_CASE("execution: --normalize-off switches a rule off, and an unknown rule is a usage error", "[execution][cli]") {
    auto e = scratch_dir() / "e.sql", g = scratch_dir() / "g.sql";
    std::ofstream(e) << "SELECT name FROM singer WHERE age > 30";
    std::ofstream(g) << "select NAME from SINGER where 30 < age";
    Cli on = qdiff_cli("diff --format json " + e.string() + " " + g.string());
    REQUIRE(on.exit_code == 0);
    CHECK(nlohmann::json::parse(on.out)["score"] == 1.0);
    Cli off = qdiff_cli("diff --format json --normalize-off comparison-orientation " + e.string() + " " + g.string());
    REQUIRE(off.exit_code == 0);
    CHECK(nlohmann::json::parse(off.out)["score"].get<double>() < 1.0);
    Cli bogus = qdiff_cli("diff --normalize-off no-such-rule " + e.string() + " " + g.string());
    CHECK(bogus.exit_code == 2);
    CHECK(bogus.err.find("identifier-case") != std::string::npos);  // the message lists the rules
}

TEST_CASE("qdiff calibrate: fits a profile that --profile loads, with grouped folds and the report",
          "[execution][cli]") {
    // Labelled pairs over 4 databases: an operator flip is wrong, an alias-only rewrite right, a
    // changed value wrong, an added ORDER BY right.
    auto labelled = scratch_dir() / "labelled.jsonl";
    {
        std::ofstream out(labelled);
        for (int db = 0; db < 4; ++db)
            for (int i = 0; i < 6; ++i) {
                std::string t = "t" + std::to_string(db), n = std::to_string(10 + i);
                auto line = [&](const std::string& g, bool label) {
                    out << nlohmann::json{{"db_id", "db" + std::to_string(db)},
                                          {"expected", "SELECT a FROM " + t + " WHERE b > " + n},
                                          {"generated", g},
                                          {"label", label}}
                               .dump()
                        << "\n";
                };
                line("SELECT a FROM " + t + " WHERE b < " + n, false);
                line("SELECT x.a FROM " + t + " AS x WHERE " + n + " < x.b", true);
                line("SELECT a FROM " + t + " WHERE b > " + std::to_string(100 + i), false);
                line("SELECT a FROM " + t + " WHERE b > " + n + " ORDER BY a", true);
            }
        out << R"({"expected": "SELECT 1", "generated": "SELECT 2"})"
            << "\n";  // no label: skipped
    }
    auto profile = scratch_dir() / "fitted.json";
    Cli run = qdiff_cli("calibrate " + labelled.string() + " --folds 4 -o " + profile.string());
    INFO(run.out << run.err);
    REQUIRE(run.exit_code == 0);
    CHECK(run.out.find("96 labelled pairs (48 return the expected rows), 4 databases, 4 folds grouped by database") !=
          std::string::npos);
    CHECK(run.out.find("1 lines without a label skipped") != std::string::npos);
    CHECK(run.out.find("after (out of fold") != std::string::npos);
    CHECK(run.out.find("calibration") != std::string::npos);
    Profile p = load_profile(profile.string());
    CHECK(p.kind == ProfileKind::Execution);
    for (auto& [feature, w] : p.coefficients) CHECK(w <= 0);  // no difference makes a right result likelier
    // The fitted profile separates the kinds: the ORDER BY the expected query lacks scores above the flip.
    ParseResult e = parse("SELECT a FROM t0 WHERE b > 10", {.language = Language::Sql});
    ParseResult flip = parse("SELECT a FROM t0 WHERE b < 10", {.language = Language::Sql});
    ParseResult ordered = parse("SELECT a FROM t0 WHERE b > 10 ORDER BY a", {.language = Language::Sql});
    double flip_score = diff(*e.script(), Language::Sql, *flip.script(), Language::Sql, p).score;
    double ordered_score = diff(*e.script(), Language::Sql, *ordered.script(), Language::Sql, p).score;
    CHECK(ordered_score > flip_score);
    CHECK(qdiff_cli("calibrate " + (scratch_dir() / "absent.jsonl").string()).exit_code == 2);
    // An empty input says so, not "no labelled pairs (0 lines without a label ...)".
    auto empty = scratch_dir() / "empty.jsonl";
    std::ofstream(empty) << "\n\n";
    Cli nothing = qdiff_cli("calibrate " + empty.string());
    CHECK(nothing.exit_code == 2);
    CHECK(nothing.err.find("empty.jsonl holds no case: expected one JSON object per line") != std::string::npos);
    CHECK(run.out.find("name no database") == std::string::npos);  // every case above names its db_id

    // Cases that name no database are each their own group: said, not left to a "24 databases" count.
    auto ungrouped = scratch_dir() / "ungrouped.jsonl";
    {
        std::ofstream out(ungrouped);
        for (int i = 0; i < 6; ++i)
            out << nlohmann::json{{"expected", "SELECT a FROM t WHERE b > " + std::to_string(i)},
                                  {"generated", "SELECT a FROM t WHERE b < " + std::to_string(i)},
                                  {"label", i % 3 == 0}}
                       .dump()
                << "\n";
    }
    Cli loose = qdiff_cli("calibrate " + ungrouped.string() + " --folds 2");
    INFO(loose.out << loose.err);
    REQUIRE(loose.exit_code == 0);
    CHECK(loose.out.find("note: 6 of them name no database (db_id, db, schema or tags.db_id): each is its own group") !=
          std::string::npos);
}
