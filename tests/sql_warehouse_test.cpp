// Long warehouse queries (tests/data/sql/warehouse/<dialect>.sql, written for this test in the shapes
// BigQuery, Snowflake and DuckDB users write): each parses in its dialect and prints back to an equal
// AST. The first line names the dialect; each `-- query: NAME` line starts a query.
#include <catch2/catch.hpp>
#include <filesystem>
#include <iostream>

#include "qdiff/ast_print.hpp"
#include "qdiff/parse.hpp"
#include "support/corpus.hpp"

using namespace qdiff;

namespace {

struct NamedQuery {
    std::string name;
    std::string text;
};

std::vector<NamedQuery> split_queries(const std::string& file) {
    std::vector<NamedQuery> out;
    const std::string marker = "-- query: ";
    for (size_t at = file.find(marker); at != std::string::npos;) {
        size_t name_end = file.find('\n', at);
        size_t next = file.find(marker, name_end);
        std::string body = file.substr(name_end + 1, next == std::string::npos ? std::string::npos : next - name_end - 1);
        while (!body.empty() && (body.back() == '\n' || body.back() == ' ' || body.back() == ';')) body.pop_back();
        out.push_back({file.substr(at + marker.size(), name_end - at - marker.size()), body});
        at = next;
    }
    return out;
}

}  // namespace

TEST_CASE("warehouse queries parse in their dialect and print back to an equal AST", "[sql][dialect][warehouse]") {
    std::filesystem::path dir = std::filesystem::path(QDIFF_TEST_DATA_DIR) / "sql/warehouse";
    size_t files = 0;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
        if (entry.path().extension() != ".sql") continue;
        ++files;
        std::string text = testing::read_file(entry.path());
        const std::string header = "-- dialect: ";
        REQUIRE(text.starts_with(header));
        std::optional<Dialect> dialect = parse_dialect_name(text.substr(header.size(), text.find('\n') - header.size()));
        REQUIRE(dialect);
        std::vector<NamedQuery> queries = split_queries(text);
        REQUIRE(queries.size() >= 10);
        size_t parsed = 0;
        for (const NamedQuery& q : queries) {
            INFO(entry.path().filename().string() << ": " << q.name << "\n" << q.text);
            ParseOptions options{.language = Language::Sql, .dialect = *dialect};
            ParseResult first = parse(q.text, options);
            CHECK(first.ok());
            if (!first.ok()) continue;
            ++parsed;
            std::string printed = to_sql(*first.script(), {.dialect = *dialect});
            INFO(printed);
            ParseResult again = parse(printed, options);
            REQUIRE(again.ok());
            CHECK(ast::equal(first.script(), again.script()));
        }
        std::cout << "[warehouse] " << entry.path().filename().string() << ": parsed " << parsed << " of "
                  << queries.size() << "\n";
    }
    CHECK(files == 3);
}
