// Synthesized databases against real data: on defog's databases (loaded into SQLite from their
// dumps), the `--db synth` verdict of a pair of queries is compared with the verdict of running both
// on the real database, for defog's gold alternatives and for wrong variants of the gold (one operator,
// order, DISTINCT, aggregate, limit or filter changed). Reports agreement, false "equal" (synth equal,
// real different) and false "different" (synth different, real equal) separately. The CI test runs two
// databases; `[.synth-defog]` runs all eleven and prints the numbers of the closing note.
#include <unistd.h>
#include <catch2/catch.hpp>
#include <filesystem>
#include <iostream>
#include <map>
#include <regex>
#include <set>

#include "qdiff/parse.hpp"
#include "stages/results/postgres_dump.hpp"
#include "stages/results/results_stage.hpp"
#include "stages/results/synth/shrink.hpp"
#include "stages/results/synth/synth.hpp"
#include "support/corpus.hpp"
#include "support/defog_questions.hpp"

using namespace qdiff;
using namespace qdiff::results;
namespace fs = std::filesystem;

namespace {

// Wrong variants of a gold query: each rewrite applies to the first place it matches.
std::vector<std::pair<std::string, std::string>> wrong_variants(const std::string& gold) {
    static const std::pair<const char*, const char*> rewrites[] = {
        {R"( > )", " >= "},
        {R"( < )", " <= "},
        {R"( >= )", " > "},
        {R"( = ')", " <> '"},
        {R"(\bDESC\b)", "ASC"},
        {R"(\bASC\b)", "DESC"},
        {R"(SELECT DISTINCT )", "SELECT "},
        {R"(COUNT\(DISTINCT )", "COUNT("},
        {R"(\bMAX\()", "MIN("},
        {R"(\bSUM\()", "AVG("},
        {R"( AND )", " OR "},
        {R"(\bWHERE )", "WHERE 1 = 1 OR "},
        {R"(LIMIT (\d+))", "LIMIT $1 + 1"},
        {R"(\bLEFT JOIN\b)", "JOIN"},
    };
    std::vector<std::pair<std::string, std::string>> out;
    for (const auto& [pattern, replacement] : rewrites) {
        std::regex re(pattern, std::regex::icase);
        std::string changed = std::regex_replace(gold, re, replacement, std::regex_constants::format_first_only);
        if (changed != gold) out.emplace_back(pattern, changed);
    }
    return out;
}

struct Tally {
    std::map<std::string, std::map<std::string, size_t>> by_real;  // real verdict -> synth verdict -> pairs
    std::vector<std::string> false_equal, false_different;
    size_t decided() const {
        size_t n = 0;
        for (const auto& [real, synth] : by_real)
            for (const auto& [verdict, count] : synth) n += verdict == "equal" || verdict == "different" ? count : 0;
        return n;
    }
    size_t count(const std::string& real, const std::string& synth) const {
        auto r = by_real.find(real);
        if (r == by_real.end()) return 0;
        auto s = r->second.find(synth);
        return s == r->second.end() ? 0 : s->second;
    }
};

std::string sqlite_file_for(const std::string& db, const fs::path& scratch) {
    fs::path file = scratch / (db + ".sqlite");
    if (!fs::exists(file)) {
        std::string dump = testing::read_file(testing::corpus_dir() / "sql/defog/databases" / (db + ".sql"));
        REQUIRE(build_sqlite_from_postgres_dump(dump, file.string()) == "");
    }
    return file.string();
}

void judge_pair(const std::string& kind, const std::string& db_file, const Schema& schema, const std::string& expected,
                const std::string& generated, Tally& tally) {
    ParseOptions options{.language = Language::Sql, .dialect = Dialect::Sqlite};
    ParseResult e = parse(expected, options), g = parse(generated, options);
    ResultOrder order = result_order(e);
    const ExecLimits limits{10, 100000};
    ExecResult real_expected = execute_sqlite(db_file, expected, limits);
    if (real_expected.status != ExecStatus::Ok) return;
    ExecResult real_generated = execute_sqlite(db_file, generated, limits);
    std::string real = "error";
    if (real_generated.status == ExecStatus::Ok)
        real = synth::separates(real_expected.result, real_generated.result, {order.ordered, order.keys, 1e-6})
                   ? "different"
                   : "equal";
    synth::SynthOutcome outcome =
        synth::compare_on_synthesized(schema, expected, e, generated, g, order.ordered, order.keys, {});
    std::string verdict(synth::verdict_name(outcome.verdict));
    ++tally.by_real[kind + " " + real][verdict];
    if (verdict == "equal" && real == "different")
        tally.false_equal.push_back(kind + ": " + expected + "\n      vs " + generated);
    if (verdict == "different" && real == "equal")
        tally.false_different.push_back(kind + ": " + expected + "\n      vs " + generated + "\n      " +
                                        outcome.reason);
}

Tally run_agreement(const std::set<std::string>& databases) {
    std::string pattern = (fs::temp_directory_path() / "qdiff-synth-defog-XXXXXX").string();
    REQUIRE(mkdtemp(pattern.data()));
    const fs::path scratch = pattern;
    std::map<std::string, Schema> schemas;
    Tally tally;
    for (const testing::Question& q : testing::shared_questions()) {
        if (!databases.empty() && !databases.count(q.db)) continue;
        if (q.sqlite.empty()) continue;
        std::string file = sqlite_file_for(q.db, scratch);
        if (!schemas.count(q.db)) {
            SchemaLoadResult loaded = load_schema(file);
            REQUIRE(loaded.schema);
            schemas.emplace(q.db, *loaded.schema);
        }
        const Schema& schema = schemas.at(q.db);
        const std::string& gold = q.sqlite[0];
        for (size_t k = 1; k < q.sqlite.size(); ++k) judge_pair("alternative", file, schema, gold, q.sqlite[k], tally);
        for (const auto& [rewrite, wrong] : wrong_variants(gold))
            judge_pair("variant", file, schema, gold, wrong, tally);
    }
    std::error_code ignored;
    fs::remove_all(scratch, ignored);
    return tally;
}

void report(const Tally& tally) {
    for (const auto& [real, synth] : tally.by_real) {
        std::cout << "  real " << real << ":";
        for (const auto& [verdict, count] : synth) std::cout << " synth " << verdict << " " << count << ";";
        std::cout << "\n";
    }
    std::cout << "  decided by synth: " << tally.decided() << ", false equal " << tally.false_equal.size()
              << ", false different " << tally.false_different.size() << "\n";
    for (const auto& f : tally.false_equal) std::cout << "  FALSE EQUAL " << f << "\n";
    for (const auto& f : tally.false_different) std::cout << "  FALSE DIFFERENT " << f << "\n";
}

}  // namespace

TEST_CASE("synth defog: verdicts agree with the real databases (two databases)", "[results][synth][corpus]") {
    QDIFF_REQUIRE_CORPUS();
    Tally tally = run_agreement({"restaurants", "car_dealership"});
    std::cout << "synth vs real data, defog restaurants + car_dealership:\n";
    report(tally);
    REQUIRE(tally.decided() >= 40);
    // A wrong variant the real data separates must not be called equal.
    CHECK(tally.false_equal.size() * 20 <= tally.decided());
    CHECK(tally.count("variant different", "different") * 10 >=
          6 * (tally.count("variant different", "different") + tally.count("variant different", "equal") +
               tally.count("variant different", "undecided")));
}

TEST_CASE("synth defog: verdicts agree with the real databases (all)", "[.synth-defog]") {
    QDIFF_REQUIRE_CORPUS();
    Tally tally = run_agreement({});
    std::cout << "synth vs real data, all defog databases:\n";
    report(tally);
}
