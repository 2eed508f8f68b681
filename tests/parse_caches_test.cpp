// ANTLR's prediction caches are bounded (parsers/common/antlr_caches.hpp): past the limit they are
// cleared between parses, and parsing goes on with the same results, on several threads at once.
// scripts/tsan_parse_caches.sh runs these tests under ThreadSanitizer.
#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <thread>

#include <catch2/catch.hpp>

#include "parsers/common/antlr_caches.hpp"
#include "qdiff/ast_print.hpp"
#include "qdiff/parse.hpp"

namespace {

using qdiff::Language;
using qdiff::parsers::GrammarCaches;

struct Query {
    Language language;
    std::string text;
};

// The golden SQL and KQL files, and the first half of each (a broken query: the full-LL path and
// error recovery build DFA states of their own).
std::vector<Query> queries() {
    std::vector<Query> out;
    for (auto [folder, extension, language] :
         {std::tuple{"sql/golden", ".sql", Language::Sql}, std::tuple{"kql/golden", ".kql", Language::Kql}}) {
        std::vector<std::filesystem::path> files;
        for (const auto& entry : std::filesystem::directory_iterator(std::string(QDIFF_TEST_DATA_DIR) + "/" + folder))
            if (entry.path().extension() == extension) files.push_back(entry.path());
        std::sort(files.begin(), files.end());
        for (const auto& file : files) {
            std::ifstream in(file);
            std::stringstream text;
            text << in.rdbuf();
            out.push_back({language, text.str()});
            out.push_back({language, text.str().substr(0, text.str().size() / 2)});
        }
    }
    return out;
}

// Everything a parse hands out: the tree, the diagnostics with their places.
std::string fingerprint(const Query& q) {
    qdiff::ParseResult result = qdiff::parse(q.text, {.language = q.language});
    std::string out = result.ok() ? "ok\n" : "failed\n";
    for (const auto& d : result.diagnostics())
        out += std::string(d.code()) + " " + std::to_string(d.span.begin) + "-" + std::to_string(d.span.end) + " " +
               d.message + "\n";
    if (result.script())
        for (const auto* statement : result.script()->statements) out += qdiff::to_sexpr(*statement) + "\n";
    return out;
}

// Restores the process's limit when a test ends.
struct LimitScope {
    size_t saved = qdiff::parse_cache_limit();
    explicit LimitScope(size_t limit) { qdiff::set_parse_cache_limit(limit); }
    ~LimitScope() { qdiff::set_parse_cache_limit(saved); }
};

size_t count_of(const std::vector<Query>& qs, Language language) {
    return static_cast<size_t>(
        std::count_if(qs.begin(), qs.end(), [&](const Query& q) { return q.language == language; }));
}

}  // namespace

TEST_CASE("a parse fills the caches, a clear empties them, and the stats count both", "[parse_caches]") {
    LimitScope unbounded(0);
    qdiff::clear_parse_caches();
    CHECK(qdiff::parse_cache_stats(Language::Sql).bytes == 0);
    CHECK(qdiff::parse_cache_stats(Language::Kql).bytes == 0);
    CHECK(qdiff::parse_cache_stats(Language::Weaviate).bytes == 0);

    const uint64_t sql_parses = qdiff::parse_cache_stats(Language::Sql).parses;
    REQUIRE(qdiff::parse("SELECT a, count(*) FROM t WHERE b > 1 GROUP BY a", {.language = Language::Sql}).ok());
    REQUIRE(qdiff::parse("T | where b > 1 | summarize count() by a", {.language = Language::Kql}).ok());
    auto sql = qdiff::parse_cache_stats(Language::Sql);
    CHECK(sql.bytes > 0);
    CHECK(sql.parses == sql_parses + 1);
    CHECK(qdiff::parse_cache_stats(Language::Kql).bytes > 0);

    qdiff::clear_parse_caches();
    CHECK(qdiff::parse_cache_stats(Language::Sql).bytes == 0);
    CHECK(qdiff::parse_cache_stats(Language::Sql).clears == sql.clears + 1);
    CHECK(qdiff::parse_cache_stats(Language::Kql).bytes == 0);
}

