// lint(text, schema, ...) and the schema objects it takes.
#include "bindings.hpp"
#include "qdiff/lint.hpp"
#include "qdiff/schema.hpp"

namespace qdiff::python {
namespace {

// A loaded schema, shared by every lint call that passes it (loading one is the expensive part).
struct LoadedSchema {
    std::shared_ptr<const Schema> schema;
    SchemaFormat format = SchemaFormat::Auto;
};

// A schema that cannot be loaded: {"error": {"message", "diagnostics"}} for qdiff.SchemaError.
py::dict schema_failure(const SchemaLoadResult& loaded, const std::string& origin) {
    std::string message = "cannot load the schema " + origin;
    py::list diagnostics;
    for (const Diagnostic& d : loaded.diagnostics) {
        message += "\n  " + d.message;
        py::dict dj;
        dj["code"] = std::string(d.code());
        dj["severity"] = std::string(severity_name(d.severity));
        dj["message"] = d.message;
        diagnostics.append(std::move(dj));
    }
    py::dict error;
    error["message"] = message;
    error["diagnostics"] = std::move(diagnostics);
    py::dict out;
    out["error"] = std::move(error);
    return out;
}

// `spec` is "path" or "path#name" (NAME picks one database of a multi-database file), as --schema.
py::object load_schema_spec(const std::string& spec) {
    SchemaLoadResult loaded;
    {
        py::gil_scoped_release release;
        SchemaSpec split = split_schema_spec(spec);
        loaded = load_schema(split.path, split.selector);
    }
    if (!loaded.schema) return schema_failure(loaded, spec);
    return py::cast(LoadedSchema{std::make_shared<const Schema>(std::move(*loaded.schema)), loaded.format});
}

py::object load_schema_from_text(const std::string& text, const std::string& origin, const std::string& name) {
    SchemaLoadResult loaded;
    {
        py::gil_scoped_release release;
        loaded = load_schema_text(text, origin, name);
    }
    if (!loaded.schema) return schema_failure(loaded, origin);
    return py::cast(LoadedSchema{std::make_shared<const Schema>(std::move(*loaded.schema)), loaded.format});
}

// As `qdiff lint --format json`: {"valid", "confidence", "diagnostics"}.
py::dict lint_text(std::string text, const LoadedSchema* schema, const std::string& lang, const std::string& dialect,
                   const std::vector<std::string>& disable, const std::map<std::string, std::string>& severity) {
    LintOptions options;
    options.schema = schema ? schema->schema.get() : nullptr;
    options.dialect = dialect_named(dialect);
    auto known = [](const std::string& code) {
        const DiagInfo* info = find_diag(code);
        if (!info) throw py::value_error("unknown diagnostic code '" + code + "'");
        return std::string(info->code);
    };
    for (const std::string& code : disable) options.disabled.insert(known(code));
    for (const auto& [code, level] : severity) options.severity[known(code)] = severity_named(level);
    ParseOptions parse_options{.language = language_named(lang), .dialect = options.dialect};

    LintResult result;
    std::string diagnostics;
    {
        py::gil_scoped_release release;
        ParseResult parsed = parse(std::move(text), parse_options);
        result = lint(parsed, options);
        diagnostics = render_json(result.diagnostics, parsed.source());
    }
    py::dict out;
    out["valid"] = result.valid;
    out["confidence"] = result.confidence;
    out["diagnostics"] = json_text_to_python(diagnostics);
    return out;
}

}  // namespace

void bind_lint(py::module_& m) {
    py::class_<LoadedSchema>(m, "Schema")
        .def_property_readonly("name", [](const LoadedSchema& s) { return s.schema->name; })
        .def_property_readonly("origin", [](const LoadedSchema& s) { return s.schema->origin; })
        .def_property_readonly("format",
                               [](const LoadedSchema& s) { return std::string(schema_format_name(s.format)); })
        .def_property_readonly("tables", [](const LoadedSchema& s) { return s.schema->table_names(); })
        .def("__repr__", [](const LoadedSchema& s) {
            std::string name = s.schema->name.empty() ? "" : " " + s.schema->name;
            return "<qdiff.Schema" + name + " from " + s.schema->origin + ", " +
                   std::to_string(s.schema->tables.size()) + (s.schema->tables.size() == 1 ? " table>" : " tables>");
        });
    m.def("load_schema", &load_schema_spec, py::arg("spec"));
    m.def("schema_from_text", &load_schema_from_text, py::arg("text"), py::arg("origin") = "<schema>",
          py::arg("name") = "");
    m.def("lint", &lint_text, py::arg("text"), py::arg("schema") = nullptr, py::arg("lang") = "auto",
          py::arg("dialect") = "generic", py::arg("disable") = std::vector<std::string>{},
          py::arg("severity") = std::map<std::string, std::string>{});
}

}  // namespace qdiff::python
