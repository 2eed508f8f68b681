// The pieces of the `qdiff._qdiff` extension module: each bind_* adds its functions to the module,
// and the conversions below turn library values into Python ones. The public Python API is the
// pure-Python package around it (python/qdiff/__init__.py).
#pragma once
#include <memory>
#include <string>
#include <string_view>

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <nlohmann/json.hpp>

#include "qdiff/diagnostic.hpp"
#include "qdiff/compare.hpp"
#include "qdiff/diff.hpp"
#include "qdiff/parse.hpp"

namespace qdiff::python {

namespace py = pybind11;

void bind_parse(py::module_& m);
void bind_diff(py::module_& m);
void bind_lint(py::module_& m);
void bind_batch(py::module_& m);

// A JSON value as plain Python values (dict, list, str, int, float, bool, None); keys keep their order.
py::object to_python(const nlohmann::ordered_json& value);
// A dict key as a Python str made once per process: result dicts repeat the same keys every call, and
// creating them anew is a measurable share of a call's overhead. Keys beyond the first few hundred
// distinct ones (never seen in the library's own documents) are made afresh, so the table stays small.
py::object interned_key(std::string_view name);
// JSON text (as the library's renderers write it) as plain Python values.
py::object json_text_to_python(const std::string& text);

// Sets a shared option (compare_options.def) from its text, as the command line does; ValueError when wrong.
void set_option(CompareOptions& options, CompareOption option, const std::string& value);
// Names as the command line takes them; an unknown name raises ValueError listing the known ones.
Language language_named(const std::string& name);
Dialect dialect_named(const std::string& name);
Severity severity_named(const std::string& name);

// A built-in profile name or a profile file. Built-in profiles are loaded once per process; a file
// is read on every call (it may change). Raises ValueError when neither.
std::shared_ptr<const Profile> profile_named(const std::string& name_or_path);

// The error payload the Python layer turns into qdiff.ParseError: the rendered text (compiler style,
// with caret lines) and the diagnostics as dicts.
py::dict parse_failure(const ParseResult& result, std::string_view side);

}  // namespace qdiff::python
