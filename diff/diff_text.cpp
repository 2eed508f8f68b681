// The text form of a diff result (`qdiff diff`); include/qdiff/diff_render.hpp.
#include <cmath>
#include <cstdio>
#include <sstream>

#include "diff/atom_spelling.hpp"
#include "diff/diff_json.hpp"
#include "qdiff/diff_render.hpp"
#include "support/strings.hpp"

namespace qdiff {
namespace {

std::string fixed(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3f", v);
    return buf;
}

std::string at(Span span, const SourceText& source) {
    LineCol lc = source.position(span.begin);
    return " [" + std::to_string(lc.line) + ":" + std::to_string(lc.column) + "]";
}

// A node of a node-level edit: its words in the query's language, where it is, and the text it came
// from when that reads otherwise (`AND [1:23] in `x > 1 AND y = 2``), cut to one line.
std::string node(const std::string& shown, const std::string& label, Span span, const SourceText& source) {
    constexpr size_t kSourceShown = 80;
    std::string words = shown.empty() ? support::shorten(label) : shown;  // diff() cut the words already
    std::string out = words + at(span, source);
    if (span.end <= span.begin) return out;
    std::string written = support::fold_whitespace(source.slice(span));
    if (written.empty() || written == words) return out;
    return out + " in `" + support::shorten(written, kSourceShown) + "`";
}

// Atoms can be megabytes long (an IN list of 100,000 items): each is cut to one readable line.
std::string shown(const Atom& a) { return support::shorten(a.shown()); }

// An atom's position, and the user's own text where the normalizer's form shows through (KQL, Weaviate).
std::string located(const Atom& a, const SourceText& source) {
    constexpr size_t kWrittenShown = 80;
    std::string out = at(a.span, source);
    std::string written = written_text(a, source);
    return written.empty() ? out : out + " (written `" + support::shorten(written, kWrittenShown) + "`)";
}

}  // namespace

std::string to_json(const DiffResult& result, const SourceText& expected, const SourceText& generated) {
    return diff_json(result, expected, generated).dump();
}

std::string to_text(const DiffResult& r, const SourceText& expected, const SourceText& generated) {
    std::ostringstream out;
    out << "score " << fixed(r.score) << " (profile " << r.profile << ")"
        << (r.gated ? " — gated: no common collection" : "") << '\n';
    if (r.final_score)
        out << "  base_similarity " << fixed(*r.base_similarity) << " + label_boost " << fixed(*r.label_boost)
            << " - label_penalty " << fixed(*r.label_penalty) << " = final_score " << fixed(*r.final_score) << '\n';
    if (r.log_odds) {
        out << "  log-odds " << fixed(*r.log_odds) << " = intercept " << fixed(*r.intercept);
        for (const FeatureContribution& f : r.features)
            out << " " << (f.contribution < 0 ? "- " : "+ ") << fixed(std::abs(f.contribution));
        out << (r.features.empty() ? "  (nothing differs after normalization: score 1)" : "") << '\n';
        for (const FeatureContribution& f : r.features)
            out << "    " << f.name << " = " << fixed(f.value) << " x " << fixed(f.coefficient) << ": " << f.detail
                << '\n';
    }
    for (const ComponentResult& c : r.components) {
        // An execution profile weighs features: a component shows what they add to the log-odds.
        out << "  " << component_name(c.component) << ": " << fixed(c.score);
        if (std::optional<double> contribution = log_odds_contribution(r, c.component))
            out << ", log-odds " << (*contribution < 0 ? "- " : "+ ") << fixed(std::abs(*contribution));
        else
            out << " x " << fixed(c.weight);
        out << (c.absent ? " (absent on both sides)" : "") << '\n';
        for (auto& p : c.matched) out << "    = " << shown(p.expected) << '\n';
        for (auto& p : c.changed) {
            // two atoms shown alike (`t.x > 1  ->  t.x > 1`) say what differs: where each sits, ...
            SideNotes notes = same_text_notes(p);
            auto note = [](const std::string& n) { return n.empty() ? std::string() : " (" + n + ")"; };
            out << "    ~ changed: " << shown(p.expected) << located(p.expected, expected) << note(notes.expected)
                << "  ->  " << shown(p.generated) << located(p.generated, generated) << note(notes.generated)
                << "  (similarity " << fixed(p.similarity) << ")\n";
        }
        for (auto& a : c.missing) out << "    - missing: " << shown(a) << located(a, expected) << '\n';
        for (auto& a : c.extra) out << "    + extra: " << shown(a) << located(a, generated) << '\n';
    }
    // The node-level script, shortened: the JSON form has all of it (up to kMaxTreeEdits).
    constexpr size_t kShown = 10;
    out << "  node edits: " << (r.tree_distance_exact ? "" : "at least ") << r.tree_distance << '\n';
    for (size_t i = 0; i < r.tree_edits.size() && i < kShown; ++i) {
        const TreeEdit& e = r.tree_edits[i];
        out << "    " << edit_kind_name(e.op) << ' ';
        if (e.op != EditKind::Insert) out << node(e.expected_shown, e.expected_label, e.expected, expected);
        if (e.op == EditKind::Relabel) out << "  ->  ";
        if (e.op != EditKind::Delete) out << node(e.generated_shown, e.generated_label, e.generated, generated);
        out << '\n';
    }
    if (r.tree_edits.size() > kShown || r.tree_edits_truncated) out << "    ...\n";
    return out.str();
}

}  // namespace qdiff
