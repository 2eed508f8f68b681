// Input as models write it: a byte-order mark, Markdown fences and the prose around them are removed
// once, before any front end, with spans still pointing into the original text (issue 18).
#include <catch2/catch.hpp>

#include "qdiff/ast_print.hpp"
#include "qdiff/parse.hpp"

using namespace qdiff;

namespace {

bool has_code(const ParseResult& r, std::string_view code) {
    for (const auto& d : r.diagnostics())
        if (d.code() == code) return true;
    return false;
}

std::string diagnostics_of(const ParseResult& r) { return render_text(r.diagnostics(), r.source()); }

// The canonical text of a parse that must succeed.
std::string printed(const ParseResult& r) {
    INFO(diagnostics_of(r));
    REQUIRE(r.ok());
    return r.language() == Language::Kql ? to_kql(*r.script()) : to_sql(*r.script());
}

}  // namespace

TEST_CASE("a UTF-8 byte-order mark is skipped with a note; spans stay in the original text", "[input][bom]") {
    const std::string bom = "\xEF\xBB\xBF";
    ParseResult kql = parse(bom + "StormEvents | take 3");
    CHECK(kql.language() == Language::Kql);
    CHECK(printed(kql) == printed(parse("StormEvents | take 3")));
    CHECK(has_code(kql, "byte-order-mark"));
    const auto& source = kql.script()->statements[0]->span;
    CHECK(kql.source().slice(source).find("StormEvents") == 0);

    ParseResult sql = parse(bom + "SELECT name FROM singer");
    CHECK(sql.language() == Language::Sql);
    CHECK(printed(sql) == printed(parse("SELECT name FROM singer")));

    ParseResult json = parse(bom + R"({"target_collection": "Books"})");
    CHECK(json.language() == Language::Weaviate);
    INFO(diagnostics_of(json));
    CHECK(json.ok());

    ParseResult only_bom = parse(bom);
    CHECK(has_code(only_bom, "empty-input"));
}

TEST_CASE("one fence rule for every language: stripped with a note, prose ignored with a warning", "[input][fence]") {
    struct Case {
        std::string text, bare;
        Language language;
    };
    const std::vector<Case> cases = {
        {"```sql\nSELECT name FROM singer\n```", "SELECT name FROM singer", Language::Sql},
        {"```kql\nStormEvents | take 3\n```", "StormEvents | take 3", Language::Kql},
        {"```kusto\nStormEvents | count\n```\n", "StormEvents | count", Language::Kql},
        {"```\nSELECT 1\n```", "SELECT 1", Language::Sql},
        {"```\nStormEvents | take 3\n```", "StormEvents | take 3", Language::Kql},
        {"```graphql\n{ Get { A { f } } }\n```", "{ Get { A { f } } }", Language::Weaviate},
        {"```json\n{\"target_collection\": \"Books\"}\n```", "{\"target_collection\": \"Books\"}", Language::Weaviate},
        {"```sql\nSELECT 1\n", "SELECT 1", Language::Sql},   // unclosed
        {"```sql\nSELECT 1```", "SELECT 1", Language::Sql},  // closed on the query's last line
    };
    for (const auto& c : cases) {
        INFO(c.text);
        ParseResult fenced = parse(c.text);
        CHECK(fenced.language() == c.language);
        CHECK(has_code(fenced, "fence-stripped"));
        CHECK_FALSE(has_code(fenced, "prose-ignored"));
        if (c.language != Language::Weaviate)
            CHECK(printed(fenced) == printed(parse(c.bare)));
        else
            CHECK(fenced.ok());
    }

    const std::string chatty = "Sure! Here is the query:\n```sql\nSELECT name\nFROM singer\n```\nIt lists the names.";
    ParseResult r = parse(chatty);
    CHECK(printed(r) == "SELECT name FROM singer");
    std::vector<std::string> prose;
    for (const auto& d : r.diagnostics())
        if (d.code() == "prose-ignored") {
            CHECK(d.severity == Severity::Warning);
            prose.push_back(std::string(r.source().slice(d.span)));
        }
    CHECK(prose == std::vector<std::string>{"Sure! Here is the query:", "It lists the names."});
    // Spans point into the text as given: `FROM` is on line 4 of the original.
    const Diagnostic* fence = nullptr;
    for (const auto& d : r.diagnostics())
        if (d.code() == "fence-stripped") fence = &d;
    REQUIRE(fence);
    CHECK(fence->severity == Severity::Note);
    CHECK(r.source().slice(fence->span) == "```sql");
    ParseResult broken = parse("```sql\nSELECT name\nFORM singer\n```");
    REQUIRE_FALSE(broken.ok());
    const Diagnostic& error = broken.diagnostics().back();
    CHECK(broken.source().position(error.span.begin).line == 3);
}

