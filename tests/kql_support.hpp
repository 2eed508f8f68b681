// Helpers shared by the KQL tests: the KQL corpus (../shared/corpus/kql) and parsing shortcuts.
#pragma once
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "qdiff/parse.hpp"
#include "support/corpus.hpp"

namespace qdiff::testing::kql {

struct CorpusFile {
    std::string relative;  // docs/blocks.jsonl
    std::string field;     // code, baseline
    std::string verdicts;  // tests/data/kql/verdicts/<name>.txt
};

inline const std::vector<CorpusFile>& corpus_files() {
    static const std::vector<CorpusFile> files{
        {"docs/blocks.jsonl", "code", "docs_blocks.txt"},
        {"nl2kql/Defender_Evaluation.jsonl", "baseline", "nl2kql_Defender_Evaluation.txt"},
        {"nl2kql/Sentinel_Evaluation.jsonl", "baseline", "nl2kql_Sentinel_Evaluation.txt"},
        {"m365-defender/queries.jsonl", "code", "m365-defender_queries.txt"},
    };
    return files;
}

inline std::filesystem::path kql_corpus_dir() { return corpus_dir() / "kql"; }

#define QDIFF_REQUIRE_KQL_CORPUS() QDIFF_REQUIRE_CORPUS_PART("kql")

struct Record {
    std::string origin;  // file#index
    std::string text;
};

// One record per non-empty line, in order (the index the verdict files use); a line without the
// field gives an empty text.
inline std::vector<Record> read_records(const CorpusFile& f) {
    std::vector<Record> out;
    std::ifstream in(kql_corpus_dir() / f.relative);
    std::string line;
    while (std::getline(in, line)) {
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
        auto json = nlohmann::json::parse(line, nullptr, false);
        std::string text;
        if (json.is_object() && json.contains(f.field) && json[f.field].is_string())
            text = json[f.field].get<std::string>();
        out.push_back({f.relative + "#" + std::to_string(out.size()), text});
    }
    return out;
}

inline ParseResult parse_kql(const std::string& text) {
    ParseOptions options;
    options.language = Language::Kql;
    return parse(text, options);
}

inline bool is_command(const ParseResult& r) {
    for (const auto& d : r.diagnostics())
        if (d.id == DiagId::ManagementCommand) return true;
    return false;
}

}  // namespace qdiff::testing::kql
