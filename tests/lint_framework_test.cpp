// The linter framework: confidence, disabling and remapping rules (options and inline comments),
// and the output formats (text with caret, SARIF 2.1.0).
#include <algorithm>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "support/lint_fixtures.hpp"

using namespace qdiff;
using qdiff::testing::codes;
using qdiff::testing::lint_sql;

namespace {

std::vector<Diagnostic> diagnostics(int errors, int warnings, int notes = 0) {
    std::vector<Diagnostic> ds;
    for (int i = 0; i < errors; ++i) ds.push_back(make_diagnostic(DiagId::LintUnknownColumn, {0, 1}, {"x"}));
    for (int i = 0; i < warnings; ++i) ds.push_back(make_diagnostic(DiagId::LintSelectStar, {0, 1}));
    for (int i = 0; i < notes; ++i) ds.push_back(make_diagnostic(DiagId::LintDoubleQuotedString, {0, 1}, {"x"}));
    return ds;
}

bool contains(const std::vector<std::string>& v, const std::string& s) {
    return std::find(v.begin(), v.end(), s) != v.end();
}

}  // namespace

TEST_CASE("confidence follows the issue's examples", "[lint][lint-framework]") {
    CHECK(confidence(diagnostics(0, 0)) == 100);
    CHECK(confidence(diagnostics(1, 0)) == 80);
    CHECK(confidence(diagnostics(2, 0)) == 60);
    CHECK(confidence(diagnostics(1, 2)) == 70);
    CHECK(confidence(diagnostics(0, 0, 5)) == 100);  // notes are free
    CHECK(confidence(diagnostics(6, 0)) == 0);       // clamped
    CHECK(confidence({make_diagnostic(DiagId::UnexpectedToken, {0, 1}, {"x"})}) == 0);
    auto unknown_table = diagnostics(0, 1);
    unknown_table.push_back(make_diagnostic(DiagId::LintUnknownTable, {0, 1}, {"t"}));
    CHECK(confidence(unknown_table) == 0);
}

TEST_CASE("lint: valid and confidence from real queries", "[lint][lint-framework]") {
    LintResult clean = lint_sql("SELECT name FROM singer ORDER BY age DESC LIMIT 3");
    CHECK(clean.valid);
    CHECK(clean.confidence == 100);
    CHECK(clean.diagnostics.empty());

    LintResult one_error = lint_sql("SELECT nmae FROM singer ORDER BY age LIMIT 3");
    CHECK_FALSE(one_error.valid);
    CHECK(one_error.confidence == 80);

    LintResult syntax = lint_sql("SELECT name FROM singer WHERE");
    CHECK_FALSE(syntax.valid);
    CHECK(syntax.confidence == 0);

    LintResult no_table = lint_sql("SELECT name FROM singers ORDER BY age LIMIT 3");
    CHECK(no_table.confidence == 0);
    REQUIRE(codes(no_table).front() == "unknown-table");
    REQUIRE(no_table.diagnostics.front().fixits.size() == 1);
    CHECK(no_table.diagnostics.front().fixits.front().replacement == "singer");
}

TEST_CASE("rules can be disabled and remapped by options and inline comments", "[lint][lint-framework]") {
    const std::string sql = "SELECT * FROM singer";  // select-star, missing-limit
    auto base = codes(lint_sql(sql));
    REQUIRE(contains(base, "select-star"));
    REQUIRE(contains(base, "missing-limit"));

    LintOptions disable;
    disable.disabled = {"select-star"};
    auto disabled = codes(lint_sql(sql, Dialect::Generic, disable));
    CHECK_FALSE(contains(disabled, "select-star"));
    CHECK(contains(disabled, "missing-limit"));

    LintOptions remap;
    remap.severity["select-star"] = Severity::Error;
    LintResult remapped = lint_sql(sql, Dialect::Generic, remap);
    CHECK_FALSE(remapped.valid);
    CHECK(remapped.confidence == 100 - 20 - 5);

    auto inline_sql = codes(lint_sql("-- qdiff-disable: select-star, missing-limit\n" + sql));
    CHECK_FALSE(contains(inline_sql, "select-star"));
    CHECK_FALSE(contains(inline_sql, "missing-limit"));
    CHECK(contains(codes(lint_sql("/* qdiff-disable: missing-limit */ " + sql)), "select-star"));
    // The marker inside a string literal is not a comment.
    CHECK(contains(codes(lint_sql("SELECT * FROM singer WHERE name = 'qdiff-disable: select-star'")), "select-star"));

    // Syntax errors stay errors whatever the options say.
    LintOptions hide_syntax;
    hide_syntax.disabled = {"unexpected-end", "unexpected-token", "syntax-error"};
    CHECK(has_errors(lint_sql("SELECT FROM", Dialect::Generic, hide_syntax).diagnostics));
}

