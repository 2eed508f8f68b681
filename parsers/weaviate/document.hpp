// Positioned document model of the Weaviate front end.
//
// The PEGTL grammars (json_grammar.hpp, graphql_grammar.hpp) build these trees. Every node keeps
// the byte span [begin, end) of the text it came from, so that diagnostics and the lowering to the
// unified AST can point back into the original input.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "qdiff/source.hpp"

namespace qdiff::weaviate {

/// Half-open byte range [begin, end) into the parsed text (the project's span type).
using Span = qdiff::Span;

// ---------------------------------------------------------------------------------------------
// Diagnostics (local to the front end; mapped to the project's diagnostics by the lowering)
// ---------------------------------------------------------------------------------------------

enum class Severity : std::uint8_t { note, warning, error };

/// Stable diagnostic kinds of the Weaviate front end.
#define QDIFF_WEAVIATE_DIAGNOSTICS(X)                                                          \
  X(json_syntax, "weaviate.json.syntax", error)                                                \
  X(json_trailing_comma, "weaviate.json.trailing-comma", error)                                \
  X(json_duplicate_key, "weaviate.json.duplicate-key", error)                                  \
  X(json_bad_escape, "weaviate.json.bad-escape", error)                                        \
  X(json_number_range, "weaviate.json.number-range", error)                                    \
  X(json_invalid_utf8, "weaviate.json.invalid-utf8", error)                                    \
  X(json_control_char, "weaviate.json.control-character", error)                               \
  X(json_unterminated, "weaviate.json.unterminated-string", error)                             \
  X(json_wrong_type, "weaviate.json.wrong-type", error)                                        \
  X(json_missing_field, "weaviate.json.missing-field", error)                                  \
  X(json_unknown_field, "weaviate.json.unknown-field", warning)                                \
  X(json_bad_enum, "weaviate.json.bad-enum-value", error)                                      \
  X(nesting_too_deep, "weaviate.nesting-too-deep", error)                                      \
  X(input_too_large, "weaviate.input-too-large", error)                                        \
  X(gql_syntax, "weaviate.graphql.syntax", error)                                              \
  X(gql_bad_escape, "weaviate.graphql.bad-escape", error)                                      \
  X(gql_invalid_utf8, "weaviate.graphql.invalid-utf8", error)                                  \
  X(gql_unterminated, "weaviate.graphql.unterminated-string", error)                           \
  X(gql_control_char, "weaviate.graphql.control-character", error)                             \
  X(gql_number_range, "weaviate.graphql.number-range", error)                                  \
  X(gql_trailing_text, "weaviate.graphql.trailing-text", warning)                              \
  X(gql_unknown_variable, "weaviate.graphql.unknown-variable", error)                          \
  X(gql_unknown_fragment, "weaviate.graphql.unknown-fragment", error)                          \
  X(prose_ignored, "weaviate.prose-ignored", warning)                                          \
  X(empty_input, "weaviate.empty-input", error)                                                \
  X(unknown_shape, "weaviate.unknown-shape", error)                                            \
  X(request_no_query, "weaviate.request.no-query", error)

enum class DiagKind : std::uint8_t {
#define QDIFF_X(id, code, sev) id,
  QDIFF_WEAVIATE_DIAGNOSTICS(QDIFF_X)
#undef QDIFF_X
};

const char* diag_code(DiagKind kind) noexcept;
Severity diag_default_severity(DiagKind kind) noexcept;

struct Diagnostic {
  DiagKind kind = DiagKind::json_syntax;
  Severity severity = Severity::error;
  Span span;            // byte span in the text that was handed to the parser
  std::string message;  // one line, no trailing period
};

/// Byte offset -> 1-based line and column (columns count bytes).
class LineIndex {
 public:
  explicit LineIndex(std::string_view text);
  struct LineCol {
    std::uint32_t line = 1;
    std::uint32_t column = 1;
  };
  [[nodiscard]] LineCol at(std::uint32_t offset) const noexcept;

 private:
  std::vector<std::uint32_t> starts_;
};

/// Maximum nesting of arrays/objects (JSON) or selection sets/lists/objects (GraphQL).
inline constexpr std::size_t max_nesting_depth = 256;

// ---------------------------------------------------------------------------------------------
// JSON
// ---------------------------------------------------------------------------------------------

enum class JsonKind : std::uint8_t { null, boolean, integer, number, string, array, object };
const char* json_kind_name(JsonKind kind) noexcept;

struct JsonMember;

struct JsonValue {
  JsonKind kind = JsonKind::null;
  bool boolean = false;
  Span span;
  std::int64_t integer = 0;  // kind == integer
  double number = 0;         // kind == number (and kind == integer, converted)
  std::string string;        // kind == string: the decoded UTF-8 text
  std::vector<JsonValue> items;     // kind == array
  std::vector<JsonMember> members;  // kind == object, in source order

