// SQL rules and name resolution: one failing and one passing fixture per rule code
// (tests/data/lint/sql/<code>.bad.sql / .good.sql), and the scoping cases resolution must get right.
#include <algorithm>
#include <filesystem>

#include <catch2/catch.hpp>

#include "support/corpus.hpp"
#include "support/lint_fixtures.hpp"

using namespace qdiff;
using qdiff::testing::codes;
using qdiff::testing::lint_sql;

namespace {

bool has(const LintResult& r, const std::string& code) {
    auto cs = codes(r);
    return std::find(cs.begin(), cs.end(), code) != cs.end();
}

std::string all_codes(const LintResult& r) {
    std::string s;
    for (auto& c : codes(r)) s += c + " ";
    return s;
}

}  // namespace

TEST_CASE("every SQL lint code fires on its bad fixture and not on its good one", "[lint][lint-sql]") {
    std::filesystem::path dir = std::filesystem::path(QDIFF_TEST_DATA_DIR) / "lint" / "sql";
    int checked = 0;
    for (const DiagInfo& info : diag_catalogue()) {
        if (info.group != "lint") continue;
        std::string code(info.code);
        if (code.starts_with("kql-") || code.starts_with("weaviate-")) continue;
        INFO("code " << code);
        REQUIRE(std::filesystem::exists(dir / (code + ".bad.sql")));
        REQUIRE(std::filesystem::exists(dir / (code + ".good.sql")));
        LintResult bad = lint_sql(qdiff::testing::read_file(dir / (code + ".bad.sql")));
        LintResult good = lint_sql(qdiff::testing::read_file(dir / (code + ".good.sql")));
        INFO("bad: " << all_codes(bad) << "| good: " << all_codes(good));
        CHECK(has(bad, code));
        CHECK_FALSE(has(good, code));
        // A good fixture is a correct query: nothing but this code's neighbours may fire on it.
        CHECK_FALSE(has_errors(good.diagnostics));
        ++checked;
    }
    CHECK(checked >= 20);
}