TEST_CASE("diagnostics come in text order after the parse diagnostics", "[lint][lint-framework]") {
    LintResult r = lint_sql("SELECT nmae, agee FROM singer WHERE country = NULL");
    REQUIRE(r.diagnostics.size() >= 3);
    for (size_t i = 1; i < r.diagnostics.size(); ++i)
        CHECK(r.diagnostics[i - 1].span.begin <= r.diagnostics[i].span.begin);
}

TEST_CASE("text output shows the line and a caret under the name, with the fix-it", "[lint][lint-framework]") {
    ParseOptions po;
    po.language = Language::Sql;
    po.source_name = "q.sql";
    ParseResult parsed = parse("SELECT nmae\nFROM singer LIMIT 1", po);
    LintOptions lo;
    lo.schema = &qdiff::testing::concert_schema();
    LintResult r = lint(parsed, lo);
    std::string text = render_text(r.diagnostics, parsed.source());
    CHECK(text.find("q.sql:1:8: error: unknown column 'nmae' [unknown-column]") != std::string::npos);
    CHECK(text.find("  SELECT nmae\n         ^~~~\n") != std::string::npos);
    CHECK(text.find("fix-it: replace 'nmae' with 'name'") != std::string::npos);
}

TEST_CASE("SARIF 2.1.0 output has the structure code scanning requires", "[lint][lint-framework]") {
    ParseOptions po;
    po.language = Language::Sql;
    po.source_name = "queries/q1.sql";
    ParseResult parsed = parse("SELECT *\nFROM singer WHERE nmae = 1", po);
    LintOptions lo;
    lo.schema = &qdiff::testing::concert_schema();
    LintResult r = lint(parsed, lo);
    REQUIRE(r.diagnostics.size() >= 2);
    auto sarif = nlohmann::json::parse(render_sarif({{&parsed.source(), &r.diagnostics}}));

    CHECK(sarif["version"] == "2.1.0");
    CHECK(sarif["$schema"].get<std::string>().find("sarif-2.1.0") != std::string::npos);
    REQUIRE(sarif["runs"].is_array());
    REQUIRE(sarif["runs"].size() == 1);
    const auto& run = sarif["runs"][0];
    CHECK(run["tool"]["driver"]["name"] == "qdiff");
    const auto& rules = run["tool"]["driver"]["rules"];
    REQUIRE(rules.is_array());
    std::vector<std::string> rule_ids;
    for (const auto& rule : rules) {
        REQUIRE(rule["id"].is_string());
        rule_ids.push_back(rule["id"]);
    }
    const auto& results = run["results"];
    REQUIRE(results.size() == r.diagnostics.size());
    for (size_t i = 0; i < results.size(); ++i) {
        const auto& result = results[i];
        const Diagnostic& d = r.diagnostics[i];
        CHECK(result["ruleId"] == std::string(d.code()));
        CHECK(contains(rule_ids, result["ruleId"]));
        CHECK(rule_ids[result["ruleIndex"].get<size_t>()] == result["ruleId"]);
        CHECK(result["level"] == std::string(severity_name(d.severity)));
        CHECK(result["message"]["text"] == d.message);
        const auto& location = result["locations"][0]["physicalLocation"];
        CHECK(location["artifactLocation"]["uri"] == "queries/q1.sql");
        LineCol at = parsed.source().position(d.span.begin);
        CHECK(location["region"]["startLine"] == at.line);
        CHECK(location["region"]["startColumn"] == at.column);
        CHECK(location["region"]["startLine"].get<int>() >= 1);
    }
    // The unknown column is on line 2, column 19, with its fix.
    auto unknown =
        std::find_if(results.begin(), results.end(), [](const auto& x) { return x["ruleId"] == "unknown-column"; });
    REQUIRE(unknown != results.end());
    CHECK((*unknown)["locations"][0]["physicalLocation"]["region"]["startLine"] == 2);
    CHECK((*unknown)["locations"][0]["physicalLocation"]["region"]["startColumn"] == 19);
    CHECK((*unknown)["fixes"][0]["artifactChanges"][0]["replacements"][0]["insertedContent"]["text"] == "name");
}
