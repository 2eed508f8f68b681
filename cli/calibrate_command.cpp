// `qdiff calibrate LABELLED.jsonl [-o PROFILE.json] [--folds K] [--name NAME] [--profile BASE]
//  [--lang ...] [--dialect ...] [--threads N]`: fits an execution profile from labelled pairs
// (SCORING.md, "qdiff calibrate").
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "qdiff/diff.hpp"
#include "scoring/calibrate/calibrate.hpp"
#include "scoring/execution.hpp"

namespace qdiff::cli {
namespace {

using scoring::calibrate::Example;

std::string text_field(const nlohmann::json& j, std::initializer_list<const char*> keys) {
    for (const char* k : keys)
        if (j.contains(k) && j[k].is_string()) return j[k].get<std::string>();
    return "";
}

// The label of a line: an explicit boolean `label`; a synthesized-database `verdict` (equal, error,
// different — when only edge-case databases tell the two apart, equal unless `strict`; undecided has
// none); or the results matcher's verdict of a batch record.
std::optional<bool> label_of(const nlohmann::json& j, bool strict) {
    if (j.contains("label") && j["label"].is_boolean()) return j["label"].get<bool>();
    if (j.contains("verdict") && j["verdict"].is_string()) {
        std::string v = j["verdict"].get<std::string>();
        if (v == "equal") return true;
        if (v == "error") return false;
        if (v == "different") return !strict && j.value("edge_cases_only", false);
        return std::nullopt;
    }
    if (j.contains("stages") && j["stages"].is_object() && j["stages"].contains("results")) {
        const auto& r = j["stages"]["results"];
        if (r.is_object() && r.value("status", "") == "ok" && r.contains("score") && r["score"].is_number())
            return r["score"].get<double>() >= 1 - 1e-9;
    }
    return std::nullopt;
}

std::string fixed(double v, int digits = 3) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.*f", digits, v);
    return buf;
}

void print_table(const std::vector<double>& before, const std::vector<double>& after, const std::vector<bool>& labels) {
    auto b = scoring::calibrate::calibration_table(before, labels);
    auto a = scoring::calibrate::calibration_table(after, labels);
    std::cout << "calibration (score bin: pairs, mean score, share that return the expected rows)\n"
              << "  bin          before                      after\n";
    for (size_t i = 0; i < b.size(); ++i) {
        auto cell = [](const scoring::calibrate::Bin& bin) {
            char buf[64];
            if (bin.count == 0)
                std::snprintf(buf, sizeof buf, "%5d  %-5s  %-5s", 0, "-", "-");
            else
                std::snprintf(buf, sizeof buf, "%5zu  %.3f  %.3f", bin.count, bin.mean_score, bin.positive_rate);
            return std::string(buf);
        };
        std::cout << "  " << fixed(b[i].low, 1) << "-" << fixed(b[i].high, 1) << "    " << cell(b[i]) << "      "
                  << cell(a[i]) << '\n';
    }
}

}  // namespace

