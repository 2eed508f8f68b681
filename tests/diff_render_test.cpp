// The library's renderings of a diff result (include/qdiff/diff_render.hpp), which `qdiff diff` prints.
#include <catch2/catch.hpp>

#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "qdiff/ast.hpp"
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

namespace {

// The node-level edits of the JSON form, each side's "shown" and "text".
std::vector<nlohmann::json> node_edits(const Rendered& r) {
    std::vector<nlohmann::json> out;
    nlohmann::json document = nlohmann::json::parse(r.json);
    for (auto& e : document["edits"])
        if (e["level"] == "node") out.push_back(e);
    return out;
}

}  // namespace

TEST_CASE("diff render: a node edit names the node in its query's words and quotes what the user wrote",
          "[diff][render]") {
    SECTION("SQL") {
        Rendered r = render("SELECT a FROM t WHERE x > 1 AND y = 2", "SELECT a FROM t WHERE x > 1 OR y = 2");
        INFO(r.text);
        CHECK_THAT(r.text, Catch::Contains("relabel AND [1:23] in `x > 1 AND y = 2`  ->  OR [1:23] in `x > 1 OR y = 2`"));
        CHECK_THAT(r.text, !Catch::Contains("Binary"));
        std::vector<nlohmann::json> edits = node_edits(r);
        REQUIRE(edits.size() == 1);
        CHECK(edits[0]["expected"]["shown"] == "AND");
        CHECK(edits[0]["generated"]["shown"] == "OR");
        CHECK(edits[0]["expected"]["text"] == "Binary AND");  // the canonical label, as before
    }
    SECTION("SQL: a literal, a sort direction, DISTINCT") {
        Rendered r = render("SELECT name FROM singer WHERE age > 30 ORDER BY name",
                            "SELECT DISTINCT name FROM singer WHERE age > 31 ORDER BY name DESC");
        INFO(r.text);
        CHECK_THAT(r.text, Catch::Contains("relabel 30 [1:37]  ->  31 [1:46]\n"));
        CHECK_THAT(r.text, Catch::Contains("relabel ORDER BY … ASC [1:49] in `name`  ->  ORDER BY … DESC [1:58] in `name DESC`"));
        CHECK_THAT(r.text, Catch::Contains("relabel SELECT [1:1] in `SELECT name FROM singer"));
        CHECK_THAT(r.text, Catch::Contains("->  SELECT DISTINCT [1:1] in `SELECT DISTINCT name"));
        CHECK_THAT(r.text, !Catch::Contains("OrderItem"));
        CHECK_THAT(r.text, !Catch::Contains("Literal"));
    }
    SECTION("SQL: statements and constraints name their columns and references") {
        Rendered r = render("INSERT INTO t (a) VALUES (1)", "INSERT INTO t (b) VALUES (1)");
        CHECK_THAT(r.text, Catch::Contains("relabel INSERT INTO t (a) [1:1] in `INSERT INTO t (a) VALUES (1)`  ->  "
                                           "INSERT INTO t (b) [1:1]"));
        r = render("CREATE TABLE t (a INT PRIMARY KEY, b TEXT REFERENCES u(id))",
                   "CREATE TABLE t (a INT PRIMARY KEY, b TEXT REFERENCES v(id))");
        CHECK_THAT(r.text, Catch::Contains("relabel FOREIGN KEY REFERENCES u (id) [1:43] in `REFERENCES u(id)`  ->  "
                                           "FOREIGN KEY REFERENCES v (id) [1:43]"));
    }
    SECTION("SQL: a field the words leave out is named where it is what differs") {
        Rendered r = render("SELECT s.a FROM t AS s(a)", "SELECT s.a FROM t AS s(b)");
        INFO(r.text);
        CHECK_THAT(r.text, Catch::Contains("relabel t (column_aliases: a) [1:17] in `t AS s(a)`  ->  "
                                           "t (column_aliases: b) [1:17] in `t AS s(b)`"));
    }
    SECTION("SQL: the LIKE the normalizer made a string operator of") {
        Rendered r = render("SELECT a FROM t WHERE name LIKE '%Hey%'", "SELECT a FROM t WHERE name LIKE 'Hey%'");
        INFO(r.text);
        CHECK_THAT(r.text, Catch::Contains("relabel LIKE '%…%' [1:23] in `name LIKE '%Hey%'`  ->  "
                                           "LIKE '…%' [1:23] in `name LIKE 'Hey%'`"));
        CHECK_THAT(r.text, !Catch::Contains("relabel contains_cs"));
    }
    SECTION("KQL") {
        Rendered r = render("T | where x > 1 and y == 2 | sort by x asc", "T | where x > 1 or y == 2 | sort by x desc",
                            Language::Kql);
        INFO(r.text);
        CHECK_THAT(r.text, Catch::Contains("relabel and [1:11] in `x > 1 and y == 2`  ->  or [1:11] in `x > 1 or y == 2`"));
        // Kusto's default place of nulls for each direction is left unsaid, as the user left it
        CHECK_THAT(r.text, Catch::Contains("relabel sort by … asc [1:38] in `x asc`  ->  sort by … desc [1:37] in `x desc`"));
        std::vector<nlohmann::json> edits = node_edits(r);
        REQUIRE(edits.size() == 2);
        CHECK(edits[0]["expected"]["shown"] == "and");
        CHECK(edits[0]["generated"]["shown"] == "or");
    }
    SECTION("Weaviate") {
        const std::string operands = R"(operands: [{path: ["wordCount"], operator: GreaterThan, valueInt: 100}, )"
                                     R"({path: ["title"], operator: Equal, valueText: "x"}]}) { title } } })";
        Rendered r = render(R"({ Get { Article(limit: 5, where: {operator: And, )" + operands,
                            R"({ Get { Article(limit: 10, where: {operator: Or, )" + operands, Language::Weaviate);
        INFO(r.text);
        CHECK_THAT(r.text, Catch::Contains("relabel operator: And [1:34] in `{operator: And, operands: [{path: "));
        CHECK_THAT(r.text, Catch::Contains("->  operator: Or [1:35] in `{operator: Or, operands: [{path: "));
        CHECK_THAT(r.text, Catch::Contains("relabel 5 [1:24]  ->  10 [1:24]"));
        std::vector<nlohmann::json> edits = node_edits(r);
        REQUIRE(edits.size() == 2);
        CHECK(edits[0]["expected"]["shown"] == "operator: And");
        CHECK(edits[0]["generated"]["shown"] == "operator: Or");
    }
    SECTION("Weaviate: an aggregation as the query writes it") {
        Rendered r = render(R"({ Aggregate { Article { wordCount { mean } } } })",
                            R"({ Aggregate { Article { wordCount { sum } } } })", Language::Weaviate);
        INFO(r.text);
        CHECK_THAT(r.text, Catch::Contains("relabel wordCount { mean } [1:25]  ->  wordCount { sum } [1:25]"));
    }
}

