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
#include "support/postgres_server.hpp"

using namespace qdiff::results;
namespace fs = std::filesystem;

namespace {

// defog's answers: several separated by `;`, and `{a, b}` column alternatives where `{}` repeats the
// last choice. Every answer becomes one query per alternative position, plus one with all of them.
std::vector<std::string> answer_variants(const std::string& cell) {
    std::vector<std::string> out;
    std::stringstream answers(cell);
    for (std::string answer; std::getline(answers, answer, ';');) {
        if (answer.find_first_not_of(" \t\r\n") == std::string::npos) continue;
        size_t most = 1;
        for (size_t open = answer.find('{'); open != std::string::npos; open = answer.find('{', open + 1))
            most = std::max<size_t>(most, 1 + std::count(answer.begin() + open, answer.begin() + answer.find('}', open), ','));
        std::set<std::string> unique;
        for (size_t choice = 0; choice <= most; ++choice) {  // choice == most: all alternatives
            std::string query, chosen;
            for (size_t i = 0; i < answer.size(); ++i) {
                if (answer[i] != '{') { query += answer[i]; continue; }
                size_t close = answer.find('}', i);
                std::string inner = answer.substr(i + 1, close - i - 1);
                if (inner.find_first_not_of(' ') != std::string::npos) {
                    std::vector<std::string> alternatives;
                    std::stringstream parts(inner);
                    for (std::string part; std::getline(parts, part, ',');) alternatives.push_back(part);
                    chosen = choice < most ? alternatives[std::min(choice, alternatives.size() - 1)] : inner;
                }
                query += chosen;
                i = close;
            }
            if (unique.insert(query).second) out.push_back(query);
        }
    }
    return out;
}

struct Question {
    std::string db, question;
    std::vector<std::string> postgres, sqlite;
};

std::vector<Question> shared_questions() {
    auto read = [](const std::string& file) {
        std::map<std::pair<std::string, std::string>, std::string> by_question;
        auto rows = qdiff::testing::read_csv(qdiff::testing::corpus_dir() / "sql/defog" / file);
        std::map<std::string, size_t> column;
        for (size_t i = 0; i < rows[0].size(); ++i) column[rows[0][i]] = i;
        for (size_t r = 1; r < rows.size(); ++r)
            by_question[{rows[r][column.at("db_name")], rows[r][column.at("question")]}] = rows[r][column.at("query")];
        return by_question;
    };
    auto postgres = read("questions_gen_postgres.csv");
    auto sqlite = read("questions_gen_sqlite.csv");
    std::vector<Question> out;
    for (const auto& [key, query] : postgres)
        if (auto it = sqlite.find(key); it != sqlite.end())
            out.push_back({key.first, key.second, answer_variants(query), answer_variants(it->second)});
    return out;
}

}  // namespace

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
        std::string schemas = server->admin_value(name,
            "SELECT string_agg(quote_ident(nspname), ', ') FROM pg_namespace "
            "WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema'");
        REQUIRE(server->admin_exec(name, "GRANT USAGE ON SCHEMA " + schemas + " TO reader; GRANT SELECT ON ALL TABLES IN SCHEMA " +
                                             schemas + " TO reader") == "");
    }
    REQUIRE(sqlite_files.size() == 11);

    const auto questions = shared_questions();
    REQUIRE(questions.size() >= 200);
    const ExecLimits limits{10, 100000};
    size_t matched = 0;
    std::vector<std::string> mismatches;
    for (const auto& q : questions) {
        std::vector<ExecResult> postgres_results;
        for (const auto& sql : q.postgres) postgres_results.push_back(execute_postgres(server->reader_uri(q.db), sql, limits));
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
                auto c = compare_results(expected.result, postgres_results[k].result, order.ordered, MatchMode::F1, 1e-6,
                                         order.keys);
                if (c.score == 1.0) found = true;
                else reason = "score " + std::to_string(c.score) + ": " + c.explanation;
            }
            if (found) break;
        }
        if (found) ++matched;
        else mismatches.push_back(q.db + ": " + q.question + "\n    " + reason);
    }
    std::error_code ignored;
    fs::remove_all(scratch, ignored);
    double rate = double(matched) / double(questions.size());
    std::cout << "defog PostgreSQL vs SQLite gold: " << matched << " / " << questions.size() << " match (" << rate * 100
              << "%)\n";
    for (const auto& m : mismatches) std::cout << "  mismatch " << m << "\n";
    CHECK(rate >= 0.9);
}
