// Features of the execution profile (SCORING.md, "The execution profile"); internal.
#pragma once
#include <string>
#include <vector>

#include "qdiff/diff.hpp"

namespace qdiff::scoring {

// Every feature the execution profile knows, in reporting order.
const std::vector<std::string>& execution_feature_names();

// The non-zero features of one statement pair: counts (at most 3) of the decisive differences of the
// compared components, and the node edit distance over the size of the larger canonical tree.
// Coefficients and contributions are left 0 (apply_coefficients fills them).
std::vector<FeatureContribution> execution_features(const std::vector<ComponentResult>& components,
                                                    double tree_distance_ratio);

void apply_coefficients(std::vector<FeatureContribution>& features, const Profile& profile);

double logistic(double log_odds);

// The decisive differences behind a score, for a verdict's reason: the `most` features that pull the
// score down hardest (execution profiles), or the first changed, missing and extra atoms (others).
std::string explain_differences(const DiffResult& r, size_t most = 3);

}  // namespace qdiff::scoring
