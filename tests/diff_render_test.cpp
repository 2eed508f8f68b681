// The library's renderings of a diff result (include/qdiff/diff_render.hpp), which `qdiff diff` prints.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>
#include <string>

#include "qdiff/diff_render.hpp"
#include "qdiff/parse.hpp"

using namespace qdiff;

namespace {

struct Rendered {
    std::string text, json;
};

Rendered render(const std::string& expected_text, const std::string& generated_text,
                Language language = Language::Sql) {
    ParseOptions options;
    options.language = language;
    ParseResult expected = parse(expected_text, options), generated = parse(generated_text, options);
    REQUIRE(expected.ok());
    REQUIRE(generated.ok());
    DiffResult r = diff(*expected.script(), language, *generated.script(), language, load_profile("full"));
    return {to_text(r, expected.source(), generated.source()), to_json(r, expected.source(), generated.source())};
}

}  // namespace

TEST_CASE("diff render: the text names each changed, missing and extra atom at its line and column", "[diff][render]") {
    Rendered r = render("SELECT name FROM singer\nWHERE age > 30", "SELECT name, age FROM singer\nWHERE age < 30");
    INFO(r.text);
    CHECK(r.text.rfind("score 0.", 0) == 0);
    CHECK(r.text.find("(profile full)") != std::string::npos);
    CHECK(r.text.find("    = singer.name") != std::string::npos);
    CHECK(r.text.find("~ changed: singer.age > 30 [2:7]  ->  singer.age < 30 [2:7]") != std::string::npos);
    CHECK(r.text.find("+ extra: singer.age [1:14]") != std::string::npos);
    CHECK(r.text.find("node edits: ") != std::string::npos);
}

TEST_CASE("diff render: the JSON is one document with the score and every component", "[diff][render]") {
    Rendered r = render("SELECT name FROM singer WHERE age > 30", "SELECT name FROM singer WHERE age > 30");
    nlohmann::json j = nlohmann::json::parse(r.json);
    CHECK(j["score"] == 1.0);
    CHECK(j["ok"] == true);
    CHECK(j["profile"] == "full");
    CHECK(j["components"].contains("filters"));
    CHECK(j["components"]["filters"]["score"] == 1.0);
    CHECK(j["tree_distance"] == 0);
}

namespace {

// The changed pairs of the filters component in the JSON form.
nlohmann::json changed_filters(const Rendered& r) {
    return nlohmann::json::parse(r.json)["components"]["filters"]["changed"];
}

}  // namespace

TEST_CASE("diff render: a changed atom shown alike on both sides says where each sits, in its language",
          "[diff][render]") {
    SECTION("SQL: AND against OR") {
        Rendered r = render("SELECT a FROM t WHERE x > 1 AND y = 2", "SELECT a FROM t WHERE x > 1 OR y = 2");
        INFO(r.text);
        CHECK_THAT(r.text, Catch::Contains("~ changed: t.x > 1 [1:23] (under AND)  ->  t.x > 1 [1:23] (under OR)"));
        CHECK_THAT(r.text, Catch::Contains("~ changed: t.y = 2 [1:33] (under AND)  ->  t.y = 2 [1:32] (under OR)"));
        nlohmann::json changed = changed_filters(r);
        REQUIRE(changed.size() == 2);
        CHECK(changed[0]["expected"]["note"] == "under AND");
        CHECK(changed[0]["generated"]["note"] == "under OR");
        // the component-level update edit carries the same notes
        bool noted_update = false;
        nlohmann::json document = nlohmann::json::parse(r.json);
        for (auto& e : document["edits"])
            if (e["level"] == "component" && e["op"] == "update")
                noted_update = noted_update || (e["expected"]["note"] == "under AND" && e["generated"]["note"] == "under OR");
        CHECK(noted_update);
    }
    SECTION("SQL: a nested connective, and a leaf left alone") {
        Rendered r = render("SELECT a FROM t WHERE x > 1 AND (y = 2 OR z = 3)", "SELECT a FROM t WHERE y = 2");
        INFO(r.text);
        CHECK_THAT(r.text, Catch::Contains("t.y = 2 [1:34] (under AND/OR)  ->  t.y = 2 [1:23] (alone)"));
    }
    SECTION("SQL: sort keys in another order name their positions") {
        Rendered r = render("SELECT a FROM t ORDER BY a, b", "SELECT a FROM t ORDER BY b, a");
        INFO(r.text);
        CHECK_THAT(r.text, Catch::Contains("t.a asc [1:26] (sort key 1)  ->  t.a asc [1:29] (sort key 2)"));
    }
    SECTION("KQL: and against or") {
        Rendered r = render("T | where x > 1 and y == 2", "T | where x > 1 or y == 2", Language::Kql);
        INFO(r.text);
        CHECK_THAT(r.text, Catch::Contains("~ changed: x > 1 [1:11] (under and)  ->  x > 1 [1:11] (under or)"));
        CHECK_THAT(r.text, Catch::Contains("~ changed: y == 2 [1:21] (under and)  ->  y == 2 [1:20] (under or)"));
        CHECK_THAT(r.text, !Catch::Contains("(under AND)"));
        nlohmann::json changed = changed_filters(r);
        REQUIRE(changed.size() == 2);
        CHECK(changed[1]["expected"]["note"] == "under and");
        CHECK(changed[1]["generated"]["note"] == "under or");
    }
    SECTION("Weaviate: And against Or") {
        const std::string operands = R"(operands: [{path: ["wordCount"], operator: GreaterThan, valueInt: 100}, )"
                                     R"({path: ["title"], operator: Equal, valueText: "x"}]}) { title } } })";
        Rendered r = render(R"({ Get { Article(where: {operator: And, )" + operands,
                            R"({ Get { Article(where: {operator: Or, )" + operands, Language::Weaviate);
        INFO(r.text);
        CHECK_THAT(r.text, Catch::Contains(R"({path: ["wordCount"], operator: GreaterThan, valueInt: 100} [1:51] )"
                                           R"((under operator: And)  ->  )"
                                           R"({path: ["wordCount"], operator: GreaterThan, valueInt: 100} [1:50] )"
                                           R"((under operator: Or))"));
        nlohmann::json changed = changed_filters(r);
        REQUIRE(changed.size() == 2);
        for (auto& pair : changed) {
            CHECK(pair["expected"]["note"] == "under operator: And");
            CHECK(pair["generated"]["note"] == "under operator: Or");
        }
    }
    SECTION("atoms shown differently need no note") {
        Rendered r = render("SELECT a FROM t WHERE x > 1 AND y = 2", "SELECT a FROM t WHERE x > 1 AND y = 3");
        INFO(r.text);
        CHECK_THAT(r.text, Catch::Contains("~ changed: t.y = 2 [1:33]  ->  t.y = 3 [1:33]  (similarity"));
        nlohmann::json changed = changed_filters(r);
        REQUIRE(changed.size() == 1);
        CHECK_FALSE(changed[0]["expected"].contains("note"));
        CHECK_FALSE(changed[0]["generated"].contains("note"));
    }
}
