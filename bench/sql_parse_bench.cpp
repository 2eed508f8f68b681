// Parse throughput of qdiff's SQL front end (lex, parse, lower to the AST), cold and warm, on the
// query files given; bench/sql_vs_peers.sh runs it beside sqlglot and libpg_query.
#include <cstdio>

#include "bench_support.hpp"
#include "qdiff/dialect.hpp"
#include "qdiff/parse.hpp"

int main(int argc, char** argv) {
    auto args = qdiff::bench::parse_args(argc, argv);
    auto queries = qdiff::bench::read_queries(args.files);
    qdiff::ParseOptions options{.language = qdiff::Language::Sql};
    if (!args.dialect.empty()) {
        auto dialect = qdiff::parse_dialect_name(args.dialect);
        if (!dialect) {
            std::fprintf(stderr, "unknown dialect '%s'\n", args.dialect.c_str());
            return 2;
        }
        options.dialect = *dialect;
    }
    auto timing = qdiff::bench::time_passes(
        queries, [&](const std::string& q) { return qdiff::parse(q, options).ok(); }, args.passes);
    qdiff::bench::print_json("qdiff", timing);
}
