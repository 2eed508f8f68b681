// The total score of one case and its verdict (pass/fail), from what the stages found.
#pragma once
#include <optional>
#include <string>
#include <vector>

namespace qdiff::scoring {

struct TotalOptions {
    double blend = 0.5;  // w in total = w × query_similarity + (1 − w) × results_match
    double pass_threshold = 0.9;
};

// What ran for one case. A stage that did not run (not configured, or skipped) is std::nullopt.
struct TotalInputs {
    bool generated_parses = false;
    std::optional<double> structural;    // null when either query did not parse
    std::string structural_explanation;  // the decisive differences the structural score saw ("" when none)
    std::optional<double> judge;         // the judge's score when it ran without error
    std::optional<double> results;       // the results match when the results stage ran without error
    // The results stage ran and failed (an execution error or a timeout): the case cannot pass.
    bool results_failed = false;
    std::string results_error;
};

struct Total {
    double total = 0;
    double query_similarity = 0;
    std::string query_similarity_source;  // "judge" | "structural" | "none"
    std::optional<double> results_match;  // null when no results stage could run
    // "blend": w × query_similarity + (1 − w) × results_match;
    // "query_similarity_only": no results stage could run, total = query_similarity.
    std::string basis;
    bool pass = false;
    std::vector<std::string> reasons;  // why the case fails (empty when it passes)
};

Total total_score(const TotalInputs& in, const TotalOptions& options = {});

}  // namespace qdiff::scoring
