// Fitting the verdict's model from labelled cases (SCORING.md, "qdiff calibrate"): the structural model
// of an execution profile, then the evidence model on top of its log-odds, each an L2-regularised
// logistic regression with sign constraints (a difference never makes a right result more likely);
// cross-validation grouped by database, AUC, accuracy and calibration tables.
#pragma once
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "qdiff/diff.hpp"
#include "scoring/verdict.hpp"

namespace qdiff::scoring::calibrate {

// One labelled case as the verdict sees it.
struct Example {
    std::map<std::string, double> features;  // non-zero structural features of the execution profile
    bool generated_parses = true;
    bool expected_parses = true;
    bool gated = false;
    ResultsEvidence results;                 // none for a bare query pair
    size_t lint_errors = 0;
    std::optional<double> judge;
    bool label = false;  // the generated query returns the expected rows
    std::string group;   // the database: folds never split one
    double before = 0;   // the score it was scored with (the structural score, or the record's total)
};

// Scored by rule, not by the model: not parsed, gated, or nothing differs after normalization.
bool by_rule(const Example& e);

struct Model {
    double intercept = 0;
    std::vector<std::pair<std::string, double>> coefficients;  // every structural feature, in execution_feature_names order
    std::vector<std::pair<std::string, double>> evidence;      // every evidence feature, in evidence_feature_names order
};

// The bounds a fitted weight must keep: structural differences never raise the probability (and the
// decisive ones always lower it a little); results that separate the queries lower it, results that do
// not raise it; a slope change under evidence keeps the structure's slope positive.
struct Bounds {
    double low, high;
};
Bounds structural_bounds(const std::string& feature);
Bounds evidence_bounds(const std::string& feature);

// Fits both stages on the examples not scored by rule. The evidence stage is skipped (left at
// `prior`'s evidence weights) when no example carries evidence. Features no example shows keep the
// prior's weight.
Model fit(const std::vector<const Example*>& examples, double C, const Profile& prior);
// The verdict's probability under the model (decide_verdict, with `prior` for the threshold and name).
double predict(const Model& model, const Example& example);

double auc(const std::vector<double>& scores, const std::vector<bool>& labels);
double accuracy(const std::vector<double>& scores, const std::vector<bool>& labels, double threshold);
// The threshold in 0.05 … 0.95 with the best accuracy (the lowest of equals).
double best_threshold(const std::vector<double>& scores, const std::vector<bool>& labels);
// The lowest threshold in 0.01 … 0.99 whose false-pass rate (wrong cases passing / wrong cases) is at
// most `max_false_pass`; 0.99 when none is.
double threshold_for_false_pass(const std::vector<double>& scores, const std::vector<bool>& labels,
                                double max_false_pass);

struct Rates {
    size_t true_pass = 0, false_pass = 0, true_fail = 0, false_fail = 0;
    double false_pass_rate() const;  // wrong cases that pass / wrong cases
    double false_fail_rate() const;  // right cases that fail / right cases
};
Rates rates(const std::vector<double>& scores, const std::vector<bool>& labels, double threshold);

struct Bin {
    double low = 0, high = 0;
    size_t count = 0;
    double mean_score = 0;
    double positive_rate = 0;
};
std::vector<Bin> calibration_table(const std::vector<double>& scores, const std::vector<bool>& labels, int bins = 10);

struct CrossValidation {
    int folds = 0;
    size_t groups = 0;
    double C = 1;                     // the cost chosen (best out-of-fold AUC)
    std::vector<double> out_of_fold;  // one score per example, from a model that never saw its group
};
// k-fold cross-validation grouped by Example::group, for each C of `costs`; keeps the best AUC.
CrossValidation cross_validate(const std::vector<Example>& examples, int folds, const std::vector<double>& costs,
                               const Profile& prior);

// The profile to write: kind execution, the model's numbers, the threshold and what it was fitted on.
Profile to_profile(const Model& model, double threshold, const std::string& name, const std::string& fitted_on);
std::string profile_json(const Profile& p, const std::string& description);

}  // namespace qdiff::scoring::calibrate
