#include <catch2/catch.hpp>

#include <string>

#include "parsers/weaviate/document.hpp"

using namespace qdiff::weaviate;
using qdiff::DiagId;
using qdiff::Diagnostic;
using qdiff::Severity;

namespace {
const Diagnostic* first_error(const GqlParseResult& r) {
    for (const auto& d : r.diagnostics) {
        if (d.severity == Severity::Error) return &d;
    }
    return nullptr;
}
std::string_view cut(std::string_view text, Span s) { return text.substr(s.begin, s.end - s.begin); }
}  // namespace

TEST_CASE("graphql: Weaviate Get query", "[weaviate][graphql]") {
    const std::string text = R"({
  Get {
    Book(
      where: {
        operator: And,
        operands: [
          { path: ["pageCount"], operator: LessThan, valueInt: 150 },
          { path: ["title"], operator: Like, valueText: "*robots*" }
        ]
      }
      limit: 10
    ) {
      title
      author { ... on Author { name } }
      _additional { id distance }
    }
  }
})";
    auto r = parse_graphql(text);
    REQUIRE(r.ok());
    REQUIRE(r.document->definitions.size() == 1);
    const GqlNode& op = r.document->definitions[0];
    CHECK(op.kind == GqlNode::Kind::operation);
    CHECK(op.operation_type == "query");
    REQUIRE(op.selections.size() == 1);
    const GqlNode& get = op.selections[0];
    CHECK(get.name == "Get");
    const GqlNode& book = get.selections.at(0);
    CHECK(book.name == "Book");
    CHECK(cut(text, book.name_span) == "Book");
    REQUIRE(book.arguments.size() == 2);
    const GqlValue& where = book.argument("where")->value;
    CHECK(where.kind == GqlValue::Kind::object);
    CHECK(where.find("operator")->kind == GqlValue::Kind::enumeration);
    CHECK(where.find("operator")->text == "And");
    const GqlValue& ops = *where.find("operands");
    REQUIRE(ops.items.size() == 2);
    CHECK(ops.items[0].find("valueInt")->integer == 150);
    CHECK(ops.items[1].find("valueText")->text == "*robots*");
    CHECK(cut(text, ops.items[1].find("valueText")->span) == "\"*robots*\"");
    CHECK(book.argument("limit")->value.integer == 10);
    REQUIRE(book.selections.size() == 3);
    const GqlNode& author = book.selections[1];
    REQUIRE(author.selections.size() == 1);
    CHECK(author.selections[0].kind == GqlNode::Kind::inline_fragment);
    CHECK(author.selections[0].type_condition == "Author");
    CHECK(author.selections[0].selections.at(0).name == "name");
    CHECK(cut(text, book.span).substr(0, 4) == "Book");
    CHECK(cut(text, book.span).back() == '}');
}

TEST_CASE("graphql: operations, variables, aliases, fragments, directives", "[weaviate][graphql]") {
    const std::string text = R"(
# a comment
query Q($a: String = "x", $n: [Int!]! @d, $v: [Float]) @op {
  Get {
    first: Article(limit: $n, nearVector: {vector: $v}) @include(if: true) {
      ...Fields
      ... @skip(if: false) { url }
    }
  }
}
fragment Fields on Article { title wordCount }
)";
    auto r = parse_graphql(text);
    REQUIRE(r.ok());
    REQUIRE(r.document->definitions.size() == 2);
    const GqlNode& op = r.document->definitions[0];
    CHECK(op.name == "Q");
    REQUIRE(op.variables.size() == 3);
    CHECK(op.variables[0].name == "a");
    CHECK(op.variables[0].type == "String");
    CHECK(op.variables[0].default_value->text == "x");
    CHECK(op.variables[1].type == "[Int!]!");
    CHECK(op.variables[1].directives.size() == 1);
    CHECK(op.variables[2].type == "[Float]");
    CHECK(op.directives.size() == 1);
    const GqlNode& art = op.selections[0].selections[0];
    CHECK(art.alias == "first");
    CHECK(art.name == "Article");
    CHECK(art.response_key() == "first");
    CHECK(art.argument("limit")->value.kind == GqlValue::Kind::variable);
    CHECK(art.argument("limit")->value.text == "n");
    REQUIRE(art.directives.size() == 1);
    CHECK(art.directives[0].name == "include");
    CHECK(art.directives[0].arguments.at(0).value.boolean);
    REQUIRE(art.selections.size() == 2);
    CHECK(art.selections[0].kind == GqlNode::Kind::fragment_spread);
    CHECK(art.selections[0].name == "Fields");
    CHECK(art.selections[1].kind == GqlNode::Kind::inline_fragment);
    CHECK(art.selections[1].directives.size() == 1);
    const GqlNode* frag = r.document->fragment("Fields");
    REQUIRE(frag);
    CHECK(frag->type_condition == "Article");
    CHECK(frag->selections.size() == 2);
}

TEST_CASE("graphql: values", "[weaviate][graphql]") {
    const std::string text = R"({ Get { A(x: -1.5e2, y: 0, z: null, w: [1 2 3], s: "a\"b\u00e9", b: """
      What do these
        have in common?
    """) { f } } })";
    auto r = parse_graphql(text);
    REQUIRE(r.ok());
    const GqlNode& a = r.document->definitions[0].selections[0].selections[0];
    CHECK(a.argument("x")->value.kind == GqlValue::Kind::floating);
    CHECK(a.argument("x")->value.number == -150.0);
    CHECK(a.argument("y")->value.kind == GqlValue::Kind::integer);
    CHECK(a.argument("z")->value.kind == GqlValue::Kind::null);
    CHECK(a.argument("w")->value.items.size() == 3);
    CHECK(a.argument("s")->value.text == "a\"b\xC3\xA9");
    CHECK(a.argument("b")->value.text == "What do these\n  have in common?");
    CHECK(a.argument("b")->value.block_string);
}

