// Parse throughput of qdiff's SQL front end (lex, parse, lower to the AST), cold and warm, on the
// query files given; bench/sql_vs_peers.sh runs it beside sqlglot and libpg_query.
#include <cstdio>

#include "bench_support.hpp"
#include "qdiff/parse.hpp"

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: sql_parse_bench [--passes N] FILE...\n");
        return 2;
    }
    int passes = 5;
    std::vector<std::string> files;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        if (a == "--passes" && i + 1 < argc) passes = std::stoi(argv[++i]);
        else files.push_back(a);
    }
    auto queries = qdiff::bench::read_queries(files);
    qdiff::ParseOptions options{.language = qdiff::Language::Sql};
    auto timing = qdiff::bench::time_passes(queries, [&](const std::string& q) { return qdiff::parse(q, options).ok(); }, passes);
    qdiff::bench::print_json("qdiff", timing);
}
