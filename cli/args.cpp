#include "cli/args.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

#include "qdiff/normalize.hpp"

namespace qdiff::cli {

Args::Args(const std::vector<std::string>& argv, const std::set<std::string>& valued, const std::set<std::string>& flags) {
    for (size_t i = 0; i < argv.size(); ++i) {
        const std::string& a = argv[i];
        if (a.size() > 2 && a.starts_with("--")) {
            std::string name = a.substr(2);
            std::optional<std::string> value;
            if (size_t eq = name.find('='); eq != std::string::npos) {
                value = name.substr(eq + 1);
                name = name.substr(0, eq);
            }
            if (valued.count(name)) {
                if (!value) {
                    if (i + 1 >= argv.size()) throw UsageError{"option --" + name + " needs a value"};
                    value = argv[++i];
                }
                values_[name] = *value;
                all_values_[name].push_back(*value);
            } else if (flags.count(name) && !value) {
                flags_.insert(name);
            } else {
                throw UsageError{"unknown option --" + name};
            }
        } else {
            positionals_.push_back(a);
        }
    }
}

std::optional<std::string> Args::get(const std::string& name) const {
    auto it = values_.find(name);
    if (it == values_.end()) return std::nullopt;
    return it->second;
}

std::string Args::get_or(const std::string& name, const std::string& fallback) const {
    return get(name).value_or(fallback);
}

Language Args::language(const std::string& option) const {
    std::string name = get_or(option, "auto");
    auto l = parse_language_name(name);
    if (!l) throw UsageError{"unknown language '" + name + "' for --" + option + " (auto, sql, kql, weaviate)"};
    return *l;
}

Dialect Args::dialect() const {
    std::string name = get_or("dialect", "generic");
    auto d = parse_dialect_name(name);
    if (!d) throw UsageError{"unknown dialect '" + name + "' (" + dialect_names() + ")"};
    return *d;
}

std::string Args::choice(const std::string& name, const std::string& fallback, const std::set<std::string>& allowed) const {
    std::string value = get_or(name, fallback);
    if (!allowed.count(value)) {
        std::string list;
        for (const auto& a : allowed) list += (list.empty() ? "" : ", ") + a;
        throw UsageError{"--" + name + " must be one of " + list};
    }
    return value;
}

std::string input_name(const Args& args) {
    if (args.positionals().size() > 1) throw UsageError{"expected one input file, got " + std::to_string(args.positionals().size())};
    return args.positionals().empty() ? "-" : args.positionals()[0];
}

std::string display_name(const std::string& path) { return path == "-" ? "<stdin>" : path; }

std::vector<std::string> Args::get_all(const std::string& name) const {
    auto it = all_values_.find(name);
    return it == all_values_.end() ? std::vector<std::string>{} : it->second;
}

void throw_unreadable(const std::string& path) {
    // Why (missing, no permission, ...): the failed open or read left it in errno.
    std::string why = errno ? std::string(": ") + std::strerror(errno) : std::string();
    throw UsageError{"cannot read " + path + why};
}

std::string read_input(const std::string& path) {
    if (path == "-") {
        std::ostringstream buffer;
        buffer << std::cin.rdbuf();
        return buffer.str();
    }
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) throw UsageError{path + " is a directory"};
    errno = 0;
    std::ifstream in(path, std::ios::binary);
    if (!in) throw_unreadable(path);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (in.bad()) throw_unreadable(path);
    return text;
}

std::vector<std::string> normalize_off(const Args& args) {
    std::vector<std::string> names;
    for (const std::string& value : args.get_all("normalize-off")) {
        std::stringstream parts(value);
        for (std::string name; std::getline(parts, name, ',');) {
            bool known = false;
            std::string all;
            for (const NormalizeRule& r : normalize_rules()) {
                known = known || r.name == name;
                all += (all.empty() ? "" : ", ") + std::string(r.name);
            }
            if (!known) throw UsageError{"unknown normalization rule '" + name + "' (rules: " + all + ")"};
            names.push_back(name);
        }
    }
    return names;
}

}  // namespace qdiff::cli