TEST_CASE("a KQL multi-line string literal is not a fence", "[input][fence]") {
    for (const char* kql :
         {"print s = ```a\nb```", "let code = ```if 1:\n    x = 1\n    ```;\nprint code",
          "let code = ```if 1:\n    x = 1\n```\n;\nprint code", "print s = ```a\n```, t = ```b\n```"}) {
        INFO(kql);
        ParseResult r = parse(kql, {.language = Language::Kql});
        CHECK_FALSE(has_code(r, "fence-stripped"));
        CHECK(r.ok());
    }
}

TEST_CASE("prose before a query without a fence is skipped with a warning (issue 33)", "[input][fence]") {
    for (std::string text : {"Here is the query:\nSELECT name FROM singer WHERE age > 3",
                             "Sure!\nHere is the SQL query you asked for:\n\nSELECT name FROM singer WHERE age > 3",
                             "SQL:\nSELECT name FROM singer WHERE age > 3"}) {
        INFO(text);
        ParseResult r = parse(text, {.language = Language::Sql});
        CHECK(printed(r) == printed(parse("SELECT name FROM singer WHERE age > 3")));
        CHECK(has_code(r, "prose-ignored"));
        CHECK(diagnostics_of(r).find("text before the query is ignored") != std::string::npos);
        // No misleading fix-it on the prose ("replace 'Here' with 'WHERE'").
        for (const Diagnostic& d : r.diagnostics()) CHECK(d.fixits.empty());
    }
    // With the language detected, too.
    CHECK(parse("Here is the query:\nSELECT name FROM singer").language() == Language::Sql);
    // A query line is never prose: these are queries, or broken ones, and stay as they are.
    CHECK_FALSE(has_code(parse("SELECT a\nFROM t"), "prose-ignored"));
    CHECK_FALSE(has_code(parse("StormEvents\n| take 3"), "prose-ignored"));
    ParseResult select_colon = parse("SELECT name FROM singer:\nWHERE age > 3", {.language = Language::Sql});
    CHECK_FALSE(has_code(select_colon, "prose-ignored"));
    // Prose alone, with nothing after it, is not a query to unwrap.
    CHECK_FALSE(has_code(parse("Here is the query:", {.language = Language::Sql}), "prose-ignored"));
}

TEST_CASE("an opening fence at the end of a line of prose is stripped with the prose (issue 33)", "[input][fence]") {
    ParseResult r = parse("Sure! ```sql\nSELECT name FROM singer\n```\n", {.language = Language::Sql});
    CHECK(printed(r) == printed(parse("SELECT name FROM singer")));
    CHECK(has_code(r, "fence-stripped"));
    CHECK(has_code(r, "prose-ignored"));
    ParseResult kql = parse("Here you go: ```kql\nStormEvents | take 3\n```");
    CHECK(kql.language() == Language::Kql);
    CHECK(printed(kql) == printed(parse("StormEvents | take 3")));
    // A KQL multi-line string that starts at the end of a line is not a fence (its word is no language).
    ParseResult multiline = parse("print s = ```one\ntwo```", {.language = Language::Kql});
    CHECK_FALSE(has_code(multiline, "fence-stripped"));
}
