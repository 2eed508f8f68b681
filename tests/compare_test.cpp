// compare(): the one entry point every front end adapts, its shared options, and diff_pairs over it.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "qdiff/compare.hpp"
#include "qdiff/diff_render.hpp"
#include "qdiff/schema.hpp"

namespace {

using namespace qdiff;

const char* kExpected = "SELECT a FROM t WHERE b > 1";
const char* kOriented = "SELECT a FROM t WHERE 1 < b";  // the same filter, written the other way round

}  // namespace

TEST_CASE("compare parses, picks the default profile and scores as diff() does", "[compare]") {
    Comparison c = compare("SELECT name FROM singer WHERE age > 30", "SELECT name FROM singer WHERE age > 31");
    REQUIRE(c.ok());
    CHECK(c.profile->name == "full");
    CHECK(c.failures.empty());
    ParseResult e = parse("SELECT name FROM singer WHERE age > 30");
    ParseResult g = parse("SELECT name FROM singer WHERE age > 31");
    DiffResult direct = diff(*e.script(), e.language(), *g.script(), g.language(), load_profile("full"), DiffOptions{});
    CHECK(c.score() == direct.score);
    CHECK(c.score() < 1.0);
    CHECK(to_text(c) == to_text(direct, e.source(), g.source()));

    CompareOptions batch;
    batch.use = ProfileUse::Batch;
    CHECK(compare(kExpected, kOriented, batch).profile->name == "execution");
    const char* weaviate = "{ Get { Article(limit: 5) { title } } }";
    CHECK(compare(weaviate, weaviate).ok());
    CHECK(compare(weaviate, weaviate).profile->name == "weaviate-ast");
}

TEST_CASE("compare names the side that does not parse and scores 0", "[compare]") {
    Comparison c = compare("SELECT a FROM t", "SELECT * FORM t");
    CHECK_FALSE(c.ok());
    CHECK(c.score() == 0.0);
    REQUIRE(c.failures.size() == 1);
    CHECK(c.failures[0] == "the generated query does not parse (1 error): scored 0");
    auto j = nlohmann::json::parse(to_json(c));
    CHECK(j["ok"] == false);
    CHECK(j["score"] == 0.0);
    CHECK(j["profile"] == "full");
    CHECK(j["reasons"].size() == 1);
    CHECK(j["diagnostics"]["generated"].size() == 1);
    CHECK(to_text(c) == "score 0.000 (profile full)\n  the generated query does not parse (1 error): scored 0\n");

    Comparison neither = compare("SELECT FROM WHERE", "SELECT * FORM t");
    CHECK(neither.failures.size() == 2);
}

TEST_CASE("compare's options switch normalization rules off and take the expected side's language", "[compare]") {
    CHECK(compare(kExpected, kOriented).score() == 1.0);
    CompareOptions off;
    REQUIRE(set_compare_option(off, CompareOption::NormalizeOff, "comparison-orientation").empty());
    CHECK(compare(kExpected, kOriented, off).score() < 1.0);

    CompareOptions languages;
    REQUIRE(set_compare_option(languages, CompareOption::Language, "sql").empty());
    REQUIRE(set_compare_option(languages, CompareOption::ExpectedLanguage, "kql").empty());
    Comparison mixed = compare("T | where b > 1 | project a", kExpected, languages);
    CHECK(mixed.expected.language() == Language::Kql);
    CHECK(mixed.generated.language() == Language::Sql);
    CHECK(mixed.ok());
}

