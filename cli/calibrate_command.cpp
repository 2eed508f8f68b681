// `qdiff calibrate LABELLED.jsonl [-o PROFILE.json] [--folds K] [--name NAME] [--profile BASE]
//  [--max-false-pass R] [--lang ...] [--dialect ...] [--threads N]`: fits the verdict's model (an
// execution profile with its evidence weights) from labelled pairs or labelled batch records
// (SCORING.md, "qdiff calibrate").
#include <cerrno>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "qdiff/compare.hpp"
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

bool has_text_field(const nlohmann::json& j, std::initializer_list<const char*> keys) {
    for (const char* k : keys)
        if (j.contains(k) && j[k].is_string()) return true;
    return false;
}

// The fields a label is read from, for messages.
constexpr const char* kLabelFields =
    "`label` (true/false or 1/0), BIRD's `res` (1/0), a synthesized-database `verdict`, or a batch record "
    "whose results stage compared the queries";

// The label of a line: an explicit `label` (boolean, or 1/0) or BIRD's `res` (1/0); a
// synthesized-database `verdict` (equal, error, different — when only edge-case databases tell the two
// apart, equal unless `strict`; undecided has none); or the results matcher's verdict of a batch record
// (`from_results`: then the record's results cannot also be evidence).
std::optional<bool> label_of(const nlohmann::json& j, bool strict, bool& from_results) {
    from_results = false;
    for (const char* key : {"label", "res"}) {
        if (!j.contains(key)) continue;
        const auto& v = j[key];
        if (v.is_boolean()) return v.get<bool>();
        if (v.is_number() && (v.get<double>() == 0 || v.get<double>() == 1)) return v.get<double>() == 1;
    }
    if (j.contains("verdict") && j["verdict"].is_string() && !j.contains("structural")) {
        std::string v = j["verdict"].get<std::string>();
        if (v == "equal") return true;
        if (v == "error") return false;
        if (v == "different") return !strict && j.value("edge_cases_only", false);
        return std::nullopt;
    }
    if (j.contains("stages") && j["stages"].is_object() && j["stages"].contains("results")) {
        const auto& r = j["stages"]["results"];
        if (r.is_object() && r.value("status", "") == "ok" && r.contains("score") && r["score"].is_number()) {
            from_results = true;
            return r["score"].get<double>() >= 1 - 1e-9;
        }
    }
    return std::nullopt;
}

