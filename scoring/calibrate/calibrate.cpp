// Fitting the verdict's model: a bounded logistic regression per stage, grouped cross-validation and
// the reported measures (scoring/calibrate/calibrate.hpp).
#include "scoring/calibrate/calibrate.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <random>
#include <set>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "scoring/execution.hpp"

namespace qdiff::scoring::calibrate {
namespace {

// A decisive difference always costs at least this much log-odds, so that removing more of the
// expected query never scores higher (issue 27's monotone profile).
constexpr double kMinDecisiveCost = 0.05;
// Under evidence the structure's slope (1 + the ".structure" weight) stays at least this.
constexpr double kMinStructureSlope = 0.05;
constexpr double kUnbounded = 1e9;
// What a difference that may cost nothing (below) costs at most.
constexpr double kMaxBenignCost = 0.25;
// What a difference that changes the rows on almost any data costs at least, whatever a corpus says:
// ASC for DESC under a LIMIT returns other rows unless the result has one row (on BIRD, 31 of 41 such
// flips are labelled right, nearly all one question whose data has a single row).
constexpr double kMinAlwaysDecisiveCost = 1.5;

// Differences that leave the rows as they are more often than not: reading the same column through
// another table, or ordering rows the expected query leaves unordered. They may cost nothing.
bool may_cost_nothing(const std::string& feature) {
    return feature == "filters.qualifier" || feature == "having.qualifier" || feature == "projection.qualifier" ||
           feature == "order.unrequested";
}

// A logistic regression with an offset per row and box constraints on the weights:
// minimise Σ log(1 + e^z) − y z + (1 / 2C) Σ_regularised w², z = offset + x·w, by projected Newton steps
// (the active bounds held, a Newton step on the free weights, a projected backtracking line search).
struct Problem {
    std::vector<std::vector<std::pair<size_t, double>>> rows;  // sparse x; column 0 is the intercept
    std::vector<double> offset;
    std::vector<double> y;  // 0 or 1
    size_t dims = 0;
    std::vector<Bounds> bounds;
    std::vector<bool> regularised;
    double C = 1;
};

double objective(const Problem& p, const std::vector<double>& w) {
    double f = 0;
    for (size_t i = 0; i < p.rows.size(); ++i) {
        double z = p.offset[i];
        for (auto [j, x] : p.rows[i]) z += w[j] * x;
        // log(1 + e^z) without overflow
        f += (z > 0 ? z + std::log1p(std::exp(-z)) : std::log1p(std::exp(z))) - p.y[i] * z;
    }
    for (size_t j = 0; j < p.dims; ++j)
        if (p.regularised[j]) f += w[j] * w[j] / (2 * p.C);
    return f;
}

// Solves A x = b for a symmetric positive definite A (Cholesky); A is n × n, row-major.
std::vector<double> cholesky_solve(std::vector<double> a, std::vector<double> b, size_t n) {
    for (size_t j = 0; j < n; ++j) {
        double d = a[j * n + j];
        for (size_t k = 0; k < j; ++k) d -= a[j * n + k] * a[j * n + k];
        d = std::sqrt(std::max(d, 1e-12));
        a[j * n + j] = d;
        for (size_t i = j + 1; i < n; ++i) {
            double s = a[i * n + j];
            for (size_t k = 0; k < j; ++k) s -= a[i * n + k] * a[j * n + k];
            a[i * n + j] = s / d;
        }
    }
    for (size_t i = 0; i < n; ++i) {  // L y = b
        for (size_t k = 0; k < i; ++k) b[i] -= a[i * n + k] * b[k];
        b[i] /= a[i * n + i];
    }
    for (size_t i = n; i-- > 0;) {  // Lᵀ x = y
        for (size_t k = i + 1; k < n; ++k) b[i] -= a[k * n + i] * b[k];
        b[i] /= a[i * n + i];
    }
    return b;
}

std::vector<double> solve(const Problem& p) {
    const size_t n = p.dims;
    std::vector<double> w(n, 0.0);
    auto project = [&](std::vector<double>& v) {
        for (size_t j = 0; j < n; ++j) v[j] = std::clamp(v[j], p.bounds[j].low, p.bounds[j].high);
    };
    project(w);
    double f = objective(p, w);
    for (int iteration = 0; iteration < 100; ++iteration) {
        std::vector<double> g(n, 0.0), h(n * n, 0.0);
        for (size_t i = 0; i < p.rows.size(); ++i) {
            double z = p.offset[i];
            for (auto [j, x] : p.rows[i]) z += w[j] * x;
            double s = logistic(z);
            double r = s - p.y[i], c = s * (1 - s);
            for (auto [j, xj] : p.rows[i]) {
                g[j] += r * xj;
                for (auto [k, xk] : p.rows[i]) h[j * n + k] += c * xj * xk;
            }
        }
        for (size_t j = 0; j < n; ++j)
            if (p.regularised[j]) {
                g[j] += w[j] / p.C;
                h[j * n + j] += 1 / p.C;
            }
        // Weights held at a bound the gradient pushes against stay there this step.
        std::vector<size_t> free;
        double projected_gradient = 0;
        for (size_t j = 0; j < n; ++j) {
            bool at_low = w[j] <= p.bounds[j].low + 1e-12 && g[j] > 0;
            bool at_high = w[j] >= p.bounds[j].high - 1e-12 && g[j] < 0;
            if (!at_low && !at_high) {
                free.push_back(j);
                projected_gradient = std::max(projected_gradient, std::abs(g[j]));
            }
        }
        if (free.empty() || projected_gradient < 1e-7) break;
        const size_t m = free.size();
        std::vector<double> hf(m * m), gf(m);
        for (size_t a = 0; a < m; ++a) {
            gf[a] = -g[free[a]];
            for (size_t b = 0; b < m; ++b) hf[a * m + b] = h[free[a] * n + free[b]];
            hf[a * m + a] += 1e-9;
        }
        std::vector<double> step = cholesky_solve(std::move(hf), std::move(gf), m);
        double alpha = 1;
        bool moved = false;
        for (int halving = 0; halving < 40; ++halving, alpha /= 2) {
            std::vector<double> next = w;
            for (size_t a = 0; a < m; ++a) next[free[a]] += alpha * step[a];
            project(next);
            double decrease = 0;
            for (size_t j = 0; j < n; ++j) decrease += g[j] * (next[j] - w[j]);
            double fn = objective(p, next);
            if (fn <= f + 1e-4 * decrease) {
                moved = std::abs(f - fn) > 1e-12 * (1 + std::abs(f));
                w = std::move(next);
                f = fn;
                break;
            }
        }
        if (!moved) break;
    }
    return w;
}

Profile profile_of(const Model& model) {
    Profile p;
    p.kind = ProfileKind::Execution;
    p.intercept = model.intercept;
    p.coefficients = model.coefficients;
    p.evidence_coefficients = model.evidence;
    return p;
}

VerdictInputs inputs_of(const Example& e, DiffResult& diff) {
    diff.gated = e.gated;
    diff.features.clear();
    for (auto& [name, value] : e.features) diff.features.push_back({name, value, 0, 0, ""});
    VerdictInputs in;
    in.expected_parses = e.expected_parses;
    in.generated_parses = e.generated_parses;
    in.diff = &diff;
    in.results = e.results;
    in.lint_errors = e.lint_errors;
    in.judge = e.judge;
    return in;
}

double structural_log_odds(const Model& model, const Example& e) {
    double z = model.intercept;
    for (auto& [name, w] : model.coefficients)
        if (auto it = e.features.find(name); it != e.features.end()) z += w * it->second;
    return z;
}

}  // namespace

bool by_rule(const Example& e) { return !e.generated_parses || !e.expected_parses || e.gated || e.features.empty(); }

Bounds structural_bounds(const std::string& feature) {
    // A difference that leaves the rows as they are costs little, whatever it travels with in the data.
    if (may_cost_nothing(feature)) return {-kMaxBenignCost, 0.0};
    if (feature == "order.direction_limited") return {-kUnbounded, -kMinAlwaysDecisiveCost};
    // An order the expected query asks for, reversed, costs more than one it never asked for (under set
    // semantics, where BIRD's labels come from, neither changes the rows; under test-suite ones it does).
    if (feature == "order.direction") return {-kUnbounded, -kMaxBenignCost - kMinDecisiveCost};
    return {-kUnbounded, -kMinDecisiveCost};
}

Bounds evidence_bounds(const std::string& feature) {
    if (feature.ends_with(".structure")) return {kMinStructureSlope - 1, kUnbounded};
    if (feature == "results.no_difference" || feature == "results.real.no_difference" || feature == "judge.score")
        return {0, kUnbounded};
    if (feature == "results.undecided") return {-kUnbounded, kUnbounded};
    return {-kUnbounded, 0};  // differs, cannot run, lint errors
}

Model fit(const std::vector<const Example*>& examples, double C, const Profile& prior) {
    const auto& names = execution_feature_names();
    const auto& evidence_names = evidence_feature_names();
    std::vector<const Example*> used;
    for (const Example* e : examples)
        if (!by_rule(*e)) used.push_back(e);
    auto prior_weight = [](const std::vector<std::pair<std::string, double>>& weights, const std::string& name) {
        for (auto& [n, w] : weights)
            if (n == name) return w;
        return 0.0;
    };
    // A weight no case shows keeps the prior's, within the bounds every fitted weight keeps.
    auto bounded = [](double w, Bounds b) { return std::clamp(w, b.low, b.high); };
    Model model;
    model.intercept = prior.intercept;
    for (const std::string& name : names)
        model.coefficients.emplace_back(name, bounded(prior_weight(prior.coefficients, name), structural_bounds(name)));
    for (const std::string& name : evidence_names)
        model.evidence.emplace_back(name,
                                    bounded(prior_weight(prior.evidence_coefficients, name), evidence_bounds(name)));
    std::set<bool> labels;
    for (const Example* e : used) labels.insert(e->label);
    if (labels.size() < 2) {
        // One class only: nothing to separate; the intercept says which.
        model.intercept = used.empty() || *labels.begin() ? 4.0 : -4.0;
        return model;
    }

    // Stage 1, the structure: only features some example shows are fitted; the rest keep the prior.
    std::vector<size_t> column(names.size(), 0);  // feature → column (0: not fitted)
    Problem structural;
    structural.C = C;
    structural.dims = 1;
    structural.bounds.push_back({-kUnbounded, kUnbounded});
    structural.regularised.push_back(false);
    for (size_t i = 0; i < names.size(); ++i)
        for (const Example* e : used)
            if (auto it = e->features.find(names[i]); it != e->features.end() && it->second != 0) {
                column[i] = structural.dims++;
                structural.bounds.push_back(structural_bounds(names[i]));
                structural.regularised.push_back(true);
                break;
            }
    for (const Example* e : used) {
        std::vector<std::pair<size_t, double>> row{{0, 1.0}};
        double offset = 0;
        for (auto& [name, value] : e->features) {
            size_t i = static_cast<size_t>(std::find(names.begin(), names.end(), name) - names.begin());
            if (i == names.size() || value == 0) continue;
            if (column[i])
                row.emplace_back(column[i], value);
            else
                offset += model.coefficients[i].second * value;
        }
        structural.rows.push_back(std::move(row));
        structural.offset.push_back(offset);
        structural.y.push_back(e->label ? 1.0 : 0.0);
    }
    std::vector<double> w = solve(structural);
    model.intercept = w[0];
    for (size_t i = 0; i < names.size(); ++i)
        if (column[i]) model.coefficients[i].second = w[column[i]];

    // Stage 2, the evidence, on top of the fitted structural log-odds (an offset).
    Problem evidence;
    evidence.C = C;
    std::vector<size_t> evidence_column(evidence_names.size(), std::numeric_limits<size_t>::max());
    std::vector<double> structure;  // each case's fitted structural log-odds
    std::vector<std::vector<FeatureContribution>> terms;
    for (const Example* e : used) {
        structure.push_back(structural_log_odds(model, *e));
        terms.push_back(evidence_features(e->results, e->lint_errors, e->judge, structure.back()));
    }
    for (size_t i = 0; i < evidence_names.size(); ++i)
        for (const auto& row : terms)
            if (std::any_of(row.begin(), row.end(),
                            [&](const FeatureContribution& f) { return f.name == evidence_names[i] && f.value != 0; })) {
                evidence_column[i] = evidence.dims++;
                evidence.bounds.push_back(evidence_bounds(evidence_names[i]));
                evidence.regularised.push_back(true);
                break;
            }
    if (evidence.dims == 0) return model;
    for (size_t r = 0; r < used.size(); ++r) {
        std::vector<std::pair<size_t, double>> row;
        double offset = structure[r];
        for (const FeatureContribution& f : terms[r]) {
            size_t i = static_cast<size_t>(std::find(evidence_names.begin(), evidence_names.end(), f.name) -
                                           evidence_names.begin());
            if (evidence_column[i] != std::numeric_limits<size_t>::max())
                row.emplace_back(evidence_column[i], f.value);
            else
                offset += model.evidence[i].second * f.value;
        }
        evidence.rows.push_back(std::move(row));
        evidence.offset.push_back(offset);
        evidence.y.push_back(used[r]->label ? 1.0 : 0.0);
    }
    std::vector<double> v = solve(evidence);
    for (size_t i = 0; i < evidence_names.size(); ++i)
        if (evidence_column[i] != std::numeric_limits<size_t>::max()) model.evidence[i].second = v[evidence_column[i]];
    return model;
}

double predict(const Model& model, const Example& example) {
    DiffResult diff;
    VerdictInputs in = inputs_of(example, diff);
    return decide_verdict(in, profile_of(model)).probability;
}

double auc(const std::vector<double>& scores, const std::vector<bool>& labels) {
    // Mann–Whitney: the share of (positive, negative) pairs ranked right, ties counting half.
    std::vector<size_t> order(scores.size());
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return scores[a] < scores[b]; });
    double rank_sum = 0, positives = 0;
    for (size_t i = 0; i < order.size();) {
        size_t j = i;
        while (j < order.size() && scores[order[j]] == scores[order[i]]) ++j;
        double mid_rank = (static_cast<double>(i) + static_cast<double>(j) + 1) / 2;  // 1-based mean rank
        for (size_t k = i; k < j; ++k)
            if (labels[order[k]]) {
                rank_sum += mid_rank;
                positives += 1;
            }
        i = j;
    }
    double negatives = static_cast<double>(scores.size()) - positives;
    if (positives == 0 || negatives == 0) return 0.5;
    return (rank_sum - positives * (positives + 1) / 2) / (positives * negatives);
}

