// The JSON form of a diff result (diff/diff_json.hpp). Built with moves throughout: an initializer
// list or a plain assignment of a subtree would copy it.
#include "diff/diff_json.hpp"

#include "diff/atom_spelling.hpp"
#include "support/strings.hpp"

namespace qdiff {
namespace {

using ordered_json = nlohmann::ordered_json;

// A piece of one text: an atom, or a node of a node-level edit.
ordered_json located_json(const std::string& text, Span span, const SourceText& source) {
    ordered_json j = ordered_json::object();
    j["text"] = text;
    LineCol at = source.position(span.begin);
    ordered_json& range = j["span"] = ordered_json::array();
    range.push_back(span.begin);
    range.push_back(span.end);
    j["line"] = at.line;
    j["column"] = at.column;
    return j;
}

// Where each atom is in its query, byte ranges parallel to the atom lists (matched and changed:
// [expected begin, end, generated begin, end]; missing and extra: [begin, end]), for the highlights
// of `qdiff report`.
ordered_json atom_spans(const ComponentResult& c) {
    auto pairs = [](const std::vector<AtomPair>& list) {
        ordered_json out = ordered_json::array();
        for (const AtomPair& p : list)
            out.push_back({p.expected.span.begin, p.expected.span.end, p.generated.span.begin, p.generated.span.end});
        return out;
    };
    auto singles = [](const std::vector<Atom>& list) {
        ordered_json out = ordered_json::array();
        for (const Atom& a : list) out.push_back({a.span.begin, a.span.end});
        return out;
    };
    return {{"matched", pairs(c.matched)},
            {"changed", pairs(c.changed)},
            {"missing", singles(c.missing)},
            {"extra", singles(c.extra)}};
}

// "weight", or for an execution profile "weight": null and the component's "contribution" to the log-odds.
void weight_fields(ordered_json& j, const DiffResult& diff, const ComponentResult& c) {
    if (std::optional<double> contribution = log_odds_contribution(diff, c.component)) {
        j["weight"] = nullptr;
        j["contribution"] = *contribution;
    } else {
        j["weight"] = c.weight;
    }
}

}  // namespace

std::optional<double> log_odds_contribution(const DiffResult& result, Component component) {
    if (!result.log_odds) return std::nullopt;
    const std::string prefix = std::string(component_name(component)) + ".";
    double sum = 0;
    for (const FeatureContribution& f : result.features)
        if (f.name.starts_with(prefix)) sum += f.contribution;
    return sum;
}

namespace {

ordered_json components_json(const DiffResult& diff) {
    ordered_json components = ordered_json::object();
    for (const ComponentResult& c : diff.components) {
        ordered_json cj{{"score", c.score}};
        weight_fields(cj, diff, c);
        if (c.absent) {  // full credit, nothing to explain
            cj["absent"] = true;
            components[std::string(component_name(c.component))] = std::move(cj);
            continue;
        }
        cj["matched"] = c.matched.size();
        cj["missing"] = ordered_json::array();
        for (const Atom& a : c.missing) cj["missing"].push_back(a.shown());
        cj["extra"] = ordered_json::array();
        for (const Atom& a : c.extra) cj["extra"].push_back(a.shown());
        cj["changed"] = ordered_json::array();
        for (const AtomPair& p : c.changed)
            cj["changed"].push_back(
                {{"expected", p.expected.shown()}, {"generated", p.generated.shown()}, {"similarity", p.similarity}});
        cj["spans"] = atom_spans(c);
        components[std::string(component_name(c.component))] = std::move(cj);
    }
    return components;
}

class Writer {
public:
    Writer(const DiffResult& r, const SourceText& expected, const SourceText& generated)
        : r_(r), expected_(expected), generated_(generated) {}

    // Scripts of several statements: each atom says which statement it belongs to.
    ordered_json atom(const Atom& a, const SourceText& source) const {
        ordered_json j = located_json(a.shown(), a.span, source);
        if (r_.statements > 1) j["statement"] = a.statement;
        // the user's own text where the normalizer's form shows through (KQL, Weaviate), cut as the text
        // form cuts atoms: the span has all of it
        if (std::string written = written_text(a, source); !written.empty()) j["written"] = support::shorten(written);
        return j;
    }

    // A changed pair whose atoms are shown alike notes on each side what differs ("note": "under AND").
    static void note_what_differs(ordered_json& j, const AtomPair& p) {
        if (SideNotes notes = same_text_notes(p); !notes.empty()) {
            j["expected"]["note"] = notes.expected;
            j["generated"]["note"] = notes.generated;
        }
    }

    ordered_json pair(const AtomPair& p, bool with_similarity) const {
        ordered_json j = ordered_json::object();
        j["expected"] = atom(p.expected, expected_);
        j["generated"] = atom(p.generated, generated_);
        if (with_similarity) {
            note_what_differs(j, p);
            j["similarity"] = p.similarity;
        }
        return j;
    }