// Every node edit between many different queries of each language (the pair corpus's queries against their
// neighbours): a node is never named by the AST's kind, and the two sides of a relabel never read the same.
TEST_CASE("diff render: node edits never show the AST's kind names, and a relabel's sides differ", "[diff][render]") {
    std::ifstream in(std::string(QDIFF_SOURCE_DIR) + "/corpus/pairs/equivalence.jsonl");
    REQUIRE(in);
    struct Query {
        std::string text;
        Language language;
    };
    std::vector<Query> queries;
    for (std::string line; std::getline(in, line);) {
        auto j = nlohmann::json::parse(line);
        std::optional<Language> language = parse_language_name(j["lang"].get<std::string>());
        REQUIRE(language);
        for (const char* side : {"expected", "generated"}) queries.push_back({j[side].get<std::string>(), *language});
    }
    std::vector<std::string> kinds;
#define QDIFF_NODE(Class) kinds.emplace_back(ast::kind_name(ast::Kind::Class));
#include "qdiff/ast_nodes.def"
#undef QDIFF_NODE
    Profile full = load_profile("full");
    size_t edits = 0, relabels = 0;
    for (size_t i = 0; i + 2 < queries.size(); ++i) {
        const Query &a = queries[i], &b = queries[i + 2];  // the next record's query on the same side
        if (a.language != b.language) continue;
        ParseResult pa = parse(a.text, {.language = a.language}), pb = parse(b.text, {.language = b.language});
        if (!pa.ok() || !pb.ok()) continue;
        DiffResult r = diff(*pa.script(), a.language, *pb.script(), b.language, full);
        for (const TreeEdit& e : r.tree_edits) {
            INFO(a.text << "\n" << b.text << "\n" << e.expected_label << " -> " << e.generated_label);
            ++edits;
            for (const std::string* shown : {&e.expected_shown, &e.generated_shown}) {
                bool present = shown == &e.expected_shown ? e.op != EditKind::Insert : e.op != EditKind::Delete;
                CHECK(present != shown->empty());
                std::string kind_named;  // the kind name the words start with, if any
                for (const std::string& kind : kinds)
                    if (*shown == kind || shown->rfind(kind + " ", 0) == 0) kind_named = kind;
                INFO(*shown);
                CHECK(kind_named.empty());
            }
            if (e.op == EditKind::Relabel) {
                ++relabels;
                CHECK(e.expected_shown != e.generated_shown);
            }
        }
    }
    CHECK(edits > 5000);  // the corpus's queries differ in every part
    CHECK(relabels > 500);
}

