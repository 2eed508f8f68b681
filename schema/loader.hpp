// Internals shared by the schema loaders: the load context (file name, line/column lookup, the
// database selector), the one error a loader stops at, and typed access to positioned JSON.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "parsers/weaviate/document.hpp"
#include "qdiff/diagnostic.hpp"
#include "qdiff/schema.hpp"
#include "qdiff/source.hpp"

namespace qdiff::schema_loading {

using weaviate::JsonKind;
using weaviate::JsonValue;

// A loader stops at the first problem: a schema that is only partly understood would make the
// linter report false errors, so one clear diagnostic is worth more than a partial model.
struct LoadError {
    Diagnostic diagnostic;
};

class LoadContext {
public:
    LoadContext(const SourceText& source, std::string selector) : source_(source), selector_(std::move(selector)) {}

    const SourceText& source() const { return source_; }
    std::string_view text() const { return source_.text(); }
    const std::string& origin() const { return source_.name(); }
    const std::string& selector() const { return selector_; }

    // "file:line:column" of a byte offset.
    std::string where(uint32_t offset) const;
    // Throws a LoadError: `id` with the location of `at` as its first argument.
    template <class... Args>
    [[noreturn]] void fail(DiagId id, Span at, const Args&... args) const {
        std::string location = where(at.begin);
        throw LoadError{make_diagnostic(id, at, {std::string_view(location), std::string_view(args)...})};
    }
    // Throws schema-malformed at `at`.
    [[noreturn]] void malformed(Span at, std::string_view what) const;

    // Picks one of a multi-database file's databases by the selector: the only one when there is no
    // selector and one database, else the one named (case-insensitive). Throws when the selector is
    // missing or names no database (with a "did you mean").
    size_t pick_database(const std::vector<std::string>& names, Span file_span) const;
    // Whether the loader picked a database by the selector: one that did not (an SQL DDL file, a qdiff
    // schema without a name) holds one database, and a #NAME given for it is an error, not ignored.
    bool selector_read() const { return selector_read_; }

private:
    const SourceText& source_;  // parsed once per file, shared by every database picked from it
    std::string selector_;
    mutable bool selector_read_ = false;
};

// ---- typed JSON access: each throws schema-malformed pointing at the offending value ----------

std::string_view kind_phrase(JsonKind kind);  // "a string", "an object", ...
const JsonValue& expect(const LoadContext& ctx, const JsonValue& value, JsonKind kind, std::string_view what);
// A required member of an object, of the given kind.
const JsonValue& member(const LoadContext& ctx, const JsonValue& object, std::string_view key, JsonKind kind);
// An optional member: null when absent or JSON null.
const JsonValue* optional_member(const LoadContext& ctx, const JsonValue& object, std::string_view key, JsonKind kind);
std::string string_member(const LoadContext& ctx, const JsonValue& object, std::string_view key);
std::string optional_string(const LoadContext& ctx, const JsonValue& object, std::string_view key);

// ---- one function per format (the JSON ones receive the parsed document) ----------------------

Schema load_qdiff_json(const LoadContext& ctx, const JsonValue& root);
Schema load_spider_tables(const LoadContext& ctx, const JsonValue& root);
Schema load_nl2kql(const LoadContext& ctx, const JsonValue& root);
Schema load_kusto_database(const LoadContext& ctx, const JsonValue& root);
Schema load_weaviate_schema(const LoadContext& ctx, const JsonValue& root);
Schema load_defog_metadata(const LoadContext& ctx, const JsonValue& root);
Schema load_sql_ddl(const LoadContext& ctx);
// load_sqlite_file: declared in load.cpp (it lives in the stages library, see there).

// The coarse type of a declared type outside Weaviate, where no type names a class.
ColumnType classify_sql_type(std::string_view declared_type);
// Kusto tables with a datetime column are time-partitioned: queries should filter on time.
void mark_time_partitioned(Table& table);
// The stem of a file name: "dir/academic.sql" -> "academic".
std::string file_stem(std::string_view path);

}  // namespace qdiff::schema_loading
