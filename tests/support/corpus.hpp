// Reading the shared corpora (../shared/corpus) in tests. Tests that need them skip, with a message,
// when the folder is absent.
#pragma once
#include <filesystem>
#include <string>
#include <vector>

namespace qdiff::testing {

struct CorpusQuery {
    std::string origin;  // file:line
    std::string text;
};

std::filesystem::path corpus_dir();
bool corpus_available();
// Skips the current test case, with a message, when the corpus is absent.
#define QDIFF_REQUIRE_CORPUS()                                                             \
    do {                                                                                   \
        if (!::qdiff::testing::corpus_available()) {                                       \
            WARN("corpus not found at " << ::qdiff::testing::corpus_dir() << ": skipped"); \
            return;                                                                        \
        }                                                                                  \
    } while (0)

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