TEST_CASE("past the limit, the caches are cleared at the next check and not before it", "[parse_caches]") {
    const std::string query = "SELECT a FROM t JOIN u ON t.id = u.id WHERE b IN (1, 2) ORDER BY a";
    {
        // Unbounded: checks do nothing.
        LimitScope unbounded(0);
        const uint64_t clears = qdiff::parse_cache_stats(Language::Sql).clears;
        for (uint64_t i = 0; i < 2 * GrammarCaches::kCheckEvery; ++i) qdiff::parse(query, {.language = Language::Sql});
        CHECK(qdiff::parse_cache_stats(Language::Sql).clears == clears);
    }
    {
        // A limit far above what one query needs: no clear either.
        LimitScope roomy(size_t{1} << 40);
        const uint64_t clears = qdiff::parse_cache_stats(Language::Sql).clears;
        for (uint64_t i = 0; i < 2 * GrammarCaches::kCheckEvery; ++i) qdiff::parse(query, {.language = Language::Sql});
        CHECK(qdiff::parse_cache_stats(Language::Sql).clears == clears);
    }
    // One byte: the check after at most kCheckEvery parses clears, and the caches are empty after it.
    LimitScope tiny(1);
    const uint64_t clears = qdiff::parse_cache_stats(Language::Sql).clears;
    const std::string expected = fingerprint({Language::Sql, query});
    uint64_t parses = 0;
    while (qdiff::parse_cache_stats(Language::Sql).clears == clears && parses < GrammarCaches::kCheckEvery) {
        CHECK(fingerprint({Language::Sql, query}) == expected);
        ++parses;
    }
    auto after = qdiff::parse_cache_stats(Language::Sql);
    CHECK(after.clears == clears + 1);
    CHECK(after.bytes == 0);
    // The first parse after the clear is cold, and right.
    CHECK(fingerprint({Language::Sql, query}) == expected);
    CHECK(qdiff::parse_cache_stats(Language::Sql).bytes > 0);
}

TEST_CASE("parses on several threads give the same results while the caches are cleared under them", "[parse_caches]") {
    const std::vector<Query> all = queries();
    REQUIRE(count_of(all, Language::Sql) >= 40);
    REQUIRE(count_of(all, Language::Kql) >= 40);

    // The reference: one thread, caches unbounded.
    std::vector<std::string> expected;
    size_t sql_bytes = 0, kql_bytes = 0;
    {
        LimitScope unbounded(0);
        qdiff::clear_parse_caches();
        for (const Query& q : all) expected.push_back(fingerprint(q));
        sql_bytes = qdiff::parse_cache_stats(Language::Sql).bytes;
        kql_bytes = qdiff::parse_cache_stats(Language::Kql).bytes;
    }
    REQUIRE(sql_bytes > 0);
    REQUIRE(kql_bytes > 0);

    // A quarter of what the queries need: each grammar passes the limit again and again.
    LimitScope quarter(std::min(sql_bytes, kql_bytes) / 4);
    qdiff::clear_parse_caches();
    const uint64_t sql_clears = qdiff::parse_cache_stats(Language::Sql).clears;
    const uint64_t kql_clears = qdiff::parse_cache_stats(Language::Kql).clears;

    constexpr int kThreads = 4;
    // Enough rounds for each grammar to reach several checks (kCheckEvery parses apart) in all.
    const size_t rounds = 1 + 4 * GrammarCaches::kCheckEvery / (kThreads * count_of(all, Language::Kql));
    std::atomic<size_t> mismatches{0}, parsed{0};
    std::atomic<bool> done{false};
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
        threads.emplace_back([&, t] {
            std::vector<size_t> order(all.size());
            for (size_t i = 0; i < order.size(); ++i) order[i] = i;
            std::mt19937 shuffle(static_cast<unsigned>(t));
            for (size_t round = 0; round < rounds; ++round) {
                std::shuffle(order.begin(), order.end(), shuffle);
                for (size_t i : order) {
                    if (fingerprint(all[i]) != expected[i]) ++mismatches;
                    ++parsed;
                }
            }
        });
    }
    // And clears asked for from outside any parse, while the others parse.
    std::thread clearer([&] {
        while (!done.load()) {
            qdiff::clear_parse_caches();
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
    });
    for (auto& t : threads) t.join();
    done = true;
    clearer.join();

    CHECK(parsed == kThreads * rounds * all.size());
    CHECK(mismatches == 0);
    auto sql = qdiff::parse_cache_stats(Language::Sql);
    auto kql = qdiff::parse_cache_stats(Language::Kql);
    CHECK(sql.clears > sql_clears + 1);
    CHECK(kql.clears > kql_clears + 1);

    // Without the outside clears, the limit alone: clears happen at the checks.
    done = false;
    const uint64_t sql_checked = sql.clears, kql_checked = kql.clears;
    threads.clear();
    for (int t = 0; t < kThreads; ++t) {
        threads.emplace_back([&, t] {
            for (size_t round = 0; round < rounds; ++round)
                for (size_t k = 0; k < all.size(); ++k) {
                    size_t i = (k + static_cast<size_t>(t) * 7) % all.size();
                    if (fingerprint(all[i]) != expected[i]) ++mismatches;
                }
        });
    }
    for (auto& t : threads) t.join();
    CHECK(mismatches == 0);
    CHECK(qdiff::parse_cache_stats(Language::Sql).clears > sql_checked);
    CHECK(qdiff::parse_cache_stats(Language::Kql).clears > kql_checked);
}