double accuracy(const std::vector<double>& scores, const std::vector<bool>& labels, double threshold) {
    if (scores.empty()) return 0;
    size_t right = 0;
    for (size_t i = 0; i < scores.size(); ++i) right += (scores[i] >= threshold) == labels[i] ? 1 : 0;
    return static_cast<double>(right) / static_cast<double>(scores.size());
}

double best_threshold(const std::vector<double>& scores, const std::vector<bool>& labels) {
    double best = 0.5, best_accuracy = -1;
    for (int t = 1; t <= 19; ++t) {
        double threshold = t * 0.05;
        double a = accuracy(scores, labels, threshold);
        if (a > best_accuracy + 1e-12) {
            best_accuracy = a;
            best = threshold;
        }
    }
    return best;
}

double threshold_for_false_pass(const std::vector<double>& scores, const std::vector<bool>& labels,
                                double max_false_pass) {
    for (int t = 1; t <= 99; ++t)
        if (rates(scores, labels, t * 0.01).false_pass_rate() <= max_false_pass + 1e-12) return t * 0.01;
    return 0.99;
}

double Rates::false_pass_rate() const {
    size_t wrong = false_pass + true_fail;
    return wrong ? static_cast<double>(false_pass) / static_cast<double>(wrong) : 0;
}

