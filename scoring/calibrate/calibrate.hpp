// Fitting an execution profile from labelled pairs: L2-regularised logistic regression (liblinear),
// cross-validation grouped by database, AUC, accuracy and calibration tables (SCORING.md,
// "qdiff calibrate").
#pragma once
#include <map>
#include <string>
#include <vector>

#include "qdiff/diff.hpp"

namespace qdiff::scoring::calibrate {

// One labelled pair as the execution profile sees it.
struct Example {
    std::map<std::string, double> features;  // non-zero features of the execution profile
    bool label = false;                      // the generated query returns the expected rows
    std::string group;                       // the database: folds never split one
    double before = 0;                       // the score of the profile it was scored with
    // Scored by rule, not by the model: 1 when nothing differs after normalization, 0 when gated.
    bool by_rule = false;
};

struct Model {
    double intercept = 0;
    std::vector<std::pair<std::string, double>> coefficients;  // every feature, in execution_feature_names order
};

// Fits the model on the examples not scored by rule (liblinear, solver L2R_LR, cost C).
Model fit(const std::vector<const Example*>& examples, double C);
// The probability of the model, or the rule's score.
double predict(const Model& model, const Example& example);

double auc(const std::vector<double>& scores, const std::vector<bool>& labels);
double accuracy(const std::vector<double>& scores, const std::vector<bool>& labels, double threshold);
// The threshold in 0.05 … 0.95 with the best accuracy (the lowest of equals).
double best_threshold(const std::vector<double>& scores, const std::vector<bool>& labels);

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
CrossValidation cross_validate(const std::vector<Example>& examples, int folds, const std::vector<double>& costs);

// The profile to write: kind execution, the model's numbers, the threshold and what it was fitted on.
Profile to_profile(const Model& model, double threshold, const std::string& name, const std::string& fitted_on);
std::string profile_json(const Profile& p, const std::string& description);

}  // namespace qdiff::scoring::calibrate
