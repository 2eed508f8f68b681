#include <catch2/catch.hpp>

#include <string>

#include "parsers/weaviate/frontend.hpp"

using namespace qdiff::weaviate;
using qdiff::DiagId;
using qdiff::render_text;
using qdiff::SourceText;

namespace {
bool has(const WeaviateDocument& d, DiagId k) {
    for (const auto& x : d.diagnostics) {
        if (x.id == k) return true;
    }
    return false;
}
std::string_view cut(std::string_view text, Span s) { return text.substr(s.begin, s.end - s.begin); }
}  // namespace

TEST_CASE("frontend: classify the three shapes", "[weaviate][frontend]") {
    CHECK(classify(R"({"target_collection": "Books"})") == Shape::structured_json);
    CHECK(classify(R"( {"query": "{ Get { A { f } } }"})") == Shape::graphql_request);
    CHECK(classify("{ Get { A { f } } }") == Shape::graphql_text);
    CHECK(classify("query { Get { A { f } } }") == Shape::graphql_text);
    CHECK(classify("{}") == Shape::structured_json);
    CHECK(classify("") == Shape::unknown);
}

TEST_CASE("frontend: prose before a JSON object", "[weaviate][frontend]") {
    const std::string unfenced = "Here is the query:\n{\n  Get { A { f } }\n}\nIt returns f.";
    auto d2 = parse_document(unfenced);
    REQUIRE(d2.ok());
    CHECK(has(d2, DiagId::ProseIgnored));
    CHECK(has(d2, DiagId::TrailingText));

    auto d4 = parse_document("   \n ");
    CHECK_FALSE(d4.ok());
    CHECK(has(d4, DiagId::EmptyInput));
}

