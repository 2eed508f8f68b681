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

#include "qdiff/diagnostic.hpp"
#include "qdiff/source.hpp"

namespace qdiff::weaviate {

/// Half-open byte range [begin, end) into the parsed text (the project's span type).
using Span = qdiff::Span;

// ---------------------------------------------------------------------------------------------
// Diagnostics: the project's own (qdiff/diagnostic.hpp), with byte spans into the parsed text
// ---------------------------------------------------------------------------------------------

/// A front-end diagnostic with an explicit severity (a number out of range is a warning when a value
/// survives, an error when none does); the message is one line, without a trailing period.
inline Diagnostic diagnostic(DiagId id, Severity severity, Span span, std::string message) {
    return Diagnostic{id, severity, span, std::move(message), {}, {}};
}
/// The same with the catalogue's severity of `id`.
inline Diagnostic diagnostic(DiagId id, Span span, std::string message) {
    return diagnostic(id, diag_info(id).severity, span, std::move(message));
}

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
    std::int64_t integer = 0;         // kind == integer
    double number = 0;                // kind == number (and kind == integer, converted)
    std::string string;               // kind == string: the decoded UTF-8 text
    std::vector<JsonValue> items;     // kind == array
    std::vector<JsonMember> members;  // kind == object, in source order

    [[nodiscard]] bool is_null() const noexcept { return kind == JsonKind::null; }
    [[nodiscard]] bool is_number() const noexcept { return kind == JsonKind::integer || kind == JsonKind::number; }
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
JsonParseResult parse_json(std::string_view text, std::uint32_t base = 0, std::size_t max_depth = max_nesting_depth);

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
    std::string text;                    // decoded string; variable name (without '$'); enum name; raw number text
    std::vector<GqlValue> items;         // list
    std::vector<GqlObjectField> fields;  // object, in source order

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
GqlParseResult parse_graphql(std::string_view text, std::uint32_t base = 0, std::size_t max_depth = max_nesting_depth);

}  // namespace qdiff::weaviate