double Rates::false_fail_rate() const {
    size_t right = true_pass + false_fail;
    return right ? static_cast<double>(false_fail) / static_cast<double>(right) : 0;
}

Rates rates(const std::vector<double>& scores, const std::vector<bool>& labels, double threshold) {
    Rates r;
    for (size_t i = 0; i < scores.size(); ++i) {
        bool pass = scores[i] >= threshold - 1e-9;
        (labels[i] ? (pass ? r.true_pass : r.false_fail) : (pass ? r.false_pass : r.true_fail)) += 1;
    }
    return r;
}

std::vector<Bin> calibration_table(const std::vector<double>& scores, const std::vector<bool>& labels, int bins) {
    std::vector<Bin> table(static_cast<size_t>(bins));
    for (int b = 0; b < bins; ++b) {
        table[b].low = static_cast<double>(b) / bins;
        table[b].high = static_cast<double>(b + 1) / bins;
    }
    for (size_t i = 0; i < scores.size(); ++i) {
        int b = std::clamp(static_cast<int>(scores[i] * bins), 0, bins - 1);
        table[b].count += 1;
        table[b].mean_score += scores[i];
        table[b].positive_rate += labels[i] ? 1 : 0;
    }
    for (Bin& bin : table)
        if (bin.count) {
            bin.mean_score /= static_cast<double>(bin.count);
            bin.positive_rate /= static_cast<double>(bin.count);
        }
    return table;
}

