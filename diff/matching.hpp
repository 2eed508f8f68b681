// The matcher's side of an atom: what it compares (its key), how atoms are extracted from a normalized
// statement and paired (SCORING.md, "Components" and "Matching"). Private: the public Atom
// (include/qdiff/diff.hpp) shows its text, span and statement and holds this key opaquely.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "qdiff/ast.hpp"
#include "qdiff/diff.hpp"

namespace qdiff {

// What a compared value is: a literal of one of the AST's literal types, a point in time `ago(t)`, or
// neither (an expression, a column, a subquery: None).
enum class ValueType : uint8_t {
    None,
#define QDIFF_VALUE_TYPE(name, text) name,
    QDIFF_LITERAL_TYPES(QDIFF_VALUE_TYPE)
#undef QDIFF_VALUE_TYPE
        Ago,
};
constexpr ValueType value_type_of(ast::LiteralType t) {
    return static_cast<ValueType>(static_cast<uint8_t>(t) + 1);
}
static_assert(value_type_of(ast::LiteralType::Integer) == ValueType::Integer &&
              value_type_of(ast::LiteralType::Keyword) == ValueType::Keyword);

// The typed slot of a Weaviate structured aggregation, named by the alias its lowering gives the item
// (parsers/weaviate/lower_structured.cpp: `<slot>_property_aggregation`). None: no such alias (the
// published metric's slot is then guessed from the metric); Other: an alias of that form naming no
// slot, which the metric never counts.
enum class WeaviateSlot : uint8_t { None, Integer, Text, Boolean, Other };

// What the matcher compares of an atom. A filter atom is (property, operator, typed value) under the
// AND/OR structure it sits in; the other components fill the fields they need (SCORING.md,
// "Components"). Built once by extract_components and shared, immutable, by the copies of its atom.
// Every member has a default, so that a designated initializer names only the fields it sets.
struct AtomKey {
    // Column, relation, function arguments, sort key...
    std::string property{};
    // Operator, function, join kind, sort direction, set operation, bound kind: an open set (aggregate
    // function names come from the catalogue, operator spellings from several AST enumerations),
    // compared by equality and, for a few operators, by spelling (matching.cpp).
    std::string op{};
    std::string value{};             // the value as text (an IN list's items joined)
    std::vector<std::string> items{};  // a set-like value (IN list): its items, compared as a set
    std::optional<double> number{};  // the value as a number: a numeric literal, a length of time in
                                     // seconds, or ago(t)'s t in seconds
    ValueType value_type = ValueType::None;
    // Where the atom sits, compared by equality: a filter's connective path ("", "AND", "AND/OR"), a
    // sort key's position ("0", "1"...), a block's place ("WITH", "FROM").
    std::string context{};
    WeaviateSlot slot = WeaviateSlot::None;  // aggregations of a Weaviate structured query
};

// The atom a matcher test or extractor makes: its text, span and key.
Atom make_keyed_atom(std::string text, Span span, AtomKey key);

using Components = PerComponent<std::vector<Atom>>;

// The atoms of each component of one normalized statement (null: every component empty), each also
// spelled as `language` writes it (Atom::spelled).
Components extract_components(const ast::Statement* normalized, Language language);
// The same for the first statement of a script.
Components extract_components(const ast::Script& normalized, Language language);

// Similarity of two atoms of the same component, in [0, 1].
double atom_similarity(Component component, const Atom& expected, const Atom& generated);
// Normalized edit-distance similarity of two names, in [0, 1].
double name_similarity(std::string_view a, std::string_view b);

// Pairs the atoms of both sides by maximum weighted matching (Hungarian algorithm) and scores the
// component as an F1 over the pair similarities.
ComponentResult compare_component(Component component, const std::vector<Atom>& expected,
                                  const std::vector<Atom>& generated);

}  // namespace qdiff
