// Fitting an execution profile with liblinear; grouped cross-validation and the reported measures.
#include "scoring/calibrate/calibrate.hpp"

#include <algorithm>
#include <cmath>
#include <mutex>
#include <numeric>
#include <random>
#include <set>
#include <stdexcept>

#include <linear.h>
#include <nlohmann/json.hpp>

#include "scoring/execution.hpp"

namespace qdiff::scoring::calibrate {
namespace {

void quiet(const char*) {}

}  // namespace

namespace {

// One liblinear fit over the features in `allowed` (the others get 0).
Model fit_once(const std::vector<const Example*>& used, double C, const std::vector<bool>& allowed) {
    const auto& names = execution_feature_names();
    const int n = static_cast<int>(names.size());
    // liblinear's sparse rows: features 1..n, the bias as feature n+1, each row ended by index -1.
    std::vector<std::vector<feature_node>> rows;
    rows.reserve(used.size());
    std::vector<double> y;
    for (const Example* e : used) {
        std::vector<feature_node> row;
        for (int i = 0; i < n; ++i)
            if (auto it = e->features.find(names[i]); allowed[i] && it != e->features.end() && it->second != 0)
                row.push_back({i + 1, it->second});
        row.push_back({n + 1, 1.0});
        row.push_back({-1, 0.0});
        rows.push_back(std::move(row));
        y.push_back(e->label ? 1.0 : -1.0);
    }
    std::vector<feature_node*> x;
    for (auto& row : rows) x.push_back(row.data());
    problem prob{};
    prob.l = static_cast<int>(rows.size());
    prob.n = n + 1;
    prob.y = y.data();
    prob.x = x.data();
    prob.bias = 1.0;
    parameter param{};
    param.solver_type = L2R_LR;
    param.eps = 0.001;
    param.C = C;
    if (const char* error = check_parameter(&prob, &param))
        throw std::runtime_error(std::string("liblinear: ") + error);
    static std::mutex liblinear_output;  // set_print_string_function is global
    model* m = nullptr;
    {
        std::lock_guard<std::mutex> lock(liblinear_output);
        set_print_string_function(quiet);
        m = train(&prob, &param);
    }
    // The decision value is positive for the model's first label.
    double sign = m->label[0] == 1 ? 1.0 : -1.0;
    Model model;
    for (int i = 0; i < n; ++i) model.coefficients.emplace_back(names[i], allowed[i] ? sign * m->w[i] : 0.0);
    model.intercept = sign * m->w[n];
    free_and_destroy_model(&m);
    return model;
}

}  // namespace

Model fit(const std::vector<const Example*>& examples, double C) {
    const auto& names = execution_feature_names();
    std::vector<const Example*> used;
    for (const Example* e : examples)
        if (!e->by_rule) used.push_back(e);
    std::set<bool> labels;
    for (const Example* e : used) labels.insert(e->label);
    if (labels.size() < 2) {
        // One class only: nothing to separate; the intercept says which.
        Model model;
        model.intercept = used.empty() || *labels.begin() ? 4.0 : -4.0;
        for (const std::string& name : names) model.coefficients.emplace_back(name, 0.0);
        return model;
    }
    // Every feature is a difference between the queries: none may make a right result more likely.
    // A positive weight is an artefact of correlated features; such a feature is fixed at 0 and the
    // rest refitted (an active-set solution of the sign-constrained problem).
    std::vector<bool> allowed(names.size(), true);
    for (;;) {
        Model model = fit_once(used, C, allowed);
        bool changed = false;
        for (size_t i = 0; i < names.size(); ++i)
            if (model.coefficients[i].second > 0) {
                allowed[i] = false;
                changed = true;
            }
        if (!changed) return model;
    }
}

double predict(const Model& model, const Example& example) {
    if (example.by_rule) return example.before;
    double log_odds = model.intercept;
    for (auto& [name, w] : model.coefficients)
        if (auto it = example.features.find(name); it != example.features.end()) log_odds += w * it->second;
    return logistic(log_odds);
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

CrossValidation cross_validate(const std::vector<Example>& examples, int folds, const std::vector<double>& costs) {
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
            Model m = fit(train_set, C);
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
    Profile p;
    p.name = name;
    p.kind = ProfileKind::Execution;
    p.gate = Component::Collection;
    p.intercept = model.intercept;
    p.coefficients = model.coefficients;
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
    j["intercept"] = round(p.intercept);
    nlohmann::ordered_json coefficients = nlohmann::ordered_json::object();
    for (auto& [feature, w] : p.coefficients) coefficients[feature] = round(w);
    j["coefficients"] = coefficients;
    return j.dump(2) + "\n";
}

}  // namespace qdiff::scoring::calibrate
