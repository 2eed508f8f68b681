// load_schema / load_schema_text: read the file, detect its format, run that format's loader, and
// turn the first problem into one diagnostic that names the file and the position.
#include <algorithm>
#include <cctype>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "schema/loader.hpp"
#include "support/strings.hpp"

namespace qdiff {
namespace schema_loading {
// Defined in schema/sqlite_file.cpp, which is built into the stages library because it links
// SQLite; weak, so that a consumer of qdiff::core alone links without it and gets a diagnostic instead.
[[gnu::weak]] Schema load_sqlite_file(const std::string& path);
}  // namespace schema_loading
namespace {

using namespace schema_loading;

constexpr std::string_view kSqliteHeader{"SQLite format 3\0", 16};

// The first object of the document: the root, or the first element of a root array.
const JsonValue* first_object(const JsonValue& root) {
    if (root.kind == JsonKind::object) return &root;
    if (root.kind == JsonKind::array && !root.items.empty() && root.items[0].kind == JsonKind::object)
        return &root.items[0];
    return nullptr;
}

// Each JSON format has a member no other one has at that place.
SchemaFormat detect_json_format(const JsonValue& root) {
    const JsonValue* object = first_object(root);
    if (object == nullptr) return SchemaFormat::Auto;
    if (object->find("db_id") || object->find("table_names_original")) return SchemaFormat::SpiderTables;
    if (object->find("Database") && object->find("Tables")) return SchemaFormat::Nl2Kql;
    if (root.kind != JsonKind::object) return SchemaFormat::Auto;
    if (object->find("Databases")) return SchemaFormat::KustoDatabase;
    if (object->find("classes") || (object->find("class") && object->find("properties")))
        return SchemaFormat::WeaviateSchema;
    if (object->find("table_metadata")) return SchemaFormat::DefogMetadata;
    if (object->find("tables")) return SchemaFormat::Qdiff;
    return SchemaFormat::Auto;
}

bool looks_like_json(std::string_view text) {
    size_t i = text.starts_with("\xEF\xBB\xBF") ? 3 : 0;
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    return i < text.size() && (text[i] == '{' || text[i] == '[');
}

bool icontains(std::string_view text, std::string_view word) {
    auto same = [](char a, char b) { return std::toupper(static_cast<unsigned char>(a)) == b; };
    return std::search(text.begin(), text.end(), word.begin(), word.end(), same) != text.end();
}

bool looks_like_ddl(std::string_view text) { return icontains(text, "CREATE") && icontains(text, "TABLE"); }

// The parsed document's format, detected unless one was asked for.
SchemaFormat json_format(const LoadContext& ctx, const JsonValue& root, SchemaFormat asked) {
    if (asked != SchemaFormat::Auto) return asked;
    SchemaFormat format = detect_json_format(root);
    if (format == SchemaFormat::Auto) {
        ctx.fail(DiagId::SchemaUnknownFormat, root.span,
                 "JSON with none of the members that mark a schema: \"tables\", \"classes\", \"Databases\", "
                 "\"table_metadata\", or an array of objects with \"db_id\" or \"Database\"");
    }
    return format;
}

Schema load_json(const LoadContext& ctx, const JsonValue& root, SchemaFormat format) {
    switch (format) {
        case SchemaFormat::Qdiff: return load_qdiff_json(ctx, root);
        case SchemaFormat::SpiderTables: return load_spider_tables(ctx, root);
        case SchemaFormat::Nl2Kql: return load_nl2kql(ctx, root);
        case SchemaFormat::KustoDatabase: return load_kusto_database(ctx, root);
        case SchemaFormat::WeaviateSchema: return load_weaviate_schema(ctx, root);
        case SchemaFormat::DefogMetadata: return load_defog_metadata(ctx, root);
        default: break;
    }
    ctx.fail(DiagId::SchemaUnknownFormat, root.span, schema_format_name(format));
}

SchemaLoadResult finish(Schema schema, const std::string& origin, SchemaFormat format) {
    SchemaLoadResult result;
    result.format = format;
    if (schema.tables.empty()) {
        result.diagnostics.push_back(make_diagnostic(DiagId::SchemaEmpty, {}, {origin}));
        return result;
    }
    schema.origin = origin;
    result.schema = std::move(schema);
    return result;
}

SchemaLoadResult failure(Diagnostic d, SchemaFormat format) {
    SchemaLoadResult result;
    result.format = format;
    result.diagnostics.push_back(std::move(d));
    return result;
}

}  // namespace

// Everything about a schema text that does not depend on the database picked: its line index, its
// format and, for the JSON formats, the parsed document. Or the failure every pick then reports.
struct SchemaFile::Prepared {
    std::string path;
    SchemaFormat format = SchemaFormat::Auto;
    std::optional<SchemaLoadResult> failure;
    bool sqlite = false;  // introspected through the library at each pick, never read as text
    std::optional<SourceText> source;
    std::optional<JsonValue> json;  // empty for SQL DDL
};

namespace {

SchemaFile::Prepared prepare_text(std::string text, const std::string& origin, SchemaFormat format) {
    SchemaFile::Prepared p;
    p.path = origin;
    p.format = format;
    const SourceText& source = p.source.emplace(std::move(text), origin);
    LoadContext ctx(source, "");
    try {
        std::string_view text = source.text();
        if (text.starts_with(kSqliteHeader) || format == SchemaFormat::SqliteFile) {
            ctx.fail(DiagId::SchemaUnknownFormat, Span{},
                     "an SQLite database is read from its file, not from text in memory");
        }
        if (size_t bad = find_invalid_utf8(text); bad != std::string_view::npos) {
            ctx.malformed(Span{uint32_t(bad), uint32_t(bad + 1)}, "the file is not valid UTF-8");
        }
        if (format == SchemaFormat::SqlDdl || (format == SchemaFormat::Auto && !looks_like_json(text))) {
            if (format == SchemaFormat::Auto && !looks_like_ddl(text)) {
                ctx.fail(DiagId::SchemaUnknownFormat, Span{},
                         "neither JSON, nor SQL with CREATE TABLE, nor an SQLite database");
            }
            p.format = SchemaFormat::SqlDdl;
            return p;
        }
        weaviate::JsonParseResult parsed = weaviate::parse_json(text);
        for (const Diagnostic& d : parsed.diagnostics) {
            if (d.severity == Severity::Error) ctx.malformed(d.span, fmt::format("invalid JSON: {}", d.message));
        }
        if (!parsed.value) ctx.malformed({}, "invalid JSON");
        p.format = json_format(ctx, *parsed.value, format);
        p.json = std::move(parsed.value);
    } catch (const LoadError& e) {
        p.failure = failure(e.diagnostic, format);
    }
    return p;
}

SchemaFile::Prepared prepare_file(const std::string& path, SchemaFormat format) {
    SchemaFile::Prepared p;
    p.path = path;
    p.format = format;
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) {
        p.failure = failure(make_diagnostic(DiagId::SchemaUnreadable, {}, {path, "it is a directory"}), format);
        return p;
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        p.failure = failure(make_diagnostic(DiagId::SchemaUnreadable, {}, {path, std::strerror(errno)}), format);
        return p;
    }
    // An SQLite database is introspected through the library, never read whole.
    char header[kSqliteHeader.size()] = {};
    in.read(header, sizeof header);
    if (format == SchemaFormat::SqliteFile ||
        (format == SchemaFormat::Auto && std::string_view(header, in.gcount()) == kSqliteHeader)) {
        p.format = SchemaFormat::SqliteFile;
        if (load_sqlite_file == nullptr) {
            p.failure = failure(make_diagnostic(DiagId::SchemaUnknownFormat, {},
                                                {path,
                                                 "an SQLite database is read by the qdiff::stages library, "
                                                 "which this program does not link"}),
                                SchemaFormat::SqliteFile);
        }
        p.sqlite = true;
        return p;
    }
    in.clear();
    in.seekg(0);
    std::ostringstream buffer;
    buffer << in.rdbuf();
    if (in.bad()) {
        p.failure = failure(make_diagnostic(DiagId::SchemaUnreadable, {}, {path, "read error"}), format);
        return p;
    }
    return prepare_text(std::move(buffer).str(), path, format);
}

// A #NAME given for a file of one database: the file's stem names it (`academic.sql#academic`, as the
// schema is named after the file); any other name is an error that says what the file holds, not ignored.
std::optional<Diagnostic> unknown_single_database(SchemaFormat format, const std::string& path,
                                                  const std::string& selector) {
    const std::string name = file_stem(path);
    if (selector.empty() || support::iequals(selector, name)) return std::nullopt;
    std::string what = format == SchemaFormat::SqlDdl       ? "an SQL DDL file"
                       : format == SchemaFormat::SqliteFile ? "an SQLite database file"
                       : format == SchemaFormat::Qdiff      ? "a qdiff schema without a \"name\""
                                                            : fmt::format("a {} schema", schema_format_name(format));
    return make_diagnostic(DiagId::SchemaUnknownDatabase, {},
                           {path, selector,
                            fmt::format("; {} holds one database, named after the file: {} (or give the file "
                                        "without #{})",
                                        what, name, selector)});
}

SchemaLoadResult select_from(const SchemaFile::Prepared& p, const std::string& selector) {
    if (p.failure) return *p.failure;
    try {
        if (p.sqlite) {
            if (auto unknown = unknown_single_database(SchemaFormat::SqliteFile, p.path, selector))
                return failure(std::move(*unknown), SchemaFormat::SqliteFile);
            return finish(load_sqlite_file(p.path), p.path, SchemaFormat::SqliteFile);
        }
        LoadContext ctx(*p.source, selector);
        Schema schema = p.json ? load_json(ctx, *p.json, p.format) : load_sql_ddl(ctx);
        // A selector the format never read (it holds one database): the file's name, or an error.
        if (!ctx.selector_read())
            if (auto unknown = unknown_single_database(p.format, p.path, selector))
                return failure(std::move(*unknown), p.format);
        return finish(std::move(schema), p.path, p.format);
    } catch (const LoadError& e) {
        return failure(e.diagnostic, p.format);
    }
}

}  // namespace

SchemaFile::SchemaFile(const std::string& path, SchemaFormat format)
    : prepared_(std::make_unique<const Prepared>(prepare_file(path, format))) {}
SchemaFile::SchemaFile(SchemaFile&&) noexcept = default;
SchemaFile& SchemaFile::operator=(SchemaFile&&) noexcept = default;
SchemaFile::~SchemaFile() = default;

SchemaLoadResult SchemaFile::select(const std::string& selector) const { return select_from(*prepared_, selector); }

SchemaLoadResult load_schema_text(std::string_view text, const std::string& origin, const std::string& selector,
                                  SchemaFormat format) {
    return select_from(prepare_text(std::string(text), origin, format), selector);
}

SchemaLoadResult load_schema(const std::string& path, const std::string& selector, SchemaFormat format) {
    return SchemaFile(path, format).select(selector);
}

SchemaSpec split_schema_spec(std::string_view spec) {
    size_t hash = spec.rfind('#');
    if (hash == std::string_view::npos) return {std::string(spec), ""};
    return {std::string(spec.substr(0, hash)), std::string(spec.substr(hash + 1))};
}

}  // namespace qdiff
