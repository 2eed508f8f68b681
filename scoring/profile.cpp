// Weight profiles: the built-in ones and profile files (SCORING.md, "Profiles").
#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "qdiff/diff.hpp"
#include "scoring/execution.hpp"
#include "scoring/verdict.hpp"

namespace qdiff {
namespace scoring {
const std::map<std::string, std::string>& builtin_profiles();  // generated_profiles.cpp
}

namespace {

// "intercept", "coefficients": {FEATURE: WEIGHT}, "threshold", "fitted_on" of an execution profile.
void read_execution_model(const nlohmann::json& j, const std::string& origin, Profile& p) {
    auto fail = [&](const std::string& what) { throw std::runtime_error("profile " + origin + ": " + what); };
    if (!j.contains("intercept") || !j["intercept"].is_number())
        fail("an execution profile needs \"intercept\": NUMBER");
    if (!j.contains("coefficients") || !j["coefficients"].is_object())
        fail("an execution profile needs \"coefficients\": {FEATURE: WEIGHT, ...}");
    p.intercept = j["intercept"].get<double>();
    const auto& known = scoring::execution_feature_names();
    for (auto& [feature, w] : j["coefficients"].items()) {
        if (std::find(known.begin(), known.end(), feature) == known.end()) fail("unknown feature '" + feature + "'");
        if (!w.is_number()) fail("the coefficient of " + feature + " must be a number");
        p.coefficients.emplace_back(feature, w.get<double>());
    }
    if (j.contains("evidence")) {
        if (!j["evidence"].is_object()) fail("\"evidence\" must be an object {FEATURE: WEIGHT, ...}");
        const auto& evidence = scoring::evidence_feature_names();
        for (auto& [feature, w] : j["evidence"].items()) {
            if (std::find(evidence.begin(), evidence.end(), feature) == evidence.end())
                fail("unknown evidence feature '" + feature + "'");
            if (!w.is_number()) fail("the coefficient of " + feature + " must be a number");
            p.evidence_coefficients.emplace_back(feature, w.get<double>());
        }
    }
    if (j.contains("threshold")) {
        if (!j["threshold"].is_number() || j["threshold"].get<double>() < 0 || j["threshold"].get<double>() > 1)
            fail("\"threshold\" must be a number in [0, 1]");
        p.threshold = j["threshold"].get<double>();
    }
    for (auto [key, field] : {std::pair{"threshold_structural", &p.threshold_structural},
                              std::pair{"threshold_set", &p.threshold_set}}) {
        if (!j.contains(key)) continue;
        const auto& t = j[key];
        if (!t.is_number() || t.get<double>() < 0 || t.get<double>() > 1)
            fail("\"" + std::string(key) + "\" must be a number in [0, 1]");
        *field = t.get<double>();
    }
    p.fitted_on = j.value("fitted_on", "");
}

}  // namespace

Profile parse_profile(const std::string& json_text, const std::string& origin) {
    nlohmann::json j = nlohmann::json::parse(json_text, nullptr, false);
    auto fail = [&](const std::string& what) { throw std::runtime_error("profile " + origin + ": " + what); };
    if (!j.is_object()) fail("expected a JSON object");
    Profile p;
    p.name = j.value("name", origin);
    std::string kind = j.value("kind", std::string(profile_kind_name(ProfileKind::Structural)));
    std::optional<ProfileKind> known_kind = parse_profile_kind_name(kind);
    if (!j.contains("weights") && (known_kind == ProfileKind::Hybrid || known_kind == ProfileKind::Execution))
        j["weights"] = nlohmann::json::object();
    if (!j.contains("weights") || !j["weights"].is_object()) fail("expected \"weights\": {COMPONENT: WEIGHT, ...}");
    if (!known_kind) fail("unknown kind '" + kind + "'");
    p.kind = *known_kind;
    if (std::string gate = j.value("gate", ""); !gate.empty()) {
        p.gate = parse_component_name(gate);
        if (!p.gate) fail("unknown gate component '" + gate + "'");
    }
    auto read_map = [&](const char* key, PerComponent<std::optional<double>>& out) {
        if (!j.contains(key)) return;
        if (!j[key].is_object()) fail("\"" + std::string(key) + "\" must be an object");
        for (auto& [name, w] : j[key].items()) {
            std::optional<Component> component = parse_component_name(name);
            if (!component || !w.is_number()) fail("bad " + std::string(key) + " entry '" + name + "'");
            out[*component] = w.get<double>();
        }
    };
    if (p.kind == ProfileKind::Execution) read_execution_model(j, origin, p);
    read_map("boost", p.boost);
    read_map("penalty", p.penalty);
    for (Component component : kComponents) {  // in reporting order, whatever the file's order
        const std::string name(component_name(component));
        if (!j["weights"].contains(name)) continue;
        const auto& w = j["weights"][name];
        if (!w.is_number() || w.get<double>() < 0) fail("weight of " + name + " must be a number >= 0");
        p.weights.emplace_back(component, w.get<double>());
    }
    for (auto& [key, value] : j["weights"].items())
        if (!parse_component_name(key)) fail("unknown component '" + key + "'");
    return p;
}

std::vector<std::string> builtin_profile_names() {
    std::vector<std::string> names;
    for (auto& [name, text] : scoring::builtin_profiles()) names.push_back(name);
    return names;
}

Profile load_profile(const std::string& name_or_path) {
    auto& builtins = scoring::builtin_profiles();
    if (auto it = builtins.find(name_or_path); it != builtins.end()) return parse_profile(it->second, it->first);
    errno = 0;
    std::ifstream in(name_or_path);
    if (!in) {
        // A name that is plainly a file (a folder in it, or .json) was meant as one: say why it did not open.
        int open_error = errno;
        if (name_or_path.find('/') != std::string::npos || name_or_path.ends_with(".json"))
            throw std::runtime_error("cannot read the profile file '" + name_or_path + "'" +
                                     (open_error ? std::string(": ") + std::strerror(open_error) : std::string()));
        std::string known;
        for (auto& [name, text] : builtins) known += (known.empty() ? "" : ", ") + name;
        throw std::runtime_error("unknown profile '" + name_or_path + "' (built in: " + known + "; or a JSON file)");
    }
    std::stringstream text;
    text << in.rdbuf();
    return parse_profile(text.str(), name_or_path);
}

}  // namespace qdiff
