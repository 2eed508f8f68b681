// The verdict from all the evidence (scoring/verdict.hpp; SCORING.md, "The verdict").
#include "scoring/verdict.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <tuple>

#include <nlohmann/json.hpp>

#include "qdiff/enum_names.hpp"
#include "scoring/execution.hpp"
#include "support/strings.hpp"

namespace qdiff::scoring {
namespace {

constexpr std::string_view kVerdictNames[] = {"equivalent", "no_difference_found", "differs_on_edge_cases_only",
                                              "different",  "cannot_run",          "unknown"};

constexpr std::string_view kResultsEvidenceNames[] = {"none",          "undecided", "no_difference",
                                                      "differs_edge_cases", "differs",   "cannot_run"};

// The kinds of an edge-case-only difference (stages/results/synth/README.md): the edge-case database that
// showed it, or what plain data needed to show it (fan-out, a scalar subquery over several rows, a key
// against a name). Each says how likely real data is to show it, so each has its own weight.
constexpr const char* kEdgeKinds[] = {"nulls", "duplicates", "fan_out",  "scalar_subquery", "key_literal", "limit_cut",
                                      "ties",  "empty",      "dangling", "case",            "boundary",    "cast"};

std::string edge_kind_feature(const std::string& kind) {
    for (const char* known : kEdgeKinds)
        if (kind == known) return std::string("results.differs_edge_cases.") + known;
    return "results.differs_edge_cases.other";
}

// A lint error says little more after the third.
constexpr double kMaxLintErrors = 3;

std::string detail_text(const StageResult& r, const std::string& key) {
    auto it = r.details.find(key);
    if (it == r.details.end()) return "";
    nlohmann::json j = nlohmann::json::parse(it->second, nullptr, false);
    if (j.is_string()) return j.get<std::string>();
    if (j.is_discarded()) return it->second;
    return j.dump();
}

std::string percent(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f%%", v * 100);
    return buf;
}

// The results stage's reason without its own "undecided: ", which the verdict's reason already says.
std::string_view undecided_cause(std::string_view explanation) {
    constexpr std::string_view prefix = "undecided: ";
    return explanation.starts_with(prefix) ? explanation.substr(prefix.size()) : explanation;
}

std::string databases_text(const ResultsEvidence& r) {
    if (!r.synthesized) return "the given database";
    return std::to_string(r.databases) + " synthesized database" + (r.databases == 1 ? "" : "s");
}

double weight_of(const Profile& model, const std::string& name) {
    for (auto& [feature, w] : model.evidence_coefficients)
        if (feature == name) return w;
    return 0;
}

}  // namespace

std::string_view verdict_kind_name(VerdictKind k) { return enum_name_in(kVerdictNames, k); }

std::string_view results_evidence_kind_name(ResultsEvidenceKind k) { return enum_name_in(kResultsEvidenceNames, k); }

std::optional<ResultsEvidenceKind> parse_results_evidence_kind(std::string_view name) {
    return enum_named_in<ResultsEvidenceKind>(kResultsEvidenceNames, name);
}

ResultsEvidence results_evidence(const StageResult& r) {
    ResultsEvidence e;
    e.explanation = r.reason;
    std::string synth = detail_text(r, "synth_verdict");
    e.synthesized = !synth.empty();
    if (e.synthesized) {
        e.edge_cases_weighed = detail_text(r, "synth_as_sets") == "true";
        std::string tried = detail_text(r, "synth_databases_tried");
        if (tried.empty()) tried = detail_text(r, "synth_databases");
        e.databases = tried.empty() ? 0 : static_cast<size_t>(std::strtoul(tried.c_str(), nullptr, 10));
        if (synth == "equal") {
            e.kind = ResultsEvidenceKind::NoDifference;
            e.rounding = detail_text(r, "synth_rounding");
        } else if (synth == "different") {
            bool edge_only = detail_text(r, "synth_edge_cases_only") == "true";
            e.separating_kind = detail_text(r, "synth_kind");
            if (e.separating_kind.empty()) e.separating_kind = edge_only ? "edge case" : "plain";
            e.kind = edge_only ? ResultsEvidenceKind::DiffersEdgeCases : ResultsEvidenceKind::Differs;
        } else if (synth == "undecided") {
            // An expected query the synthesized databases cannot run, or a query in a dialect their engine does
            // not speak, says nothing about the generated query: no evidence, not an undecided comparison.
            std::string cause = detail_text(r, "synth_undecided_cause");
            e.kind = cause == "expected_fails" || cause == "dialect" ? ResultsEvidenceKind::None
                                                                     : ResultsEvidenceKind::Undecided;
        } else if (r.status == StageStatus::Error || r.status == StageStatus::Timeout) {
            // On synthesized data only the generated query fails as an error: an expected query that
            // fails leaves the pair undecided.
            e.kind = ResultsEvidenceKind::CannotRun;
        }
        return e;
    }
    e.databases = 1;
    switch (r.status) {
        case StageStatus::Ok:
            e.kind = r.score >= 1 - 1e-9 ? ResultsEvidenceKind::NoDifference : ResultsEvidenceKind::Differs;
            if (e.kind == ResultsEvidenceKind::Differs) e.separating_kind = "plain";
            break;
        case StageStatus::Error:
        case StageStatus::Timeout:
            e.kind = detail_text(r, "failed") == "generated" ? ResultsEvidenceKind::CannotRun : ResultsEvidenceKind::None;
            break;
        case StageStatus::Skipped: break;
    }
    return e;
}

std::string columns_out_of_position(const DiffResult& diff) {
    for (const ComponentResult& c : diff.components) {
        if (c.component != Component::Projection) continue;
        std::vector<const AtomPair*> pairs;
        for (const auto* list : {&c.matched, &c.changed})
            for (const AtomPair& p : *list) pairs.push_back(&p);
        auto told = [&](auto side) {
            for (const AtomPair* p : pairs) {
                const Atom& a = side(*p);
                if (a.span.end <= a.span.begin) return false;
                for (const AtomPair* q : pairs)
                    if (q != p && (side(*q).span.begin == a.span.begin || side(*q).text == a.text)) return false;
            }
            return true;
        };
        auto expected = [](const AtomPair& p) -> const Atom& { return p.expected; };
        auto generated = [](const AtomPair& p) -> const Atom& { return p.generated; };
        if (pairs.size() < 2 || !told(expected) || !told(generated)) return "";
        std::sort(pairs.begin(), pairs.end(), [](const AtomPair* a, const AtomPair* b) {
            return std::tie(a->expected.statement, a->expected.span.begin) <
                   std::tie(b->expected.statement, b->expected.span.begin);
        });
        for (size_t i = 0; i + 1 < pairs.size(); ++i) {
            const AtomPair& a = *pairs[i];
            for (size_t j = i + 1; j < pairs.size(); ++j) {
                const AtomPair& b = *pairs[j];
                if (a.expected.statement != b.expected.statement || a.generated.statement != b.generated.statement ||
                    a.generated.span.begin < b.generated.span.begin)
                    continue;
                return "the select list is in another order and columns compare by position (--positional-columns): `" +
                       a.expected.shown() + "` comes before `" + b.expected.shown() +
                       "` in the expected query and after it in the "
                       "generated one";
            }
        }
    }
    return "";
}

const std::vector<std::string>& evidence_feature_names() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> out = {"results.no_difference", "results.no_difference.structure",
                                        "results.differs", "results.differs.structure"};
        for (const char* kind : kEdgeKinds) out.push_back(std::string("results.differs_edge_cases.") + kind);
        out.insert(out.end(), {"results.differs_edge_cases.other", "results.undecided", "results.cannot_run",
                               "results.real.no_difference", "results.real.differs", "lint.errors", "judge.score"});
        return out;
    }();
    return names;
}

