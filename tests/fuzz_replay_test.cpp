// Every fuzz target on its hand-written seeds and on the crash corpus (tests/fuzz/crashes/TARGET/: each
// input a fuzzer once crashed on, kept as a regression test). Runs in the default build, without clang.
#include <catch2/catch.hpp>

#include <filesystem>

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
