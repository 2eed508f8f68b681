// The schema model: case-insensitive lookups, names of types and formats, and the mapping of every
// format's type spellings to the coarse ColumnType a lint rule reasons about.
#include <algorithm>
#include <cctype>
#include <utility>

#include "qdiff/schema.hpp"
#include "support/strings.hpp"

namespace qdiff {

std::string_view column_type_name(ColumnType t) {
    switch (t) {
        case ColumnType::Unknown: return "unknown";
        case ColumnType::Text: return "text";
        case ColumnType::Integer: return "integer";
        case ColumnType::Real: return "real";
        case ColumnType::Boolean: return "boolean";
        case ColumnType::DateTime: return "datetime";
        case ColumnType::TimeSpan: return "timespan";
        case ColumnType::Guid: return "guid";
        case ColumnType::Dynamic: return "dynamic";
        case ColumnType::Blob: return "blob";
        case ColumnType::Vector: return "vector";
        case ColumnType::Reference: return "reference";
    }
    return "unknown";
}

std::string_view schema_format_name(SchemaFormat f) {
    switch (f) {
        case SchemaFormat::Auto: return "auto";
        case SchemaFormat::Qdiff: return "qdiff";
        case SchemaFormat::SpiderTables: return "spider-tables";
        case SchemaFormat::SqlDdl: return "sql-ddl";
        case SchemaFormat::SqliteFile: return "sqlite";
        case SchemaFormat::Nl2Kql: return "nl2kql";
        case SchemaFormat::KustoDatabase: return "kusto-database";
        case SchemaFormat::WeaviateSchema: return "weaviate";
        case SchemaFormat::DefogMetadata: return "defog-metadata";
    }
    return "auto";
}

namespace {

// Exact spellings (lower case, without length/precision arguments) of SQL, Kusto (scalar types and
// the CLR names .show schema and NL2KQL use), Spider and Weaviate. Where formats disagree the SQL
// meaning wins: "time" is a time of day (DateTime), not Kusto's rare alias of timespan.
constexpr std::pair<std::string_view, ColumnType> kSpellings[] = {
    // text
    {"text", ColumnType::Text},
    {"string", ColumnType::Text},
    {"varchar", ColumnType::Text},
    {"char", ColumnType::Text},
    {"character", ColumnType::Text},
    {"character varying", ColumnType::Text},
    {"nvarchar", ColumnType::Text},
    {"nchar", ColumnType::Text},
    {"varchar2", ColumnType::Text},
    {"nvarchar2", ColumnType::Text},
    {"clob", ColumnType::Text},
    {"nclob", ColumnType::Text},
    {"tinytext", ColumnType::Text},
    {"mediumtext", ColumnType::Text},
    {"longtext", ColumnType::Text},
    {"ntext", ColumnType::Text},
    {"citext", ColumnType::Text},
    {"enum", ColumnType::Text},
    {"set", ColumnType::Text},
    {"xml", ColumnType::Text},
    {"name", ColumnType::Text},
    {"national character", ColumnType::Text},
    {"national character varying", ColumnType::Text},
    {"system.string", ColumnType::Text},
    {"inet", ColumnType::Text},
    {"cidr", ColumnType::Text},
    // integers
    {"int", ColumnType::Integer},
    {"integer", ColumnType::Integer},
    {"bigint", ColumnType::Integer},
    {"smallint", ColumnType::Integer},
    {"tinyint", ColumnType::Integer},
    {"mediumint", ColumnType::Integer},
    {"int2", ColumnType::Integer},
    {"int4", ColumnType::Integer},
    {"int8", ColumnType::Integer},
    {"serial", ColumnType::Integer},
    {"bigserial", ColumnType::Integer},
    {"smallserial", ColumnType::Integer},
    {"serial4", ColumnType::Integer},
    {"serial8", ColumnType::Integer},
    {"long", ColumnType::Integer},
    {"year", ColumnType::Integer},
    {"system.int64", ColumnType::Integer},
    {"system.int32", ColumnType::Integer},
    {"system.int16", ColumnType::Integer},
    {"system.byte", ColumnType::Integer},
    // reals (Spider's "number" covers integers and fractions alike)
    {"real", ColumnType::Real},
    {"float", ColumnType::Real},
    {"double", ColumnType::Real},
    {"double precision", ColumnType::Real},
    {"decimal", ColumnType::Real},
    {"numeric", ColumnType::Real},
    {"number", ColumnType::Real},
    {"money", ColumnType::Real},
    {"smallmoney", ColumnType::Real},
    {"float4", ColumnType::Real},
    {"float8", ColumnType::Real},
    {"dec", ColumnType::Real},
    {"system.double", ColumnType::Real},
    {"system.single", ColumnType::Real},
    {"system.decimal", ColumnType::Real},
    {"system.data.sqltypes.sqldecimal", ColumnType::Real},
    // booleans (Kusto stores bool as System.SByte)
    {"bool", ColumnType::Boolean},
    {"boolean", ColumnType::Boolean},
    {"bit", ColumnType::Boolean},
    {"system.boolean", ColumnType::Boolean},
    {"system.sbyte", ColumnType::Boolean},
    // date and time
    {"date", ColumnType::DateTime},
    {"datetime", ColumnType::DateTime},
    {"timestamp", ColumnType::DateTime},
    {"timestamptz", ColumnType::DateTime},
    {"time", ColumnType::DateTime},
    {"timetz", ColumnType::DateTime},
    {"datetime2", ColumnType::DateTime},
    {"smalldatetime", ColumnType::DateTime},
    {"datetimeoffset", ColumnType::DateTime},
    {"timestamp with time zone", ColumnType::DateTime},
    {"timestamp without time zone", ColumnType::DateTime},
    {"time with time zone", ColumnType::DateTime},
    {"time without time zone", ColumnType::DateTime},
    {"system.datetime", ColumnType::DateTime},
    // durations
    {"timespan", ColumnType::TimeSpan},
    {"interval", ColumnType::TimeSpan},
    {"system.timespan", ColumnType::TimeSpan},
    // identifiers
    {"guid", ColumnType::Guid},
    {"uuid", ColumnType::Guid},
    {"uniqueidentifier", ColumnType::Guid},
    {"system.guid", ColumnType::Guid},
    // nested values (Weaviate's object, geoCoordinates and phoneNumber are objects too)
    {"dynamic", ColumnType::Dynamic},
    {"json", ColumnType::Dynamic},
    {"jsonb", ColumnType::Dynamic},
    {"system.object", ColumnType::Dynamic},
    {"object", ColumnType::Dynamic},
    {"geocoordinates", ColumnType::Dynamic},
    {"phonenumber", ColumnType::Dynamic},
    // bytes and vectors
    {"blob", ColumnType::Blob},
    {"bytea", ColumnType::Blob},
    {"binary", ColumnType::Blob},
    {"varbinary", ColumnType::Blob},
    {"vector", ColumnType::Vector},
};

bool contains(std::string_view haystack, std::string_view needle) {
    return haystack.find(needle) != std::string_view::npos;
}

// A Weaviate cross-reference names a class, and class names start with an upper-case letter
// ("Article"); SQL types in our canonical spelling are all upper case, so they never look like one.
bool looks_like_class_name(std::string_view s) {
    if (s.empty() || !std::isupper(static_cast<unsigned char>(s[0]))) return false;
    bool has_lower = false;
    for (char c : s) {
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
        has_lower |= std::islower(static_cast<unsigned char>(c)) != 0;
    }
    return has_lower;
}

std::string without_arguments(std::string_view s) {
    std::string out;
    int depth = 0;
    for (char c : s) {
        if (c == '(')
            ++depth;
        else if (c == ')')
            depth = depth > 0 ? depth - 1 : 0;
        else if (depth == 0)
            out += c;
    }
    return out;
}

}  // namespace

ColumnType classify_type(std::string_view declared_type) {
    std::string_view t = declared_type;
    while (!t.empty() && std::isspace(static_cast<unsigned char>(t.front()))) t.remove_prefix(1);
    while (!t.empty() && std::isspace(static_cast<unsigned char>(t.back()))) t.remove_suffix(1);
    if (t.empty()) return ColumnType::Unknown;
    // An array has the type of its elements ("text[]", Weaviate "int[]"): rules that care about the
    // array itself read declared_type.
    if (t.ends_with("[]")) return classify_type(t.substr(0, t.size() - 2));
    // Without arguments, case and UNSIGNED: "varchar(20)", "NUMERIC(10, 2)", "int unsigned",
    // "timestamp(3) with time zone".
    std::string base = support::fold_whitespace(support::to_lower(without_arguments(t)));
    for (std::string_view suffix : {" unsigned", " signed", " zerofill"}) {
        if (std::string_view(base).ends_with(suffix)) base.resize(base.size() - suffix.size());
    }
    for (const auto& [spelling, type] : kSpellings) {
        if (spelling == base) return type;
    }
    if (looks_like_class_name(t)) return ColumnType::Reference;
    // SQLite's affinity rules, for the free-form types it accepts ("UNSIGNED BIG INT", "NATIVE
    // CHARACTER(70)", "VARYING CHARACTER").
    if (contains(base, "int")) return ColumnType::Integer;
    if (contains(base, "char") || contains(base, "clob") || contains(base, "text")) return ColumnType::Text;
    if (contains(base, "blob")) return ColumnType::Blob;
    if (contains(base, "real") || contains(base, "floa") || contains(base, "doub")) return ColumnType::Real;
    if (contains(base, "timestamp") || contains(base, "date")) return ColumnType::DateTime;
    return ColumnType::Unknown;
}

const Column* Table::find_column(std::string_view column_name) const {
    auto it = std::find_if(columns.begin(), columns.end(),
                           [&](const Column& c) { return support::iequals(c.name, column_name); });
    return it == columns.end() ? nullptr : &*it;
}

const Table* Schema::find_table(std::string_view table_name) const {
    auto it = std::find_if(tables.begin(), tables.end(),
                           [&](const Table& t) { return support::iequals(t.name, table_name); });
    return it == tables.end() ? nullptr : &*it;
}

std::vector<std::string> Schema::table_names() const {
    std::vector<std::string> names;
    names.reserve(tables.size());
    for (const Table& t : tables) names.push_back(t.name);
    return names;
}

}  // namespace qdiff