std::vector<FeatureContribution> evidence_features(const ResultsEvidence& results, size_t lint_errors,
                                                   std::optional<double> judge, double structural_log_odds) {
    std::vector<FeatureContribution> out;
    auto add = [&](const std::string& name, double value, const std::string& detail) {
        out.push_back({name, value, 0, 0, detail});
    };
    auto slope = [&](const std::string& name) {
        add(name + ".structure", structural_log_odds, "the structural log-odds, under this evidence");
    };
    auto indicator = [&](const std::string& name) {
        add(name, 1, results.explanation);
        slope(name);
    };
    switch (results.kind) {
        case ResultsEvidenceKind::None: break;
        case ResultsEvidenceKind::Undecided: add("results.undecided", 1, results.explanation); break;
        case ResultsEvidenceKind::CannotRun: add("results.cannot_run", 1, results.explanation); break;
        case ResultsEvidenceKind::NoDifference:
            if (results.synthesized)
                indicator("results.no_difference");
            else
                add("results.real.no_difference", 1, results.explanation);
            break;
        case ResultsEvidenceKind::DiffersEdgeCases:
            add("results.no_difference", 1, "no difference on the plain synthesized databases");
            slope("results.no_difference");
            add(edge_kind_feature(results.separating_kind), 1, results.explanation);
            break;
        case ResultsEvidenceKind::Differs:
            if (results.synthesized)
                indicator("results.differs");
            else
                add("results.real.differs", 1, results.explanation);
            break;
    }
    if (lint_errors)
        add("lint.errors", std::min(kMaxLintErrors, static_cast<double>(lint_errors)),
            std::to_string(lint_errors) + " lint error" + (lint_errors == 1 ? "" : "s") + " in the generated query");
    if (judge) add("judge.score", std::clamp(*judge, 0.0, 1.0) - 0.5, "the judge's score minus 0.5");
    return out;
}

