// The verdict of one case from all its evidence: the structural differences after normalization, what
// the results stage found on real or synthesized databases (and which kind of database separated the
// queries), the generated query's lint errors and the judge (SCORING.md, "The verdict").
//
// The probability is a two-stage logistic model that `qdiff calibrate` fits: the execution profile's
// structural model gives the structural log-odds; the evidence model adds, for the kind of results
// evidence there is, a shift and a change of slope on those log-odds, and a weight per lint error and
// for the judge. Without any evidence the probability is the structural one.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "qdiff/diff.hpp"
#include "qdiff/stage.hpp"

namespace qdiff::scoring {

// What the results stage says about the pair, for real and synthesized databases alike.
enum class ResultsEvidenceKind : uint8_t {
    None,              // no results stage, or it could not compare (no database, no expected result)
    Undecided,         // it ran but nothing was tested (synthesized data the queries never reached)
    NoDifference,      // the same result on every database tried
    DiffersEdgeCases,  // different only on edge-case synthesized databases (NULLs, duplicates, ties, ...)
    Differs,           // different on plain synthesized data or on the real database
    CannotRun,         // the generated query fails or times out where the expected one runs
};

std::string_view results_evidence_kind_name(ResultsEvidenceKind k);  // "none", "undecided", "no_difference", ...
std::optional<ResultsEvidenceKind> parse_results_evidence_kind(std::string_view name);

struct ResultsEvidence {
    ResultsEvidenceKind kind = ResultsEvidenceKind::None;
    bool synthesized = false;
    size_t databases = 0;          // databases the queries ran on
    std::string separating_kind;   // the kind of the database that separated them ("plain", "nulls", ...)
    std::string rounding{};        // no difference: numbers that agree only within the tolerance, and where
    // Synthesized databases under `--results-mode set` (BIRD's execution accuracy on one real database):
    // a difference only edge-case databases show lets the case pass when it is probable enough. Otherwise
    // (test-suite accuracy, where every database of the suite counts) it fails the case.
    bool edge_cases_weighed = false;
    std::string explanation;       // the stage's reason: the counterexample or the error
};

// Reads the results stage's result (StageKind::Results).
ResultsEvidence results_evidence(const StageResult& results);

// Where columns compare by position (BIRD's tuples, `--positional-columns`): a reason naming two select-list
// items the diff paired that stand in the other order in the generated query, or "" when none do or the
// order cannot be told (items that share a span, as a star's columns do, or a text that repeats, as in a
// UNION's branches).
std::string columns_out_of_position(const DiffResult& diff);

enum class VerdictKind : uint8_t {
    Equivalent,          // equal after normalization
    NoDifferenceFound,   // equal on every database tried
    DiffersOnEdgeCases,  // differs only on edge-case synthesized databases
    Different,           // a database separates them (a counterexample), or no relation in common
    CannotRun,           // the generated query does not parse, or fails where the expected one runs
    Unknown,             // no results evidence decided it: the structural model's estimate
};
std::string_view verdict_kind_name(VerdictKind k);  // "equivalent", "no_difference_found", ...

// The reason a query does not parse, as the verdict and the seed's total both give it: "the generated
// query does not parse: 1:8: ..." (`side` is "expected" or "generated"; no ": ..." without an error).
std::string does_not_parse_reason(std::string_view side, const std::string& first_error);

struct VerdictInputs {
    bool expected_parses = false;
    bool generated_parses = false;
    // Why a query does not parse: its first error, "LINE:COLUMN: message" (empty when it parses).
    std::string expected_parse_error, generated_parse_error;
    // Statements in each script: a generated script with another count than the expected one is said in
    // the reasons (the structure alone blames the extra statement's columns and tables).
    size_t expected_statements = 1, generated_statements = 1;
    // The diff scored with an execution profile (its features), when both parse.
    const DiffResult* diff = nullptr;
    ResultsEvidence results;
    size_t lint_errors = 0;  // error diagnostics of the generated query's lint, syntax errors excluded
    std::optional<double> judge;
};

struct Verdict {
    VerdictKind kind = VerdictKind::Unknown;
    double probability = 0;  // that the generated query returns the expected rows
    std::optional<double> structural_probability;  // the structural model's, when the pair was compared
    std::vector<FeatureContribution> evidence;  // the evidence model's terms with their contributions
    std::vector<std::string> reasons;           // the deciding evidence first
    // Under test-suite semantics an edge-case database separated the queries: the case fails whatever
    // the probability (which still estimates agreement on real data, where such rows are rare).
    bool fails_by_counterexample = false;
};

// The evidence model's features, in reporting order.
const std::vector<std::string>& evidence_feature_names();

// The evidence features of one case: the indicator of its results evidence kind (synthesized and real
// databases apart), for synthesized evidence the structural log-odds under it (".structure", a change of
// slope), the lint errors (at most 3) and the judge's score minus 0.5. A difference only edge cases show
// is "no difference found" on the plain databases less a weight for the kind of edge-case database that
// showed it (never more probable than no difference at all).
std::vector<FeatureContribution> evidence_features(const ResultsEvidence& results, size_t lint_errors,
                                                   std::optional<double> judge, double structural_log_odds);

// By rule before any model: a generated query that does not parse cannot run (0); an expected query
// that does not parse leaves nothing to compare (0, unknown); no relation in common is different (0);
// nothing differing after normalization is equivalent (1) unless a database separates the queries.
Verdict decide_verdict(const VerdictInputs& in, const Profile& model);

}  // namespace qdiff::scoring
