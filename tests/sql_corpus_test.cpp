// SQL on real queries written by others: acceptance of gold queries, the identity property (canonical
// text parses back to an equal AST), and agreement with SQLite's own parser on model predictions.
#include <sqlite3.h>

#include <catch2/catch.hpp>
#include <iostream>
#include <regex>
#include <thread>

#include "qdiff/ast_print.hpp"
#include "qdiff/parse.hpp"
#include "support/corpus.hpp"

using namespace qdiff;
using qdiff::testing::CorpusQuery;

namespace {

std::string first_error(const ParseResult& r) {
    for (const Diagnostic& d : r.diagnostics())
        if (d.severity == Severity::Error) {
            LineCol at = r.source().position(d.span.begin);
            return std::string(d.code()) + " at " + std::to_string(at.line) + ":" + std::to_string(at.column) + ": " +
                   d.message;
        }
    return "no diagnostic";
}

// Parses every query; returns the failures, printed with their origin.
size_t count_rejected(const std::string& set, const std::vector<CorpusQuery>& queries, Dialect dialect) {
    size_t rejected = 0;
    for (const CorpusQuery& q : queries) {
        ParseResult r = parse(q.text, {.language = Language::Sql, .dialect = dialect});
        if (!r.ok()) {
            ++rejected;
            std::cout << "[" << set << "] rejected " << q.origin << ": " << first_error(r) << "\n    "
                      << q.text.substr(0, 300) << "\n";
        }
    }
    std::cout << "[" << set << "] accepted " << queries.size() - rejected << " of " << queries.size() << "\n";
    return rejected;
}

// Canonical text must parse back to an equal AST.
size_t count_identity_failures(const std::string& set, const std::vector<CorpusQuery>& queries, Dialect dialect) {
    size_t failures = 0, checked = 0;
    for (const CorpusQuery& q : queries) {
        ParseOptions options{.language = Language::Sql, .dialect = dialect};
        ParseResult first = parse(q.text, options);
        if (!first.ok()) continue;
        ++checked;
        std::string canonical = to_sql(*first.script(), {.dialect = dialect});
        ParseResult second = parse(canonical, options);
        if (second.ok() && ast::equal(first.script(), second.script())) continue;
        ++failures;
        std::cout << "[" << set << "] identity fails " << q.origin << "\n    input:     " << q.text.substr(0, 300)
                  << "\n    canonical: " << canonical.substr(0, 300) << "\n";
        if (!second.ok())
            std::cout << "    reparse: " << first_error(second) << "\n";
        else
            std::cout << "    first:  " << to_sexpr(*first.script()).substr(0, 600)
                      << "\n    second: " << to_sexpr(*second.script()).substr(0, 600) << "\n";
    }
    std::cout << "[" << set << "] identity holds for " << checked - failures << " of " << checked << "\n";
    return failures;
}

struct GoldSet {
    std::string name;
    std::vector<CorpusQuery> queries;
    Dialect dialect;
};

std::vector<GoldSet> gold_sets() {
    using testing::defog_gold;
    using testing::read_query_lines;
    return {
        {"spider-gold", read_query_lines("sql/spider/gold.tsv"), Dialect::Sqlite},
        {"bird-gold", read_query_lines("sql/bird/gold.tsv"), Dialect::Sqlite},
        {"defog-postgres", defog_gold("questions_gen_postgres.csv"), Dialect::Postgres},
        {"defog-instruct-basic", defog_gold("instruct_basic_postgres.csv"), Dialect::Postgres},
        {"defog-instruct-advanced", defog_gold("instruct_advanced_postgres.csv"), Dialect::Postgres},
        {"defog-sqlite", defog_gold("questions_gen_sqlite.csv"), Dialect::Sqlite},
        {"defog-mysql", defog_gold("questions_gen_mysql.csv"), Dialect::Mysql},
        {"defog-tsql", defog_gold("questions_gen_tsql.csv"), Dialect::Tsql},
        {"defog-bigquery", defog_gold("questions_gen_bigquery.csv"), Dialect::Bigquery},
        {"defog-snowflake", defog_gold("questions_gen_snowflake.csv"), Dialect::Snowflake},
    };
}

}  // namespace

TEST_CASE("every SQL gold query of the corpora parses", "[sql][corpus]") {
    QDIFF_REQUIRE_CORPUS();
    for (const GoldSet& set : gold_sets()) {
        INFO(set.name);
        REQUIRE(set.queries.size() > 30);  // the file was read
        CHECK(count_rejected(set.name, set.queries, set.dialect) == 0);
    }
}

TEST_CASE("canonical SQL parses back to an equal AST on every gold query", "[sql][corpus][identity]") {
    QDIFF_REQUIRE_CORPUS();
    for (const GoldSet& set : gold_sets()) {
        INFO(set.name);
        CHECK(count_identity_failures(set.name, set.queries, set.dialect) == 0);
    }
}

