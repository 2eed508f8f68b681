// Stable names of node kinds and enum values, as the printers show them.
#include "qdiff/ast.hpp"

namespace qdiff::ast {

std::string_view kind_name(Kind k) {
    switch (k) {
#define QDIFF_NODE(Class) \
    case Kind::Class:     \
        return #Class;
#include "qdiff/ast_nodes.def"
#undef QDIFF_NODE
    }
    return "?";
}

#define QDIFF_ENUM_CASE(name, text) \
    case E::name:                   \
        return text;
#define QDIFF_ENUM_NAMES(Type, LIST)         \
    std::string_view enum_name(Type v) {     \
        using E = Type;                      \
        switch (v) { LIST(QDIFF_ENUM_CASE) } \
        return "?";                          \
    }

QDIFF_ENUM_NAMES(LiteralType, QDIFF_LITERAL_TYPES)
QDIFF_ENUM_NAMES(UnaryOp, QDIFF_UNARY_OPS)
QDIFF_ENUM_NAMES(BinaryOp, QDIFF_BINARY_OPS)
QDIFF_ENUM_NAMES(SortDir, QDIFF_SORT_DIRS)
QDIFF_ENUM_NAMES(NullsOrder, QDIFF_NULLS_ORDERS)
QDIFF_ENUM_NAMES(JoinKind, QDIFF_JOIN_KINDS)
QDIFF_ENUM_NAMES(SetOpKind, QDIFF_SET_OP_KINDS)
QDIFF_ENUM_NAMES(DistinctKind, QDIFF_DISTINCT_KINDS)
QDIFF_ENUM_NAMES(SearchKind, QDIFF_SEARCH_KINDS)
QDIFF_ENUM_NAMES(FrameUnit, QDIFF_FRAME_UNITS)
QDIFF_ENUM_NAMES(FrameBound, QDIFF_FRAME_BOUNDS)
QDIFF_ENUM_NAMES(FrameExclude, QDIFF_FRAME_EXCLUDES)
QDIFF_ENUM_NAMES(Quantifier, QDIFF_QUANTIFIERS)
QDIFF_ENUM_NAMES(GroupingKind, QDIFF_GROUPING_KINDS)
QDIFF_ENUM_NAMES(ConstraintKind, QDIFF_CONSTRAINT_KINDS)
QDIFF_ENUM_NAMES(Materialization, QDIFF_MATERIALIZATIONS)
QDIFF_ENUM_NAMES(ColumnsOp, QDIFF_COLUMNS_OPS)

}  // namespace qdiff::ast
