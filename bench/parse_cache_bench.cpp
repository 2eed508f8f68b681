// How ANTLR's prediction caches and the process's memory grow over a long varied parse run, with the
// cache limit given (qdiff::set_parse_cache_limit). Reads `qdiff parse --batch` input (JSONL lines with
// "query" and optional "lang" and "dialect", e.g. bench/fuzz_corpus_jsonl.py's output) and prints one
// TSV row every --every inputs and at the end: inputs parsed, each grammar's cache size (KB, estimated) and clears,
// resident and peak memory.
//
//   parse_cache_bench [--limit BYTES] [--every N] FILE.jsonl
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>

#include <nlohmann/json.hpp>

#include "qdiff/dialect.hpp"
#include "qdiff/parse.hpp"

namespace {

// VmRSS and VmHWM of /proc/self/status, in MB.
std::pair<long, long> memory_mb() {
    std::ifstream status("/proc/self/status");
    std::string line;
    long rss = 0, peak = 0;
    while (std::getline(status, line)) {
        if (line.rfind("VmRSS:", 0) == 0) rss = std::atol(line.c_str() + 6) / 1024;
        if (line.rfind("VmHWM:", 0) == 0) peak = std::atol(line.c_str() + 6) / 1024;
    }
    return {rss, peak};
}

void print_row(size_t inputs) {
    auto sql = qdiff::parse_cache_stats(qdiff::Language::Sql);
    auto kql = qdiff::parse_cache_stats(qdiff::Language::Kql);
    auto [rss, peak] = memory_mb();
    std::printf("%zu\t%zu\t%llu\t%zu\t%llu\t%ld\t%ld\n", inputs, sql.bytes >> 10,
                static_cast<unsigned long long>(sql.clears), kql.bytes >> 10,
                static_cast<unsigned long long>(kql.clears), rss, peak);
    std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
    size_t every = 5000;
    std::string file;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        if (a == "--limit" && i + 1 < argc) {
            auto limit = qdiff::parse_cache_limit_value(argv[++i]);
            if (!limit) {
                std::fprintf(stderr, "--limit takes a number of bytes\n");
                return 2;
            }
            qdiff::set_parse_cache_limit(*limit);
        } else if (a == "--every" && i + 1 < argc) {
            every = std::max(1L, std::atol(argv[++i]));
        } else {
            file = a;
        }
    }
    std::ifstream in(file);
    if (!in) {
        std::fprintf(stderr, "usage: parse_cache_bench [--limit BYTES] [--every N] FILE.jsonl\n");
        return 2;
    }
    std::printf("inputs\tsql_kb\tsql_clears\tkql_kb\tkql_clears\trss_mb\tpeak_rss_mb\n");
    std::string line;
    size_t inputs = 0;
    while (std::getline(in, line)) {
        auto record = nlohmann::json::parse(line, nullptr, false);
        if (!record.is_object() || !record.contains("query") || !record["query"].is_string()) continue;
        qdiff::ParseOptions options;
        if (record.contains("lang") && record["lang"].is_string())
            if (auto l = qdiff::parse_language_name(record["lang"].get<std::string>())) options.language = *l;
        if (record.contains("dialect") && record["dialect"].is_string())
            if (auto d = qdiff::parse_dialect_name(record["dialect"].get<std::string>())) options.dialect = *d;
        qdiff::parse(record["query"].get<std::string>(), options);
        if (++inputs % every == 0) print_row(inputs);
    }
    print_row(inputs);
}
