// Structural diff and scoring of a generated query against an expected one (see SCORING.md).
#pragma once
#include <array>
#include <cstdint>
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "qdiff/ast.hpp"
#include "qdiff/diagnostic.hpp"
#include "qdiff/enum_names.hpp"
#include "qdiff/parse.hpp"
#include "qdiff/schema_facts.hpp"
#include "qdiff/source.hpp"

namespace qdiff {

// What the matcher compares of an atom: defined in a private header (diff/matching.hpp), not part of
// the API.
struct AtomKey;

// One comparable unit of a component, as a diff reports it: a filter leaf, a column of the select list,
// a relation, a sort key... (SCORING.md, "Components").
struct Atom {
    std::string text;        // canonical printed form
    Span span;               // in the text the atom came from
    uint32_t statement = 0;  // index of its statement in a script of several
    // The language of its query: the reasons word the notes about the atom in it (`(under and)`).
    Language language = Language::Sql;
    // The matcher's comparison key, shared by the copies of the atom; set on every atom a diff makes.
    std::shared_ptr<const AtomKey> key;
    // The atom as its query's language writes it (`take 10`, `limit: 10`); empty when that is `text`
    // (SQL). `text` stays one spelling for every language: it is what the matcher compares.
    std::string spelled;
    // What the reasons and lists show.
    const std::string& shown() const { return spelled.empty() ? text : spelled; }
};

// The scored components of a query (components.def), in reporting order.
enum class Component : uint8_t {
#define QDIFF_COMPONENT(id, name) id,
#include "qdiff/components.def"
#undef QDIFF_COMPONENT
};
inline constexpr std::string_view kComponentNames[] = {
#define QDIFF_COMPONENT(id, name) name,
#include "qdiff/components.def"
#undef QDIFF_COMPONENT
};
inline constexpr Component kComponents[] = {
#define QDIFF_COMPONENT(id, name) Component::id,
#include "qdiff/components.def"
#undef QDIFF_COMPONENT
};
inline constexpr size_t kComponentCount = std::size(kComponents);
constexpr std::string_view component_name(Component c) { return enum_name_in(kComponentNames, c); }
constexpr std::optional<Component> parse_component_name(std::string_view name) {
    return enum_named_in<Component>(kComponentNames, name);
}

// One value per component, indexed by it.
template <class T>
struct PerComponent {
    std::array<T, kComponentCount> values{};
    T& operator[](Component c) { return values[static_cast<size_t>(c)]; }
    const T& operator[](Component c) const { return values[static_cast<size_t>(c)]; }
};

struct AtomPair {
    Atom expected;
    Atom generated;
    double similarity = 0;
};

struct ComponentResult {
    Component component = Component::Collection;
    double score = 1;
    double weight = 0;
    bool absent = true;             // no atoms on either side (full credit)
    std::vector<AtomPair> matched;  // similarity 1
    std::vector<AtomPair> changed;  // partial similarity
    std::vector<Atom> missing;      // in expected only
    std::vector<Atom> extra;        // in generated only
};

// How a profile scores (profile_kinds.def).
enum class ProfileKind : uint8_t {
#define QDIFF_PROFILE_KIND(id, name) id,
#include "qdiff/profile_kinds.def"
#undef QDIFF_PROFILE_KIND
};
inline constexpr std::string_view kProfileKindNames[] = {
#define QDIFF_PROFILE_KIND(id, name) name,
#include "qdiff/profile_kinds.def"
#undef QDIFF_PROFILE_KIND
};
constexpr std::string_view profile_kind_name(ProfileKind k) { return enum_name_in(kProfileKindNames, k); }
constexpr std::optional<ProfileKind> parse_profile_kind_name(std::string_view name) {
    return enum_named_in<ProfileKind>(kProfileKindNames, name);
}

// A weight profile (scoring/profiles/*.json).
struct Profile {
    std::string name;
    ProfileKind kind = ProfileKind::Structural;
    std::optional<Component> gate;                      // a component whose zero score zeroes the total
    std::vector<std::pair<Component, double>> weights;  // in reporting order
    // hybrid: final = min(1, base_similarity + boost − penalty); a component present on both sides
    // adds its boost when it matches exactly and subtracts its penalty when it conflicts.
    PerComponent<std::optional<double>> boost;
    PerComponent<std::optional<double>> penalty;
    // execution: the probability that the generated query returns the expected rows, a logistic model
    // over the decisive differences of the diff (SCORING.md, "The execution profile").
    double intercept = 0;
    std::vector<std::pair<std::string, double>> coefficients;  // feature name → weight of the log-odds
    // The verdict's evidence model on top of the structural log-odds (results, lint, judge; SCORING.md,
    // "The verdict"): feature name → weight. Empty: the structural probability alone.
    std::vector<std::pair<std::string, double>> evidence_coefficients;
    double threshold = 0.5;  // the pass threshold the fit chose (reported by `qdiff calibrate`)
    // The verdict's pass threshold for a case without results evidence (no database, `--db none`),
    // when it differs from `threshold` (SCORING.md, "The verdict").
    std::optional<double> threshold_structural;
    // The pass threshold for synthesized-database evidence under `--results-mode set` (BIRD's execution
    // accuracy), where a difference only edge cases show is weighed by its kind, when it differs from
    // `threshold` (which then serves test-suite semantics: exact, recall, f1, and real databases).
    std::optional<double> threshold_set;
    std::string fitted_on;   // what data the coefficients were fitted on
};
// A built-in profile name (weaviate-ast, full, weaviate-reference) or a path to a JSON file.
// Throws std::runtime_error when it cannot be found or read.
Profile load_profile(const std::string& name_or_path);
Profile parse_profile(const std::string& json_text, const std::string& origin);
std::vector<std::string> builtin_profile_names();

// What an edit does (edit_kinds.def).
enum class EditKind : uint8_t {
#define QDIFF_EDIT_KIND(id, name) id,
#include "qdiff/edit_kinds.def"
#undef QDIFF_EDIT_KIND
};
inline constexpr std::string_view kEditKindNames[] = {
#define QDIFF_EDIT_KIND(id, name) name,
#include "qdiff/edit_kinds.def"
#undef QDIFF_EDIT_KIND
};
constexpr std::string_view edit_kind_name(EditKind k) { return enum_name_in(kEditKindNames, k); }

// One node-level edit of an optimal Zhang–Shasha mapping (or of a statement only one side has).
// Every member has a default, so that a designated initializer names only the fields it sets.
struct TreeEdit {
    EditKind op = EditKind::Relabel;  // Insert | Delete | Relabel
    std::string expected_label{};
    std::string generated_label{};
    Span expected{};   // in the expected text (delete, relabel)
    Span generated{};  // in the generated text (insert, relabel)
    // The node as its query's language names it, what `qdiff diff` shows (`AND` / `and` / `operator: And`
    // where the label says `Binary AND`); filled by diff(), empty from tree_edit_script.
    std::string expected_shown{};
    std::string generated_shown{};
};
// An optimal edit script from a to b; its size is tree_edit_distance(a, b).
std::vector<TreeEdit> tree_edit_script(const ast::Node& a, const ast::Node& b);

// One step of the component-level edit script that turns the expected query into the generated one.
struct Edit {
    EditKind op;  // Insert | Delete | Update
    Component component;
    std::optional<Atom> expected;
    std::optional<Atom> generated;
};

// One feature of the execution profile with its share of the log-odds (its explanation).
struct FeatureContribution {
    std::string name;         // e.g. "filters.operator"
    double value = 0;         // the feature's value (a count of atoms, or a ratio)
    double coefficient = 0;   // its weight in the profile
    double contribution = 0;  // value × coefficient
    std::string detail;       // the atoms behind it
};

struct DiffResult {
    double score = 0;
    bool gated = false;
    std::string profile;
    std::vector<ComponentResult> components;
    // hybrid profiles only
    std::optional<double> base_similarity;
    std::optional<double> label_boost;
    std::optional<double> label_penalty;
    std::optional<double> final_score;
    // execution profiles only: intercept + Σ contributions = log-odds; score = its logistic (1 when
    // nothing differs after normalization, 0 when gated). `features` lists the non-zero ones.
    std::optional<double> intercept;
    std::optional<double> log_odds;
    std::vector<FeatureContribution> features;
    std::vector<Edit> edits;  // from the component explanations: missing → delete, extra → insert,
                              // changed → update
    // Every profile: the node-level edit script between the canonical trees (Zhang–Shasha), at most
    // kMaxTreeEdits long. Not computed (empty, tree_distance_exact false) when nodes(expected) ×
    // nodes(generated) exceeds kMaxTreeEditCells; tree_distance is then a lower bound.
    std::vector<TreeEdit> tree_edits;
    size_t tree_distance = 0;  // the edit distance (the script's full length)
    bool tree_distance_exact = true;
    bool tree_edits_truncated = false;  // the script is longer than what is listed
    size_t statements = 1;              // statement pairs scored (the longer script's statement count)
};

// The bounds of the node-level edit script (SCORING.md, "Edits").
inline constexpr size_t kMaxTreeEditCells = 1'000'000;
inline constexpr size_t kMaxTreeEdits = 500;

// Zhang–Shasha tree edit distance (unit costs; labels are a node's kind and scalar fields) and tree size.
size_t tree_edit_distance(const ast::Node& a, const ast::Node& b);
size_t tree_size(const ast::Node& n);

// Normalizes both scripts and scores `generated` against `expected`, statement i against statement i
// (a statement only one side has scores 0; the score is the mean over the statement pairs).
DiffResult diff(const ast::Script& expected, Language expected_language, const ast::Script& generated,
                Language generated_language, const Profile& profile);

// An execution profile weighs features, not components (every component weight is 0): what a
// component adds to the log-odds, the sum of its features' contributions; nullopt for other profiles.
std::optional<double> log_odds_contribution(const DiffResult& result, Component component);

// How both sides are normalized: the SQL dialect (identifier case rules) and the normalization
// rules switched off by name (`--normalize-off RULE`).
struct DiffOptions {
    Dialect dialect = Dialect::Generic;
    std::vector<std::string> normalize_off;
    // The schema both queries run on (`qdiff diff --schema`, a batch case's "schema"), for the
    // normalization rules that need keys, NOT NULL or foreign keys; null: those rules are off.
    std::shared_ptr<const SchemaFacts> schema;
};
DiffResult diff(const ast::Script& expected, Language expected_language, const ast::Script& generated,
                Language generated_language, const Profile& profile, const DiffOptions& options);

}  // namespace qdiff
