// Links qdiff::qdiff from an install: parses, compares two queries and evaluates a case through the
// public headers only.
#include <iostream>
#include <qdiff/ast_print.hpp>
#include <qdiff/compare.hpp>
#include <qdiff/evaluate.hpp>
#include <qdiff/parse.hpp>

int main() {
    qdiff::ParseResult r = qdiff::parse("SELECT a FROM t WHERE b > 1", {.language = qdiff::Language::Sql});
    if (!r.ok()) return 1;
    std::cout << qdiff::to_sql(*r.script()) << "\n";
    if (qdiff::to_sql(*r.script()) != "SELECT a FROM t WHERE b > 1") return 1;
    qdiff::Comparison c = qdiff::compare("SELECT a FROM t WHERE b > 1", "SELECT a FROM t WHERE 1 < b");
    if (!c.ok() || c.score() != 1.0) return 2;
    qdiff::Case one;
    one.id = "1";
    one.expected = "SELECT a FROM t";
    one.generated = "SELECT a FROM t";
    std::string record = qdiff::evaluate(one);
    std::cout << record.substr(0, 40) << "\n";
    return record.find("\"verdict\":\"equivalent\"") == std::string::npos ? 3 : 0;
}
