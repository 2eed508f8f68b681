// The table of ast/semantics/operators.def, indexed by the operator.
#include "ast/semantics/operators.hpp"

#include <array>

namespace qdiff::semantics {
namespace {

constexpr size_t kOperatorCount = 0
#define QDIFF_ENUM_COUNT(name, text) +1
    QDIFF_BINARY_OPS(QDIFF_ENUM_COUNT)
#undef QDIFF_ENUM_COUNT
    ;

constexpr std::array<BinaryOperator, kOperatorCount> make_table() {
    using enum ast::BinaryOp;
    using enum OperatorClass;
    using Sql = SqlPrecedence;
    using Kql = KqlPrecedence;
    return {{
#define QDIFF_BINARY_OPERATOR(Op, ...) BinaryOperator{.op = Op, __VA_ARGS__},
#include "ast/semantics/operators.def"
#undef QDIFF_BINARY_OPERATOR
    }};
}

constexpr auto kTable = make_table();

constexpr bool in_enum_order() {
    for (size_t i = 0; i < kTable.size(); ++i)
        if (static_cast<size_t>(kTable[i].op) != i) return false;
    return true;
}
static_assert(in_enum_order(), "operators.def must list every BinaryOp once, in the order of QDIFF_BINARY_OPS");

// A flipped operator flips back, a negated one negates back: a op b ≡ b F a ≡ a op b.
constexpr bool involutions() {
    for (const BinaryOperator& o : kTable) {
        if (o.flipped && kTable[static_cast<size_t>(*o.flipped)].flipped != o.op) return false;
        if (o.negated && kTable[static_cast<size_t>(*o.negated)].negated != o.op) return false;
        if (o.commutative && o.flipped != o.op) return false;
    }
    return true;
}
static_assert(involutions(), "operators.def: flipped and negated must be involutions; commutative flips to itself");

}  // namespace

const BinaryOperator& binary_operator(ast::BinaryOp op) { return kTable[static_cast<size_t>(op)]; }

std::span<const BinaryOperator> binary_operators() { return kTable; }

std::string_view sql_spelling(ast::BinaryOp op) { return ast::enum_name(op); }

std::string_view kql_spelling(ast::BinaryOp op) {
    std::string_view k = binary_operator(op).kql_spelling;
    return k.empty() ? ast::enum_name(op) : k;
}

}  // namespace qdiff::semantics
