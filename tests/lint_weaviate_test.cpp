// Weaviate rules: one failing and one passing fixture per rule code
// (tests/data/lint/weaviate/<code>.bad.graphql / .good.graphql), property paths through
// cross-references, operators and values against the property types.
#include <algorithm>
#include <filesystem>

#include <catch2/catch.hpp>

#include "support/corpus.hpp"
#include "support/kql_weaviate_fixtures.hpp"
#include "support/lint_fixtures.hpp"

using namespace qdiff;
using qdiff::testing::all_codes;
using qdiff::testing::codes;
using qdiff::testing::has;
using qdiff::testing::lint_weaviate;

namespace {

std::vector<std::string> problems(const std::string& q) {
    std::vector<std::string> out;
    for (const Diagnostic& d : lint_weaviate(q).diagnostics)
        if (d.severity != Severity::Note) out.emplace_back(d.code());
    return out;
}

std::string get(const std::string& args, const std::string& fields = "title") {
    return "{ Get { Article(limit: 5" + (args.empty() ? "" : ", " + args) + ") { " + fields + " } } }";
}

}  // namespace

TEST_CASE("every Weaviate lint code fires on its bad fixture and not on its good one", "[lint][lint-weaviate]") {
    std::filesystem::path dir = std::filesystem::path(QDIFF_TEST_DATA_DIR) / "lint" / "weaviate";
    std::vector<std::string> weaviate_codes = {"unknown-table", "unknown-column"};
    for (const DiagInfo& info : diag_catalogue())
        if (info.group == "lint" && std::string_view(info.code).starts_with("weaviate-"))
            weaviate_codes.emplace_back(info.code);
    for (const std::string& code : weaviate_codes) {
        INFO("code " << code);
        REQUIRE(std::filesystem::exists(dir / (code + ".bad.graphql")));
        REQUIRE(std::filesystem::exists(dir / (code + ".good.graphql")));
        LintResult bad = lint_weaviate(qdiff::testing::read_file(dir / (code + ".bad.graphql")));
        LintResult good = lint_weaviate(qdiff::testing::read_file(dir / (code + ".good.graphql")));
        INFO("bad: " << all_codes(bad) << "| good: " << all_codes(good));
        CHECK(has(bad, code));
        CHECK_FALSE(has(good, code));
        CHECK(good.diagnostics.empty());
    }
    CHECK(weaviate_codes.size() >= 5);
}

TEST_CASE("Weaviate properties resolve through the class and its cross-references", "[lint][lint-weaviate]") {
    using V = std::vector<std::string>;
    CHECK(problems(get("", "title wordCount _additional { id distance }")) == V{});
    CHECK(problems(get("", "titel")) == V{"unknown-column"});
    CHECK(problems(get("", "inPublication { ... on Publication { name founded } }")) == V{});
    CHECK(problems(get("", "inPublication { ... on Article { title } }")) == V{"unknown-column"});
    CHECK(problems(get(
              "where: {path: [\"inPublication\", \"Publication\", \"name\"], operator: Equal, valueText: \"x\"}")) ==
          V{});
    CHECK(problems(get(
              "where: {path: [\"inPublication\", \"Publication\", \"title\"], operator: Equal, valueText: \"x\"}")) ==
          V{"unknown-column"});
    CHECK(problems(get("sort: {path: [\"wordCnt\"], order: desc}")) == V{"unknown-column"});
    CHECK(problems(get("bm25: {query: \"x\", properties: [\"body\"]}")) == V{});
    CHECK(problems(get("bm25: {query: \"x\", properties: [\"bdy\"]}")) == V{"unknown-column"});
    CHECK(problems("{ Aggregate { Article(groupBy: [\"wordCount\"]) { meta { count } wordCount { mean } } } }") == V{});
    CHECK(problems("{ Aggregate { Article { wordCont { mean } } } }") == V{"unknown-column"});
    // Meta filters and property-length filters.
    CHECK(problems(get(
              "where: {path: [\"id\"], operator: Equal, valueText: \"00000000-0000-0000-0000-000000000000\"}")) == V{});
    CHECK(problems(get("where: {path: [\"len(title)\"], operator: GreaterThan, valueInt: 3}")) == V{});
    // The fix-it replaces the misspelt name.
    LintResult r = lint_weaviate(get("", "titel"));
    REQUIRE(r.diagnostics.size() == 1);
    CHECK(r.diagnostics[0].fixits.at(0).replacement == "title");
    LintResult collection = lint_weaviate("{ Get { article(limit: 1) { title } } }");
    REQUIRE(has(collection, "unknown-table"));
    CHECK(collection.confidence == 0);
}

