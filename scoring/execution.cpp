// The execution profile: the probability that the generated query returns the expected rows, a
// logistic model over the decisive differences of the diff (SCORING.md, "The execution profile").
#include "scoring/execution.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <map>

#include "diff/atom_spelling.hpp"
#include "diff/matching.hpp"
#include "qdiff/diff.hpp"
#include "support/strings.hpp"

namespace qdiff::scoring {
namespace {

// A feature counts atoms; beyond three more of the same says little more about the result.
constexpr double kMaxCount = 3;
constexpr size_t kMaxDetail = 240;

struct Collector {
    std::map<std::string, std::pair<double, std::string>> features;

    void add(const std::string& name, const std::string& detail) {
        auto& [value, text] = features[name];
        value = std::min(kMaxCount, value + 1);
        if (text.size() < kMaxDetail) text += (text.empty() ? "" : ", ") + detail;
    }
};

// An atom as the reasons show it: cut to a few hundred bytes, since a 200,000-item IN list or a
// megabyte literal would otherwise put megabytes into each reason (the record keeps the whole atom).
std::string quoted(const Atom& a) { return "`" + support::shorten(a.shown()) + "`"; }

// The text without its qualifiers (`singer.name` → `name`): two atoms equal but for them read the same
// column through another table (a join path a model wrote differently), which often returns the same
// values; another column hardly ever does.
std::string unqualified(std::string_view text) {
    std::string out;
    size_t word = 0;  // start of the current identifier in `out`
    for (char c : text) {
        bool ident = std::isalnum(static_cast<unsigned char>(c)) || c == '_';
        if (c == '.' && word < out.size() && !std::isdigit(static_cast<unsigned char>(out[word]))) {
            out.resize(word);  // drop `qualifier.`
            continue;
        }
        if (!ident) word = out.size() + 1;
        out += c;
    }
    return out;
}

bool only_qualifiers_differ(const AtomPair& p) {
    return unqualified(p.expected.key->property) == unqualified(p.generated.key->property) &&
           unqualified(p.expected.text) == unqualified(p.generated.text);
}
// A changed pair; the same text on both sides sits under other connectives, which the note says in each
// side's language (`(under AND)` in SQL, `(under and)` in KQL).
std::string change(const AtomPair& p) {
    if (p.expected.text == p.generated.text && p.expected.key->context != p.generated.key->context) {
        auto under = [](const Atom& a) { return placement_note(a.key->context, a.language); };
        return quoted(p.expected) + under(p.expected) + " -> " + quoted(p.generated) + under(p.generated);
    }
    return quoted(p.expected) + " -> " + quoted(p.generated);
}

// A leaf's connective context without its innermost AND: a leaf that was one conjunct of several and
// is now alone (or the other way) reads the same rows as far as it goes; the conjuncts that went
// missing are counted as missing, not as a change of this leaf.
std::string_view without_conjunction(std::string_view context) {
    if (context == "AND") return "";
    if (context.ends_with("/AND")) context.remove_suffix(4);
    return context;
}

// Which part of a filter leaf (column, operator, typed value) a changed pair changed; "" when only its
// conjunction changed (see above).
std::string filter_change(const AtomPair& p) {
    const AtomKey &e = *p.expected.key, &g = *p.generated.key;
    if (e.op != g.op) return "operator";
    if (e.property != g.property) return only_qualifiers_differ(p) ? "qualifier" : "column";
    if (e.value != g.value || e.value_type != g.value_type) return "value";
    if (without_conjunction(e.context) == without_conjunction(g.context)) return "";
    return "connective";  // the same leaf under another AND/OR structure
}

void filters(const ComponentResult& c, Collector& out) {
    const std::string prefix(component_name(c.component));
    for (auto& p : c.changed)
        if (std::string what = filter_change(p); !what.empty()) out.add(prefix + "." + what, change(p));
    for (auto& a : c.missing) out.add(prefix + ".missing", quoted(a));
    for (auto& a : c.extra) out.add(prefix + ".extra", quoted(a));
}

void generic(const ComponentResult& c, Collector& out) {
    const std::string name(component_name(c.component));
    for (auto& p : c.changed) out.add(name + ".changed", change(p));
    for (auto& a : c.missing) out.add(name + ".missing", quoted(a));
    for (auto& a : c.extra) out.add(name + ".extra", quoted(a));
}

void projection(const ComponentResult& c, Collector& out) {
    for (auto& p : c.changed)
        out.add(only_qualifiers_differ(p) ? "projection.qualifier" : "projection.changed", change(p));
    for (const std::vector<Atom>* side : {&c.missing, &c.extra})
        for (auto& a : *side)
            out.add(a.text == "DISTINCT" ? "projection.distinct"
                    : side == &c.missing ? "projection.missing"
                                         : "projection.extra",
                    quoted(a));
}

void aggregations(const ComponentResult& c, Collector& out) {
    for (auto& p : c.changed) {
        const AtomKey &e = *p.expected.key, &g = *p.generated.key;
        const char* what = e.op != g.op         ? "aggregations.function"
                           : e.value != g.value ? "aggregations.distinct"
                                                : "aggregations.argument";
        out.add(what, change(p));
    }
    for (auto& a : c.missing) out.add("aggregations.missing", quoted(a));
    for (auto& a : c.extra) out.add("aggregations.extra", quoted(a));
}

// ORDER BY decides the rows only where the expected query orders: an ordering the expected query
// lacks changes at most the order of the same rows. Under a LIMIT the direction decides which rows
// come back at all, whatever the comparison of results; without one, only their order.
void order(const ComponentResult& c, bool expected_limits, Collector& out) {
    bool expected_orders = !c.matched.empty() || !c.changed.empty() || !c.missing.empty();
    for (auto& p : c.changed) {
        // The same key in the same direction at another position: a key before it went missing or was
        // added, which that key's own feature counts.
        if (p.expected.text == p.generated.text) continue;
        out.add(p.expected.key->property != p.generated.key->property ? "order.changed"
                : expected_limits                          ? "order.direction_limited"
                                                           : "order.direction",
                change(p));
    }
    for (auto& a : c.missing) out.add("order.missing", quoted(a));
    for (auto& a : c.extra) out.add(expected_orders ? "order.extra" : "order.unrequested", quoted(a));
}

}  // namespace

const std::vector<std::string>& execution_feature_names() {
    static const std::vector<std::string> names = {
        "collection.missing",     "collection.extra",      "search.changed",       "search.missing",
        "search.extra",           "filters.operator",      "filters.column",       "filters.qualifier",
        "filters.value",          "filters.connective",    "filters.missing",      "filters.extra",
        "having.operator",        "having.column",         "having.qualifier",     "having.value",
        "having.connective",      "having.missing",        "having.extra",         "aggregations.function",
        "aggregations.distinct",  "aggregations.argument", "aggregations.missing", "aggregations.extra",
        "group_by.changed",       "group_by.missing",      "group_by.extra",       "projection.changed",
        "projection.qualifier",   "projection.missing",    "projection.extra",     "projection.distinct",
        "joins.changed",          "joins.missing",         "joins.extra",          "order.direction",
        "order.direction_limited",
        "order.changed",          "order.missing",         "order.extra",          "order.unrequested",
        "limit.changed",          "limit.missing",         "limit.extra",          "set_operations.changed",
        "set_operations.missing", "set_operations.extra",  "subqueries.changed",   "subqueries.missing",
        "subqueries.extra",       "tree.distance_ratio"};
    return names;
}

std::vector<FeatureContribution> execution_features(const std::vector<ComponentResult>& components,
                                                    double tree_distance_ratio) {
    Collector out;
    bool expected_limits = false;
    for (const ComponentResult& c : components)
        if (c.component == Component::Limit)
            expected_limits = !c.matched.empty() || !c.changed.empty() || !c.missing.empty();
    for (const ComponentResult& c : components) {
        switch (c.component) {
            case Component::Filters:
            case Component::Having: filters(c, out); break;
            case Component::Projection: projection(c, out); break;
            case Component::Aggregations: aggregations(c, out); break;
            case Component::Order: order(c, expected_limits, out); break;
            default: generic(c, out); break;
        }
    }
    std::vector<FeatureContribution> result;
    for (const std::string& name : execution_feature_names()) {
        if (name == "tree.distance_ratio") {
            // Only beside a component difference: alone, the trees differ in what no component
            // sees and no result shows (select-list order and aliases).
            if (tree_distance_ratio > 0 && !out.features.empty())
                result.push_back({name, tree_distance_ratio, 0, 0, "node edits / nodes of the larger canonical tree"});
            continue;
        }
        auto it = out.features.find(name);
        if (it != out.features.end()) result.push_back({name, it->second.first, 0, 0, it->second.second});
    }
    return result;
}

double logistic(double log_odds) { return 1.0 / (1.0 + std::exp(-log_odds)); }

void apply_coefficients(std::vector<FeatureContribution>& features, const Profile& profile) {
    for (FeatureContribution& f : features) {
        f.coefficient = 0;
        for (auto& [name, w] : profile.coefficients)
            if (name == f.name) f.coefficient = w;
        f.contribution = f.value * f.coefficient;
    }
}

namespace {

// What the query's language calls what it reads: a KQL pipeline reads tables, a Weaviate query a
// collection, SQL relations (tables, views, derived tables). The language is the atoms': the expected
// query's relations first (the note says what the generated one lacks of them), else any atom.
std::string_view relation_word(const DiffResult& r) {
    const Atom* first = nullptr;
    for (bool relations_only : {true, false})
        for (const ComponentResult& c : r.components) {
            if (first || (relations_only && c.component != Component::Collection)) continue;
            for (const std::vector<Atom>* side : {&c.missing, &c.extra})
                if (!first && !side->empty()) first = &side->front();
            if (!first && !c.matched.empty()) first = &c.matched.front().expected;
        }
    if (!first) return "relation";
    switch (first->language) {
        case Language::Kql: return "table";
        case Language::Weaviate: return "collection";
        default: return "relation";
    }
}

}  // namespace

std::string explain_differences(const DiffResult& r, size_t most) {
    if (r.gated) return "no " + std::string(relation_word(r)) + " in common with the expected query";
    std::vector<std::string> parts;
    if (!r.features.empty()) {
        std::vector<const FeatureContribution*> sorted;
        for (const FeatureContribution& f : r.features) sorted.push_back(&f);
        std::stable_sort(sorted.begin(), sorted.end(),
                         [](auto* a, auto* b) { return a->contribution < b->contribution; });
        for (const FeatureContribution* f : sorted) {
            if (parts.size() == most || f->contribution >= 0) break;
            char weight[32];
            std::snprintf(weight, sizeof weight, "%+.2f", f->contribution);
            parts.push_back(f->name + " (" + weight + "): " + f->detail);
        }
    } else {
        for (const ComponentResult& c : r.components) {
            const std::string name(component_name(c.component));
            for (auto& p : c.changed)
                if (parts.size() < most) parts.push_back(name + " changed: " + change(p));
            for (auto& a : c.missing)
                if (parts.size() < most) parts.push_back(name + " missing: " + quoted(a));
            for (auto& a : c.extra)
                if (parts.size() < most) parts.push_back(name + " extra: " + quoted(a));
        }
    }
    std::string out;
    for (const std::string& p : parts) out += (out.empty() ? "" : "; ") + p;
    return out;
}

}  // namespace qdiff::scoring