std::string does_not_parse_reason(std::string_view side, const std::string& first_error) {
    return "the " + std::string(side) + " query does not parse" + (first_error.empty() ? "" : ": " + first_error);
}

Verdict decide_verdict(const VerdictInputs& in, const Profile& model) {
    Verdict v;
    const ResultsEvidence& results = in.results;
    if (!in.generated_parses) {
        v.kind = VerdictKind::CannotRun;
        v.reasons.push_back(does_not_parse_reason("generated", in.generated_parse_error));
        return v;
    }
    if (!in.expected_parses || !in.diff) {
        v.kind = VerdictKind::Unknown;
        v.reasons.push_back("no comparison: " + does_not_parse_reason("expected", in.expected_parse_error));
        return v;
    }
    const DiffResult& diff = *in.diff;
    bool separated = results.kind == ResultsEvidenceKind::Differs || results.kind == ResultsEvidenceKind::CannotRun;
    if (diff.gated) {
        v.kind = results.kind == ResultsEvidenceKind::CannotRun ? VerdictKind::CannotRun : VerdictKind::Different;
        v.reasons.push_back(explain_differences(diff));  // no relation (KQL: table; Weaviate: collection) in common
        if (separated) v.reasons.push_back(results.explanation);
        return v;
    }
    bool equivalent = diff.features.empty();
    if (equivalent && !separated) {
        v.kind = VerdictKind::Equivalent;
        v.probability = 1;
        v.structural_probability = 1;
        return v;
    }

    // The structural model: the execution profile's log-odds over the diff's decisive differences
    // (with nothing differing, the intercept alone).
    double structural = model.intercept;
    for (const FeatureContribution& f : diff.features)
        for (auto& [name, w] : model.coefficients)
            if (name == f.name) structural += w * f.value;
    v.structural_probability = logistic(structural);
    v.evidence = evidence_features(results, in.lint_errors, in.judge, structural);
    double log_odds = structural;
    for (FeatureContribution& f : v.evidence) {
        f.coefficient = weight_of(model, f.name);
        f.contribution = f.coefficient * f.value;
        log_odds += f.contribution;
    }
    v.probability = logistic(log_odds);

    switch (results.kind) {
        case ResultsEvidenceKind::CannotRun:
            v.kind = VerdictKind::CannotRun;
            v.reasons.push_back("the generated query fails where the expected one runs: " + results.explanation);
            break;
        case ResultsEvidenceKind::Differs:
            v.kind = VerdictKind::Different;
            // A synthesized database's explanation names it and its kind ("different on synthesized
            // database 2 (plain, shrunk to 2 rows): ...").
            v.reasons.push_back(results.synthesized || results.separating_kind == "column_order"
                                    ? results.explanation
                                    : "different on the given database: " + results.explanation);
            break;
        case ResultsEvidenceKind::DiffersEdgeCases:
            v.kind = VerdictKind::DiffersOnEdgeCases;
            v.reasons.push_back("differs on edge cases only (" + results.separating_kind +
                                "), not on plain synthesized data: " + results.explanation);
            if (!results.edge_cases_weighed) {
                v.fails_by_counterexample = true;
                v.reasons.push_back(
                    "counted as a difference: as in test-suite accuracy, every database that separates the queries "
                    "decides (under --results-mode set, BIRD's execution accuracy, the probability decides)");
            }
            break;
        case ResultsEvidenceKind::NoDifference:
            v.kind = VerdictKind::NoDifferenceFound;
            v.reasons.push_back("no difference found on " + databases_text(results) +
                                (results.rounding.empty() ? "" : " beyond rounding: " + results.rounding));
            break;
        case ResultsEvidenceKind::Undecided:
        case ResultsEvidenceKind::None: v.kind = VerdictKind::Unknown; break;
    }
    if (in.lint_errors)
        v.reasons.push_back(std::to_string(in.lint_errors) + " lint error" + (in.lint_errors == 1 ? "" : "s") +
                            " in the generated query");
    if (in.generated_statements != in.expected_statements)
        v.reasons.push_back("the generated query holds " + support::counted(in.generated_statements, "statement") +
                            " where the expected one holds " + std::to_string(in.expected_statements));
    if (std::string structure = explain_differences(diff); !structure.empty())
        v.reasons.push_back("structure (" + percent(*v.structural_probability) + "): " + structure);
    if (results.kind == ResultsEvidenceKind::Undecided)
        v.reasons.push_back("results undecided: " + std::string(undecided_cause(results.explanation)));
    // Why the verdict is the structure's estimate: what kept the results stage from comparing them.
    if (results.kind == ResultsEvidenceKind::None && !results.explanation.empty())
        v.reasons.push_back("no results to compare: " + std::string(undecided_cause(results.explanation)));
    return v;
}

}  // namespace qdiff::scoring
