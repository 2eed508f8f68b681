// Lint throughput on the Spider predictions (sql/spider/pred.sql, line i linted against the database
// of gold.tsv line i, schemas from tables.json), single thread. Prints, side by side in one run:
// lint alone over already parsed queries, parse alone, and parse + lint, in queries per second, and
// the share lint adds to parsing.
//
//   lint_bench [--passes N] [--corpus DIR] [PREDICTIONS]
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "qdiff/lint.hpp"

namespace {

std::vector<std::string> lines(const std::filesystem::path& p) {
    std::vector<std::string> out;
    std::ifstream in(p);
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
}

template <class F>
double best_seconds(int passes, F&& pass) {
    double best = 1e300;
    for (int i = 0; i < passes; ++i) {
        auto t0 = std::chrono::steady_clock::now();
        pass();
        best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    }
    return best;
}

}  // namespace

int main(int argc, char** argv) {
    using namespace qdiff;
    int passes = 5;
    std::filesystem::path corpus = std::filesystem::path(QDIFF_CORPUS_DIR) / "sql/spider";
    std::string predictions = "pred.sql";
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--passes") && i + 1 < argc)
            passes = std::atoi(argv[++i]);
        else if (!std::strcmp(argv[i], "--corpus") && i + 1 < argc)
            corpus = argv[++i];
        else
            predictions = argv[i];
    }
    std::vector<std::string> gold = lines(corpus / "gold.tsv");
    std::vector<std::string> queries = lines(corpus / predictions);
    if (gold.empty() || gold.size() != queries.size()) {
        std::fprintf(stderr, "need %s and gold.tsv with one line each per case under %s\n", predictions.c_str(),
                     corpus.c_str());
        return 2;
    }
    std::map<std::string, Schema> schemas;
    std::vector<const Schema*> schema_of;
    for (const std::string& g : gold) {
        std::string db = g.substr(g.rfind('\t') + 1);
        if (!schemas.count(db)) {
            SchemaLoadResult r = load_schema((corpus / "tables.json").string(), db);
            if (!r.schema) {
                std::fprintf(stderr, "cannot load %s from tables.json\n", db.c_str());
                return 2;
            }
            schemas.emplace(db, std::move(*r.schema));
        }
        schema_of.push_back(&schemas.at(db));
    }
    ParseOptions po;
    po.language = Language::Sql;
    po.dialect = Dialect::Sqlite;
    std::vector<ParseResult> parsed;
    for (const std::string& q : queries) parsed.push_back(parse(q, po));  // also warms the parser's DFA

    size_t errors = 0;
    auto lint_all = [&] {
        errors = 0;
        for (size_t i = 0; i < parsed.size(); ++i) {
            LintOptions lo;
            lo.schema = schema_of[i];
            lo.dialect = Dialect::Sqlite;
            errors += !lint(parsed[i], lo).valid;
        }
    };
    auto parse_all = [&] {
        for (const std::string& q : queries) parse(q, po);
    };
    auto both = [&] {
        for (size_t i = 0; i < queries.size(); ++i) {
            LintOptions lo;
            lo.schema = schema_of[i];
            lo.dialect = Dialect::Sqlite;
            lint(parse(queries[i], po), lo);
        }
    };
    double n = static_cast<double>(queries.size());
    double lint_s = best_seconds(passes, lint_all);
    double parse_s = best_seconds(passes, parse_all);
    double both_s = best_seconds(passes, both);
    std::printf("lint_bench %s: %zu queries, best of %d passes, 1 thread (%zu invalid)\n", predictions.c_str(),
                queries.size(), passes, errors);
    std::printf("  lint only     : %10.0f queries/s (%.2f us/query)\n", n / lint_s, 1e6 * lint_s / n);
    std::printf("  parse only    : %10.0f queries/s (%.2f us/query)\n", n / parse_s, 1e6 * parse_s / n);
    std::printf("  parse + lint  : %10.0f queries/s (%.2f us/query)\n", n / both_s, 1e6 * both_s / n);
    std::printf("  lint / parse time ratio: %.3f\n", lint_s / parse_s);
    return 0;
}
