// Weaviate `GET /v1/schema`: {"classes": [{"class", "description", "properties": [{"name",
// "dataType": ["text"], "description"}]}]}, or one class as `GET /v1/schema/{class}` returns it.
// A dataType naming classes instead of a primitive type is a cross-reference.
#include <fmt/format.h>

#include "schema/loader.hpp"

namespace qdiff::schema_loading {
namespace {

Column read_property(const LoadContext& ctx, const JsonValue& json) {
    expect(ctx, json, JsonKind::object, "a property");
    Column column;
    column.name = string_member(ctx, json, "name");
    column.description = optional_string(ctx, json, "description");
    const JsonValue& data_type = member(ctx, json, "dataType", JsonKind::array);
    if (data_type.items.empty()) ctx.malformed(data_type.span, "\"dataType\" is empty");
    for (const JsonValue& t : data_type.items) expect(ctx, t, JsonKind::string, "a dataType entry");
    column.declared_type = data_type.items[0].string;
    column.type = classify_type(column.declared_type);
    if (column.type == ColumnType::Reference) {
        for (const JsonValue& t : data_type.items) column.references.push_back(t.string);
    }
    return column;
}

Table read_class(const LoadContext& ctx, const JsonValue& json) {
    expect(ctx, json, JsonKind::object, "a class");
    Table table;
    table.name = string_member(ctx, json, "class");
    table.description = optional_string(ctx, json, "description");
    if (const JsonValue* properties = optional_member(ctx, json, "properties", JsonKind::array)) {
        for (const JsonValue& p : properties->items) table.columns.push_back(read_property(ctx, p));
    }
    return table;
}

}  // namespace

Schema load_weaviate_schema(const LoadContext& ctx, const JsonValue& root) {
    expect(ctx, root, JsonKind::object, "a Weaviate schema");
    Schema schema;
    if (root.find("class")) {
        schema.tables.push_back(read_class(ctx, root));
        return schema;
    }
    const JsonValue& classes = member(ctx, root, "classes", JsonKind::array);
    for (const JsonValue& c : classes.items) schema.tables.push_back(read_class(ctx, c));
    // A cross-reference must name a class of this schema.
    for (size_t i = 0; i < schema.tables.size(); ++i) {
        for (const Column& column : schema.tables[i].columns) {
            for (const std::string& target : column.references) {
                if (!schema.find_table(target)) {
                    ctx.malformed(classes.items[i].span,
                                  fmt::format("property \"{}\" of class \"{}\" refers to unknown class \"{}\"",
                                              column.name, schema.tables[i].name, target));
                }
            }
        }
    }
    return schema;
}

}  // namespace qdiff::schema_loading
