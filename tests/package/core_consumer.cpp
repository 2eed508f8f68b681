// Links qdiff::core only: parses, and is told (not crashed) that an SQLite schema needs qdiff::stages.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <qdiff/ast_print.hpp>
#include <qdiff/parse.hpp>
#include <qdiff/schema.hpp>

int main(int argc, char** argv) {
    qdiff::ParseResult r = qdiff::parse("SELECT a FROM t WHERE b > 1", {.language = qdiff::Language::Sql});
    if (!r.ok() || qdiff::to_sql(*r.script()) != "SELECT a FROM t WHERE b > 1") return 1;
    if (argc < 2) return 2;
    std::ofstream(argv[1], std::ios::binary) << std::string("SQLite format 3\0 and then no database", 38);
    qdiff::SchemaLoadResult schema = qdiff::load_schema(argv[1]);
    if (schema.schema || schema.diagnostics.empty()) return 3;
    std::cout << "core only: " << schema.diagnostics.front().message << "\n";
    return schema.diagnostics.front().message.find("qdiff::stages") == std::string::npos ? 4 : 0;
}
