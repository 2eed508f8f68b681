// Our own schema format (documented with an example in schema/README.md). It mirrors the model one to
// one, and it is strict: an unknown member is an error, so that a typo ("primary_keys") cannot
// silently drop a key.
#include <fmt/format.h>

#include <algorithm>

#include "diagnostics/suggest.hpp"
#include "schema/loader.hpp"
#include "support/strings.hpp"

namespace qdiff::schema_loading {
namespace {

void check_members(const LoadContext& ctx, const JsonValue& object, std::initializer_list<std::string_view> allowed) {
    for (const weaviate::JsonMember& m : object.members) {
        if (std::find(allowed.begin(), allowed.end(), m.key) != allowed.end()) continue;
        std::string closest = diagnostics::closest_name(m.key, allowed);
        std::string hint = closest.empty() ? fmt::format("expected one of: {}", fmt::join(allowed, ", "))
                                           : fmt::format("did you mean \"{}\"?", closest);
        ctx.malformed(m.key_span, fmt::format("unknown member \"{}\"; {}", m.key, hint));
    }
}

std::vector<std::string> string_list(const LoadContext& ctx, const JsonValue& array, std::string_view what) {
    std::vector<std::string> out;
    for (const JsonValue& item : array.items) out.push_back(expect(ctx, item, JsonKind::string, what).string);
    return out;
}

bool bool_member(const LoadContext& ctx, const JsonValue& object, std::string_view key) {
    const JsonValue* v = optional_member(ctx, object, key, JsonKind::boolean);
    return v && v->boolean;
}

Column read_column(const LoadContext& ctx, const JsonValue& json) {
    expect(ctx, json, JsonKind::object, "a column");
    check_members(ctx, json, {"name", "type", "description", "primary_key", "references"});
    Column column;
    column.name = string_member(ctx, json, "name");
    column.declared_type = optional_string(ctx, json, "type");
    column.description = optional_string(ctx, json, "description");
    column.primary_key = bool_member(ctx, json, "primary_key");
    if (const JsonValue* refs = optional_member(ctx, json, "references", JsonKind::array)) {
        column.references = string_list(ctx, *refs, "a referenced class");
    }
    column.type = column.references.empty() ? classify_type(column.declared_type) : ColumnType::Reference;
    // "type": "Article" is a cross-reference to that class, as in a Weaviate dataType.
    if (column.type == ColumnType::Reference && column.references.empty())
        column.references.push_back(column.declared_type);
    return column;
}

// A name listed by a key must be a column of `table`.
void check_columns_exist(const LoadContext& ctx, const Table& table, const std::vector<std::string>& names,
                         const JsonValue& at) {
    for (const std::string& name : names) {
        if (!table.find_column(name))
            ctx.malformed(at.span, fmt::format("table \"{}\" has no column \"{}\"", table.name, name));
    }
}

Table read_table(const LoadContext& ctx, const JsonValue& json) {
    expect(ctx, json, JsonKind::object, "a table");
    check_members(ctx, json, {"name", "description", "columns", "primary_key", "foreign_keys", "time_partitioned"});
    Table table;
    table.name = string_member(ctx, json, "name");
    table.description = optional_string(ctx, json, "description");
    table.time_partitioned = bool_member(ctx, json, "time_partitioned");
    for (const JsonValue& c : member(ctx, json, "columns", JsonKind::array).items) {
        Column column = read_column(ctx, c);
        if (table.find_column(column.name))
            ctx.malformed(c.span, fmt::format("column \"{}\" is listed twice", column.name));
        table.columns.push_back(std::move(column));
    }
    if (const JsonValue* key = optional_member(ctx, json, "primary_key", JsonKind::array)) {
        table.primary_key = string_list(ctx, *key, "a primary key column");
        check_columns_exist(ctx, table, table.primary_key, *key);
    }
    // Column flags and the table's key say the same thing two ways: keep both in step.
    for (Column& c : table.columns) {
        bool listed = false;
        for (const std::string& k : table.primary_key) listed |= support::iequals(k, c.name);
        if (c.primary_key && !listed) table.primary_key.push_back(c.name);
        c.primary_key |= listed;
    }
    if (const JsonValue* keys = optional_member(ctx, json, "foreign_keys", JsonKind::array)) {
        for (const JsonValue& k : keys->items) {
            expect(ctx, k, JsonKind::object, "a foreign key");
            check_members(ctx, k, {"columns", "referenced_table", "referenced_columns"});
            ForeignKey fk{string_list(ctx, member(ctx, k, "columns", JsonKind::array), "a column name"),
                          string_member(ctx, k, "referenced_table"),
                          string_list(ctx, member(ctx, k, "referenced_columns", JsonKind::array), "a column name")};
            if (fk.columns.size() != fk.referenced_columns.size() || fk.columns.empty()) {
                ctx.malformed(k.span,
                              "a foreign key needs as many \"referenced_columns\" as \"columns\" (at least one)");
            }
            check_columns_exist(ctx, table, fk.columns, k);
            table.foreign_keys.push_back(std::move(fk));
        }
    }
    return table;
}

}  // namespace

Schema load_qdiff_json(const LoadContext& ctx, const JsonValue& root) {
    expect(ctx, root, JsonKind::object, "a qdiff schema");
    check_members(ctx, root, {"$schema", "name", "description", "tables"});
    Schema schema;
    schema.name = optional_string(ctx, root, "name");
    if (!ctx.selector().empty() && !schema.name.empty()) ctx.pick_database({schema.name}, root.span);
    std::vector<const JsonValue*> table_json;
    for (const JsonValue& t : member(ctx, root, "tables", JsonKind::array).items) {
        Table table = read_table(ctx, t);
        if (schema.find_table(table.name))
            ctx.malformed(t.span, fmt::format("table \"{}\" is listed twice", table.name));
        schema.tables.push_back(std::move(table));
        table_json.push_back(&t);
    }
    // References point inside the schema, once every table is known.
    for (size_t i = 0; i < schema.tables.size(); ++i) {
        for (const ForeignKey& fk : schema.tables[i].foreign_keys) {
            const Table* target = schema.find_table(fk.referenced_table);
            const JsonValue& at = member(ctx, *table_json[i], "foreign_keys", JsonKind::array);
            if (!target)
                ctx.malformed(at.span, fmt::format("foreign key to unknown table \"{}\"", fk.referenced_table));
            check_columns_exist(ctx, *target, fk.referenced_columns, at);
        }
    }
    return schema;
}

}  // namespace qdiff::schema_loading
