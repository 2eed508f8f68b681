// parse(text, lang, dialect) and detect_language(text).
#include "bindings.hpp"
#include "qdiff/ast_print.hpp"

namespace qdiff::python {
namespace {

// As `qdiff parse --format json`: {"ok", "language", "diagnostics", "ast"}; a text that does not
// parse gives {"ok": false, "error": <parse_failure>}.
py::dict parse_text(std::string text, const std::string& lang, const std::string& dialect) {
    ParseOptions options{.language = language_named(lang), .dialect = dialect_named(dialect)};
    std::optional<ParseResult> result;
    std::string ast, diagnostics;
    {
        py::gil_scoped_release release;
        result.emplace(parse(std::move(text), options));
        if (result->ok()) ast = to_json(*result->script(), {.spans = true});
        diagnostics = render_json(result->diagnostics(), result->source());
    }
    py::dict out;
    out["ok"] = result->ok();
    out["language"] = py::str(std::string(language_name(result->language())));
    out["diagnostics"] = json_text_to_python(diagnostics);
    if (result->ok()) {
        out["ast"] = json_text_to_python(ast);
    } else {
        out["ast"] = py::none();
        out["error"] = parse_failure(*result, "text");
    }
    return out;
}

}  // namespace

void bind_parse(py::module_& m) {
    m.def("parse", &parse_text, py::arg("text"), py::arg("lang") = "auto", py::arg("dialect") = "generic");
    m.def(
        "detect_language", [](const std::string& text) { return std::string(language_name(detect_language(text))); },
        py::arg("text"));
    // The bound on ANTLR's prediction caches (qdiff/parse.hpp; README, "Memory").
    m.def("set_parse_cache_limit", &set_parse_cache_limit, py::arg("bytes"));
    m.def("parse_cache_limit", &parse_cache_limit);
    m.def(
        "parse_cache_stats",
        [](const std::string& lang) {
            ParseCacheStats stats;
            {
                py::gil_scoped_release release;  // waits for the running parses of the language
                stats = parse_cache_stats(language_named(lang));
            }
            py::dict out;
            out["bytes"] = stats.bytes;
            out["clears"] = stats.clears;
            out["parses"] = stats.parses;
            return out;
        },
        py::arg("lang"));
}

}  // namespace qdiff::python