TEST_CASE("frontend: GraphQL request JSON, spans mapped through escapes", "[weaviate][frontend]") {
    const std::string text =
        R"({"query": "{\n  Get {\n    Article(where: {path: [\"title\"], operator: Equal, valueText: $t}) { title }\n  }\n}",
  "variables": {"t": "x"}, "operationName": null})";
    auto doc = parse_document(text);
    INFO(render_text(doc.diagnostics, SourceText(std::string(text))));
    CHECK(doc.shape == Shape::graphql_request);
    // $t is used but not declared: GraphQL requires a declaration.
    CHECK(has(doc, DiagId::GraphqlUnknownVariable));
    REQUIRE(doc.graphql);
    const GqlNode& art = doc.graphql->definitions[0].selections[0].selections[0];
    CHECK(cut(text, art.name_span) == "Article");
    const GqlValue& path = art.argument("where")->value.find("path")->items[0];
    CHECK(path.text == "title");
    CHECK(cut(text, path.span) == R"(\"title\")");
    REQUIRE(doc.variables);
    CHECK(doc.variables->find("t")->string == "x");

    const std::string ok =
        R"({"query": "query Q($t: String) { Get { Article(where: {path: [\"title\"], operator: Equal, valueText: $t}) { title } } }", "variables": {"t": "x"}})";
    auto d2 = parse_document(ok);
    INFO(render_text(d2.diagnostics, SourceText(std::string(ok))));
    CHECK(d2.ok());

    const std::string bad = R"({"query": "{ Get { A(limit: ) { f } } }"})";
    auto d3 = parse_document(bad);
    REQUIRE_FALSE(d3.ok());
    CHECK(d3.diagnostics.back().span.begin == bad.find(") {"));

    auto d4 = parse_document(R"({"query": 42})");
    CHECK(has(d4, DiagId::JsonWrongType));
    auto d5 = parse_document(R"({"query": "{ a }", "variables": [1]})");
    CHECK(has(d5, DiagId::JsonWrongType));
}

TEST_CASE("frontend: structured query JSON, every null/absent combination", "[weaviate][frontend][structured]") {
    const char* optional_fields[][2] = {
        {"search_query", R"("books about robots")"},
        {"integer_property_filter", R"({"property_name": "pageCount", "operator": "<", "value": 150})"},
        {"text_property_filter", R"({"property_name": "title", "operator": "LIKE", "value": "*robot*"})"},
        {"boolean_property_filter", R"({"property_name": "isAvailable", "operator": "=", "value": true})"},
        {"integer_property_aggregation", R"({"property_name": "pageCount", "metrics": "MEAN"})"},
        {"text_property_aggregation",
         R"({"property_name": "title", "metrics": "TOP_OCCURRENCES", "top_occurrences_limit": 5})"},
        {"boolean_property_aggregation", R"({"property_name": "isAvailable", "metrics": "PERCENTAGE_TRUE"})"},
        {"groupby_property", R"("author")"},
    };
    constexpr int n = 8;
    // Each optional field is absent, null or present: 3^8 = 6561 documents.
    int total = 1;
    for (int i = 0; i < n; ++i) total *= 3;
    int failures = 0;
    for (int combo = 0; combo < total; ++combo) {
        std::string text = R"({"target_collection": "Book")";
        int c = combo;
        int present = 0, filters = 0, aggs = 0;
        for (int i = 0; i < n; ++i, c /= 3) {
            if (c % 3 == 0) continue;
            text +=
                ", \"" + std::string(optional_fields[i][0]) + "\": " + (c % 3 == 1 ? "null" : optional_fields[i][1]);
            if (c % 3 == 2) {
                ++present;
                if (i >= 1 && i <= 3) ++filters;
                if (i >= 4 && i <= 6) ++aggs;
            }
        }
        text += "}";
        auto doc = parse_document(text);
        if (!doc.ok() || doc.shape != Shape::structured_json ||
            doc.structured->filters.size() != static_cast<std::size_t>(filters) ||
            doc.structured->aggregations.size() != static_cast<std::size_t>(aggs)) {
            ++failures;
            if (failures < 5) FAIL_CHECK(text << "\n" << render_text(doc.diagnostics, SourceText(std::string(text))));
        }
    }
    CHECK(failures == 0);

    auto full = parse_document(R"({"target_collection": "Book", "search_query": "robots",
    "integer_property_filter": {"property_name": "pageCount", "operator": ">=", "value": 100},
    "text_property_aggregation": {"property_name": "title", "metrics": "TOP_OCCURRENCES", "top_occurrences_limit": null},
    "groupby_property": "author", "corresponding_natural_language_query": "..."})");
    REQUIRE(full.ok());
    CHECK(full.structured->collection == "Book");
    CHECK(*full.structured->search_query == "robots");
    CHECK(full.structured->filters.at(0).op == ">=");
    CHECK(full.structured->filters.at(0).value.integer == 100);
    CHECK(full.structured->aggregations.at(0).metric == "TOP_OCCURRENCES");
    CHECK_FALSE(full.structured->aggregations.at(0).top_occurrences_limit);
    CHECK(*full.structured->groupby_property == "author");
}

TEST_CASE("frontend: structured query JSON, wrong types are diagnostics", "[weaviate][frontend][structured]") {
    struct Case {
        const char* text;
        DiagId kind;
        const char* message_part;
    };
    const Case cases[] = {
        {R"({"target_collection": 3})", DiagId::JsonWrongType, "\"target_collection\" must be a string"},
        {R"({"target_collection": null})", DiagId::JsonWrongType, "must be a string, found null"},
        {R"({"search_query": "x"})", DiagId::JsonMissingField, "target_collection"},
        {R"({"target_collection": "A", "search_query": 1})", DiagId::JsonWrongType, "a string or null"},
        {R"({"target_collection": "A", "integer_property_filter": "x"})", DiagId::JsonWrongType, "an object or null"},
        {R"({"target_collection": "A", "integer_property_filter": {"property_name": "p", "operator": "<", "value": "5"}})",
         DiagId::JsonWrongType, "must be a number, found string"},
        {R"({"target_collection": "A", "text_property_filter": {"property_name": "p", "operator": "<", "value": "5"}})",
         DiagId::JsonBadEnumValue, "\"<\" is not one of =, LIKE"},
        {R"({"target_collection": "A", "boolean_property_filter": {"property_name": "p", "operator": "=", "value": 1}})",
         DiagId::JsonWrongType, "must be a boolean"},
        {R"({"target_collection": "A", "boolean_property_filter": {"operator": "=", "value": true}})",
         DiagId::JsonMissingField, "property_name"},
        {R"({"target_collection": "A", "integer_property_aggregation": {"property_name": "p", "metrics": ["MIN"]}})",
         DiagId::JsonWrongType, "\"metrics\" must be a string, found array"},
        {R"({"target_collection": "A", "text_property_aggregation": {"property_name": "p", "metrics": "TOP_OCCURRENCES", "top_occurrences_limit": "5"}})",
         DiagId::JsonWrongType, "top_occurrences_limit"},
        {R"({"target_collection": "A", "groupby_property": ["a"]})", DiagId::JsonWrongType, "groupby_property"},
        {R"({"target_collection": "A", "target_collection": "B"})", DiagId::JsonDuplicateKey, "duplicate key"},
        {R"({"target_collection": "A",})", DiagId::JsonTrailingComma, "trailing comma"},
        {R"([1, 2])", DiagId::WeaviateUnknownShape, "not a Weaviate query"},
        {R"({"foo": 1})", DiagId::WeaviateUnknownShape, "neither"},
    };
    for (const auto& c : cases) {
        INFO(c.text);
        auto doc = parse_document(c.text);
        CHECK_FALSE(doc.ok());
        bool found = false;
        for (const auto& d : doc.diagnostics) {
            if (d.id == c.kind && d.message.find(c.message_part) != std::string::npos) found = true;
        }
        INFO(render_text(doc.diagnostics, SourceText(std::string(c.text))));
        CHECK(found);
    }
    auto unknown = parse_document(R"({"target_collection": "A", "limit": 3})");
    CHECK(unknown.ok());  // unknown fields are warnings
    CHECK(has(unknown, DiagId::JsonUnknownField));
}
