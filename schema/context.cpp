// The load context: locations for diagnostics, database selection, typed access to JSON members.
#include <fmt/format.h>

#include "diagnostics/suggest.hpp"
#include "schema/loader.hpp"
#include "support/strings.hpp"

namespace qdiff::schema_loading {

std::string LoadContext::where(uint32_t offset) const {
    LineCol at = source_.position(offset);
    return fmt::format("{}:{}:{}", origin(), at.line, at.column);
}

void LoadContext::malformed(Span at, std::string_view what) const { fail(DiagId::SchemaMalformed, at, what); }

size_t LoadContext::pick_database(const std::vector<std::string>& names, Span file_span) const {
    selector_read_ = true;
    auto first_names = [&] {
        std::string list;
        for (size_t i = 0; i < names.size() && i < 5; ++i) list += (i ? ", " : "") + names[i];
        return names.size() > 5 ? list + ", ..." : list;
    };
    if (selector_.empty()) {
        if (names.size() == 1) return 0;
        fail(DiagId::SchemaDatabaseRequired, file_span, std::to_string(names.size()), first_names());
    }
    for (size_t i = 0; i < names.size(); ++i)
        if (support::iequals(names[i], selector_)) return i;
    std::string closest = diagnostics::closest_name(selector_, names);
    std::string hint = !closest.empty() ? fmt::format("; did you mean '{}'?", closest) : "; it holds " + first_names();
    fail(DiagId::SchemaUnknownDatabase, file_span, selector_, hint);
}

// ---- JSON -------------------------------------------------------------------------------------

std::string_view kind_phrase(JsonKind kind) {
    switch (kind) {
        case JsonKind::null: return "null";
        case JsonKind::boolean: return "a boolean";
        case JsonKind::integer: return "an integer";
        case JsonKind::number: return "a number";
        case JsonKind::string: return "a string";
        case JsonKind::array: return "an array";
        case JsonKind::object: return "an object";
    }
    return "a value";
}

const JsonValue& expect(const LoadContext& ctx, const JsonValue& value, JsonKind kind, std::string_view what) {
    if (value.kind != kind && !(kind == JsonKind::number && value.kind == JsonKind::integer)) {
        ctx.malformed(value.span,
                      fmt::format("{} must be {}, not {}", what, kind_phrase(kind), kind_phrase(value.kind)));
    }
    return value;
}

const JsonValue* optional_member(const LoadContext& ctx, const JsonValue& object, std::string_view key, JsonKind kind) {
    const JsonValue* value = object.find(key);
    if (value == nullptr || value->is_null()) return nullptr;
    return &expect(ctx, *value, kind, fmt::format("\"{}\"", key));
}

const JsonValue& member(const LoadContext& ctx, const JsonValue& object, std::string_view key, JsonKind kind) {
    const JsonValue* value = optional_member(ctx, object, key, kind);
    if (value == nullptr) {
        ctx.malformed(object.span, fmt::format("this object has no \"{}\" ({})", key, kind_phrase(kind)));
    }
    return *value;
}

std::string string_member(const LoadContext& ctx, const JsonValue& object, std::string_view key) {
    return member(ctx, object, key, JsonKind::string).string;
}

std::string optional_string(const LoadContext& ctx, const JsonValue& object, std::string_view key) {
    const JsonValue* value = optional_member(ctx, object, key, JsonKind::string);
    return value ? value->string : std::string();
}

// ---- small shared helpers -----------------------------------------------------------------------

ColumnType classify_sql_type(std::string_view declared_type) {
    ColumnType type = classify_type(declared_type);
    return type == ColumnType::Reference ? ColumnType::Unknown : type;
}

void mark_time_partitioned(Table& table) {
    for (const Column& c : table.columns) table.time_partitioned |= c.type == ColumnType::DateTime;
}

std::string file_stem(std::string_view path) {
    size_t slash = path.find_last_of("/\\");
    std::string_view name = slash == std::string_view::npos ? path : path.substr(slash + 1);
    size_t dot = name.rfind('.');
    return std::string(dot == std::string_view::npos || dot == 0 ? name : name.substr(0, dot));
}

}  // namespace qdiff::schema_loading
