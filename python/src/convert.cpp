// Library values → Python values (python/src/bindings.hpp).
#include <algorithm>
#include <map>
#include <mutex>

#include "bindings.hpp"

namespace qdiff::python {

py::object interned_key(std::string_view name) {
    // Leaked on purpose, so that no Python object is released after the interpreter has gone.
    // Only touched with the GIL held.
    static auto* interned = new std::map<std::string, py::object, std::less<>>();
    if (auto it = interned->find(name); it != interned->end()) return it->second;
    py::object made = py::reinterpret_steal<py::object>(
        PyUnicode_FromStringAndSize(name.data(), static_cast<Py_ssize_t>(name.size())));
    if (!made) throw py::error_already_set();
    if (interned->size() < 512) {
        PyObject* object = made.release().ptr();
        PyUnicode_InternInPlace(&object);
        made = py::reinterpret_steal<py::object>(object);
        interned->emplace(std::string(name), made);
    }
    return made;
}

py::object to_python(const nlohmann::ordered_json& value) {
    using value_t = nlohmann::ordered_json::value_t;
    switch (value.type()) {
        case value_t::null:
        case value_t::discarded: return py::none();
        case value_t::boolean: return py::bool_(value.get<bool>());
        case value_t::number_integer: return py::int_(value.get<int64_t>());
        case value_t::number_unsigned: return py::int_(value.get<uint64_t>());
        case value_t::number_float: return py::float_(value.get<double>());
        case value_t::string: return py::str(value.get_ref<const std::string&>());
        case value_t::binary:
            return py::bytes(reinterpret_cast<const char*>(value.get_binary().data()), value.get_binary().size());
        case value_t::array: {
            py::list list(value.size());
            size_t i = 0;
            for (const auto& item : value) list[i++] = to_python(item);
            return list;
        }
        case value_t::object: {
            py::dict dict;
            for (const auto& [key, item] : value.items()) dict[interned_key(key)] = to_python(item);
            return dict;
        }
    }
    return py::none();
}

py::object json_text_to_python(const std::string& text) {
    // CPython's json module (C-accelerated) reads our renderers' text faster than a DOM round trip.
    static py::object* loads = new py::object(py::module_::import("json").attr("loads"));
    return (*loads)(py::str(text));
}

void set_option(CompareOptions& options, CompareOption option, const std::string& value) {
    if (std::string error = set_compare_option(options, option, value); !error.empty()) throw py::value_error(error);
}

Language language_named(const std::string& name) {
    CompareOptions options;
    set_option(options, CompareOption::Language, name);
    return options.language;
}

Dialect dialect_named(const std::string& name) {
    CompareOptions options;
    set_option(options, CompareOption::Dialect, name);
    return options.dialect;
}

Severity severity_named(const std::string& name) {
    if (name == "error") return Severity::Error;
    if (name == "warning") return Severity::Warning;
    if (name == "note") return Severity::Note;
    throw py::value_error("unknown severity '" + name + "' (error, warning, note)");
}

std::shared_ptr<const Profile> profile_named(const std::string& name_or_path) {
    CompareOptions options;
    set_option(options, CompareOption::Profile, name_or_path);
    return options.profile;
}

py::dict parse_failure(const ParseResult& result, std::string_view side) {
    py::dict failure;
    failure["side"] = py::str(side.data(), side.size());
    failure["language"] = py::str(std::string(language_name(result.language())));
    failure["message"] = py::str(render_text(result.diagnostics(), result.source()));
    failure["diagnostics"] = json_text_to_python(render_json(result.diagnostics(), result.source()));
    return failure;
}

}  // namespace qdiff::python
