// One schema model for the linter: tables (SQL), tables (Kusto) and collections (Weaviate), with
// typed columns, keys and descriptions, loaded from any of the formats listed in `SchemaFormat`.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "qdiff/diagnostic.hpp"

namespace qdiff {

// The coarse type a lint rule reasons about; `declared_type` keeps the original spelling.
enum class ColumnType : uint8_t {
    Unknown,
    Text,
    Integer,
    Real,
    Boolean,
    DateTime,
    TimeSpan,
    Guid,
    Dynamic,
    Blob,
    Vector,
    Reference
};
std::string_view column_type_name(ColumnType t);
// Maps a declared type of any supported format ("varchar(20)", "long", "text[]", "int", "datetime",
// "geoCoordinates", a Weaviate class name...) to its coarse type.
ColumnType classify_type(std::string_view declared_type);

struct Column {
    std::string name;
    ColumnType type = ColumnType::Unknown;
    std::string declared_type;
    std::string description;
    bool primary_key = false;
    std::vector<std::string> references;  // Weaviate cross-references: the target classes
    bool not_null = false;                // declared NOT NULL (DDL, SQLite files); key columns are never NULL either
    bool collated = false;                // declared with COLLATE (DDL, SQLite files): `=` may hold between values
                                          // that differ ('A' and 'a' under NOCASE)
};

struct ForeignKey {
    std::vector<std::string> columns;
    std::string referenced_table;
    std::vector<std::string> referenced_columns;
};

struct Table {
    std::string name;
    std::string description;
    std::vector<Column> columns;
    std::vector<std::string> primary_key;
    std::vector<ForeignKey> foreign_keys;
    std::vector<std::vector<std::string>> unique_keys;  // UNIQUE column sets (DDL), besides the primary key
    bool time_partitioned = false;  // Kusto: has a datetime column a query should filter on

    // Case-insensitive lookups; null when absent.
    const Column* find_column(std::string_view name) const;
};

struct Schema {
    std::string name;    // database / db_id / Kusto database name
    std::string origin;  // the file it came from
    std::vector<Table> tables;

    const Table* find_table(std::string_view name) const;  // case-insensitive
    // Names for "did you mean" suggestions.
    std::vector<std::string> table_names() const;
};

enum class SchemaFormat : uint8_t {
    Auto,
    Qdiff,           // our own JSON format (see schema/README.md)
    SpiderTables,    // Spider/BIRD tables.json: an array of databases, picked by db_id
    SqlDdl,          // CREATE TABLE statements, parsed by our SQL parser
    SqliteFile,      // an SQLite database, introspected
    Nl2Kql,          // NL2KQL *_Schema.json
    KustoDatabase,   // `.show database schema as json`
    WeaviateSchema,  // `/v1/schema`: classes with properties and dataType
    DefogMetadata    // defog-data `{"table_metadata": {TABLE: [{column_name, data_type, column_description}]}}`
};
std::string_view schema_format_name(SchemaFormat f);

struct SchemaLoadResult {
    std::optional<Schema> schema;  // empty on failure
    // A malformed file: one diagnostic with the file name, line and column in the message; its span
    // is a byte range of the schema file, not of a query.
    std::vector<Diagnostic> diagnostics;
    SchemaFormat format = SchemaFormat::Auto;  // the format detected
};

// Loads `path`; `selector` picks one database of a multi-database file (Spider's db_id, a Kusto
// database name). `--schema FILE#NAME` on the command line splits into path and selector.
SchemaLoadResult load_schema(const std::string& path, const std::string& selector = "",
                             SchemaFormat format = SchemaFormat::Auto);
// The same from text already in memory (not for SqliteFile).
SchemaLoadResult load_schema_text(std::string_view text, const std::string& origin, const std::string& selector = "",
                                  SchemaFormat format = SchemaFormat::Auto);

// A schema file read, checked and parsed once, from which databases are then picked: load_schema(path,
// selector) is SchemaFile(path).select(selector). A batch over Spider's tables.json (800 KB, a db_id
// per case) parsed the whole file again for each database, which took longer than scoring the cases.
class SchemaFile {
public:
    explicit SchemaFile(const std::string& path, SchemaFormat format = SchemaFormat::Auto);
    SchemaFile(SchemaFile&&) noexcept;
    SchemaFile& operator=(SchemaFile&&) noexcept;
    ~SchemaFile();

    // Safe to call from several threads at once.
    SchemaLoadResult select(const std::string& selector = "") const;

    struct Prepared;  // schema/load.cpp

private:
    std::unique_ptr<const Prepared> prepared_;
};

// `--schema` and a batch case's "schema" write "path" or "path#selector". The split is at the last '#':
// a path may contain one, a database name may not.
struct SchemaSpec {
    std::string path;
    std::string selector;
};
SchemaSpec split_schema_spec(std::string_view spec);

}  // namespace qdiff
