// diff(expected, generated, profile, lang, expected_lang, dialect) and the profile names.
#include <map>

#include "diff/diff_json.hpp"
#include "python/src/bindings.hpp"
#include "scoring/default_profile.hpp"

namespace qdiff::python {
namespace {

// Interned once: a scores dict per pair would otherwise create the same key strings every call,
// a measurable share of the call's overhead. Leaked on purpose, so that no Python object is released
// after the interpreter has gone.
py::handle key(std::string_view name) {
    static auto* interned = new std::map<std::string, py::object, std::less<>>();
    auto it = interned->find(name);
    if (it == interned->end())
        it = interned
                 ->emplace(std::string(name),
                           py::reinterpret_steal<py::object>(PyUnicode_InternFromString(std::string(name).c_str())))
                 .first;
    return it->second;
}

// diff(explain=False): the scores of diff_json's document without the explanation (no matched,
// missing, extra, changed, edits), built as Python objects directly: scoring many pairs should not
// pay for a JSON document it throws away.
py::dict scores_dict(const DiffResult& r) {
    py::dict out, components;
    out[key("score")] = r.score;
    out[key("ok")] = true;
    out[key("gated")] = r.gated;
    out[key("profile")] = r.profile;
    for (const ComponentResult& c : r.components) {
        py::dict cj;
        cj[key("score")] = c.score;
        cj[key("weight")] = c.weight;
        cj[key("absent")] = c.absent;
        components[key(component_name(c.component))] = std::move(cj);
    }
    out[key("components")] = std::move(components);
    if (r.base_similarity) out[key("base_similarity")] = *r.base_similarity;
    if (r.label_boost) out[key("label_boost")] = *r.label_boost;
    if (r.label_penalty) out[key("label_penalty")] = *r.label_penalty;
    if (r.final_score) out[key("final_score")] = *r.final_score;
    if (r.log_odds) {
        out[key("intercept")] = *r.intercept;
        out[key("log_odds")] = *r.log_odds;
    }
    out[key("statements")] = r.statements;
    out[key("tree_distance")] = r.tree_distance;
    out[key("tree_distance_exact")] = r.tree_distance_exact;
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
            DiffResult r = diff(*expected->script(), expected->language(), *generated->script(), generated->language(),
                                *profile, DiffOptions{.dialect = generated_options.dialect});
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
        return std::move(out);
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
