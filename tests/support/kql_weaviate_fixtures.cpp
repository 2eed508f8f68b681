#include "support/kql_weaviate_fixtures.hpp"

#include <stdexcept>

namespace qdiff::testing {
namespace {

Column column(std::string name, ColumnType type, std::vector<std::string> references = {}) {
    Column c;
    c.name = std::move(name);
    c.type = type;
    c.references = std::move(references);
    return c;
}

Table table(std::string name, std::vector<Column> columns) {
    Table t;
    t.name = std::move(name);
    t.columns = std::move(columns);
    for (const Column& c : t.columns)
        if (c.type == ColumnType::DateTime && (c.name == "TimeGenerated" || c.name == "Timestamp"))
            t.time_partitioned = true;
    return t;
}

}  // namespace

const Schema& kusto_schema() {
    using T = ColumnType;
    static const Schema schema = [] {
        Schema s;
        s.name = "SecurityDb";
        s.tables.push_back(table(
            "SecurityEvent", {column("TimeGenerated", T::DateTime), column("Computer", T::Text),
                              column("Account", T::Text), column("EventID", T::Integer), column("Activity", T::Text),
                              column("LogonType", T::Integer), column("IpAddress", T::Text)}));
        s.tables.push_back(table(
            "SigninLogs",
            {column("TimeGenerated", T::DateTime), column("UserPrincipalName", T::Text), column("ResultType", T::Text),
             column("IPAddress", T::Text), column("AppDisplayName", T::Text), column("LocationDetails", T::Dynamic)}));
        s.tables.push_back(table(
            "DeviceProcessEvents",
            {column("Timestamp", T::DateTime), column("DeviceId", T::Text), column("DeviceName", T::Text),
             column("FileName", T::Text), column("ProcessCommandLine", T::Text), column("AccountName", T::Text)}));
        s.tables.push_back(table("Watchlist", {column("SearchKey", T::Text), column("ItemStatus", T::Text)}));
        return s;
    }();
    return schema;
}

const Schema& weaviate_schema() {
    using T = ColumnType;
    static const Schema schema = [] {
        Schema s;
        s.name = "news";
        s.tables.push_back(table(
            "Article", {column("title", T::Text), column("body", T::Text), column("wordCount", T::Integer),
                        column("score", T::Real), column("published", T::DateTime), column("isAccessible", T::Boolean),
                        column("inPublication", T::Reference, {"Publication"}), column("tags", T::Text),
                        column("location", T::Unknown)}));
        s.tables.back().columns[7].declared_type = "text[]";
        s.tables.back().columns[8].declared_type = "geoCoordinates";
        s.tables.push_back(table("Publication", {column("name", T::Text), column("founded", T::Integer)}));
        return s;
    }();
    return schema;
}

Schema read_nl2kql_schema(const std::filesystem::path& path) {
    SchemaLoadResult loaded = load_schema(path.string(), "", SchemaFormat::Nl2Kql);
    if (!loaded.schema) {
        std::string why = loaded.diagnostics.empty() ? "no schema" : loaded.diagnostics.front().message;
        throw std::runtime_error(path.string() + ": " + why);
    }
    return std::move(*loaded.schema);
}

LintResult lint_kql(const std::string& kql, const Schema* schema, LintOptions options) {
    ParseOptions parse_options;
    parse_options.language = Language::Kql;
    options.schema = schema;
    return lint(parse(kql, parse_options), options);
}

LintResult lint_weaviate(const std::string& query, const Schema* schema, LintOptions options) {
    ParseOptions parse_options;
    parse_options.language = Language::Weaviate;
    options.schema = schema;
    return lint(parse(query, parse_options), options);
}

}  // namespace qdiff::testing
