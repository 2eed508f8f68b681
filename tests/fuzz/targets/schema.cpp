// Every schema loader, on text (the first byte picks the format, Auto included: detection).
#include "tests/fuzz/targets.hpp"

namespace qdiff::fuzz {

void run_schema(std::string_view data) {
    static constexpr SchemaFormat formats[] = {
        SchemaFormat::Auto,   SchemaFormat::Qdiff,         SchemaFormat::SpiderTables,   SchemaFormat::SqlDdl,
        SchemaFormat::Nl2Kql, SchemaFormat::KustoDatabase, SchemaFormat::WeaviateSchema, SchemaFormat::DefogMetadata};
    Selected in = select(data, std::size(formats));
    // A multi-database file needs a selector: half the inputs name one (Spider's concert_singer).
    std::string selector =
        (static_cast<unsigned char>(data.empty() ? 0 : data[0]) / std::size(formats)) % 2 ? "concert_singer" : "";
    SchemaLoadResult r = load_schema_text(in.text, "fuzz-schema", selector, formats[in.mode]);
    if (r.schema.has_value() == !r.diagnostics.empty())
        violated("a schema load must give a schema or a diagnostic, not both or neither", data);
    if (r.schema) {
        for (const Table& t : r.schema->tables) {
            (void)r.schema->find_table(t.name);
            for (const Column& c : t.columns) (void)t.find_column(c.name);
        }
    }
}

}  // namespace qdiff::fuzz
