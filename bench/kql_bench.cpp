// Warm KQL parse throughput on the KQL corpus: every non-command query, parsed once to warm the
// ANTLR DFA, then N more times; prints microseconds per query (lex + SLL/LL parse + lowering to the
// AST), and the same for parse only (no lowering is not exposed: the public API always lowers).
//
//   kql_bench [--repeat N] [--corpus DIR]
// Output (one line, for bench/kql_vs_kusto.sh): `qdiff kql warm: X us/query (Q queries x N)`.
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "qdiff/parse.hpp"

int main(int argc, char** argv) {
    int repeat = 5;
    std::filesystem::path corpus = std::filesystem::path(QDIFF_CORPUS_DIR) / "kql";
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--repeat") && i + 1 < argc)
            repeat = std::atoi(argv[++i]);
        else if (!std::strcmp(argv[i], "--corpus") && i + 1 < argc)
            corpus = argv[++i];
    }
    struct File {
        const char* path;
        const char* field;
    };
    const File files[] = {{"docs/blocks.jsonl", "code"},
                          {"nl2kql/Defender_Evaluation.jsonl", "baseline"},
                          {"nl2kql/Sentinel_Evaluation.jsonl", "baseline"},
                          {"m365-defender/queries.jsonl", "code"}};
    std::vector<std::string> queries;
    for (const File& f : files) {
        std::ifstream in(corpus / f.path);
        if (!in) {
            std::fprintf(stderr, "corpus file %s not found under %s\n", f.path, corpus.c_str());
            return 2;
        }
        for (std::string line; std::getline(in, line);) {
            if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
            auto j = nlohmann::json::parse(line, nullptr, false);
            if (!j.is_object() || !j.contains(f.field) || !j[f.field].is_string()) continue;
            std::string q = j[f.field].get<std::string>();
            size_t start = q.find_first_not_of(" \t\r\n");
            if (start == std::string::npos || q[start] == '.' || q[start] == '#') continue;  // management commands
            queries.push_back(std::move(q));
        }
    }
    qdiff::ParseOptions options;
    options.language = qdiff::Language::Kql;
    size_t ok = 0;
    for (const auto& q : queries) ok += qdiff::parse(q, options).ok();  // warm-up: builds the DFA
    auto t0 = std::chrono::steady_clock::now();
    for (int r = 0; r < repeat; ++r)
        for (const auto& q : queries) qdiff::parse(q, options);
    auto t1 = std::chrono::steady_clock::now();
    double us = std::chrono::duration<double, std::micro>(t1 - t0).count() / (double(repeat) * queries.size());
    std::printf("qdiff kql warm: %.1f us/query (%zu queries x %d, %zu parse without error)\n", us, queries.size(),
                repeat, ok);
    return 0;
}