TEST_CASE("the shared options are declared once, with help, and validated", "[compare]") {
    for (const CompareOptionInfo& info : compare_option_infos()) {
        CHECK_FALSE(info.help.empty());
        CHECK_FALSE(info.value.empty());
        CHECK(find_compare_option(info.name) == &info);
    }
    REQUIRE(find_compare_option("normalize_off") != nullptr);  // serve's and Python's spelling
    CHECK(find_compare_option("normalize_off")->option == CompareOption::NormalizeOff);
    CHECK(find_compare_option("colour") == nullptr);

    CompareOptions o;
    CHECK(set_compare_option(o, CompareOption::Language, "cobol") == "unknown lang 'cobol' (auto, sql, kql, weaviate)");
    CHECK(set_compare_option(o, CompareOption::Dialect, "oracle").find("unknown dialect 'oracle' (generic") == 0);
    CHECK(set_compare_option(o, CompareOption::Profile, "no-such-profile").find("unknown profile") != std::string::npos);
    // A file that is not there is not an "unknown profile": it says why it did not open.
    CHECK(set_compare_option(o, CompareOption::Profile, "/no-such-dir/fitted.json") ==
          "cannot read the profile file '/no-such-dir/fitted.json': No such file or directory");
    CHECK(set_compare_option(o, CompareOption::Profile, "fitted.json").find("cannot read the profile file") == 0);
    CHECK(set_compare_option(o, CompareOption::NormalizeOff, "aliases,bogus").find("'bogus'") != std::string::npos);
    CHECK(set_compare_option(o, CompareOption::NormalizeOff, "aliases,count-star").empty());
    CHECK(o.normalize_off == std::vector<std::string>{"aliases", "aliases", "count-star"});  // a bad list adds its good part
    REQUIRE(set_compare_option(o, CompareOption::Profile, "hybrid").empty());
    CHECK(o.profile == builtin_profile("hybrid"));  // built-in profiles are shared, not reloaded
    CHECK_THROWS_WITH(builtin_profile("nope"), Catch::Contains("built in: "));
}

TEST_CASE("diff_pairs takes compare's options (normalize_off was ignored)", "[compare]") {
    std::vector<PairInput> pairs = {{kExpected, kOriented}, {kExpected, "SELECT a FROM"}};
    CompareOptions off;
    off.profile = builtin_profile("full");
    off.normalize_off = {"comparison-orientation"};
    std::vector<PairScore> with_rule = diff_pairs(pairs, *off.profile, 1);
    std::vector<PairScore> without_rule = diff_pairs(pairs, off, 2);
    REQUIRE(with_rule.size() == 2);
    REQUIRE(without_rule.size() == 2);
    CHECK(with_rule[0].result.score == 1.0);
    CHECK(without_rule[0].result.score < 1.0);
    CHECK(without_rule[1].error == "the generated query does not parse");
}

TEST_CASE("an unqualified column of a join is qualified by the one table the schema gives it", "[compare]") {
    SchemaLoadResult loaded = load_schema(std::string(QDIFF_TEST_DATA_DIR) + "/normalize_schemas/concerts.sql");
    REQUIRE(loaded.schema);
    CompareOptions with_schema;
    with_schema.schema = std::make_shared<SchemaFacts>(*loaded.schema);
    const char* qualified = "SELECT singer.name FROM singer JOIN concert ON singer.singer_id = concert.singer_id";
    const char* bare = "SELECT name FROM singer JOIN concert ON singer.singer_id = concert.singer_id";
    CHECK(compare(qualified, bare, with_schema).score() == 1.0);
    CHECK(compare(qualified, bare).score() < 1.0);  // without the schema nothing says whose `name` it is
    // Near miss: venue has a `name` too, so the bare name is ambiguous and stays as written.
    CHECK(compare("SELECT singer.name FROM singer JOIN venue ON singer.singer_id = venue.venue_id",
                  "SELECT name FROM singer JOIN venue ON singer.singer_id = venue.venue_id", with_schema)
              .score() < 1.0);
    // A correlated column of the outer block stays the outer block's.
    CHECK(compare("SELECT name FROM singer WHERE EXISTS (SELECT 1 FROM concert WHERE concert.singer_id = singer.singer_id)",
                  "SELECT name FROM singer WHERE EXISTS (SELECT 1 FROM concert WHERE concert.singer_id = singer_id)",
                  with_schema)
              .score() < 1.0);
}
