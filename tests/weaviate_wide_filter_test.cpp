// A Weaviate `where` filter with tens of thousands of operands (hostile model output, or a generated
// id list) lowers to a balanced chain (ast/chain.hpp), like SQL's and KQL's long OR chains: it was
// left-deep, one level per operand, and at 60,000 operands the printers overflowed the stack
// (`qdiff parse --lang weaviate` crashed; found by scripts/hostile_rss.sh).
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>

#include "qdiff/ast_print.hpp"
#include "qdiff/diff.hpp"
#include "qdiff/parse.hpp"

using namespace qdiff;

namespace {

size_t depth(const ast::Node& n) {
    size_t deepest = 0;
    ast::for_each_child(n, [&](const ast::Node& child) { deepest = std::max(deepest, depth(child)); });
    return deepest + 1;
}

}  // namespace

TEST_CASE("a Weaviate filter of 60,000 operands is a shallow tree every walk survives", "[weaviate][hostile]") {
    std::string operands;
    for (int i = 0; i < 60000; ++i)
        operands += (i ? ", " : "") + std::string("{path: [\"wordCount\"], operator: Equal, valueInt: ") +
                    std::to_string(i) + "}";
    const std::string query = "{ Get { Article(where: {operator: Or, operands: [" + operands + "]}) { title } } }";
    ParseResult r = parse(query, {.language = Language::Weaviate});
    INFO(render_text(r.diagnostics(), r.source()));
    REQUIRE(r.ok());
    CHECK(depth(*r.script()) < 40);  // log2(60,000) is 16
    CHECK_FALSE(to_sexpr(*r.script()).empty());
    CHECK_FALSE(to_json(*r.script(), {.spans = true}).empty());
    const Profile profile = load_profile("weaviate-ast");
    CHECK(diff(*r.script(), Language::Weaviate, *r.script(), Language::Weaviate, profile).score == 1);
}

TEST_CASE("a short Weaviate filter stays left-deep, as written", "[weaviate]") {
    ParseResult r = parse(
        "{ Get { Article(where: {operator: And, operands: [{path: [\"a\"], operator: Equal, valueInt: 1}, "
        "{path: [\"b\"], operator: Equal, valueInt: 2}, {path: [\"c\"], operator: Equal, valueInt: 3}]}) { title } } }",
        {.language = Language::Weaviate});
    REQUIRE(r.ok());
    const std::string sexpr = to_sexpr(*r.script());
    INFO(sexpr);
    CHECK(sexpr.find("(Binary :op AND :lhs (Binary :op AND") != std::string::npos);
}