TEST_CASE("diff render: a KQL or Weaviate atom shown in the normalizer's form quotes what the user wrote",
          "[diff][render]") {
    SECTION("KQL: =~ and between") {
        Rendered r = render(R"(T | where name =~ "Bob" and a between (1 .. 5))", R"(T | where name == "Bob" and a > 0)",
                            Language::Kql);
        INFO(r.text);
        CHECK_THAT(r.text, Catch::Contains(R"(lower(name) == "bob" [1:11] (written `name =~ "Bob"`))"));
        CHECK_THAT(r.text, Catch::Contains("a <= 5 [1:29] (written `a between (1 .. 5)`)"));
        // what the user wrote as shown needs no quote
        CHECK_THAT(r.text, Catch::Contains(R"(name == "Bob" [1:11]  (similarity)") ||
                               Catch::Contains(R"(name == "Bob" [1:11]\n)"));
        nlohmann::json document = nlohmann::json::parse(r.json);
        bool written = false;
        for (auto& list : {document["components"]["filters"]["missing"], document["components"]["filters"]["changed"]})
            for (auto& item : list) {
                const nlohmann::json& atom = item.contains("expected") ? item["expected"] : item;
                if (atom["text"] == R"(lower(name) == "bob")") written = atom["written"] == R"(name =~ "Bob")";
            }
        CHECK(written);
    }
    SECTION("KQL: other quotes, parentheses, a part of the atom read the same") {
        for (auto [expected, generated] : {std::pair{"T | where name == 'Bob'", "T | where name != 'Bob'"},
                                           {"T | join kind=inner (U) on id", "T | join kind=leftouter (U) on id"},
                                           {"T | take 3", "T | take 5"}}) {
            Rendered r = render(expected, generated, Language::Kql);
            INFO(r.text);
            CHECK_THAT(r.text, Catch::Contains("~ changed: "));
            CHECK_THAT(r.text, !Catch::Contains("(written"));
        }
    }
    SECTION("Weaviate: certainty shown as distance") {
        Rendered r = render(R"({ Get { Article(nearText: {concepts: ["cats"], certainty: 0.8}) { title } } })",
                            R"({ Get { Article(nearText: {concepts: ["cats"], distance: 0.3}) { title } } })",
                            Language::Weaviate);
        INFO(r.text);
        CHECK_THAT(r.text, Catch::Contains(R"(~ changed: nearText: {concepts: ["cats"], distance: 0.4} [1:17] )"
                                           R"((written `nearText: {concepts: ["cats"], certainty: 0.8}`)  ->  )"
                                           R"(nearText: {concepts: ["cats"], distance: 0.3} [1:17]  (similarity)"));
    }
    SECTION("SQL shows the canonical text by design") {
        Rendered r = render("SELECT a FROM t WHERE x BETWEEN 1 AND 5", "SELECT a FROM t WHERE x > 0");
        INFO(r.text);
        CHECK_THAT(r.text, Catch::Contains("t.x <= 5"));
        CHECK_THAT(r.text, !Catch::Contains("(written"));
        CHECK(r.json.find("\"written\"") == std::string::npos);
    }
}
