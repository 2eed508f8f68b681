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

Rendered render(const std::string& expected_text, const std::string& generated_text) {
    ParseOptions options;
    options.language = Language::Sql;
    ParseResult expected = parse(expected_text, options), generated = parse(generated_text, options);
    REQUIRE(expected.ok());
    REQUIRE(generated.ok());
    DiffResult r = diff(*expected.script(), Language::Sql, *generated.script(), Language::Sql, load_profile("full"));
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
