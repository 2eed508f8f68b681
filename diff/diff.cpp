// diff(): normalize both scripts, match and diff them statement by statement, and score the result with a
// profile (SCORING.md).
#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "diff/matching.hpp"
#include "diff/tree_diff.hpp"
#include "qdiff/dialect.hpp"
#include "qdiff/diff.hpp"
#include "qdiff/normalize.hpp"
#include "scoring/execution.hpp"
#include "scoring/verdict.hpp"
#include "support/strings.hpp"

namespace qdiff {

namespace {

// ---- the published Weaviate metric (kind "reference") --------------------------------------------


// The typed slot of a filter value: integer, text or boolean (None for anything else).
WeaviateSlot filter_slot(const AtomKey& a) {
    if (a.value_type == ValueType::Integer || a.value_type == ValueType::Decimal) return WeaviateSlot::Integer;
    if (a.value_type == ValueType::String) return WeaviateSlot::Text;
    if (a.value_type == ValueType::Boolean) return WeaviateSlot::Boolean;
    return WeaviateSlot::None;
}

// The typed slot of an aggregation: the one a structured query used, else guessed from its metric.
WeaviateSlot aggregation_slot(const AtomKey& a) {
    if (a.slot != WeaviateSlot::None) return a.slot;
    std::string m = support::to_lower(a.op);
    if (m == "topoccurrences") return WeaviateSlot::Text;
    if (m == "totaltrue" || m == "totalfalse" || m == "percentagetrue" || m == "percentagefalse")
        return WeaviateSlot::Boolean;
    if (m == "mean" || m == "median" || m == "mode" || m == "maximum" || m == "minimum" || m == "sum" || m == "avg" ||
        m == "min" || m == "max")
        return WeaviateSlot::Integer;
    return WeaviateSlot::None;
}

// One slot holds the first atom of its type; aggregations of one property merge their metrics.
std::map<WeaviateSlot, std::string> slots(const std::vector<Atom>& atoms, bool aggregation) {
    std::map<WeaviateSlot, std::string> out;
    if (!aggregation) {
        for (const Atom& atom : atoms) {
            const AtomKey& a = *atom.key;
            WeaviateSlot slot = filter_slot(a);
            if (slot != WeaviateSlot::None && !out.count(slot))
                out[slot] = a.property + "\x1f" + a.op + "\x1f" + a.value;
        }
        return out;
    }
    std::map<WeaviateSlot, std::pair<std::string, std::set<std::string>>> by_slot;
    for (const Atom& atom : atoms) {
        const AtomKey& a = *atom.key;
        WeaviateSlot slot = aggregation_slot(a);
        if (slot == WeaviateSlot::None) continue;
        auto& entry = by_slot[slot];
        // The property only: the published metric does not compare top_occurrences_limit.
        std::string property = a.property.substr(0, a.property.find(", "));
        if (entry.first.empty()) entry.first = property;
        if (entry.first == property) entry.second.insert(a.op);
    }
    for (auto& [slot, entry] : by_slot) {
        std::string metrics;
        for (auto& m : entry.second) metrics += m + ",";
        out[slot] = entry.first + "\x1f" + metrics;
    }
    return out;
}

double slot_score(const std::vector<Atom>& e, const std::vector<Atom>& g, bool aggregation) {
    auto se = slots(e, aggregation), sg = slots(g, aggregation);
    int counted = 0, hits = 0;
    // Other (an alias naming no slot) is never counted.
    for (WeaviateSlot slot : {WeaviateSlot::Integer, WeaviateSlot::Text, WeaviateSlot::Boolean}) {
        bool in_e = se.count(slot), in_g = sg.count(slot);
        if (!in_e && !in_g) {
            ++counted;
            ++hits;
        } else if (in_e && in_g) {
            ++counted;
            hits += se[slot] == sg[slot] ? 1 : 0;
        }
        // only one side: skipped (a quirk of the published metric)
    }
    return counted == 0 ? 0.0 : static_cast<double>(hits) / counted;
}

void reference_score(const Components& e, const Components& g, const Profile& profile, DiffResult& r) {
    auto weight = [&](Component c) {
        for (auto& [component, w] : profile.weights)
            if (component == c) return w;
        return 0.0;
    };
    auto first_text = [](const std::vector<Atom>& atoms) { return atoms.empty() ? std::string() : atoms[0].text; };
    // The published metric scores these five; the others keep their matching score in the
    // explanation and add nothing.
    PerComponent<std::optional<double>> scores;
    auto same_first = [&](Component c) { return first_text(e[c]) == first_text(g[c]) ? 1.0 : 0.0; };
    scores[Component::Collection] = same_first(Component::Collection);
    // A search query present on both sides scores whatever its text, even "" (the published metric
    // tests for None, not for an empty string).
    scores[Component::Search] = e[Component::Search].empty() == g[Component::Search].empty() ? 1 : 0;
    scores[Component::Filters] = slot_score(e[Component::Filters], g[Component::Filters], false);
    scores[Component::Aggregations] = slot_score(e[Component::Aggregations], g[Component::Aggregations], true);
    scores[Component::GroupBy] = same_first(Component::GroupBy);
    r.score = 0;
    for (auto& [component, w] : profile.weights) {
        ComponentResult c = compare_component(component, e[component], g[component]);  // for the explanation
        c.weight = w;
        c.score = scores[component].value_or(c.score);
        r.components.push_back(std::move(c));
        r.score += w * scores[component].value_or(0);
    }
    if (scores[Component::Collection] == 0 && weight(Component::Collection) > 0) {
        r.gated = true;
        r.score = 0;
    }
    r.score = std::clamp(r.score, 0.0, 1.0);
}

void add_edits(DiffResult& r) {
    for (const ComponentResult& c : r.components) {
        for (auto& a : c.missing) r.edits.push_back({EditKind::Delete, c.component, a, std::nullopt});
        for (auto& a : c.extra) r.edits.push_back({EditKind::Insert, c.component, std::nullopt, a});
        for (auto& p : c.changed) r.edits.push_back({EditKind::Update, c.component, p.expected, p.generated});
    }
}

// The gate closes when its component has atoms and none of them is matched, even partly.
bool closes_gate(const Profile& profile, const ComponentResult& c) {
    return profile.gate == c.component && !c.absent && c.matched.empty() && c.changed.empty();
}

void hybrid_score(const Components& ce, const Components& cg, const TreeDiff& tree, const Profile& profile,
                  DiffResult& r) {
    double base = tree.larger == 0 ? 1.0 : 1.0 - static_cast<double>(tree.distance) / static_cast<double>(tree.larger);
    double boost = 0, penalty = 0;
    for (Component component : kComponents) {
        const std::optional<double>& b = profile.boost[component];
        const std::optional<double>& p = profile.penalty[component];
        if (profile.gate != component && !b && !p) continue;
        ComponentResult c = compare_component(component, ce[component], cg[component]);
        c.weight = b.value_or(0);
        if (closes_gate(profile, c)) r.gated = true;
        // optional components count only when specified on both sides
        if (!ce[component].empty() && !cg[component].empty()) {
            if (c.score >= 1 - 1e-9) {
                if (b) boost += *b;
            } else if (p) {
                penalty += *p;
            }
        }
        r.components.push_back(std::move(c));
    }
    r.base_similarity = base;
    r.label_boost = boost;
    r.label_penalty = penalty;
    r.final_score = r.gated ? 0.0 : std::clamp(base + boost - penalty, 0.0, 1.0);
    r.score = *r.final_score;
}

// The logistic model of an execution profile over the decisive differences; 1 when nothing differs
// after normalization, 0 when the gate closes.
void execution_score(const Components& ce, const Components& cg, const TreeDiff& tree, const Profile& profile,
                     DiffResult& r) {
    for (Component component : kComponents) {
        ComponentResult c = compare_component(component, ce[component], cg[component]);
        c.weight = 0;
        if (closes_gate(profile, c)) r.gated = true;
        r.components.push_back(std::move(c));
    }
    double ratio = tree.larger == 0 ? 0.0 : static_cast<double>(tree.distance) / static_cast<double>(tree.larger);
    r.features = scoring::execution_features(r.components, std::min(1.0, ratio));
    scoring::apply_coefficients(r.features, profile);
    double log_odds = profile.intercept;
    for (const FeatureContribution& f : r.features) log_odds += f.contribution;
    r.intercept = profile.intercept;
    r.log_odds = log_odds;
    if (r.gated)
        r.score = 0;
    else if (r.features.empty())
        r.score = 1;
    else
        r.score = scoring::logistic(log_odds);
}

void structural_score(const Components& ce, const Components& cg, const Profile& profile, DiffResult& r) {
    double total = 0, weights = 0;
    for (auto& [component, w] : profile.weights) {
        ComponentResult c = compare_component(component, ce[component], cg[component]);
        c.weight = w;
        total += w * c.score;
        weights += w;
        if (closes_gate(profile, c)) r.gated = true;
        r.components.push_back(std::move(c));
    }
    r.score = r.gated || weights == 0 ? 0.0 : std::clamp(total / weights, 0.0, 1.0);
}

// One statement against one statement; either may be absent (a statement only one side has).
DiffResult diff_statement(const ast::Statement* expected, Language expected_language, const ast::Statement* generated,
                          Language generated_language, uint32_t index, const Profile& profile) {
    Components ce = extract_components(expected, expected_language);
    Components cg = extract_components(generated, generated_language);
    for (Components* side : {&ce, &cg})
        for (std::vector<Atom>& atoms : side->values)
            for (Atom& a : atoms) a.statement = index;
    TreeDiff tree = tree_diff(expected, expected_language, generated, generated_language);
    DiffResult r;
    r.profile = profile.name;
    switch (profile.kind) {
        case ProfileKind::Reference: reference_score(ce, cg, profile, r); break;
        case ProfileKind::Hybrid: hybrid_score(ce, cg, tree, profile, r); break;
        case ProfileKind::Execution: execution_score(ce, cg, tree, profile, r); break;
        case ProfileKind::Structural: structural_score(ce, cg, profile, r); break;
    }
    add_edits(r);
    r.tree_edits = std::move(tree.edits);
    r.tree_distance = tree.distance;
    r.tree_distance_exact = tree.exact;
    r.tree_edits_truncated = tree.truncated;
    return r;
}

double mean(const std::vector<DiffResult>& parts, const std::function<double(const DiffResult&)>& value) {
    double sum = 0;
    for (const DiffResult& p : parts) sum += value(p);
    return sum / static_cast<double>(parts.size());
}

// Statement pairs of a script: every number is the mean over the pairs, every list the concatenation.
DiffResult merge_statements(std::vector<DiffResult> parts) {
    DiffResult r;
    r.profile = parts[0].profile;
    r.statements = parts.size();
    r.score = mean(parts, [](auto& p) { return p.score; });
    r.gated = std::all_of(parts.begin(), parts.end(), [](auto& p) { return p.gated; });
    if (parts[0].final_score) {
        r.base_similarity = mean(parts, [](auto& p) { return *p.base_similarity; });
        r.label_boost = mean(parts, [](auto& p) { return *p.label_boost; });
        r.label_penalty = mean(parts, [](auto& p) { return *p.label_penalty; });
        r.final_score = r.score;
    }
    if (parts[0].log_odds) {
        r.intercept = parts[0].intercept;
        r.log_odds = mean(parts, [](auto& p) { return *p.log_odds; });
        for (DiffResult& p : parts) r.features.insert(r.features.end(), p.features.begin(), p.features.end());
    }
    r.components = parts[0].components;
    for (size_t i = 0; i < r.components.size(); ++i) {
        ComponentResult& c = r.components[i];
        c.score = mean(parts, [&](auto& p) { return p.components[i].score; });
        for (size_t k = 1; k < parts.size(); ++k) {
            ComponentResult& part = parts[k].components[i];
            c.absent = c.absent && part.absent;
            c.matched.insert(c.matched.end(), part.matched.begin(), part.matched.end());
            c.changed.insert(c.changed.end(), part.changed.begin(), part.changed.end());
            c.missing.insert(c.missing.end(), part.missing.begin(), part.missing.end());
            c.extra.insert(c.extra.end(), part.extra.begin(), part.extra.end());
        }
    }
    r.tree_distance_exact = true;
    for (DiffResult& p : parts) {
        r.edits.insert(r.edits.end(), p.edits.begin(), p.edits.end());
        size_t room = kMaxTreeEdits - std::min(kMaxTreeEdits, r.tree_edits.size());
        r.tree_edits.insert(r.tree_edits.end(), p.tree_edits.begin(),
                            p.tree_edits.begin() + static_cast<std::ptrdiff_t>(std::min(room, p.tree_edits.size())));
        r.tree_edits_truncated = r.tree_edits_truncated || p.tree_edits_truncated || room < p.tree_edits.size();
        r.tree_distance += p.tree_distance;
        r.tree_distance_exact = r.tree_distance_exact && p.tree_distance_exact;
    }
    return r;
}

}  // namespace

DiffResult diff(const ast::Script& expected, Language expected_language, const ast::Script& generated,
                Language generated_language, const Profile& profile) {
    return diff(expected, expected_language, generated, generated_language, profile, DiffOptions{});
}

DiffResult diff(const ast::Script& expected, Language expected_language, const ast::Script& generated,
                Language generated_language, const Profile& profile, const DiffOptions& diff_options) {
    ast::Arena arena;
    NormalizeOptions options;
    options.fold_all_names = expected_language != generated_language;
    // --dialect auto: the dialect the generated query was read in
    options.dialect = diff_options.dialect == Dialect::Auto ? generated.dialect : diff_options.dialect;
    options.off.insert(diff_options.normalize_off.begin(), diff_options.normalize_off.end());
    options.schema = diff_options.schema;
    NormalizeOptions expected_options = options, generated_options = std::move(options);
    if (!traits(expected_options.dialect).double_quotes_name) {
        expected_options.counterpart_strings = string_literals(generated);
        generated_options.counterpart_strings = string_literals(expected);
    }
    ast::Script* ne = normalize(expected, expected_language, arena, expected_options);
    ast::Script* ng = normalize(generated, generated_language, arena, generated_options);
    const size_t n = std::max(ne->statements.size(), ng->statements.size());
    auto statement = [](const ast::Script* s, size_t i) -> const ast::Statement* {
        return i < s->statements.size() ? s->statements[i] : nullptr;
    };
    if (n <= 1)
        return diff_statement(statement(ne, 0), expected_language, statement(ng, 0), generated_language, 0, profile);
    std::vector<DiffResult> parts;
    for (size_t i = 0; i < n; ++i)
        parts.push_back(diff_statement(statement(ne, i), expected_language, statement(ng, i), generated_language,
                                       static_cast<uint32_t>(i), profile));
    return merge_statements(std::move(parts));
}

}  // namespace qdiff
