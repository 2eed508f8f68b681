#include "bench_support.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>

namespace qdiff::bench {

BenchArgs parse_args(int argc, char** argv) {
    BenchArgs args;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        if (a == "--passes" && i + 1 < argc)
            args.passes = std::stoi(argv[++i]);
        else if (a == "--dialect" && i + 1 < argc)
            args.dialect = argv[++i];
        else
            args.files.push_back(a);
    }
    if (args.files.empty()) {
        std::fprintf(stderr, "usage: %s [--passes N] [--dialect NAME] FILE...\n", argv[0]);
        std::exit(2);
    }
    return args;
}

std::vector<std::string> read_queries(const std::vector<std::string>& files) {
    std::vector<std::string> out;
    for (const std::string& file : files) {
        std::ifstream in(file);
        for (std::string line; std::getline(in, line);) {
            line = line.substr(0, line.find('\t'));
            if (!line.empty()) out.push_back(line);
        }
    }
    return out;
}

Timing time_passes(const std::vector<std::string>& queries, const std::function<bool(const std::string&)>& parse,
                   int warm_passes) {
    using clock = std::chrono::steady_clock;
    Timing t;
    t.queries = queries.size();
    auto pass = [&](bool count) {
        auto start = clock::now();
        for (const std::string& q : queries)
            if (!parse(q) && count) ++t.rejected;
        return std::chrono::duration<double, std::micro>(clock::now() - start).count() /
               static_cast<double>(queries.size());
    };
    t.cold_us = pass(true);
    t.warm_us = 1e300;
    for (int i = 0; i < warm_passes; ++i) t.warm_us = std::min(t.warm_us, pass(false));
    return t;
}

void print_json(const std::string& tool, const Timing& t) {
    std::printf(
        "{\"tool\": \"%s\", \"queries\": %zu, \"rejected\": %zu, \"cold_us\": %.2f, \"warm_us\": %.2f, "
        "\"queries_per_s\": %.0f}\n",
        tool.c_str(), t.queries, t.rejected, t.cold_us, t.warm_us, 1e6 / t.warm_us);
}

}  // namespace qdiff::bench
