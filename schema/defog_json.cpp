// defog-data column metadata: {"table_metadata": {TABLE: [{"column_name", "data_type",
// "column_description"}]}, "glossary": "..."}. It has descriptions but no keys.
#include <fmt/format.h>

#include "schema/loader.hpp"

namespace qdiff::schema_loading {

Schema load_defog_metadata(const LoadContext& ctx, const JsonValue& root) {
    expect(ctx, root, JsonKind::object, "a defog metadata file");
    Schema schema;
    schema.name = file_stem(ctx.origin());
    for (const weaviate::JsonMember& entry : member(ctx, root, "table_metadata", JsonKind::object).members) {
        Table table;
        // "consumer_div.users" is known as "users", as in the DDL beside it.
        table.name = entry.key.substr(entry.key.rfind('.') + 1);
        for (const JsonValue& c :
             expect(ctx, entry.value, JsonKind::array, fmt::format("table \"{}\"", entry.key)).items) {
            expect(ctx, c, JsonKind::object, "a column");
            Column column;
            column.name = string_member(ctx, c, "column_name");
            column.declared_type = optional_string(ctx, c, "data_type");
            column.type = classify_sql_type(column.declared_type);
            column.description = optional_string(ctx, c, "column_description");
            table.columns.push_back(std::move(column));
        }
        schema.tables.push_back(std::move(table));
    }
    return schema;
}

}  // namespace qdiff::schema_loading