    ordered_json component(const ComponentResult& c) const {
        ordered_json j = ordered_json::object();
        j["score"] = c.score;
        weight_fields(j, r_, c);
        j["absent"] = c.absent;
        ordered_json& matched = j["matched"] = ordered_json::array();
        for (const AtomPair& p : c.matched) matched.push_back(pair(p, false));
        ordered_json& missing = j["missing"] = ordered_json::array();
        for (const Atom& a : c.missing) missing.push_back(atom(a, expected_));
        ordered_json& extra = j["extra"] = ordered_json::array();
        for (const Atom& a : c.extra) extra.push_back(atom(a, generated_));
        ordered_json& changed = j["changed"] = ordered_json::array();
        for (const AtomPair& p : c.changed) changed.push_back(pair(p, true));
        return j;
    }

    // Component-level edits (from the explanations), then the node-level script between the
    // canonical trees.
    ordered_json edits() const {
        ordered_json edits = ordered_json::array();
        for (const Edit& e : r_.edits) {
            ordered_json ej = ordered_json::object();
            ej["level"] = "component";
            ej["op"] = std::string(edit_kind_name(e.op));
            ej["component"] = std::string(component_name(e.component));
            if (e.expected) ej["expected"] = atom(*e.expected, expected_);
            if (e.generated) ej["generated"] = atom(*e.generated, generated_);
            if (e.expected && e.generated) note_what_differs(ej, {*e.expected, *e.generated});
            edits.push_back(std::move(ej));
        }
        for (const TreeEdit& e : r_.tree_edits) {
            ordered_json ej = ordered_json::object();
            ej["level"] = "node";
            ej["op"] = std::string(edit_kind_name(e.op));
            // "text" is the node's label in the canonical tree; "shown" names it in its query's language
            if (e.op != EditKind::Insert) {
                ej["expected"] = located_json(e.expected_label, e.expected, expected_);
                ej["expected"]["shown"] = e.expected_shown.empty() ? e.expected_label : e.expected_shown;
            }
            if (e.op != EditKind::Delete) {
                ej["generated"] = located_json(e.generated_label, e.generated, generated_);
                ej["generated"]["shown"] = e.generated_shown.empty() ? e.generated_label : e.generated_shown;
            }
            edits.push_back(std::move(ej));
        }
        return edits;
    }

private:
    const DiffResult& r_;
    const SourceText& expected_;
    const SourceText& generated_;
};

}  // namespace

ordered_json features_json(const std::vector<FeatureContribution>& features) {
    ordered_json out = ordered_json::array();
    for (const FeatureContribution& f : features)
        out.push_back({{"name", f.name},
                       {"value", f.value},
                       {"coefficient", f.coefficient},
                       {"contribution", f.contribution},
                       {"detail", f.detail}});
    return out;
}

ordered_json diff_json(const DiffResult& r, const SourceText& expected, const SourceText& generated) {
    Writer writer(r, expected, generated);
    ordered_json j = ordered_json::object();
    j["score"] = r.score;
    j["ok"] = true;  // both queries parsed (a diff of an unparsable query is the CLI's score-0 document)
    j["gated"] = r.gated;
    j["profile"] = r.profile;
    ordered_json& components = j["components"] = ordered_json::object();
    for (const ComponentResult& c : r.components)
        components[std::string(component_name(c.component))] = writer.component(c);
    if (r.base_similarity) j["base_similarity"] = *r.base_similarity;
    if (r.label_boost) j["label_boost"] = *r.label_boost;
    if (r.label_penalty) j["label_penalty"] = *r.label_penalty;
    if (r.final_score) j["final_score"] = *r.final_score;
    if (r.log_odds) {  // the execution profile: each feature's share of the log-odds
        j["intercept"] = *r.intercept;
        j["log_odds"] = *r.log_odds;
        j["features"] = features_json(r.features);
    }
    j["statements"] = r.statements;
    j["edits"] = writer.edits();
    // `tree_distance` is the node-level script's full length (a lower bound when not exact).
    j["tree_distance"] = r.tree_distance;
    j["tree_distance_exact"] = r.tree_distance_exact;
    j["edits_truncated"] = r.tree_edits_truncated;
    return j;
}

ordered_json diff_diagnostics_json(const ParseResult& expected, const ParseResult& generated) {
    return {{"expected", ordered_json::parse(render_json(expected.diagnostics(), expected.source()))},
            {"generated", ordered_json::parse(render_json(generated.diagnostics(), generated.source()))}};
}

ordered_json diff_record_json(const DiffResult& diff) {
    ordered_json j = {
        {"score", diff.score}, {"gated", diff.gated}, {"profile", diff.profile}, {"components", components_json(diff)}};
    if (diff.log_odds) {
        ordered_json features = ordered_json::array();
        for (const FeatureContribution& f : diff.features)
            features.push_back(
                {{"name", f.name}, {"value", f.value}, {"contribution", f.contribution}, {"detail", f.detail}});
        j["log_odds"] = *diff.log_odds;
        j["features"] = std::move(features);
    }
    return j;
}

}  // namespace qdiff
