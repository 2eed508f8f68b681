// total = w × query_similarity + (1 − w) × results_match, and the pass/fail verdict (README, "Batch").
#include "scoring/total.hpp"

#include <algorithm>
#include <cstdio>

namespace qdiff::scoring {
namespace {

std::string percent(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f%%", v * 100);
    return buf;
}

// How a blended total was made: "0.5 × structural similarity 18.1% + 0.5 × results match 0.0%".
std::string blend_text(double blend, const Total& t) {
    char weights[2][16];
    double w = std::clamp(blend, 0.0, 1.0);
    std::snprintf(weights[0], sizeof weights[0], "%g", w);
    std::snprintf(weights[1], sizeof weights[1], "%g", 1 - w);
    return std::string(weights[0]) + " × " + t.query_similarity_source + " similarity " + percent(t.query_similarity) +
           " + " + weights[1] + " × results match " + percent(t.results_match.value_or(0));
}

}  // namespace

std::string_view verdict_mode_name(VerdictMode m) { return m == VerdictMode::SeedTotal ? "seed" : "evidence"; }

std::optional<VerdictMode> parse_verdict_mode(std::string_view name) {
    if (name == "evidence") return VerdictMode::Evidence;
    if (name == "seed") return VerdictMode::SeedTotal;
    return std::nullopt;
}

Total total_score(const TotalInputs& in, const TotalOptions& options) {
    Total t;
    t.pass_threshold = options.pass_threshold.value_or(0.9);
    // The judge reads the question too, so when it ran its score replaces the structural one.
    if (in.judge) {
        t.query_similarity = *in.judge;
        t.query_similarity_source = "judge";
    } else if (in.structural) {
        t.query_similarity = *in.structural;
        t.query_similarity_source = "structural";
    } else {
        t.query_similarity_source = "none";
    }
    t.query_similarity = std::clamp(t.query_similarity, 0.0, 1.0);

    // A query that fails to execute returns nothing: its results match is 0, not unknown.
    if (in.results_failed)
        t.results_match = 0.0;
    else if (in.results)
        t.results_match = std::clamp(*in.results, 0.0, 1.0);

    if (t.results_match) {
        double w = std::clamp(options.blend, 0.0, 1.0);
        t.total = w * t.query_similarity + (1 - w) * *t.results_match;
        t.basis = "blend";
    } else {
        t.total = t.query_similarity;
        t.basis = "query_similarity_only";
    }

    if (!in.generated_parses) t.reasons.push_back(does_not_parse_reason("generated", in.generated_parse_error));
    if (in.results_failed)
        t.reasons.push_back("the results stage failed" + (in.results_error.empty() ? "" : ": " + in.results_error));
    if (t.query_similarity_source == "none" && in.generated_parses)
        t.reasons.push_back("no query similarity: " + does_not_parse_reason("expected", in.expected_parse_error));
    // A small tolerance so that a total printed as 90.0% is not failed by rounding (0.45 + 0.45).
    t.seed_total = t.total;
    bool below = t.total < t.pass_threshold - 1e-9;
    // The results that pulled the blend down lead: "results match 0.0%: different on ...".
    if (below && !in.results_failed && t.results_match && *t.results_match < 1 && !in.results_explanation.empty())
        t.reasons.push_back("results match " + percent(*t.results_match) + ": " + in.results_explanation);
    if (below)
        t.reasons.push_back("total " + percent(t.total) +
                            (t.basis == "blend" ? " (" + blend_text(options.blend, t) + ")" : "") +
                            " is below the pass threshold " + percent(t.pass_threshold) +
                            (t.query_similarity_source == "structural" && !in.structural_explanation.empty()
                                 ? ": " + in.structural_explanation
                                 : ""));
    t.pass = t.reasons.empty();
    return t;
}

Total decide_total(const TotalInputs& in, const Verdict& verdict, double model_threshold, const TotalOptions& options) {
    if (options.mode == VerdictMode::SeedTotal) return total_score(in, options);
    Total t = total_score(in, TotalOptions{.mode = options.mode, .blend = options.blend, .pass_threshold = 1.0});
    t.total = verdict.probability;
    t.basis = "verdict";
    t.pass_threshold = options.pass_threshold.value_or(model_threshold);
    t.reasons.clear();
    bool cannot_run = verdict.kind == VerdictKind::CannotRun || !in.generated_parses || in.results_failed;
    bool below = t.total < t.pass_threshold - 1e-9;
    if (cannot_run || below || verdict.fails_by_counterexample) {
        t.reasons = verdict.reasons;
        if (below)
            t.reasons.push_back("probability " + percent(t.total) + " is below the pass threshold " +
                                percent(t.pass_threshold));
    }
    t.pass = !cannot_run && !below && !verdict.fails_by_counterexample;
    return t;
}

}  // namespace qdiff::scoring
