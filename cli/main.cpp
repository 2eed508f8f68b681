// The qdiff command: dispatches to one command per verb.
#include <cstdlib>
#include <iostream>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "qdiff/dialect.hpp"
#include "qdiff/parse.hpp"

namespace {

constexpr const char* kUsage = R"(usage: qdiff COMMAND [OPTIONS] [FILE|-]

commands:
  parse   [--lang {languages}] [--dialect {dialects}]
          [--format text|json|sexpr] [FILE|-]
  parse   --batch FILE [--field query] [--lang ...] [--dialect ...]   JSONL in, JSONL out
  tokens  [--lang ...] [--dialect ...] [--format text|json] [FILE|-]  the token stream
  tree    [--lang ...] [--dialect ...] [FILE|-]                       the grammar's parse tree
  diff    [--lang ...] [--expected-lang ...] [--profile NAME|FILE] [--format text|json]
          [--dialect ...] [--normalize-off RULE[,RULE...]] [--schema FILE[#NAME]] [--db synth[:N[:SEED]]]
          EXPECTED|--expected-text Q  GENERATED|--generated-text Q    structural score, explained
  batch   CASES.jsonl [-o OUT.jsonl|OUT.csv] [--output-format jsonl|csv] [--profile ...]
          [--db sqlite:PATH|postgres:URI|synth[:N[:SEED]]]
          [--judge URL|cmd:PROGRAM] [--judge-model M] [--judge-cache DIR] [--threads N]
          [--blend W] [--pass-threshold T] [--results-mode exact|set|recall|f1] [--timeout S]
          [--lang ...] [--dialect ...] [--summary FILE] [--normalize-off RULE]
                                                              evaluates cases, JSONL (or CSV) out
  lint    [--lang ...] [--dialect ...] [--schema FILE[#NAME]] [--format text|json|sarif]
          [--disable CODE[,CODE...]] [--severity CODE=error|warning|note] [FILE|-]
                                                              schema-aware lint and confidence
  run     [--lang ...] [--dialect ...] [--db sqlite:PATH|postgres:URI|synth[:N[:SEED]]|tables:DIR]
          [--schema FILE[#NAME]] [--format text|json|csv] [--now DATETIME] FILE|-
                                                              runs one query read-only, prints its result
  calibrate LABELLED.jsonl [-o PROFILE.json] [--folds K] [--name NAME] [--profile BASE]
          [--lang ...] [--dialect ...]                        fits an execution profile from labelled pairs
  report  RECORDS.jsonl [more.jsonl ...] [-o report.html] [--title T]
                                                              one self-contained HTML page over batch records
  serve   [--port N] [--host 127.0.0.1] [--allow-remote]      the playground: tokens, tree, AST, diagnostics, diff

qdiff COMMAND --help prints the options of that command.
global option, before COMMAND (or QDIFF_PARSE_CACHE_LIMIT in the environment):
  --parse-cache-limit BYTES   bound on each grammar's ANTLR prediction caches, cleared between parses
                              past it ({default_limit}; 0: unbounded). README, "Memory".
output: results on stdout; diagnostics on stderr, or only inside the document with --format json|sarif
exit codes: 0 success, 1 findings (syntax errors; lint errors; diff: a query does not parse; batch: a case fails), 2 usage or unreadable input
)";

// The help text, with the dialect and language names read from their tables.
std::string usage() {
    std::string text = kUsage;
    for (auto [slot, names] : {std::pair<std::string_view, std::string>{"{dialects}", qdiff::dialect_names("|")},
                               {"{languages}", qdiff::language_names("|")},
                               {"{default_limit}", std::to_string(qdiff::kDefaultParseCacheLimit)}})
        text.replace(text.find(slot), slot.size(), names);
    return text;
}

// Whether the command was asked for JSON: then even a usage error is one JSON document on standard
// output (the output rule: with --format json, everything a caller needs is inside the document).
bool wants_json(const std::vector<std::string>& args) {
    for (size_t i = 0; i < args.size(); ++i)
        if (args[i] == "--format=json" || (args[i] == "--format" && i + 1 < args.size() && args[i + 1] == "json"))
            return true;
    return false;
}

int fail(const std::vector<std::string>& args, std::string_view kind, const std::string& message) {
    if (wants_json(args)) {
        nlohmann::ordered_json j;
        j["ok"] = false;
        j["error"] = {{"kind", kind}, {"message", message}};
        std::cout << j.dump() << '\n';
    } else {
        std::cerr << "qdiff " << args[0] << ": " << (kind == "internal" ? "internal error: " : "") << message << "\n";
    }
    return 2;
}

}  // namespace

int main(int argc, char** argv) {
    using namespace qdiff::cli;
    std::vector<std::string> args(argv + 1, argv + argc);
    // The cache limit: the environment's, then the option's (the library reads the variable itself;
    // here a value that is not a number is refused rather than ignored).
    if (const char* limit = std::getenv(qdiff::kParseCacheLimitVariable);
        limit && *limit && !qdiff::parse_cache_limit_value(limit)) {
        std::cerr << "qdiff: " << qdiff::kParseCacheLimitVariable << " takes a number of bytes, not '" << limit
                  << "'\n";
        return 2;
    }
    constexpr std::string_view kLimitOption = "--parse-cache-limit";
    while (!args.empty() && args[0].rfind(kLimitOption, 0) == 0) {
        const std::string& option = args[0];
        const bool joined = option.size() > kLimitOption.size() && option[kLimitOption.size()] == '=';
        const bool separate = option.size() == kLimitOption.size() && args.size() > 1;
        std::optional<size_t> limit;
        if (joined) limit = qdiff::parse_cache_limit_value(std::string_view(option).substr(kLimitOption.size() + 1));
        if (separate) limit = qdiff::parse_cache_limit_value(args[1]);
        if (!limit) {
            std::cerr << "qdiff: --parse-cache-limit takes a number of bytes\n";
            return 2;
        }
        qdiff::set_parse_cache_limit(*limit);
        args.erase(args.begin(), args.begin() + (separate ? 2 : 1));
    }
    if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
        (args.empty() ? std::cerr : std::cout) << usage();
        return args.empty() ? 2 : 0;
    }
    static const std::map<std::string, int (*)(const std::vector<std::string>&)> commands = {
        {"parse", run_parse},         {"tokens", run_tokens}, {"tree", run_tree},
        {"diff", run_diff},           {"batch", run_batch},   {"lint", run_lint},         {"run", run_run},
        {"calibrate", run_calibrate}, {"report", run_report}, {"serve", run_serve}};
    auto command = commands.find(args[0]);
    if (command == commands.end()) {
        std::cerr << "qdiff: unknown command '" << args[0] << "'\n" << usage();
        return 2;
    }
    try {
        return command->second(std::vector<std::string>(args.begin() + 1, args.end()));
    } catch (const HelpRequested& help) {
        std::cout << help.text;
        return 0;
    } catch (const UsageError& e) {
        return fail(args, "usage", e.message);
    } catch (const std::exception& e) {
        return fail(args, "internal", e.what());
    }
}