  [[nodiscard]] bool is_null() const noexcept { return kind == JsonKind::null; }
  [[nodiscard]] bool is_number() const noexcept {
    return kind == JsonKind::integer || kind == JsonKind::number;
  }
  /// First member named `key`, or nullptr (objects only).
  [[nodiscard]] const JsonValue* find(std::string_view key) const noexcept;
  [[nodiscard]] const JsonMember* find_member(std::string_view key) const noexcept;
};

struct JsonMember {
  std::string key;
  Span key_span;  // including the quotes
  JsonValue value;
};

struct JsonParseResult {
  std::optional<JsonValue> value;  // absent after a fatal syntax error
  std::vector<Diagnostic> diagnostics;
  [[nodiscard]] bool ok() const noexcept;
};

/// Parses one JSON text (RFC 8259). Never throws on bad input: every problem becomes a
/// diagnostic. `base` is added to every span (for text embedded in a larger buffer).
JsonParseResult parse_json(std::string_view text, std::uint32_t base = 0,
                           std::size_t max_depth = max_nesting_depth);

/// Maps an offset inside the decoded value of a JSON string back to the source offset, given the
/// raw source text of the whole string literal including its quotes.
std::uint32_t json_string_source_offset(std::string_view raw_literal, std::uint32_t decoded_offset);

// ---------------------------------------------------------------------------------------------
// GraphQL (executable documents, GraphQL spec October 2021)
// ---------------------------------------------------------------------------------------------

struct GqlObjectField;

struct GqlValue {
  enum class Kind : std::uint8_t { variable, integer, floating, string, boolean, null, enumeration, list, object };
  Kind kind = Kind::null;
  bool boolean = false;
  bool block_string = false;
  Span span;
  std::int64_t integer = 0;
  double number = 0;
  std::string text;  // decoded string; variable name (without '$'); enum name; raw number text
  std::vector<GqlValue> items;          // list
  std::vector<GqlObjectField> fields;   // object, in source order

  [[nodiscard]] const GqlValue* find(std::string_view name) const noexcept;
  [[nodiscard]] bool is_number() const noexcept { return kind == Kind::integer || kind == Kind::floating; }
};

struct GqlObjectField {
  std::string name;
  Span name_span;
  GqlValue value;
};

using GqlArgument = GqlObjectField;

struct GqlDirective {
  std::string name;
  Span span;
  std::vector<GqlArgument> arguments;
};

struct GqlVariableDefinition {
  std::string name;  // without '$'
  std::string type;  // as written, whitespace removed, e.g. "[String!]!"
  Span span;
  std::optional<GqlValue> default_value;
  std::vector<GqlDirective> directives;
};

/// One node of the selection tree: an operation, a fragment definition, a field, a fragment
/// spread or an inline fragment.
struct GqlNode {
  enum class Kind : std::uint8_t { operation, fragment_definition, field, fragment_spread, inline_fragment };
  Kind kind = Kind::field;
  Span span;
  Span name_span;
  std::string operation_type;  // operation: "query" | "mutation" | "subscription" ("query" for shorthand)
  std::string alias;           // field
  std::string name;            // field name, fragment name, operation name (may be empty)
  std::string type_condition;  // fragment definition, inline fragment (may be empty)
  std::vector<GqlVariableDefinition> variables;  // operation
  std::vector<GqlArgument> arguments;            // field
  std::vector<GqlDirective> directives;
  std::vector<GqlNode> selections;
  bool has_selection_set = false;

  [[nodiscard]] const GqlArgument* argument(std::string_view arg_name) const noexcept;
  /// The name a field's result is keyed under: alias if present, else name.
  [[nodiscard]] const std::string& response_key() const noexcept { return alias.empty() ? name : alias; }
};

struct GqlDocument {
  std::vector<GqlNode> definitions;  // operations and fragment definitions, in source order
  Span span;
  [[nodiscard]] const GqlNode* fragment(std::string_view fragment_name) const noexcept;
};

struct GqlParseResult {
  std::optional<GqlDocument> document;
  std::vector<Diagnostic> diagnostics;
  std::uint32_t consumed = 0;  // bytes of the input that belong to the document
  [[nodiscard]] bool ok() const noexcept;
};

/// Parses a GraphQL executable document. Text after the last definition that does not start a
/// definition (model prose) is reported as a `gql_trailing_text` warning, not an error.
GqlParseResult parse_graphql(std::string_view text, std::uint32_t base = 0,
                             std::size_t max_depth = max_nesting_depth);

}  // namespace qdiff::weaviate