TEST_CASE("Weaviate operators and values against the property type", "[lint][lint-weaviate]") {
    using V = std::vector<std::string>;
    auto where = [](const std::string& path, const std::string& op, const std::string& value) {
        return get("where: {path: [\"" + path + "\"], operator: " + op + ", " + value + "}");
    };
    CHECK(problems(where("title", "Like", "valueText: \"a*\"")) == V{});
    CHECK(problems(where("score", "Like", "valueText: \"1*\"")) == V{"weaviate-operator-type"});
    CHECK(problems(where("tags", "ContainsAny", "valueText: [\"a\", \"b\"]")) == V{});
    CHECK(problems(where("wordCount", "ContainsAny", "valueInt: [1, 2]")) == V{"weaviate-operator-type"});
    CHECK(problems(where("isAccessible", "GreaterThan", "valueBoolean: true")) == V{"weaviate-operator-type"});
    CHECK(problems(where("title", "Equal", "valueInt: 3")) == V{"weaviate-operator-type"});
    CHECK(problems(where("published", "GreaterThan", "valueText: \"2020\"")) == V{"weaviate-operator-type"});
    CHECK(problems(where("published", "GreaterThan", "valueDate: \"2020-01-01T00:00:00Z\"")) == V{});
    CHECK(problems(where("score", "GreaterThan", "valueInt: 3")) == V{"weaviate-value-mismatch"});
    CHECK(problems(where("score", "GreaterThan", "valueNumber: 3.5")) == V{});
    CHECK(problems(where("location", "WithinGeoRange",
                         "valueGeoRange: {geoCoordinates: {latitude: 1, longitude: 2}, distance: {max: 5}}")) == V{});
    CHECK(problems(where("title", "WithinGeoRange",
                         "valueGeoRange: {geoCoordinates: {latitude: 1, longitude: 2}, distance: {max: 5}}")) ==
          V{"weaviate-operator-type"});
}

TEST_CASE("Weaviate limits: missing, and above the server maximum", "[lint][lint-weaviate]") {
    CHECK(has(lint_weaviate("{ Get { Article { title } } }"), "weaviate-missing-limit"));
    CHECK(has(lint_weaviate("{ Get { Article(limit: 50000) { title } } }"), "weaviate-missing-limit"));
    CHECK_FALSE(has(lint_weaviate("{ Get { Article(limit: 100) { title } } }"), "weaviate-missing-limit"));
    CHECK_FALSE(has(lint_weaviate("{ Aggregate { Article { meta { count } } } }"), "weaviate-missing-limit"));
    // The structured query JSON has no limit field: nothing to fix, so nothing to report (issue 18).
    CHECK_FALSE(
        has(lint_weaviate(R"({"target_collection": "Article", "search_query": "x"})"), "weaviate-missing-limit"));
    CHECK_FALSE(has(lint_weaviate("{\n  \"target_collection\": \"Article\"}"), "weaviate-missing-limit"));
    // Without a schema only the schema-free rules run.
    CHECK(lint_weaviate("{ Get { Anything(limit: 1) { whatever } } }", nullptr).diagnostics.empty());
}

TEST_CASE("Weaviate lint speaks of collections and properties (issue 33)", "[lint][lint-weaviate]") {
    LintResult collection = lint_weaviate("{ Get { Articel(limit: 1) { title } } }");
    REQUIRE(has(collection, "unknown-table"));
    for (const Diagnostic& d : collection.diagnostics)
        if (d.code() == "unknown-table") CHECK(d.message == "unknown collection 'Articel'");
    LintResult property = lint_weaviate(get("", "Journal"));
    REQUIRE(has(property, "unknown-column"));
    for (const Diagnostic& d : property.diagnostics)
        if (d.code() == "unknown-column") CHECK(d.message == "unknown property 'Journal'");
}

TEST_CASE("an Aggregate asks a property only what its type offers: no mean of text (issue 33)", "[lint][lint-weaviate]") {
    using V = std::vector<std::string>;
    auto aggregate = [](const std::string& fields) { return "{ Aggregate { Article { " + fields + " } } }"; };
    LintResult mean_of_text = lint_weaviate(aggregate("title { mean }"));
    CHECK(problems(aggregate("title { mean }")) == V{"weaviate-operator-type"});
    REQUIRE(!mean_of_text.diagnostics.empty());
    CHECK(mean_of_text.diagnostics[0].message == "mean does not apply to text property 'title'");
    CHECK(problems(aggregate("title { sum }")) == V{"weaviate-operator-type"});
    CHECK(problems(aggregate("isAccessible { mean }")) == V{"weaviate-operator-type"});
    CHECK(problems(aggregate("published { sum }")) == V{"weaviate-operator-type"});
    CHECK(problems(aggregate("wordCount { mean sum maximum }")).empty());
    CHECK(problems(aggregate("title { count }")).empty());
    CHECK(problems(aggregate("isAccessible { totalTrue percentageFalse }")).empty());
    CHECK(problems(aggregate("published { minimum median }")).empty());
}