CrossValidation cross_validate(const std::vector<Example>& examples, int folds, const std::vector<double>& costs,
                               const Profile& prior) {
    // Databases are dealt to folds in a fixed shuffled order, so every run splits the same way.
    std::vector<std::string> groups;
    for (const Example& e : examples) groups.push_back(e.group);
    std::sort(groups.begin(), groups.end());
    groups.erase(std::unique(groups.begin(), groups.end()), groups.end());
    std::shuffle(groups.begin(), groups.end(), std::mt19937(20261124));
    CrossValidation cv;
    cv.groups = groups.size();
    cv.folds = std::max(2, std::min<int>(folds, static_cast<int>(groups.size())));
    std::map<std::string, int> fold_of;
    for (size_t i = 0; i < groups.size(); ++i) fold_of[groups[i]] = static_cast<int>(i % static_cast<size_t>(cv.folds));
    std::vector<bool> labels;
    for (const Example& e : examples) labels.push_back(e.label);
    double best_auc = -1;
    for (double C : costs) {
        std::vector<double> scores(examples.size(), 0.0);
        for (int f = 0; f < cv.folds; ++f) {
            std::vector<const Example*> train_set;
            for (const Example& e : examples)
                if (fold_of[e.group] != f) train_set.push_back(&e);
            Model m = fit(train_set, C, prior);
            for (size_t i = 0; i < examples.size(); ++i)
                if (fold_of[examples[i].group] == f) scores[i] = predict(m, examples[i]);
        }
        double a = auc(scores, labels);
        if (a > best_auc) {
            best_auc = a;
            cv.C = C;
            cv.out_of_fold = std::move(scores);
        }
    }
    return cv;
}

