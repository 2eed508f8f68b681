// libpg_query (PostgreSQL's own parser) on the same query files, timed the same way. It parses to
// its JSON parse tree; queries outside PostgreSQL's syntax (backticks) count as rejected.
#include <pg_query.h>

#include <cstdio>

#include "bench_support.hpp"

int main(int argc, char** argv) {
    auto args = qdiff::bench::parse_args(argc, argv);
    auto queries = qdiff::bench::read_queries(args.files);
    auto timing = qdiff::bench::time_passes(
        queries,
        [](const std::string& q) {
            PgQueryParseResult result = pg_query_parse(q.c_str());
            bool ok = result.error == nullptr;
            pg_query_free_parse_result(result);
            return ok;
        },
        args.passes);
    qdiff::bench::print_json("libpg_query", timing);
    pg_query_exit();
}
