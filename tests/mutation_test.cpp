// Mutation test (issue 19): corpus queries with random byte edits, splices of two queries,
// truncations, duplications and dropped spaces, fed through parse, lint, diff and the round-trip
// properties with a fixed seed. It runs in the sanitizer build CI uses, so a crash anywhere on these
// paths fails the suite; it is also CI's fuzz smoke test (tests/fuzz/README.md). The same targets run
// under libFuzzer in the long campaign.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <sstream>

#include "support/corpus.hpp"
#include "tests/fuzz/targets.hpp"

using namespace qdiff;
using qdiff::testing::CorpusQuery;

namespace {

// Fixed: a failure must reproduce. Change it only together with the counts the test asserts.
constexpr uint64_t kSeed = 19;
constexpr size_t kMutantsPerLanguage = 1000;

class Mutator {
public:
    explicit Mutator(uint64_t seed) : rng_(seed) {}

    // One mutant of `text` (`other` is the second query of a splice).
    std::string mutate(const std::string& text, const std::string& other) {
        std::string out = text;
        int edits = 1 + int(below(3));
        for (int i = 0; i < edits; ++i) apply(out, other);
        return out;
    }
    size_t below(size_t n) { return n ? std::uniform_int_distribution<size_t>(0, n - 1)(rng_) : 0; }

private:
    void apply(std::string& s, const std::string& other) {
        switch (below(7)) {
            case 0:
                if (!s.empty()) s[below(s.size())] = byte();
                break;                                                         // replace a byte
            case 1: s.insert(s.begin() + below(s.size() + 1), byte()); break;  // insert a byte
            case 2:
                if (!s.empty()) s.erase(below(s.size()), 1 + below(4));
                break;  // delete bytes
            case 3: s = s.substr(0, below(s.size() + 1)) + other.substr(below(other.size() + 1)); break;  // splice
            case 4: s.resize(below(s.size() + 1)); break;                                                 // truncate
            case 5: {  // duplicate a range
                size_t from = below(s.size() + 1), len = below(s.size() - from + 1);
                s.insert(from, s.substr(from, len));
                break;
            }
            default: {  // drop a space: `timeIS NOT NULL` (issue 19)
                size_t space = s.find(' ', below(s.size() + 1));
                if (space != std::string::npos) s.erase(space, 1);
                break;
            }
        }
    }
    // Bytes that matter to the grammars more often than not, and any byte sometimes.
    char byte() {
        static constexpr std::string_view kSyntax = "()[]{},;.:*=<>!|'\"`$@#-+/%~^&?\\ \n\t0123456789";
        if (below(4) == 0) return char(below(256));
        return kSyntax[below(kSyntax.size())];
    }
    std::mt19937_64 rng_;
};

struct LanguageCorpus {
    const char* name;
    std::vector<CorpusQuery> queries;
    bool sql;                         // its targets take a dialect byte first
    void (*parse)(std::string_view);  // the language's fuzz target
    unsigned roundtrip_mode;          // the roundtrip target's first byte (tests/fuzz/targets/roundtrip.cpp)
};

std::vector<CorpusQuery> concat(std::vector<std::vector<CorpusQuery>> parts) {
    std::vector<CorpusQuery> out;
    for (auto& p : parts) std::move(p.begin(), p.end(), std::back_inserter(out));
    return out;
}

std::vector<LanguageCorpus> languages() {
    using testing::read_jsonl_field;
    using testing::read_query_lines;
    return {
        {"SQL",
         concat({read_query_lines("sql/spider/gold.tsv"), read_query_lines("sql/bird/gold.tsv"),
                 read_query_lines("sql/spider/pred-dailsql-gpt4.sql"),
                 testing::defog_gold("questions_gen_postgres.csv")}),
         true, &fuzz::run_sql, 0},
        {"KQL",
         concat({read_jsonl_field("kql/nl2kql/Sentinel_Evaluation.jsonl", "baseline"),
                 read_jsonl_field("kql/nl2kql/Defender_Evaluation.jsonl", "baseline"),
                 read_jsonl_field("kql/m365-defender/queries.jsonl", "code"),
                 read_jsonl_field("kql/docs/blocks.jsonl", "code")}),
         false, &fuzz::run_kql, fuzz::kKqlMode},
        {"Weaviate",
         concat({read_jsonl_field("weaviate/acceptance/graphql.jsonl", "code"),
                 read_jsonl_field("weaviate/gorilla-graphql/clean-RETRY-WeaviateGorillaGQLDataset.json", "output")}),
         false, &fuzz::run_weaviate, fuzz::kWeaviateMode},
    };
}

}  // namespace

// Crash-freedom and the invariants of parse, lint and diff must hold for every mutant. The round-trip
// properties (print → parse, diff(x, x) == 1) are held to a rate: the mutants that break them are
// listed, and each one found is a bug to fix and then keep in tests/fuzz/crashes/roundtrip/.
TEST_CASE("mutated corpus queries never crash parse, lint or diff, and keep the round-trip properties",
          "[mutation][corpus]") {
    QDIFF_REQUIRE_CORPUS();
    Mutator mutator(kSeed);
    for (const LanguageCorpus& language : languages()) {
        INFO(language.name);
        REQUIRE(language.queries.size() > 100);
        size_t violations = 0, roundtrip_violations = 0;
        std::ostringstream report;
        for (size_t i = 0; i < kMutantsPerLanguage; ++i) {
            const std::string& base = language.queries[mutator.below(language.queries.size())].text;
            const std::string& other = language.queries[mutator.below(language.queries.size())].text;
            const std::string mutant = mutator.mutate(base, other);
            const std::string dialect(1, char(mutator.below(fuzz::kDialects)));
            const std::string mode = language.sql ? dialect : std::string(1, char(language.roundtrip_mode));
            try {
                language.parse(language.sql ? dialect + mutant : mutant);
                fuzz::run_lint(dialect + mutant);
                fuzz::run_diff(base + '\0' + mutant);
            } catch (const fuzz::PropertyViolation& e) {
                if (++violations <= 5) report << "\n-- mutant " << i << ":\n" << e.what() << "\n";
            }
            try {
                fuzz::run_roundtrip(mode + mutant);
            } catch (const fuzz::PropertyViolation& e) {
                if (++roundtrip_violations <= 5)
                    report << "\n-- mutant " << i << " (round trip):\n" << e.what() << "\n";
            }
        }
        if (violations + roundtrip_violations) WARN(language.name << ":" << report.str());
        CHECK(violations == 0);
        CHECK(roundtrip_violations <= kMutantsPerLanguage / 100);
    }
}
