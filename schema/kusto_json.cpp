// The two Kusto schema shapes:
// - NL2KQL's *_Schema.json: [{"Database", "Tables": [{"Table", "Columns": [{"Name", "Type"}]}], "Functions"}]
// - `.show database(s) schema as json`: {"Databases": {NAME: {"Name", "Tables": {T: {"Name", "DocString",
//   "OrderedColumns": [{"Name", "Type", "CslType", "DocString"}]}}, "ExternalTables", "MaterializedViews",
//   "Functions", ...}}}
// Types are CLR names ("System.DateTime") or Kusto names ("datetime"); both classify the same.
#include <fmt/format.h>

#include "schema/loader.hpp"

namespace qdiff::schema_loading {
namespace {

Column read_column(const LoadContext& ctx, const JsonValue& json, std::string_view type_key) {
    expect(ctx, json, JsonKind::object, "a column");
    Column column;
    column.name = string_member(ctx, json, "Name");
    column.declared_type = string_member(ctx, json, type_key);
    column.type = classify_sql_type(column.declared_type);
    column.description = optional_string(ctx, json, "DocString");
    return column;
}

void read_kusto_tables(const LoadContext& ctx, const JsonValue& tables, Schema& schema) {
    for (const weaviate::JsonMember& entry : tables.members) {
        const JsonValue& json = expect(ctx, entry.value, JsonKind::object, fmt::format("table \"{}\"", entry.key));
        Table table;
        table.name = optional_string(ctx, json, "Name");
        if (table.name.empty()) table.name = entry.key;
        table.description = optional_string(ctx, json, "DocString");
        for (const JsonValue& c : member(ctx, json, "OrderedColumns", JsonKind::array).items) {
            // CslType ("datetime") is the Kusto spelling; older outputs only have the CLR Type.
            table.columns.push_back(read_column(ctx, c, c.find("CslType") ? "CslType" : "Type"));
        }
        mark_time_partitioned(table);
        schema.tables.push_back(std::move(table));
    }
}

}  // namespace

Schema load_nl2kql(const LoadContext& ctx, const JsonValue& root) {
    std::vector<const JsonValue*> databases;
    if (root.kind == JsonKind::object) {
        databases.push_back(&root);
    } else {
        for (const JsonValue& db : expect(ctx, root, JsonKind::array, "an NL2KQL schema").items) {
            databases.push_back(&expect(ctx, db, JsonKind::object, "a database entry"));
        }
    }
    if (databases.empty()) ctx.malformed(root.span, "the array holds no database");
    std::vector<std::string> names;
    for (const JsonValue* db : databases) names.push_back(string_member(ctx, *db, "Database"));
    const JsonValue& db = *databases[ctx.pick_database(names, root.span)];

    Schema schema;
    schema.name = string_member(ctx, db, "Database");
    for (const JsonValue& json : member(ctx, db, "Tables", JsonKind::array).items) {
        expect(ctx, json, JsonKind::object, "a table");
        Table table;
        table.name = string_member(ctx, json, "Table");
        for (const JsonValue& c : member(ctx, json, "Columns", JsonKind::array).items) {
            table.columns.push_back(read_column(ctx, c, "Type"));
        }
        mark_time_partitioned(table);
        schema.tables.push_back(std::move(table));
    }
    return schema;
}

Schema load_kusto_database(const LoadContext& ctx, const JsonValue& root) {
    expect(ctx, root, JsonKind::object, "a Kusto schema");
    const JsonValue& databases = member(ctx, root, "Databases", JsonKind::object);
    std::vector<std::string> names;
    for (const weaviate::JsonMember& m : databases.members) names.push_back(m.key);
    if (names.empty()) ctx.malformed(databases.span, "\"Databases\" holds no database");
    const weaviate::JsonMember& chosen = databases.members[ctx.pick_database(names, databases.span)];
    const JsonValue& db = expect(ctx, chosen.value, JsonKind::object, fmt::format("database \"{}\"", chosen.key));

    Schema schema;
    schema.name = optional_string(ctx, db, "Name");
    if (schema.name.empty()) schema.name = chosen.key;
    // Materialized views and external tables are queried like tables.
    for (std::string_view kind : {"Tables", "MaterializedViews", "ExternalTables"}) {
        if (const JsonValue* tables = optional_member(ctx, db, kind, JsonKind::object))
            read_kusto_tables(ctx, *tables, schema);
    }
    return schema;
}

}  // namespace qdiff::schema_loading
