// What the benchmarks and their C++ peers share: reading query files and timing passes over them.
#pragma once
#include <chrono>
#include <functional>
#include <string>
#include <vector>

namespace qdiff::bench {

// `[--passes N] [--dialect NAME] FILE...`
struct BenchArgs {
    int passes = 5;
    std::string dialect;  // empty: the tool's default
    std::vector<std::string> files;
};
BenchArgs parse_args(int argc, char** argv);

// One query per line; with a TAB, the first field (Spider/BIRD gold.tsv).
std::vector<std::string> read_queries(const std::vector<std::string>& files);

struct Timing {
    double cold_us = 0;  // per query, first pass (parser caches empty)
    double warm_us = 0;  // per query, best of the warm passes
    size_t queries = 0;
    size_t rejected = 0;
};

// Runs `parse` over every query once cold, then `warm_passes` times; parse returns false on rejection.
Timing time_passes(const std::vector<std::string>& queries, const std::function<bool(const std::string&)>& parse,
                   int warm_passes);

// {"tool":..., "queries":..., "rejected":..., "cold_us":..., "warm_us":..., "queries_per_s":...}
void print_json(const std::string& tool, const Timing& t);

}  // namespace qdiff::bench
