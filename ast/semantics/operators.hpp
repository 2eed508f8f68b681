// The operator catalogue (ast/semantics/operators.def): what each binary operator of the unified AST
// is, how each printer spells it and how tightly it binds, and the algebraic facts the normalizer
// relies on (commutativity, the flipped and the negated operator). The printers, the normalizer, the
// linters and the synthesizer read these facts here instead of keeping their own lists.
#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "qdiff/ast.hpp"

namespace qdiff::semantics {

enum class OperatorClass : uint8_t {
    Arithmetic,   // + - * / % DIV ^
    Bitwise,      // & | ^ << >>
    Comparison,   // = <> < <= > >= IS DISTINCT FROM =~
    Logical,      // AND OR XOR
    StringMatch,  // LIKE, GLOB, regular expressions, KQL's has/contains/startswith/endswith
    TextSearch,   // full-text MATCH, @@
    Collection,   // has_any/has_all, array overlap, Weaviate's ContainsAny/All/None
    String,       // || (concatenation)
    Json,         // -> ->> #> #>> @> <@ ? ?| ?&
    Vector,       // pgvector distances
    Other,        // ESCAPE, AT TIME ZONE, COLLATE, WithinGeoRange
};

// Binding strength in the SQL printer, higher binds tighter; the levels of the other expression forms
// (NOT, IS NULL, unary minus, atoms) are here too, so that one scale orders them all.
enum class SqlPrecedence : uint8_t { Or = 1, Xor, And, Not, Is, Compare, Other, Additive, Multiplicative, Unary, Atom };
// The same for the KQL printer, whose levels follow Kusto's grammar.
enum class KqlPrecedence : uint8_t {
    Or = 1,
    And,
    Between,
    In,
    Regex,
    StringOp,
    Equality,
    Relational,
    Additive,
    Multiplicative,
    Unary,
    Atom
};

// One entry of operators.def (see there for what each field means).
struct BinaryOperator {
    ast::BinaryOp op;
    OperatorClass kind = OperatorClass::Other;
    SqlPrecedence sql = SqlPrecedence::Other;
    KqlPrecedence kql = KqlPrecedence::StringOp;
    std::string_view sql_negated = {};
    std::string_view kql_spelling = {};
    std::string_view kql_negated = {};
    std::string_view weaviate_spelling = {};
    bool commutative = false;
    bool associative = false;
    std::optional<ast::BinaryOp> flipped = {};
    std::optional<ast::BinaryOp> negated = {};
    bool null_safe = false;
    bool ignores_case = false;
    bool strict = true;
};

const BinaryOperator& binary_operator(ast::BinaryOp op);
std::span<const BinaryOperator> binary_operators();  // every entry, in the order of ast::BinaryOp

inline OperatorClass operator_class(ast::BinaryOp op) { return binary_operator(op).kind; }
inline bool is_comparison(ast::BinaryOp op) { return operator_class(op) == OperatorClass::Comparison; }
// = <> < <= > >=: a comparison that is neither null-safe (IS DISTINCT FROM) nor case-blind (=~).
inline bool is_plain_comparison(ast::BinaryOp op) {
    const BinaryOperator& o = binary_operator(op);
    return o.kind == OperatorClass::Comparison && !o.null_safe && !o.ignores_case;
}
// A comparison or string match that is NULL when an operand is (strict): true only of non-NULL operands, so
// a WHERE that holds it rejects a row whose operand is NULL, and it is never NULL over non-NULL operands.
inline bool is_strict_predicate(ast::BinaryOp op) {
    OperatorClass kind = operator_class(op);
    return (kind == OperatorClass::Comparison || kind == OperatorClass::StringMatch) && binary_operator(op).strict;
}
// An operator whose operand chains the normalizer flattens and sorts: AND, OR, XOR, +, *.
inline bool is_sortable_chain(ast::BinaryOp op) {
    const BinaryOperator& o = binary_operator(op);
    return o.commutative && o.associative && (o.kind == OperatorClass::Logical || o.kind == OperatorClass::Arithmetic);
}
inline std::optional<ast::BinaryOp> flipped(ast::BinaryOp op) { return binary_operator(op).flipped; }
inline std::optional<ast::BinaryOp> negated(ast::BinaryOp op) { return binary_operator(op).negated; }

std::string_view sql_spelling(ast::BinaryOp op);  // the enum_name
std::string_view kql_spelling(ast::BinaryOp op);  // the SQL spelling where KQL has none

}  // namespace qdiff::semantics
