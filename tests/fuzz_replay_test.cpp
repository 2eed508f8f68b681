// Every fuzz target on its hand-written seeds and on the crash corpus (tests/fuzz/crashes/TARGET/: each
// input a fuzzer once crashed on, kept as a regression test). Runs in the default build, without clang.
#include <catch2/catch.hpp>

#include <filesystem>
#include <optional>

#include "support/corpus.hpp"
#include "tests/fuzz/targets.hpp"

namespace fs = std::filesystem;

TEST_CASE("fuzz targets replay their seeds and every crash found so far", "[fuzz]") {
    const fs::path root = fs::path(QDIFF_SOURCE_DIR) / "tests" / "fuzz";
    size_t replayed = 0;
    for (const qdiff::fuzz::Target& target : qdiff::fuzz::kTargets) {
        for (const char* folder : {"seeds", "crashes"}) {
            const fs::path dir = root / folder / target.name;
            if (!fs::is_directory(dir)) continue;
            for (const auto& entry : fs::directory_iterator(dir)) {
                if (!entry.is_regular_file()) continue;
                INFO(target.name << " " << entry.path().string());
                try {
                    target.run(qdiff::testing::read_file(entry.path()));
                } catch (const qdiff::fuzz::PropertyViolation& e) {
                    FAIL_CHECK(e.what());
                }
                ++replayed;
            }
        }
    }
    CHECK(replayed >= std::size(qdiff::fuzz::kTargets));  // every target has a seed at least
}

// The mode byte of a hand-written input says what its name says (`mysql_backticks`, `sql_tsql_top`,
// `kql`, ...): the bytes follow dialects.def's order (tests/fuzz/targets.hpp), so a dialect added
// there moves KQL's and Weaviate's, and a seed left behind would silently test another language.
TEST_CASE("fuzz seeds' mode bytes match the dialect or language their names give", "[fuzz]") {
    namespace fz = qdiff::fuzz;
    const fs::path root = fs::path(QDIFF_SOURCE_DIR) / "tests" / "fuzz";
    size_t checked = 0;
    for (const char* target : {"sql", "roundtrip", "normalize"}) {
        const bool languages = std::string_view(target) != "sql";
        for (const char* folder : {"seeds", "crashes"}) {
            const fs::path dir = root / folder / target;
            if (!fs::is_directory(dir)) continue;
            for (const auto& entry : fs::directory_iterator(dir)) {
                std::string name = entry.path().filename().string();
                const std::string data = qdiff::testing::read_file(entry.path());
                REQUIRE_FALSE(data.empty());
                const unsigned mode = static_cast<unsigned char>(data[0]);
                INFO(target << "/" << name << ": mode byte " << mode);
                if (languages && name.starts_with("kql")) {
                    CHECK(mode == fz::kKqlMode);
                } else if (languages && name.starts_with("weaviate")) {
                    CHECK(mode == fz::kWeaviateMode);
                } else {
                    if (name.starts_with("sql_")) name = name.substr(4);
                    std::optional<qdiff::Dialect> dialect = qdiff::parse_dialect_name(name.substr(0, name.find('_')));
                    CHECK(mode < fz::kDialects);
                    if (dialect) CHECK(fz::dialect_at(mode) == *dialect);
                }
                ++checked;
            }
        }
    }
    CHECK(checked >= 20);
}
