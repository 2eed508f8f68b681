// Spider/BIRD tables.json: an array of databases, each with parallel arrays. Columns are
// [table_index, name] pairs (index -1 is the "*" pseudo-column), keys are column indexes.
#include <fmt/format.h>

#include "schema/loader.hpp"

namespace qdiff::schema_loading {
namespace {

struct ColumnSlot {
    size_t table = 0;
    size_t column = 0;
};

size_t index_value(const LoadContext& ctx, const JsonValue& v, size_t limit, std::string_view what) {
    expect(ctx, v, JsonKind::integer, what);
    if (v.integer < 0 || static_cast<uint64_t>(v.integer) >= limit) {
        ctx.malformed(v.span, fmt::format("{} {} is out of range (0..{})", what, v.integer, limit - 1));
    }
    return static_cast<size_t>(v.integer);
}

// The original spellings (what queries use) when present; the lower-case "natural" names otherwise.
const JsonValue& names_array(const LoadContext& ctx, const JsonValue& db, std::string_view original,
                             std::string_view natural) {
    const JsonValue* names = optional_member(ctx, db, original, JsonKind::array);
    return names ? *names : member(ctx, db, natural, JsonKind::array);
}

Schema load_database(const LoadContext& ctx, const JsonValue& db) {
    Schema schema;
    schema.name = optional_string(ctx, db, "db_id");
    const JsonValue& table_names = names_array(ctx, db, "table_names_original", "table_names");
    const JsonValue* natural_table_names = optional_member(ctx, db, "table_names", JsonKind::array);
    for (size_t i = 0; i < table_names.items.size(); ++i) {
        Table table;
        table.name = expect(ctx, table_names.items[i], JsonKind::string, "a table name").string;
        if (natural_table_names && i < natural_table_names->items.size() &&
            natural_table_names->items[i].kind == JsonKind::string) {
            table.description = natural_table_names->items[i].string;
        }
        schema.tables.push_back(std::move(table));
    }

    const JsonValue& columns = names_array(ctx, db, "column_names_original", "column_names");
    const JsonValue* natural_columns = optional_member(ctx, db, "column_names", JsonKind::array);
    const JsonValue* types = optional_member(ctx, db, "column_types", JsonKind::array);
    if (types && types->items.size() != columns.items.size()) {
        ctx.malformed(types->span, fmt::format("\"column_types\" has {} entries for {} columns", types->items.size(),
                                               columns.items.size()));
    }
    std::vector<ColumnSlot> slots(columns.items.size(), ColumnSlot{SIZE_MAX, 0});
    for (size_t i = 0; i < columns.items.size(); ++i) {
        const JsonValue& pair = expect(ctx, columns.items[i], JsonKind::array, "a column entry");
        if (pair.items.size() != 2) ctx.malformed(pair.span, "a column entry must be [table_index, name]");
        expect(ctx, pair.items[0], JsonKind::integer, "a column's table index");
        if (pair.items[0].integer == -1) continue;  // "*"
        size_t table = index_value(ctx, pair.items[0], schema.tables.size(), "table index");
        Column column;
        column.name = expect(ctx, pair.items[1], JsonKind::string, "a column name").string;
        if (types) column.declared_type = expect(ctx, types->items[i], JsonKind::string, "a column type").string;
        column.type = classify_sql_type(column.declared_type);
        if (natural_columns && i < natural_columns->items.size() && natural_columns->items[i].items.size() == 2 &&
            natural_columns->items[i].items[1].kind == JsonKind::string) {
            column.description = natural_columns->items[i].items[1].string;
        }
        slots[i] = {table, schema.tables[table].columns.size()};
        schema.tables[table].columns.push_back(std::move(column));
    }
    auto column_at = [&](const JsonValue& v) -> ColumnSlot {
        size_t i = index_value(ctx, v, slots.size(), "column index");
        if (slots[i].table == SIZE_MAX) ctx.malformed(v.span, "a key cannot be the \"*\" column");
        return slots[i];
    };

    // A primary key is a column index, or a list of them for a composite key (BIRD, newer Spider).
    if (const JsonValue* keys = optional_member(ctx, db, "primary_keys", JsonKind::array)) {
        for (const JsonValue& key : keys->items) {
            std::vector<const JsonValue*> parts;
            if (key.kind == JsonKind::array) {
                for (const JsonValue& part : key.items) parts.push_back(&part);
            } else {
                parts.push_back(&key);
            }
            for (const JsonValue* part : parts) {
                ColumnSlot slot = column_at(*part);
                Table& table = schema.tables[slot.table];
                table.columns[slot.column].primary_key = true;
                table.primary_key.push_back(table.columns[slot.column].name);
            }
        }
    }
    // Each pair [column, referenced column] is one single-column foreign key: the file does not say
    // which pairs form one composite key.
    if (const JsonValue* keys = optional_member(ctx, db, "foreign_keys", JsonKind::array)) {
        for (const JsonValue& key : keys->items) {
            expect(ctx, key, JsonKind::array, "a foreign key");
            if (key.items.size() != 2)
                ctx.malformed(key.span, "a foreign key must be [column_index, referenced_column_index]");
            ColumnSlot from = column_at(key.items[0]);
            ColumnSlot to = column_at(key.items[1]);
            const Table& target = schema.tables[to.table];
            schema.tables[from.table].foreign_keys.push_back(ForeignKey{
                {schema.tables[from.table].columns[from.column].name}, target.name, {target.columns[to.column].name}});
        }
    }
    return schema;
}

}  // namespace

Schema load_spider_tables(const LoadContext& ctx, const JsonValue& root) {
    if (root.kind == JsonKind::object) {  // one database
        if (!ctx.selector().empty()) ctx.pick_database({string_member(ctx, root, "db_id")}, root.span);
        return load_database(ctx, root);
    }
    expect(ctx, root, JsonKind::array, "a tables.json document");
    std::vector<std::string> ids;
    for (const JsonValue& db : root.items) {
        expect(ctx, db, JsonKind::object, "a database entry");
        ids.push_back(string_member(ctx, db, "db_id"));
    }
    if (ids.empty()) ctx.malformed(root.span, "the array holds no database");
    return load_database(ctx, root.items[ctx.pick_database(ids, root.span)]);
}

}  // namespace qdiff::schema_loading
