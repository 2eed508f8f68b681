#include "cli/args.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

#include <CLI/CLI.hpp>

#include "qdiff/dialect.hpp"
#include "qdiff/compare.hpp"

namespace qdiff::cli {

OptionSpec compare_option(const std::string& name) {
    const CompareOptionInfo* info = find_compare_option(name);
    return {name, info->value + ": " + info->help};
}

OptionSpec lang_option(const std::string& name) {
    OptionSpec spec = compare_option("lang");
    spec.name = name;
    return spec;
}

OptionSpec dialect_option() { return compare_option("dialect"); }

void read_compare_options(const Args& args, CompareOptions& options, const std::vector<std::string>& names) {
    for (const std::string& name : names)
        for (const std::string& value : args.get_all(name))
            if (std::string error = set_compare_option(options, find_compare_option(name)->option, value);
                !error.empty())
                throw UsageError{"--" + name + ": " + error};
}

Args::Args(const std::string& command, const std::string& summary, const std::vector<std::string>& argv,
           const std::vector<OptionSpec>& valued, const std::vector<OptionSpec>& flags,
           const std::string& positionals) {
    CLI::App app(summary, "qdiff " + command);
    app.set_help_flag("-h,--help", "print this help and exit");
    app.get_formatter()->column_width(34);
    std::map<std::string, int> flag_counts;
    for (const OptionSpec& o : valued) {
        // -o for --output, as batch, calibrate and report have always taken it.
        std::string names = (o.name == "output" ? "-o,--" : "--") + o.name;
        // "VALUE: what it is" shows VALUE after the option's name.
        size_t colon = o.help.find(": ");
        bool has_value_name = colon != std::string::npos && o.help.find(' ') > colon;
        app.add_option(names, all_values_[o.name], has_value_name ? o.help.substr(colon + 2) : o.help)
            ->type_name(has_value_name ? o.help.substr(0, colon) : "VALUE")
            ->expected(1)
            ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
            ->allow_extra_args(false);
    }
    for (const OptionSpec& f : flags) app.add_flag("--" + f.name, flag_counts[f.name], f.help);
    if (!positionals.empty()) app.add_option("inputs", positionals_, positionals)->type_name("");
    app.footer("Exit codes: 0 success, 1 findings, 2 usage error or unreadable input.");
    // CLI11 wants the arguments in reverse order, without the program name.
    std::vector<std::string> reversed(argv.rbegin(), argv.rend());
    try {
        app.parse(reversed);
    } catch (const CLI::CallForHelp&) {
        throw HelpRequested{app.help()};
    } catch (const CLI::ParseError& e) {
        std::string message = e.what();
        if (positionals.empty() && dynamic_cast<const CLI::ExtrasError*>(&e))
            message += " (qdiff " + command + " takes no files)";
        throw UsageError{message};
    }
    for (auto it = all_values_.begin(); it != all_values_.end();)
        it = it->second.empty() ? all_values_.erase(it) : std::next(it);
    for (const auto& [name, count] : flag_counts)
        if (count > 0) flags_.insert(name);
    // An unknown language or dialect is the error to report, before any input is read (a command
    // reads its files first, and a missing one would hide the misspelt option).
    for (const OptionSpec& o : valued) {
        if (!get(o.name)) continue;
        if (o.help == lang_option(o.name).help) language(o.name);
        if (o.name == "dialect" && o.help == dialect_option().help) dialect();
    }
}

std::optional<std::string> Args::get(const std::string& name) const {
    auto it = all_values_.find(name);
    if (it == all_values_.end()) return std::nullopt;
    return it->second.back();
}

std::string Args::get_or(const std::string& name, const std::string& fallback) const {
    return get(name).value_or(fallback);
}

Language Args::language(const std::string& option) const {
    CompareOptions options;
    if (std::string error = set_compare_option(options, CompareOption::Language, get_or(option, "auto"));
        !error.empty())
        throw UsageError{"--" + option + ": " + error};
    return options.language;
}

Dialect Args::dialect() const {
    CompareOptions options;
    if (std::string error = set_compare_option(options, CompareOption::Dialect, get_or("dialect", "generic"));
        !error.empty())
        throw UsageError{"--dialect: " + error};
    return options.dialect;
}

std::string Args::choice(const std::string& name, const std::string& fallback,
                         const std::set<std::string>& allowed) const {
    std::string value = get_or(name, fallback);
    if (!allowed.count(value)) {
        std::string list;
        for (const auto& a : allowed) list += (list.empty() ? "" : ", ") + a;
        throw UsageError{"--" + name + " must be one of " + list};
    }
    return value;
}

std::string input_name(const Args& args) {
    if (args.positionals().size() > 1)
        throw UsageError{"expected one input file, got " + std::to_string(args.positionals().size())};
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

void throw_unwritable(const std::string& path) {
    std::string why = errno ? std::string(": ") + std::strerror(errno) : std::string();
    throw UsageError{"cannot write " + path + why};
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
    CompareOptions options;
    read_compare_options(args, options, {"normalize-off"});
    return options.normalize_off;
}

}  // namespace qdiff::cli