int run_calibrate(const std::vector<std::string>& argv_in) {
    Args args("calibrate", "Fits an execution profile from labelled pairs (SCORING.md, \"qdiff calibrate\").", argv_in,
              {{"output", "PROFILE.json: the fitted profile (default: standard output)"},
               {"folds", "K: cross-validation folds (5)"},
               {"name", "NAME: the fitted profile's name"},
               {"profile", "BASE: the execution profile whose features are fitted (execution)"},
               lang_option(),
               dialect_option(),
               {"threads", "N: workers scoring the pairs (default: all cores)"},
               {"fitted-on", "TEXT: what the profile says it was fitted on"}},
              {{"strict-labels", "a synthesized-database difference on edge cases only counts as different"}},
              "LABELLED.jsonl|-");
    if (args.positionals().size() != 1) throw UsageError{"expected one input, LABELLED.jsonl"};
    const std::string input = args.positionals()[0];
    int folds = 5;
    try {
        folds = std::stoi(args.get_or("folds", "5"));
    } catch (const std::exception&) {
        throw UsageError{"--folds expects a whole number"};
    }
    if (folds < 2) throw UsageError{"--folds must be at least 2"};
    Profile base;
    try {
        base = load_profile(args.get_or("profile", "execution"));
    } catch (const std::exception& e) {
        throw UsageError{e.what()};
    }
    if (base.kind != ProfileKind::Execution)
        throw UsageError{"--profile must be an execution profile (it gives the features)"};

    std::istringstream lines(read_input(input));
    std::vector<Example> examples;
    std::vector<PairInput> pairs;
    std::vector<size_t> pair_example;  // examples[pair_example[i]] is scored from pairs[i]
    size_t line_number = 0, unlabelled = 0;
    std::string line;
    while (std::getline(lines, line)) {
        ++line_number;
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
        nlohmann::json j = nlohmann::json::parse(line, nullptr, false);
        if (!j.is_object())
            throw UsageError{display_name(input) + ":" + std::to_string(line_number) + ": not a JSON object"};
        std::optional<bool> label = label_of(j, args.flag("strict-labels"));
        if (!label) {
            ++unlabelled;
            continue;
        }
        Example e;
        e.label = *label;
        e.group = text_field(j, {"db_id", "db", "schema"});
        if (e.group.empty()) e.group = "line " + std::to_string(line_number);
        std::string expected = text_field(j, {"expected", "gold"});
        std::string generated = text_field(j, {"generated", "predicted", "pred"});
        if (!expected.empty() && !generated.empty()) {
            PairInput p;
            p.expected = expected;
            p.generated = generated;
            std::string lang = text_field(j, {"lang", "language"});
            p.expected_language = p.generated_language =
                lang.empty() ? args.language() : parse_language_name(lang).value_or(args.language());
            std::string dialect = text_field(j, {"dialect"});
            p.dialect = dialect.empty() ? args.dialect() : parse_dialect_name(dialect).value_or(args.dialect());
            pair_example.push_back(examples.size());
            pairs.push_back(std::move(p));
        } else if (j.contains("structural") && j["structural"].is_object() && j["structural"].contains("features")) {
            const auto& s = j["structural"];
            for (const auto& f : s["features"])
                if (f.is_object() && f.contains("name") && f.contains("value"))
                    e.features[f["name"].get<std::string>()] += f["value"].get<double>();
            e.before = s.value("score", 0.0);
            e.by_rule = s.value("gated", false) || e.features.empty();
        } else {
            throw UsageError{display_name(input) + ":" + std::to_string(line_number) +
                             ": neither a query pair (expected, generated) nor a batch record scored with an "
                             "execution profile (structural.features)"};
        }
        examples.push_back(std::move(e));
    }
    unsigned threads = static_cast<unsigned>(std::stoul(args.get_or("threads", "0")));
    std::vector<PairScore> scored = diff_pairs(pairs, base, threads);
    size_t unparsed = 0;
    for (size_t i = 0; i < scored.size(); ++i) {
        Example& e = examples[pair_example[i]];
        if (!scored[i].ok) {
            // qdiff scores a query it cannot parse 0: by rule, as the batch does.
            ++unparsed;
            e.by_rule = true;
            e.before = 0;
            continue;
        }
        const DiffResult& r = scored[i].result;
        for (const FeatureContribution& f : r.features) e.features[f.name] += f.value;
        e.before = r.score;
        e.by_rule = r.gated || r.features.empty();
    }
    if (examples.empty()) throw UsageError{display_name(input) + ": no labelled pairs"};

    std::vector<bool> labels;
    std::vector<double> before;
    size_t positives = 0, identical = 0, gated_or_unparsed = 0;
    for (const Example& e : examples) {
        labels.push_back(e.label);
        before.push_back(e.before);
        positives += e.label ? 1 : 0;
        if (e.by_rule) (e.before >= 1 ? identical : gated_or_unparsed) += 1;
    }
    auto cv = scoring::calibrate::cross_validate(examples, folds, {0.1, 1.0, 10.0});
    double threshold = scoring::calibrate::best_threshold(cv.out_of_fold, labels);
    double before_threshold = scoring::calibrate::best_threshold(before, labels);

    std::cout << "calibrate: " << examples.size() << " labelled pairs (" << positives << " return the expected rows), "
              << cv.groups << " databases, " << cv.folds << " folds grouped by database";
    if (unlabelled) std::cout << "; " << unlabelled << " lines without a label skipped";
    std::cout << "\n  scored by rule: " << identical << " identical after normalization (1), " << gated_or_unparsed
              << " gated or not parsed (0)" << (unparsed ? " (" + std::to_string(unparsed) + " do not parse)" : "")
              << "\n";
    std::cout << "before (profile " << base.name << "): AUC " << fixed(scoring::calibrate::auc(before, labels))
              << ", accuracy " << fixed(scoring::calibrate::accuracy(before, labels, 0.5)) << " at 0.50, "
              << fixed(scoring::calibrate::accuracy(before, labels, before_threshold)) << " at its best threshold "
              << fixed(before_threshold, 2) << "\n";
    std::cout << "after (out of fold, C " << cv.C << "): AUC " << fixed(scoring::calibrate::auc(cv.out_of_fold, labels))
              << ", accuracy " << fixed(scoring::calibrate::accuracy(cv.out_of_fold, labels, threshold))
              << " at the chosen threshold " << fixed(threshold, 2) << "\n";
    print_table(before, cv.out_of_fold, labels);

    // The profile: fitted on every pair; a feature no pair shows keeps the base profile's weight.
    std::vector<const Example*> all;
    std::map<std::string, size_t> support;
    for (const Example& e : examples) {
        all.push_back(&e);
        if (!e.by_rule)
            for (auto& [name, v] : e.features) support[name] += v != 0 ? 1 : 0;
    }
    scoring::calibrate::Model model = scoring::calibrate::fit(all, cv.C);
    for (auto& [name, w] : model.coefficients)
        if (!support[name])
            for (auto& [prior_name, prior_w] : base.coefficients)
                if (prior_name == name) w = prior_w;
    std::string fitted_on =
        args.get_or("fitted-on", std::to_string(examples.size()) + " labelled pairs of " + display_name(input) + " (" +
                                     std::to_string(cv.groups) + " databases)");
    Profile fitted = scoring::calibrate::to_profile(model, threshold, args.get_or("name", "calibrated"), fitted_on);
    std::cout << "model: log-odds = " << fixed(model.intercept);
    for (auto& [name, w] : model.coefficients)
        if (w != 0) std::cout << " " << (w < 0 ? "- " : "+ ") << fixed(std::abs(w)) << " " << name;
    std::cout << "\n";
    if (auto out = args.get("output")) {
        std::ofstream file(*out);
        if (!file) throw UsageError{"cannot write " + *out};
        file << scoring::calibrate::profile_json(
            fitted,
            "An execution profile fitted by `qdiff calibrate`: the estimated probability that the generated "
            "query returns the expected rows.");
        std::cout << "wrote " << *out << "\n";
    }
    return 0;
}

}  // namespace qdiff::cli
