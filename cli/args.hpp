// Command-line arguments of one command, read with CLI11: options, flags and positionals.
#pragma once
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "qdiff/compare.hpp"
#include "qdiff/parse.hpp"

namespace qdiff::cli {

// Thrown for a usage error; main prints it and exits with 2.
struct UsageError {
    std::string message;
};

// Thrown for --help/-h after any command: main prints the text on standard output and exits with 0.
struct HelpRequested {
    std::string text;
};

// One option of a command: its name (without --) and what --help says about it. Options are read by
// CLI11, the same way for every command: `--name value`, `--name=value`, repeatable (the last value
// wins for get(), get_all() has all), flags without a value, and `--` ends the options.
struct OptionSpec {
    std::string name;
    std::string help;
};

// The help of the options many commands share, from their one declaration (compare_options.def).
OptionSpec compare_option(const std::string& name);
OptionSpec lang_option(const std::string& name = "lang");
OptionSpec dialect_option();

class Args {
public:
    // `command` and `summary` head its --help; `positionals` names the files (e.g. "FILE|-"), empty
    // when the command takes none. Anything else starting with -- is a usage error.
    Args(const std::string& command, const std::string& summary, const std::vector<std::string>& argv,
         const std::vector<OptionSpec>& valued, const std::vector<OptionSpec>& flags,
         const std::string& positionals = "FILE|-");

    std::optional<std::string> get(const std::string& name) const;
    // Every value of an option that may repeat (`--disable a --disable b`), in order.
    std::vector<std::string> get_all(const std::string& name) const;
    std::string get_or(const std::string& name, const std::string& fallback) const;
    bool flag(const std::string& name) const { return flags_.count(name) != 0; }
    const std::vector<std::string>& positionals() const { return positionals_; }

    Language language(const std::string& option = "lang") const;
    Dialect dialect() const;
    // One of `allowed`, else a usage error.
    std::string choice(const std::string& name, const std::string& fallback,
                       const std::set<std::string>& allowed) const;

private:
    std::map<std::string, std::vector<std::string>> all_values_;
    std::set<std::string> flags_;
    std::vector<std::string> positionals_;
};

// The one input file of a command, "-" (standard input) when none is given.
std::string input_name(const Args& args);
// The name diagnostics show for an input path.
std::string display_name(const std::string& path);

// A usage error saying that `path` cannot be read and why (errno, set by the failed open or read).
[[noreturn]] void throw_unreadable(const std::string& path);
// The same for a file that cannot be written ("cannot write x.html: No such file or directory").
[[noreturn]] void throw_unwritable(const std::string& path);

// The normalization rules named by `--normalize-off NAME[,NAME...]` (repeatable); a usage error names
// the known rules when one is unknown.
std::vector<std::string> normalize_off(const Args& args);

// Sets the named shared options (compare_options.def) that were given; a usage error says which is wrong.
void read_compare_options(const Args& args, CompareOptions& options, const std::vector<std::string>& names);

// Reads a file, or standard input for "-"; a usage error when it cannot be read.
std::string read_input(const std::string& path);

}  // namespace qdiff::cli
