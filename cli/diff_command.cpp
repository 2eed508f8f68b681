// `qdiff diff [--lang ...] [--expected-lang ...] [--profile NAME|FILE] [--format text|json] EXPECTED GENERATED`
#include <cstdio>
#include <iostream>
#include <optional>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "diff/diff_json.hpp"
#include "qdiff/diff.hpp"
#include "qdiff/parse.hpp"

namespace qdiff::cli {
namespace {

std::string fixed(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3f", v);
    return buf;
}

}  // namespace

int run_diff(const std::vector<std::string>& argv) {
    Args args(argv, {"lang", "expected-lang", "dialect", "profile", "format"}, {});
    if (args.positionals().size() != 2)
        throw UsageError{"expected two inputs, EXPECTED and GENERATED (a file or -), got " +
                         std::to_string(args.positionals().size())};
    const std::string& expected_path = args.positionals()[0];
    const std::string& generated_path = args.positionals()[1];
    if (expected_path == "-" && generated_path == "-") throw UsageError{"only one input can be standard input"};
    std::string format = args.choice("format", "text", {"text", "json"});
    // Without --profile: the Weaviate AST metric for two Weaviate queries, `full` otherwise (SQL and
    // KQL have the projection, joins, order and limit that weaviate-ast leaves out).
    auto load = [](const std::string& name) {
        try {
            return load_profile(name);
        } catch (const std::exception& e) {
            throw UsageError{e.what()};
        }
    };
    std::optional<Profile> chosen;
    if (auto name = args.get("profile")) chosen = load(*name);

    ParseOptions generated_options;
    generated_options.language = args.language();
    generated_options.dialect = args.dialect();
    generated_options.source_name = generated_path == "-" ? "<stdin>" : generated_path;
    ParseOptions expected_options = generated_options;
    if (args.get("expected-lang")) expected_options.language = args.language("expected-lang");
    expected_options.source_name = expected_path == "-" ? "<stdin>" : expected_path;

    ParseResult expected = parse(read_input(expected_path), expected_options);
    ParseResult generated = parse(read_input(generated_path), generated_options);
    if (!expected.ok() || !generated.ok()) {
        std::cerr << render_text(expected.diagnostics(), expected.source())
                  << render_text(generated.diagnostics(), generated.source());
        return 1;
    }
    bool both_weaviate = expected.language() == Language::Weaviate && generated.language() == Language::Weaviate;
    Profile profile = chosen ? *chosen : load(both_weaviate ? "weaviate-ast" : "full");
    DiffResult r = diff(*expected.script(), expected.language(), *generated.script(), generated.language(), profile);
    if (format == "json") {
        std::cout << diff_json(r, expected.source(), generated.source()).dump() << '\n';
        return 0;
    }

    std::cout << "score " << fixed(r.score) << " (profile " << r.profile << ")"
              << (r.gated ? " — gated: no common collection" : "") << '\n';
    if (r.final_score)
        std::cout << "  base_similarity " << fixed(*r.base_similarity) << " + label_boost " << fixed(*r.label_boost)
                  << " - label_penalty " << fixed(*r.label_penalty) << " = final_score " << fixed(*r.final_score)
                  << '\n';
    for (const ComponentResult& c : r.components) {
        std::cout << "  " << c.name << ": " << fixed(c.score) << " x " << fixed(c.weight)
                  << (c.absent ? " (absent on both sides)" : "") << '\n';
        auto at = [](const Atom& a, const SourceText& source) {
            LineCol lc = source.position(a.span.begin);
            return " [" + std::to_string(lc.line) + ":" + std::to_string(lc.column) + "]";
        };
        for (auto& p : c.matched) std::cout << "    = " << p.expected.text << '\n';
        for (auto& p : c.changed)
            std::cout << "    ~ changed: " << p.expected.text << at(p.expected, expected.source()) << "  ->  "
                      << p.generated.text << at(p.generated, generated.source()) << "  (similarity "
                      << fixed(p.similarity) << ")\n";
        for (auto& a : c.missing) std::cout << "    - missing: " << a.text << at(a, expected.source()) << '\n';
        for (auto& a : c.extra) std::cout << "    + extra: " << a.text << at(a, generated.source()) << '\n';
    }
    // The node-level script, shortened: the JSON output has all of it (up to kMaxTreeEdits).
    constexpr size_t kShown = 10;
    std::cout << "  node edits: " << (r.tree_distance_exact ? "" : "at least ") << r.tree_distance << '\n';
    auto where = [](Span span, const SourceText& source) {
        LineCol lc = source.position(span.begin);
        return " [" + std::to_string(lc.line) + ":" + std::to_string(lc.column) + "]";
    };
    for (size_t i = 0; i < r.tree_edits.size() && i < kShown; ++i) {
        const TreeEdit& e = r.tree_edits[i];
        std::cout << "    " << e.op << ' ';
        if (e.op != "insert") std::cout << e.expected_label << where(e.expected, expected.source());
        if (e.op == "relabel") std::cout << "  ->  ";
        if (e.op != "delete") std::cout << e.generated_label << where(e.generated, generated.source());
        std::cout << '\n';
    }
    if (r.tree_edits.size() > kShown || r.tree_edits_truncated) std::cout << "    ...\n";
    return 0;
}

}  // namespace qdiff::cli