Profile to_profile(const Model& model, double threshold, const std::string& name, const std::string& fitted_on) {
    Profile p = profile_of(model);
    p.name = name;
    p.gate = Component::Collection;
    p.threshold = threshold;
    p.fitted_on = fitted_on;
    return p;
}

std::string profile_json(const Profile& p, const std::string& description) {
    nlohmann::ordered_json j;
    auto round = [](double v) { return std::round(v * 10000) / 10000; };
    j["name"] = p.name;
    j["description"] = description;
    j["kind"] = std::string(profile_kind_name(p.kind));
    j["gate"] = p.gate ? std::string(component_name(*p.gate)) : std::string();
    j["fitted_on"] = p.fitted_on;
    j["threshold"] = round(p.threshold);
    if (p.threshold_structural) j["threshold_structural"] = round(*p.threshold_structural);
    if (p.threshold_set) j["threshold_set"] = round(*p.threshold_set);
    j["intercept"] = round(p.intercept);
    nlohmann::ordered_json coefficients = nlohmann::ordered_json::object();
    for (auto& [feature, w] : p.coefficients) coefficients[feature] = round(w);
    j["coefficients"] = coefficients;
    if (!p.evidence_coefficients.empty()) {
        nlohmann::ordered_json evidence = nlohmann::ordered_json::object();
        for (auto& [feature, w] : p.evidence_coefficients) evidence[feature] = round(w);
        j["evidence"] = evidence;
    }
    return j.dump(2) + "\n";
}

}  // namespace qdiff::scoring::calibrate
