// Weaviate front end, document level: recognises the three input shapes (structured query JSON,
// GraphQL request JSON, raw GraphQL text), drops prose before a JSON object,
// and parses into the positioned document model. All spans refer to the input given to
// parse_document(), including those inside a GraphQL request's "query" string.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "document.hpp"

namespace qdiff::weaviate {

enum class Shape : std::uint8_t { unknown, structured_json, graphql_request, graphql_text };
const char* shape_name(Shape s) noexcept;

/// The query part of a model's answer: the text with leading prose before a JSON object dropped
/// (fences and the prose around them are removed before any front end runs: parsers/common/model_output).
/// Diagnostics note what was removed.
struct QueryText {
    std::string_view text;
    std::uint32_t offset = 0;  // of `text` inside the input
    std::vector<Diagnostic> diagnostics;
};
QueryText extract_query_text(std::string_view input);

/// Shape of a query text (after extract_query_text), from its first tokens only.
Shape classify(std::string_view text) noexcept;

// --- structured query JSON (the Weaviate AST-evaluation shape) -----------------------------------

enum class PropertyType : std::uint8_t { integer, text, boolean };
const char* property_type_name(PropertyType t) noexcept;

struct StructuredFilter {
    PropertyType type = PropertyType::integer;
    std::string property;
    Span property_span;
    std::string op;  // "=", "<", ">", "<=", ">=", "!=", "LIKE"
    Span op_span;
    JsonValue value;
    Span span;
};

struct StructuredAggregation {
    PropertyType type = PropertyType::integer;
    std::string property;
    Span property_span;
    std::string metric;  // COUNT TYPE MIN MAX MEAN MEDIAN MODE SUM TOP_OCCURRENCES TOTAL_TRUE ...
    Span metric_span;
    std::optional<std::int64_t> top_occurrences_limit;
    Span span;
};

struct StructuredQuery {
    std::string collection;
    Span collection_span;
    std::optional<std::string> search_query;
    Span search_span;
    std::vector<StructuredFilter> filters;            // integer, text, boolean order
    std::vector<StructuredAggregation> aggregations;  // integer, text, boolean order
    std::optional<std::string> groupby_property;
    Span groupby_span;
    std::optional<std::string> natural_language_query;
    Span span;
};

/// Validates a parsed JSON object as a structured query; wrong types, missing required fields and
/// values outside the allowed enumerations become diagnostics.
std::optional<StructuredQuery> read_structured_query(const JsonValue& root, std::vector<Diagnostic>& diags);

// --- the parsed document ---------------------------------------------------------------------------

struct WeaviateDocument {
    Shape shape = Shape::unknown;
    std::optional<StructuredQuery> structured;  // shape == structured_json
    std::optional<GqlDocument> graphql;         // graphql_request, graphql_text
    std::optional<JsonValue> json;              // the JSON text, for the JSON shapes
    std::optional<JsonValue> variables;         // graphql_request: "variables" (object)
    std::string operation_name;                 // graphql_request: "operationName"
    std::string query_text;                     // graphql_request: the decoded "query" string
    std::vector<Diagnostic> diagnostics;        // in input order of discovery
    [[nodiscard]] bool ok() const noexcept;     // a document and no error diagnostics
};

WeaviateDocument parse_document(std::string_view input, std::size_t max_depth = max_nesting_depth);

}  // namespace qdiff::weaviate
