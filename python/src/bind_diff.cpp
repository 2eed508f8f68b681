// diff(expected, generated, profile, lang, expected_lang, dialect, explain, normalize_off) over compare(), and
// the profile names.
#include "bindings.hpp"

namespace qdiff::python {
namespace {

// diff(explain=False): the scores of diff_json's document without the explanation (no matched,
// missing, extra, changed, edits), built as Python objects directly: scoring many pairs should not
// pay for a JSON document it throws away.
py::dict scores_dict(const DiffResult& r) {
    py::dict out, components;
    out[interned_key("score")] = r.score;
    out[interned_key("ok")] = true;
    out[interned_key("gated")] = r.gated;
    out[interned_key("profile")] = r.profile;
    for (const ComponentResult& c : r.components) {
        py::dict cj;
        cj[interned_key("score")] = c.score;
        // As diff_json: an execution profile's components have no weight, but a log-odds contribution.
        if (std::optional<double> contribution = log_odds_contribution(r, c.component)) {
            cj[interned_key("weight")] = py::none();
            cj[interned_key("contribution")] = *contribution;
        } else {
            cj[interned_key("weight")] = c.weight;
        }
        cj[interned_key("absent")] = c.absent;
        components[interned_key(component_name(c.component))] = std::move(cj);
    }
    out[interned_key("components")] = std::move(components);
    if (r.base_similarity) out[interned_key("base_similarity")] = *r.base_similarity;
    if (r.label_boost) out[interned_key("label_boost")] = *r.label_boost;
    if (r.label_penalty) out[interned_key("label_penalty")] = *r.label_penalty;
    if (r.final_score) out[interned_key("final_score")] = *r.final_score;
    if (r.log_odds) {
        out[interned_key("intercept")] = *r.intercept;
        out[interned_key("log_odds")] = *r.log_odds;
    }
    out[interned_key("statements")] = r.statements;
    out[interned_key("tree_distance")] = r.tree_distance;
    out[interned_key("tree_distance_exact")] = r.tree_distance_exact;
    return out;
}

// As `qdiff diff --format json`; when a side does not parse: {"error": <parse_failure>}.
py::object diff_texts(std::string expected_text, std::string generated_text,
                      const std::optional<std::string>& profile_name, const std::string& lang,
                      const std::optional<std::string>& expected_lang, const std::string& dialect, bool explain,
                      const std::vector<std::string>& normalize_off) {
    CompareOptions options;
    set_option(options, CompareOption::Language, lang);
    if (expected_lang) set_option(options, CompareOption::ExpectedLanguage, *expected_lang);
    set_option(options, CompareOption::Dialect, dialect);
    if (profile_name) set_option(options, CompareOption::Profile, *profile_name);
    for (const std::string& rules : normalize_off) set_option(options, CompareOption::NormalizeOff, rules);
    std::optional<Comparison> c;
    std::string document;
    {
        py::gil_scoped_release release;
        c.emplace(compare(std::move(expected_text), std::move(generated_text), options));
        if (c->ok() && explain) document = to_json(*c);
    }
    if (!c->ok()) {
        py::dict out;
        out["error"] = parse_failure(c->expected.ok() ? c->generated : c->expected,
                                     c->expected.ok() ? "generated" : "expected");
        return out;
    }
    return explain ? json_text_to_python(document) : scores_dict(*c->result);
}

}  // namespace

void bind_diff(py::module_& m) {
    m.def("diff", &diff_texts, py::arg("expected"), py::arg("generated"), py::arg("profile") = py::none(),
          py::arg("lang") = "auto", py::arg("expected_lang") = py::none(), py::arg("dialect") = "generic",
          py::arg("explain") = true, py::arg("normalize_off") = std::vector<std::string>{});
    m.def("profiles", &builtin_profile_names);
}

}  // namespace qdiff::python