TEST_CASE("graphql: trailing prose is a warning", "[weaviate][graphql]") {
    const std::string text = "{ Get { A { f } } }\n\nThis query returns the field f of A.";
    auto r = parse_graphql(text);
    REQUIRE(r.ok());
    REQUIRE(r.diagnostics.size() == 1);
    CHECK(r.diagnostics[0].id == DiagId::TrailingText);
    CHECK(r.diagnostics[0].span.begin == text.find("This"));
    CHECK(r.consumed == text.find("}\n\n") + 1);
}

TEST_CASE("graphql: syntax errors", "[weaviate][graphql]") {
    struct Case {
        const char* text;
        const char* message_part;
        std::uint32_t offset;
    };
    const Case cases[] = {
        {"{ Get { A(limit: ) { f } } }", "expected a value after ':'", 17},
        {"{ Get { A(limit 3) { f } } }", "expected ':' after an argument name", 16},
        {"{ Get { A() { f } } }", "argument list cannot be empty", 10},
        {"{ Get { A { } } }", "selection set cannot be empty", 12},
        {"{ Get { A { f } }", "expected a field, '...' or '}'", 17},
        {"{ Get { A(where: {path: [\"x\"}) { f } } }", "expected a value or ']'", 28},
        {"{ Get { A(x: \"abc) { f } } }", "unterminated string", 28},
        {"{ Get { A(x: 0123) { f } } }", "invalid number", 14},
        {"{ Get { A(x: \"\\x\") { f } } }", "invalid escape", 15},
        {"query Q($a String) { f }", "expected ':' after the variable name", 11},
        {"query Q", "expected '{'", 7},
        {"{ Get { ... } }", "after '...'", 12},
        {"Get { A { f } }", "expected a GraphQL operation", 0},
        {"", "expected a GraphQL operation", 0},
    };
    for (const auto& c : cases) {
        INFO(c.text);
        auto r = parse_graphql(c.text);
        REQUIRE_FALSE(r.ok());
        const auto* d = first_error(r);
        REQUIRE(d);
        CHECK(d->message.find(c.message_part) != std::string::npos);
        CHECK(d->span.begin == c.offset);
    }
}

TEST_CASE("graphql: hostile input", "[weaviate][graphql][hostile]") {
    SECTION("100,000 nested selection sets") {
        std::string t;
        for (int i = 0; i < 100000; ++i) t += "{a";
        auto r = parse_graphql(t);
        REQUIRE(first_error(r));
        CHECK(first_error(r)->id == DiagId::NestingTooDeep);
    }
    SECTION("100,000 nested list values") {
        const std::string t = "{ a(x: " + std::string(100000, '[') + ") }";
        auto r = parse_graphql(t);
        REQUIRE(first_error(r));
        CHECK(first_error(r)->id == DiagId::NestingTooDeep);
    }
    SECTION("100,000 nested object values") {
        std::string t = "{ a(x: ";
        for (int i = 0; i < 100000; ++i) t += "{b:";
        auto r = parse_graphql(t);
        REQUIRE(first_error(r));
        CHECK(first_error(r)->id == DiagId::NestingTooDeep);
    }
    SECTION("100,000 nested list types") {
        const std::string t = "query Q($a: " + std::string(100000, '[');
        auto r = parse_graphql(t);
        REQUIRE(first_error(r));
        CHECK(first_error(r)->id == DiagId::NestingTooDeep);
    }
    SECTION("10 MB string argument") {
        std::string t = "{ Get { A(bm25: {query: \"";
        t.append(10 * 1024 * 1024, 'q');
        t += "\"}) { f } } }";
        auto r = parse_graphql(t);
        REQUIRE(r.ok());
    }
    SECTION("invalid UTF-8 and NUL") {
        auto r = parse_graphql("{ Get { A(x: \"\xFE\") { f } } }");
        REQUIRE(first_error(r));
        CHECK(first_error(r)->id == DiagId::InvalidUtf8);
        const std::string nul("{ Get { A(x: \"\0\") { f } } }", 28);
        auto r2 = parse_graphql(nul);
        REQUIRE(first_error(r2));
        CHECK(first_error(r2)->id == DiagId::InvalidCharacter);
        const std::string nul2("{ Get \0 }", 9);
        auto r3 = parse_graphql(nul2);
        REQUIRE(first_error(r3));
        CHECK(first_error(r3)->message.find("NUL") != std::string::npos);
    }
    SECTION("random bytes never throw") {
        std::uint32_t seed = 99;
        for (int i = 0; i < 3000; ++i) {
            std::string t;
            const int n = static_cast<int>(seed % 50);
            for (int k = 0; k < n; ++k) {
                seed = seed * 1103515245u + 12345u;
                const char alphabet[] = "{}[]():,.@$!=\"\\ #\nabq0-1e\xFF\x00";
                t.push_back(alphabet[(seed >> 16) % (sizeof(alphabet) - 1)]);
            }
            seed = seed * 1103515245u + 12345u;
            CHECK_NOTHROW(parse_graphql(t));
        }
    }
}
