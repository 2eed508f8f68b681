// Reading the shared corpora (../shared/corpus) in tests. Every test that reads them checks first,
// through corpus_has (or the macros below), that the part it reads is there. When it is not, the test
// skips with a message, or fails when QDIFF_REQUIRE_CORPUS is set in the environment: scripts/test.sh
// sets it, so CI never passes by skipping the corpus tests.
#pragma once
#include <filesystem>
#include <string>
#include <vector>

namespace qdiff::testing {

struct CorpusQuery {
    std::string origin;  // file:line
    std::string text;
};

// QDIFF_CORPUS_DIR from the environment when set, else the one the build was configured with (CMake's
// QDIFF_CORPUS_DIR, by default ../shared/corpus next to the source tree).
std::filesystem::path corpus_dir();
// Whether a missing corpus fails the tests that need it: QDIFF_REQUIRE_CORPUS is set in the
// environment and is neither empty nor "0".
bool corpus_required();
// Whether corpus_dir() / part (a folder or a file) exists. When it does not, fails the running test
// when the corpus is required, else warns that the test is skipped and returns false.
bool corpus_has(const std::filesystem::path& part);
// Skips (or fails, see above) the current test case when corpus_dir() / part is absent.
#define QDIFF_REQUIRE_CORPUS_PART(part)                  \
    do {                                                 \
        if (!::qdiff::testing::corpus_has(part)) return; \
    } while (0)
// The same for the SQL corpora (sql/), which most corpus tests read.
#define QDIFF_REQUIRE_CORPUS() QDIFF_REQUIRE_CORPUS_PART("sql")

std::string read_file(const std::filesystem::path& path);
std::vector<std::string> read_lines(const std::filesystem::path& path);
// One query per line; with a TAB, the first field (Spider/BIRD gold.tsv).
std::vector<CorpusQuery> read_query_lines(const std::filesystem::path& relative);
// RFC 4180 CSV: quoted fields may hold commas, doubled quotes and newlines.
std::vector<std::vector<std::string>> read_csv(const std::filesystem::path& path);
// The defog gold queries: column `query`, several answers split on `;`, `{a, b}` alternatives
// expanded to the first and `{}` removed.
std::vector<CorpusQuery> defog_gold(const std::string& csv_name);
// A field of every JSON line.
std::vector<CorpusQuery> read_jsonl_field(const std::filesystem::path& relative, const std::string& field);

}  // namespace qdiff::testing
