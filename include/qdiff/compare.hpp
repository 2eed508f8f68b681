// compare(): two query texts in, a score with its explanation out. It parses both, picks the profile,
// normalizes under the options, diffs, and says why a side that does not parse scores 0. `qdiff diff`,
// `qdiff serve`, diff_pairs and the Python module are adapters over it.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "qdiff/diff.hpp"
#include "qdiff/parse.hpp"
#include "qdiff/schema_facts.hpp"

namespace qdiff {

// What a score is for when no profile is named: a diff explains every component; a batch verdict
// estimates whether the generated query returns the expected rows.
enum class ProfileUse : uint8_t { Diff, Batch };

// weaviate-ast for two Weaviate queries (the published metric's components); otherwise `full` for a
// diff (SQL and KQL have the projection, joins, order and limit that weaviate-ast leaves out) and
// `execution` for a batch verdict (SCORING.md, "The execution profile").
std::string_view default_profile_name(Language expected, Language generated, ProfileUse use);

// A built-in profile, loaded once per process and shared (thread-safe); throws std::runtime_error
// naming the built-in ones for an unknown name. For a file too: load_profile (diff.hpp).
std::shared_ptr<const Profile> builtin_profile(std::string_view name);

// The options every front end shares (`qdiff diff`, `qdiff serve`, `qdiff batch`, Python).
struct CompareOptions {
    Language language = Language::Auto;        // of both queries (Auto: each one's is detected)...
    std::optional<Language> expected_language;  // ...unless the expected one's is given apart
    Dialect dialect = Dialect::Generic;  // generic accepts the union of the dialects; Auto guesses each
    std::shared_ptr<const Profile> profile;     // null: default_profile_name(..., use) of the two languages
    ProfileUse use = ProfileUse::Diff;
    std::vector<std::string> normalize_off;  // normalization rules switched off (SCORING.md, "The rule registry")
    // The tables both queries read: keys, NOT NULL columns and foreign keys make more spellings equal.
    std::shared_ptr<const SchemaFacts> schema;
    std::string expected_name = "expected";  // the names diagnostics give the two texts
    std::string generated_name = "generated";
};

// The options above that front ends take by name (compare_options.def), as text.
enum class CompareOption : uint8_t {
#define QDIFF_COMPARE_OPTION(Id, name, value, help) Id,
#include "qdiff/compare_options.def"
};
struct CompareOptionInfo {
    CompareOption option;
    std::string name;   // `--name` on the command line; `name` with '_' for '-' in serve's JSON and in Python
    std::string value;  // the form of its value, for help texts: "auto|sql|kql|weaviate"
    std::string help;
};
const std::vector<CompareOptionInfo>& compare_option_infos();
const CompareOptionInfo* find_compare_option(std::string_view name);  // by either spelling; null if none
// Sets one option from its text, as every front end reads it; a repeated normalize-off adds to the
// list. Returns "" or what is wrong, naming the values allowed ("unknown dialect 'x' (generic, ...)").
std::string set_compare_option(CompareOptions& options, CompareOption option, std::string_view value);

struct Comparison {
    ParseResult expected;
    ParseResult generated;
    std::shared_ptr<const Profile> profile;  // the one that scores (named also when a side does not parse)
    std::optional<DiffResult> result;        // when both queries parse
    // When a query does not parse, one reason per side that failed: "the generated query does not parse
    // (2 errors): scored 0".
    std::vector<std::string> failures;

    bool ok() const { return result.has_value(); }
    double score() const { return result ? result->score : 0.0; }
};

Comparison compare(std::string expected, std::string generated, const CompareOptions& options = {});
// The same on texts already parsed (the options' languages, dialect and names are then unused).
Comparison compare(ParseResult expected, ParseResult generated, const CompareOptions& options = {});
// What compare() does once both queries parse, under a profile of the caller's choosing (a batch also
// scores under the verdict's model): `expected` and `generated` must both be ok().
DiffResult diff_parsed(const ParseResult& expected, const ParseResult& generated, const Profile& profile,
                       const CompareOptions& options);

// The document of `qdiff diff --format json` (README.md, "qdiff diff"): the explanation and both sides'
// diagnostics; for a side that does not parse {"score": 0.0, "ok": false, "profile", "reasons", "diagnostics"}.
std::string to_json(const Comparison& comparison);
// The text of `qdiff diff` on standard output: the explanation, or "score 0.000 (profile P)" and the
// failures. The diagnostics are not in it (render_text them; `qdiff diff` writes them on standard error).
std::string to_text(const Comparison& comparison);

// ---- many pairs on all cores ---------------------------------------------------------------------

// One (expected, generated) pair to score; Language::Auto detects each text's language.
struct PairInput {
    std::string expected;
    std::string generated;
    Language expected_language = Language::Auto;
    Language generated_language = Language::Auto;
    Dialect dialect = Dialect::Generic;
};

// The outcome of one pair: scored (`ok`), or why not. Never dropped: diff_pairs returns one per input.
struct PairScore {
    bool ok = false;
    DiffResult result;  // when ok
    // Both texts, for line/column lookups of the spans in `result` and in the diagnostics.
    std::shared_ptr<const SourceText> expected_source;
    std::shared_ptr<const SourceText> generated_source;
    std::vector<Diagnostic> expected_diagnostics;  // syntax errors of a text that does not parse
    std::vector<Diagnostic> generated_diagnostics;
    std::string error;  // when not ok: which side does not parse, or what failed
};

// compare() on every pair, independently, on `threads` threads (0: every core), with the pair's languages
// and dialect and the rest of `options`; results are in input order and identical whatever the thread count.
std::vector<PairScore> diff_pairs(const std::vector<PairInput>& pairs, const CompareOptions& options,
                                  unsigned threads = 0);
std::vector<PairScore> diff_pairs(const std::vector<PairInput>& pairs, const Profile& profile, unsigned threads = 0);

}  // namespace qdiff