// The evidence a batch record carries (its "evidence" object), unless its results are its label.
void read_evidence(const nlohmann::json& record, bool label_from_results, Example& e) {
    if (!record.contains("evidence") || !record["evidence"].is_object()) return;
    const auto& ev = record["evidence"];
    if (!label_from_results && ev.contains("results") && ev["results"].is_string())
        if (auto kind = scoring::parse_results_evidence_kind(ev["results"].get<std::string>())) {
            e.results.kind = *kind;
            e.results.synthesized = ev.value("synthesized", false);
            e.results.databases = ev.value("databases", size_t{0});
            e.results.separating_kind = ev.value("separating_kind", std::string());
            e.results.edge_cases_weighed = ev.value("edge_cases_weighed", false);
        }
    e.lint_errors = ev.value("lint_errors", size_t{0});
    if (ev.contains("judge") && ev["judge"].is_number()) e.judge = ev["judge"].get<double>();
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
    Args args("calibrate",
              "Fits the verdict's model from labelled pairs or labelled batch records (SCORING.md, \"qdiff "
              "calibrate\").",
              argv_in,
              {{"output", "PROFILE.json: the fitted profile (default: standard output)"},
               {"folds", "K: cross-validation folds (5)"},
               {"name", "NAME: the fitted profile's name"},
               {"profile", "BASE: the execution profile whose features are fitted, and the prior of what no case "
                           "shows (execution)"},
               {"max-false-pass", "R: choose the lowest threshold whose out-of-fold false-pass rate is at most R, "
                                  "for the cases with results evidence, apart for each semantics (`threshold`, and `threshold_set` where "
                                  "--results-mode set weighs edge cases; default: the threshold of best accuracy)"},
               {"max-false-pass-structural", "R: the same for the cases without results evidence (their "
                                             "`threshold_structural`)"},
               lang_option(),
               dialect_option(),
               {"threads", "N: workers scoring the pairs (default: all cores)"},
               {"fitted-on", "TEXT: what the profile says it was fitted on"},
               {"out-of-fold", "FILE: one JSON line per labelled case: its line, group, label, out-of-fold score "
                               "and whether it had results evidence"}},
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
    auto rate_option = [&](const std::string& name) -> std::optional<double> {
        auto text = args.get(name);
        if (!text) return std::nullopt;
        std::optional<double> rate;
        try {
            rate = std::stod(*text);
        } catch (const std::exception&) {}
        if (!rate || *rate < 0 || *rate > 1) throw UsageError{"--" + name + " must be a number from 0 to 1"};
        return rate;
    };
    std::optional<double> max_false_pass = rate_option("max-false-pass");
    std::optional<double> max_false_pass_structural = rate_option("max-false-pass-structural");
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
    std::vector<size_t> example_line;  // the input line of each example
    size_t line_number = 0, unlabelled = 0, with_evidence = 0, ungrouped = 0;
    std::string line;
    while (std::getline(lines, line)) {
        ++line_number;
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
        nlohmann::json j = nlohmann::json::parse(line, nullptr, false);
        if (!j.is_object())
            throw UsageError{display_name(input) + ":" + std::to_string(line_number) + ": not a JSON object"};
        bool label_from_results = false;
        std::optional<bool> label = label_of(j, args.flag("strict-labels"), label_from_results);
        if (!label) {
            ++unlabelled;
            continue;
        }
        Example e;
        e.label = *label;
        e.group = text_field(j, {"db_id", "db", "schema"});
        if (e.group.empty() && j.contains("tags") && j["tags"].is_object()) e.group = text_field(j["tags"], {"db_id"});
        if (e.group.empty()) {
            e.group = "line " + std::to_string(line_number);
            ++ungrouped;
        }
        std::string expected = text_field(j, {"expected", "gold"});
        std::string generated = text_field(j, {"generated", "predicted", "pred"});
        if (j.contains("structural") || j.contains("evidence")) {
            // A batch record: its structural features and evidence as the batch computed them.
            const auto& s = j.contains("structural") ? j["structural"] : nlohmann::json();
            if (s.is_object()) {
                if (!s.contains("features"))
                    throw UsageError{display_name(input) + ":" + std::to_string(line_number) +
                                     ": a batch record scored without an execution profile (no structural.features)"};
                for (const auto& f : s["features"])
                    if (f.is_object() && f.contains("name") && f.contains("value"))
                        e.features[f["name"].get<std::string>()] += f["value"].get<double>();
                e.gated = s.value("gated", false);
                e.before = s.value("score", 0.0);
            } else {
                // No diff: one side did not parse.
                std::string verdict = j.value("verdict", "");
                e.generated_parses = verdict != "cannot_run";
                e.expected_parses = verdict == "cannot_run";
                e.before = 0;
            }
            read_evidence(j, label_from_results, e);
            with_evidence += e.results.kind != scoring::ResultsEvidenceKind::None ? 1 : 0;
        } else if (!expected.empty() && has_text_field(j, {"generated", "predicted", "pred"})) {
            // An empty prediction is a pair too: its generated query does not parse.
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
        } else {
            throw UsageError{display_name(input) + ":" + std::to_string(line_number) +
                             ": neither a query pair (expected/gold, generated/pred) nor a batch record"};
        }
        examples.push_back(std::move(e));
        example_line.push_back(line_number);
    }
    unsigned threads = static_cast<unsigned>(std::stoul(args.get_or("threads", "0")));
    std::vector<PairScore> scored = diff_pairs(pairs, base, threads);
    size_t unparsed = 0;
    for (size_t i = 0; i < scored.size(); ++i) {
        Example& e = examples[pair_example[i]];
        if (!scored[i].ok) {
            // qdiff scores a query it cannot parse 0: by rule, as the batch does.
            ++unparsed;
            e.generated_parses = scored[i].generated_diagnostics.empty();
            e.expected_parses = scored[i].expected_diagnostics.empty();
            if (e.generated_parses && e.expected_parses) e.generated_parses = false;
            e.before = 0;
            continue;
        }
        const DiffResult& r = scored[i].result;
        for (const FeatureContribution& f : r.features) e.features[f.name] += f.value;
        e.gated = r.gated;
        e.before = r.score;
    }
    if (examples.empty() && unlabelled == 0)
        throw UsageError{display_name(input) + " holds no case: expected one JSON object per line"};
    if (examples.empty())
        throw UsageError{display_name(input) + ": no labelled pairs (" + std::to_string(unlabelled) +
                         " lines without a label; a label is read from " + kLabelFields + ")"};

    std::vector<bool> labels;
    std::vector<double> before;
    size_t positives = 0, identical = 0, gated_or_unparsed = 0;
    for (const Example& e : examples) {
        labels.push_back(e.label);
        before.push_back(e.before);
        positives += e.label ? 1 : 0;
        if (scoring::calibrate::by_rule(e)) (e.before >= 1 ? identical : gated_or_unparsed) += 1;
    }
    auto cv = scoring::calibrate::cross_validate(examples, folds, {0.1, 1.0, 10.0}, base);
    // One threshold per kind of case: with results evidence (test-suite semantics, and BIRD's set semantics
    // where edge cases are weighed), and with the structure alone. A kind no case shows keeps the prior's.
    struct Regime {
        const char* name;
        std::vector<double> scores;
        std::vector<bool> labels;
        std::optional<double> threshold;
    };
    enum { kSuite, kSet, kStructure };
    Regime regimes[3] = {{"with results evidence", {}, {}, {}},
                         {"with results evidence, edge cases weighed (set)", {}, {}, {}},
                         {"without results evidence", {}, {}, {}}};
    for (size_t i = 0; i < examples.size(); ++i) {
        const scoring::ResultsEvidence& results = examples[i].results;
        Regime& r = regimes[results.kind == scoring::ResultsEvidenceKind::None ? kStructure
                            : results.edge_cases_weighed                      ? kSet
                                                                              : kSuite];
        // Under test-suite semantics an edge-case difference never passes, whatever its score.
        bool never_passes = &r == &regimes[kSuite] && results.kind == scoring::ResultsEvidenceKind::DiffersEdgeCases;
        r.scores.push_back(never_passes ? 0.0 : cv.out_of_fold[i]);
        r.labels.push_back(labels[i]);
    }
    for (size_t k = 0; k < 3; ++k) {
        Regime& r = regimes[k];
        if (r.scores.empty()) continue;
        std::optional<double> target = k == kStructure ? max_false_pass_structural : max_false_pass;
        r.threshold = target ? scoring::calibrate::threshold_for_false_pass(r.scores, r.labels, *target)
                             : scoring::calibrate::best_threshold(r.scores, r.labels);
    }
    bool any_results = regimes[kSuite].threshold || regimes[kSet].threshold;
    double threshold = regimes[kSuite].threshold.value_or(any_results ? base.threshold
                                                                      : regimes[kStructure].threshold.value_or(0.5));
    std::optional<double> threshold_structural = any_results ? regimes[kStructure].threshold : std::nullopt;
    if (!threshold_structural && any_results) threshold_structural = base.threshold_structural;
    std::optional<double> threshold_set = regimes[kSet].threshold;
    double before_threshold = scoring::calibrate::best_threshold(before, labels);

    std::cout << "calibrate: " << examples.size() << " labelled pairs (" << positives << " return the expected rows), "
              << cv.groups << " databases, " << cv.folds << " folds grouped by database";
    if (unlabelled) std::cout << "; " << unlabelled << " lines without a label skipped";
    // A batch record keeps no schema or db: without db_id its cases cannot be grouped, and the folds
    // would mix one database's cases into training and held-out parts unnoticed.
    if (ungrouped)
        std::cout << "\n  note: " << ungrouped << " of them name no database (db_id, db, schema or tags.db_id): "
                  << "each is its own group, so the folds may hold one database's cases on both sides";
    std::cout << "\n  scored by rule: " << identical << " identical after normalization (1), " << gated_or_unparsed
              << " gated or not parsed (0)" << (unparsed ? " (" + std::to_string(unparsed) + " do not parse)" : "")
              << "\n  with results evidence: " << with_evidence << "\n";
    auto summary = [&](const std::vector<double>& scores, double t) {
        auto r = scoring::calibrate::rates(scores, labels, t);
        return "AUC " + fixed(scoring::calibrate::auc(scores, labels)) + ", accuracy " +
               fixed(scoring::calibrate::accuracy(scores, labels, t)) + " at " + fixed(t, 2) + ", false pass " +
               fixed(r.false_pass_rate()) + ", false fail " + fixed(r.false_fail_rate());
    };
    std::cout << "before (profile " << base.name << ", its scores): " << summary(before, before_threshold)
              << " (its best threshold)\n";
    std::cout << "after (out of fold, C " << cv.C << "): AUC " << fixed(scoring::calibrate::auc(cv.out_of_fold, labels))
              << "\n";
    for (const Regime& r : regimes) {
        if (r.scores.empty()) continue;
        auto rates = scoring::calibrate::rates(r.scores, r.labels, *r.threshold);
        std::cout << "  " << r.name << " (" << r.scores.size() << "): AUC "
                  << fixed(scoring::calibrate::auc(r.scores, r.labels)) << ", threshold " << fixed(*r.threshold, 2)
                  << ", accuracy " << fixed(scoring::calibrate::accuracy(r.scores, r.labels, *r.threshold))
                  << ", false pass " << fixed(rates.false_pass_rate()) << ", false fail "
                  << fixed(rates.false_fail_rate()) << "\n";
    }
    print_table(before, cv.out_of_fold, labels);
    if (auto path = args.get("out-of-fold")) {
        errno = 0;
        std::ofstream file(*path);
        if (!file) throw_unwritable(*path);
        for (size_t i = 0; i < examples.size(); ++i)
            file << nlohmann::json{{"line", example_line[i]},
                                   {"group", examples[i].group},
                                   {"label", examples[i].label},
                                   {"score", cv.out_of_fold[i]},
                                   {"evidence", examples[i].results.kind != scoring::ResultsEvidenceKind::None}}
                        .dump()
                 << "\n";
    }

    std::vector<const Example*> all;
    for (const Example& e : examples) all.push_back(&e);
    scoring::calibrate::Model model = scoring::calibrate::fit(all, cv.C, base);
    std::string fitted_on =
        args.get_or("fitted-on", std::to_string(examples.size()) + " labelled pairs of " + display_name(input) + " (" +
                                     std::to_string(cv.groups) + " databases)");
    Profile fitted = scoring::calibrate::to_profile(model, threshold, args.get_or("name", "calibrated"), fitted_on);
    fitted.threshold_structural = threshold_structural;
    fitted.threshold_set = threshold_set;
    std::cout << "model: log-odds = " << fixed(model.intercept);
    for (auto& [name, w] : model.coefficients)
        if (w != 0) std::cout << " " << (w < 0 ? "- " : "+ ") << fixed(std::abs(w)) << " " << name;
    std::cout << "\nevidence:";
    for (auto& [name, w] : model.evidence)
        if (w != 0) std::cout << " " << (w < 0 ? "- " : "+ ") << fixed(std::abs(w)) << " " << name;
    std::cout << "\n";
    if (auto out = args.get("output")) {
        errno = 0;
        std::ofstream file(*out);
        if (!file) throw_unwritable(*out);
        file << scoring::calibrate::profile_json(
            fitted,
            "The verdict's model fitted by `qdiff calibrate`: the estimated probability that the generated "
            "query returns the expected rows, from the structural differences and the evidence.");
        std::cout << "wrote " << *out << "\n";
    }
    return 0;
}

}  // namespace qdiff::cli
