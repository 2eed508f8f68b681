#include <iostream>
#include <qdiff/ast_print.hpp>
#include <qdiff/parse.hpp>

int main() {
    qdiff::ParseResult r = qdiff::parse("SELECT a FROM t WHERE b > 1", {.language = qdiff::Language::Sql});
    if (!r.ok()) return 1;
    std::cout << qdiff::to_sql(*r.script()) << "\n";
    return qdiff::to_sql(*r.script()) == "SELECT a FROM t WHERE b > 1" ? 0 : 1;
}