TEST_CASE("the SQL examples of the seed documents parse", "[sql][seeds]") {
    std::vector<std::string> queries = {
        "SELECT AVG(oee_percentage) FROM kpi_overall_equipment_efficiency_data WHERE furnace_no = 1",
        "SELECT date, AVG(production_efficiency_percentage) FROM t WHERE EXTRACT(MONTH FROM date) = 7 GROUP BY date "
        "ORDER BY date LIMIT 100",
        "SELECT COUNT(furnace_no) AS furnace_age FROM furnace_furnaceconfig WHERE created_at <= CURRENT_DATE - "
        "INTERVAL '1 year'",
        "SELECT level, COUNT(*) FROM Traces WHERE timestamp > NOW() - INTERVAL '1 hour' GROUP BY level",
    };
    // The pgvector ranking query of seed 003, taken from the document itself when it is there.
    std::string seed = testing::read_file(testing::corpus_dir() / "../seeds/003_10de9cd28e80b1a0.txt");
    std::smatch block;
    if (std::regex_search(seed, block, std::regex("```sql\\n([\\s\\S]*?)```")))
        queries.push_back(block[1]);
    else
        WARN("seed 003 not found; its pgvector query is checked from the bundled example");
    queries.push_back(
        testing::read_file(std::filesystem::path(QDIFF_SOURCE_DIR) / "corpus/examples/pgvector_ranking.sql"));
    for (const std::string& q : queries) {
        INFO(q);
        ParseResult r = parse(q, {.language = Language::Sql, .dialect = Dialect::Postgres});
        CHECK(r.ok());
        if (r.ok()) CHECK(ast::equal(r.script(), parse(to_sql(*r.script()), {.language = Language::Sql}).script()));
    }
}

namespace {

// SQLite's verdict: prepare every statement of the text against an empty database, as the sqlite3
// shell does; only a syntax error rejects (no such table / column means the syntax was fine).
bool sqlite_accepts(sqlite3* db, const std::string& sql, std::string& message) {
    const char* next = sql.c_str();
    const char* end = next + sql.size();
    while (next < end) {
        sqlite3_stmt* statement = nullptr;
        const char* tail = nullptr;
        int rc = sqlite3_prepare_v2(db, next, static_cast<int>(end - next), &statement, &tail);
        sqlite3_finalize(statement);
        if (rc != SQLITE_OK) {
            message = sqlite3_errmsg(db);
            if (message.find("syntax error") != std::string::npos ||
                message.find("incomplete input") != std::string::npos ||
                message.find("unrecognized token") != std::string::npos)
                return false;
        }
        if (!tail || tail == next) break;
        next = tail;
    }
    return true;
}

}  // namespace

TEST_CASE("accept/reject agrees with SQLite's parser on model predictions", "[sql][corpus][sqlite]") {
    QDIFF_REQUIRE_CORPUS();
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(":memory:", &db) == SQLITE_OK);
    for (std::string file :
         {"sql/spider/pred.sql", "sql/spider/pred-dailsql-gpt4.sql", "sql/bird/pred-dailsql-gpt4.sql"}) {
        auto queries = testing::read_query_lines(file);
        REQUIRE(queries.size() > 1000);
        size_t agree = 0, we_only = 0, sqlite_only = 0;
        for (const CorpusQuery& q : queries) {
            std::string message;
            bool sqlite = sqlite_accepts(db, q.text, message);
            ParseResult r = parse(q.text, {.language = Language::Sql, .dialect = Dialect::Sqlite});
            if (r.ok() == sqlite) {
                ++agree;
                continue;
            }
            (r.ok() ? we_only : sqlite_only)++;
            std::cout << "[" << file << "] disagreement " << q.origin << ": we " << (r.ok() ? "accept" : "reject")
                      << ", SQLite " << (sqlite ? "accepts" : "rejects: " + message)
                      << (r.ok() ? "" : "; ours: " + first_error(r)) << "\n    " << q.text.substr(0, 300) << "\n";
        }
        double rate = static_cast<double>(agree) / static_cast<double>(queries.size());
        std::cout << "[" << file << "] agreement " << agree << "/" << queries.size() << " = " << rate * 100
                  << "% (we accept, SQLite rejects: " << we_only << "; we reject, SQLite accepts: " << sqlite_only
                  << ")\n";
        INFO(file);
        CHECK(rate >= 0.99);
    }
    sqlite3_close(db);
}

// The front end keeps one lexer/parser per thread and pools tree nodes per thread; the DFA cache is
// shared. Four threads parsing the same gold queries at once must each get the single-threaded ASTs
// (with spans: the S-expression printer shows them) and diagnostics.
TEST_CASE("SQL parses from several threads at once give the single-threaded results", "[sql][corpus][threads]") {
    QDIFF_REQUIRE_CORPUS();
    std::vector<std::string> queries;
    for (const auto& q : testing::read_query_lines("sql/bird/gold.tsv")) queries.push_back(q.text);
    queries.push_back("SELECT * FORM t");  // a syntax error: the LL stage and its diagnostics
    ParseOptions options{.language = Language::Sql};
    PrintOptions with_spans{.spans = true};
    auto render = [&](const std::string& q) {
        ParseResult r = parse(q, options);
        std::string out = r.script() ? to_sexpr(*r.script(), with_spans) : "rejected";
        for (const auto& d : r.diagnostics()) out += "\n" + d.message;
        return out;
    };
    std::vector<std::string> expected;
    for (const auto& q : queries) expected.push_back(render(q));
    constexpr size_t kThreads = 4;
    std::vector<size_t> mismatches(kThreads, 0);
    std::vector<std::thread> threads;
    for (size_t t = 0; t < kThreads; ++t)
        threads.emplace_back([&, t] {
            // Each thread starts at another query, so that different texts are parsed at once.
            for (size_t k = 0; k < queries.size(); ++k) {
                size_t i = (k + t * queries.size() / kThreads) % queries.size();
                if (render(queries[i]) != expected[i]) ++mismatches[t];
            }
        });
    for (auto& thread : threads) thread.join();
    for (size_t t = 0; t < kThreads; ++t) CHECK(mismatches[t] == 0);
    CHECK(expected.back().find("FORM") != std::string::npos);
}
