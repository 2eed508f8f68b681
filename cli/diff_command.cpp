// `qdiff diff [--lang ...] [--expected-lang ...] [--profile NAME|FILE] [--format text|json] EXPECTED GENERATED`
#include <cmath>
#include <cstdio>
#include <iostream>
#include <optional>

#include <nlohmann/json.hpp>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "qdiff/diff.hpp"
#include "qdiff/parse.hpp"

namespace qdiff::cli {
namespace {

using ordered_json = nlohmann::ordered_json;

// A piece of one text: an atom, or a node of a node-level edit.
ordered_json located_json(const std::string& text, Span span, const SourceText& source) {
    ordered_json j;
    j["text"] = text;
    LineCol at = source.position(span.begin);
    j["span"] = {span.begin, span.end};
    j["line"] = at.line;
    j["column"] = at.column;
    return j;
}

std::string fixed(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3f", v);
    return buf;
}

}  // namespace

int run_diff(const std::vector<std::string>& argv) {
    Args args(argv, {"lang", "expected-lang", "dialect", "profile", "format", "normalize-off"}, {});
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
    DiffResult r = diff(*expected.script(), expected.language(), *generated.script(), generated.language(), profile,
                        DiffOptions{.dialect = args.dialect(), .normalize_off = normalize_off(args)});
    // Scripts of several statements: each atom says which statement it belongs to.
    auto atom_json = [&](const Atom& a, const SourceText& source) {
        ordered_json j = located_json(a.text, a.span, source);
        if (r.statements > 1) j["statement"] = a.statement;
        return j;
    };

    if (format == "json") {
        ordered_json j;
        j["score"] = r.score;
        j["gated"] = r.gated;
        j["profile"] = r.profile;
        ordered_json components = ordered_json::object();
        for (const ComponentResult& c : r.components) {
            ordered_json cj;
            cj["score"] = c.score;
            cj["weight"] = c.weight;
            cj["absent"] = c.absent;
            cj["matched"] = ordered_json::array();
            for (auto& p : c.matched)
                cj["matched"].push_back({{"expected", atom_json(p.expected, expected.source())},
                                         {"generated", atom_json(p.generated, generated.source())}});
            cj["missing"] = ordered_json::array();
            for (auto& a : c.missing) cj["missing"].push_back(atom_json(a, expected.source()));
            cj["extra"] = ordered_json::array();
            for (auto& a : c.extra) cj["extra"].push_back(atom_json(a, generated.source()));
            cj["changed"] = ordered_json::array();
            for (auto& p : c.changed)
                cj["changed"].push_back({{"expected", atom_json(p.expected, expected.source())},
                                         {"generated", atom_json(p.generated, generated.source())},
                                         {"similarity", p.similarity}});
            components[c.name] = cj;
        }
        j["components"] = components;
        if (r.base_similarity) j["base_similarity"] = *r.base_similarity;
        if (r.label_boost) j["label_boost"] = *r.label_boost;
        if (r.label_penalty) j["label_penalty"] = *r.label_penalty;
        if (r.final_score) j["final_score"] = *r.final_score;
        if (r.log_odds) {
            j["intercept"] = *r.intercept;
            j["log_odds"] = *r.log_odds;
            j["features"] = ordered_json::array();
            for (const FeatureContribution& f : r.features)
                j["features"].push_back({{"name", f.name}, {"value", f.value}, {"coefficient", f.coefficient},
                                         {"contribution", f.contribution}, {"detail", f.detail}});
        }
        j["statements"] = r.statements;
        // Component-level edits (from the explanations), then the node-level script between the
        // canonical trees; `tree_distance` is its full length (a lower bound when not exact).
        j["edits"] = ordered_json::array();
        for (const Edit& e : r.edits) {
            ordered_json ej;
            ej["level"] = "component";
            ej["op"] = e.op;
            ej["component"] = e.component;
            if (e.expected) ej["expected"] = atom_json(*e.expected, expected.source());
            if (e.generated) ej["generated"] = atom_json(*e.generated, generated.source());
            j["edits"].push_back(ej);
        }
        for (const TreeEdit& e : r.tree_edits) {
            ordered_json ej;
            ej["level"] = "node";
            ej["op"] = e.op;
            if (e.op != "insert") ej["expected"] = located_json(e.expected_label, e.expected, expected.source());
            if (e.op != "delete") ej["generated"] = located_json(e.generated_label, e.generated, generated.source());
            j["edits"].push_back(ej);
        }
        j["tree_distance"] = r.tree_distance;
        j["tree_distance_exact"] = r.tree_distance_exact;
        j["edits_truncated"] = r.tree_edits_truncated;
        std::cout << j.dump() << '\n';
        return 0;
    }

    std::cout << "score " << fixed(r.score) << " (profile " << r.profile << ")"
              << (r.gated ? " — gated: no common collection" : "") << '\n';
    if (r.final_score)
        std::cout << "  base_similarity " << fixed(*r.base_similarity) << " + label_boost " << fixed(*r.label_boost)
                  << " - label_penalty " << fixed(*r.label_penalty) << " = final_score " << fixed(*r.final_score)
                  << '\n';
    if (r.log_odds) {
        std::cout << "  log-odds " << fixed(*r.log_odds) << " = intercept " << fixed(*r.intercept);
        for (const FeatureContribution& f : r.features) std::cout << " " << (f.contribution < 0 ? "- " : "+ ") << fixed(std::abs(f.contribution));
        std::cout << (r.features.empty() ? "  (nothing differs after normalization: score 1)" : "") << '\n';
        for (const FeatureContribution& f : r.features)
            std::cout << "    " << f.name << " = " << fixed(f.value) << " x " << fixed(f.coefficient) << ": "
                      << f.detail << '\n';
    }
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
