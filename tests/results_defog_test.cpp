// Real data for the results matcher: defog's 11 PostgreSQL databases, loaded into SQLite through the
// dump translation and into a PostgreSQL server the tests start. For every question both gold files
// share, the PostgreSQL gold run on PostgreSQL must match the SQLite gold run on SQLite.
#include <catch2/catch.hpp>
#include <filesystem>
#include <iostream>
#include <map>
#include <set>
#include <sstream>

#include "stages/results/postgres_dump.hpp"
#include "stages/results/results_stage.hpp"
#include "support/corpus.hpp"
#include "support/defog_questions.hpp"
#include "support/postgres_server.hpp"

using namespace qdiff::results;
using qdiff::testing::answer_variants;
using qdiff::testing::shared_questions;
namespace fs = std::filesystem;

TEST_CASE("results defog: variants of defog answers", "[results]") {
    CHECK(answer_variants("SELECT {a.x, a.y}, n FROM a GROUP BY {};SELECT 1;") ==
          std::vector<std::string>{"SELECT a.x, n FROM a GROUP BY a.x", "SELECT  a.y, n FROM a GROUP BY  a.y",
                                   "SELECT a.x, a.y, n FROM a GROUP BY a.x, a.y", "SELECT 1"});
}

TEST_CASE("results defog: PostgreSQL gold on PostgreSQL matches SQLite gold on SQLite", "[results][corpus]") {
    QDIFF_REQUIRE_CORPUS();
    std::string why;
    auto* server = qdiff::testing::PostgresServer::shared(why);
    if (!server) {
        WARN("skipped: " << why);
        return;
    }
    std::string pattern = (fs::temp_directory_path() / "qdiff-defog-XXXXXX").string();
    REQUIRE(mkdtemp(pattern.data()));
    const fs::path scratch = pattern;
    std::map<std::string, std::string> sqlite_files;
    for (const auto& entry : fs::directory_iterator(qdiff::testing::corpus_dir() / "sql/defog/databases")) {
        if (entry.path().extension() != ".sql") continue;
        std::string name = entry.path().stem().string(), dump = qdiff::testing::read_file(entry.path());
        std::string file = (scratch / (name + ".sqlite")).string();
        INFO(name);
        REQUIRE(build_sqlite_from_postgres_dump(dump, file) == "");
        sqlite_files[name] = file;
        REQUIRE(server->admin_exec("postgres", "CREATE DATABASE " + name) == "");
        REQUIRE(server->admin_exec(name, dump) == "");
        std::string schemas =
            server->admin_value(name,
                                "SELECT string_agg(quote_ident(nspname), ', ') FROM pg_namespace "
                                "WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema'");
        REQUIRE(server->admin_exec(name, "GRANT USAGE ON SCHEMA " + schemas +
                                             " TO reader; GRANT SELECT ON ALL TABLES IN SCHEMA " + schemas +
                                             " TO reader") == "");
    }
    REQUIRE(sqlite_files.size() == 11);

    const auto questions = shared_questions();
    REQUIRE(questions.size() >= 200);
    const ExecLimits limits{10, 100000};
    size_t matched = 0;
    std::vector<std::string> mismatches;
    for (const auto& q : questions) {
        std::vector<ExecResult> postgres_results;
        for (const auto& sql : q.postgres)
            postgres_results.push_back(execute_postgres(server->reader_uri(q.db), sql, limits));
        std::string reason = "no answer ran";
        bool found = false;
        for (const auto& sqlite_sql : q.sqlite) {
            auto expected = execute_sqlite(sqlite_files.at(q.db), sqlite_sql, limits);
            if (expected.status != ExecStatus::Ok) {
                reason = "SQLite gold fails: " + expected.error;
                continue;
            }
            auto order = result_order(sqlite_sql, qdiff::Language::Sql, qdiff::Dialect::Sqlite);
            for (size_t k = 0; k < postgres_results.size() && !found; ++k) {
                if (postgres_results[k].status != ExecStatus::Ok) {
                    reason = "PostgreSQL gold fails: " + postgres_results[k].error;
                    continue;
                }
                auto c = compare_results(expected.result, postgres_results[k].result, order.ordered, MatchMode::F1,
                                         1e-6, order.keys);
                if (c.score == 1.0)
                    found = true;
                else
                    reason = "score " + std::to_string(c.score) + ": " + c.explanation;
            }
            if (found) break;
        }
        if (found)
            ++matched;
        else
            mismatches.push_back(q.db + ": " + q.question + "\n    " + reason);
    }
    std::error_code ignored;
    fs::remove_all(scratch, ignored);
    double rate = double(matched) / double(questions.size());
    std::cout << "defog PostgreSQL vs SQLite gold: " << matched << " / " << questions.size() << " match (" << rate * 100
              << "%)\n";
    for (const auto& m : mismatches) std::cout << "  mismatch " << m << "\n";
    CHECK(rate >= 0.9);
}
