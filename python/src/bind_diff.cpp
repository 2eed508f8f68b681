// diff(expected, generated, profile, lang, expected_lang, dialect) and the profile names.
#include "diff/diff_json.hpp"
#include "python/src/bindings.hpp"
#include "scoring/default_profile.hpp"

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
                      const std::optional<std::string>& expected_lang, const std::string& dialect, bool explain) {
    ParseOptions generated_options{
        .language = language_named(lang), .dialect = dialect_named(dialect), .source_name = "generated"};
    ParseOptions expected_options = generated_options;
    if (expected_lang) expected_options.language = language_named(*expected_lang);
    expected_options.source_name = "expected";
    std::shared_ptr<const Profile> chosen;
    if (profile_name) chosen = profile_named(*profile_name);

    nlohmann::ordered_json result;
    std::optional<DiffResult> scores;
    std::optional<ParseResult> expected, generated;
    {
        py::gil_scoped_release release;
        expected.emplace(parse(std::move(expected_text), expected_options));
        generated.emplace(parse(std::move(generated_text), generated_options));
        if (expected->ok() && generated->ok()) {
            // As `qdiff diff`.
            std::shared_ptr<const Profile> profile =
                chosen ? chosen
                       : profile_named(std::string(scoring::default_profile_name(
                             expected->language(), generated->language(), scoring::ProfileUse::Diff)));
            DiffOptions diff_options;
            diff_options.dialect = generated_options.dialect;
            DiffResult r = diff(*expected->script(), expected->language(), *generated->script(), generated->language(),
                                *profile, diff_options);
            if (explain) {
                result = diff_json(r, expected->source(), generated->source());
                result["diagnostics"] = diff_diagnostics_json(*expected, *generated);
            } else
                scores = std::move(r);
        }
    }
    if (!expected->ok() || !generated->ok()) {
        py::dict out;
        out["error"] =
            parse_failure(expected->ok() ? *generated : *expected, expected->ok() ? "generated" : "expected");
        return out;
    }
    return scores ? scores_dict(*scores) : to_python(result);
}

}  // namespace

void bind_diff(py::module_& m) {
    m.def("diff", &diff_texts, py::arg("expected"), py::arg("generated"), py::arg("profile") = py::none(),
          py::arg("lang") = "auto", py::arg("expected_lang") = py::none(), py::arg("dialect") = "generic",
          py::arg("explain") = true);
    m.def("profiles", &builtin_profile_names);
}

}  // namespace qdiff::python
