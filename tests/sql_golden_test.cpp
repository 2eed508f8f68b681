// Golden files: tests/data/sql/golden/NAME.sql -> NAME.expected (canonical SQL, the AST as an
// S-expression, and the diagnostics). QDIFF_REGENERATE_GOLDEN=1 rewrites the expected files. A first
// line `-- dialect: NAME` parses the file in that dialect (otherwise generic).
#include <catch2/catch.hpp>
#include <filesystem>

#include "qdiff/ast_print.hpp"
#include "qdiff/parse.hpp"
#include "support/corpus.hpp"
#include "support/golden.hpp"

using namespace qdiff;

TEST_CASE("SQL golden files", "[sql][golden]") {
    std::filesystem::path dir = std::filesystem::path(QDIFF_TEST_DATA_DIR) / "sql/golden";
    std::vector<std::filesystem::path> inputs;
    for (const auto& entry : std::filesystem::directory_iterator(dir))
        if (entry.path().extension() == ".sql") inputs.push_back(entry.path());
    std::sort(inputs.begin(), inputs.end());
    REQUIRE(inputs.size() >= 10);
    for (const auto& input : inputs) {
        std::string text = testing::read_file(input);
        ParseOptions options{.language = Language::Sql, .source_name = input.filename().string()};
        if (const std::string_view header = "-- dialect: "; text.starts_with(header)) {
            std::optional<Dialect> dialect =
                parse_dialect_name(text.substr(header.size(), text.find('\n') - header.size()));
            REQUIRE(dialect);
            options.dialect = *dialect;
        }
        ParseResult r = parse(text, options);
        std::string actual;
        if (r.script()) {
            actual +=
                "-- canonical\n" + to_sql(*r.script()) + "\n-- ast\n" + to_sexpr(*r.script(), {.pretty = true}) + "\n";
        }
        if (!r.diagnostics().empty()) actual += "-- diagnostics\n" + render_text(r.diagnostics(), r.source());
        std::filesystem::path expected = input;
        expected.replace_extension(".expected");
        INFO(input.filename().string() << "\n" << actual);
        CHECK(testing::matches_golden(expected, actual));
    }
}
