// The total score of one case and its verdict (pass/fail), from what the stages found.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "qdiff/evaluate.hpp"
#include "scoring/verdict.hpp"

namespace qdiff::scoring {

using qdiff::VerdictMode;  // public: include/qdiff/evaluate.hpp
std::string_view verdict_mode_name(VerdictMode m);  // "evidence" | "seed"
std::optional<VerdictMode> parse_verdict_mode(std::string_view name);

struct TotalOptions {
    VerdictMode mode = VerdictMode::Evidence;
    double blend = 0.5;  // w in total = w × query_similarity + (1 − w) × results_match
    // Unset: the verdict model's threshold (evidence), 0.9 (seed).
    std::optional<double> pass_threshold;
};

// What ran for one case. A stage that did not run (not configured, or skipped) is std::nullopt.
struct TotalInputs {
    bool generated_parses = false;
    std::string generated_parse_error;   // its first error, "LINE:COLUMN: message", when it does not parse
    std::string expected_parse_error;    // the same for the expected query
    std::optional<double> structural;    // null when either query did not parse
    std::string structural_explanation;  // the decisive differences the structural score saw ("" when none)
    std::optional<double> judge;         // the judge's score when it ran without error
    std::optional<double> results;       // the results match when the results stage ran without error
    std::string results_explanation;     // what the results stage found (its reason), when it ran
    // The results stage ran and failed (an execution error or a timeout): the case cannot pass.
    bool results_failed = false;
    std::string results_error;
};

struct Total {
    double total = 0;
    double query_similarity = 0;
    std::string query_similarity_source;  // "judge" | "structural" | "none"
    std::optional<double> results_match;  // null when no results stage could run
    // "verdict": total is the verdict's probability (the default mode);
    // "blend": w × query_similarity + (1 − w) × results_match;
    // "query_similarity_only": no results stage could run, total = query_similarity.
    std::string basis;
    double pass_threshold = 0.9;  // the threshold pass was decided on
    double seed_total = 0;        // the seed's blend (or query_similarity alone), reported in both modes
    bool pass = false;
    std::vector<std::string> reasons;  // why the case fails (empty when it passes)
};

// The seed's total (seed 000), whatever the mode.
Total total_score(const TotalInputs& in, const TotalOptions& options = {});

// The total of the options' mode: the seed's total, or the verdict's probability against the model's
// threshold (options.pass_threshold overrides it). A generated query that cannot run never passes.
Total decide_total(const TotalInputs& in, const Verdict& verdict, double model_threshold,
                   const TotalOptions& options = {});

}  // namespace qdiff::scoring
