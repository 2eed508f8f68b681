// weaviate-operator-type: a filter Weaviate rejects because the operator or the value argument does
// not apply to the property's type: Like on a number, ContainsAny on a scalar number, WithinGeoRange
// off a geoCoordinates property, GreaterThan on a boolean, valueInt on text, valueText on a date...
#include "lint/weaviate/filters.hpp"

namespace qdiff::linting::rules {
namespace {

using B = ast::BinaryOp;
using L = ast::LiteralType;

bool numeric(ColumnType t) { return t == ColumnType::Integer || t == ColumnType::Real; }

// The operator's name as Weaviate spells it, when it does not apply to the property; else "".
std::string_view misapplied_operator(const weaviate::FilterLeaf& leaf) {
    const Column& p = *leaf.property;
    switch (leaf.test->op) {
        case B::Like:
        case B::ILike: return p.type == ColumnType::Text ? "" : "Like";
        case B::ContainsAny:
        case B::ContainsAll:
        case B::ContainsNone:
            if (weaviate::is_array(p) || p.type == ColumnType::Text) return "";
            return leaf.test->op == B::ContainsAny   ? "ContainsAny"
                   : leaf.test->op == B::ContainsAll ? "ContainsAll"
                                                     : "ContainsNone";
        case B::WithinGeoRange: return p.declared_type == "geoCoordinates" ? "" : "WithinGeoRange";
        case B::Gt: return p.type == ColumnType::Boolean ? "GreaterThan" : "";
        case B::GtEq: return p.type == ColumnType::Boolean ? "GreaterThanEqual" : "";
        case B::Lt: return p.type == ColumnType::Boolean ? "LessThan" : "";
        case B::LtEq: return p.type == ColumnType::Boolean ? "LessThanEqual" : "";
        default: return "";
    }
}

// A value of another family than the property (text vs number vs boolean vs date).
bool misapplied_value(const weaviate::FilterLeaf& leaf) {
    if (!leaf.value) return false;
    ColumnType t = leaf.property->type;
    switch (leaf.value->type) {
        case L::String: return numeric(t) || t == ColumnType::Boolean || t == ColumnType::DateTime;
        case L::Integer:
        case L::Decimal: return t == ColumnType::Text || t == ColumnType::Boolean || t == ColumnType::DateTime;
        case L::Boolean: return t != ColumnType::Boolean && t != ColumnType::Unknown;
        case L::Datetime: return t != ColumnType::DateTime && t != ColumnType::Unknown;
        default: return false;
    }
}

}  // namespace

void weaviate_operator_type(LintContext& ctx) {
    weaviate::for_each_filter_leaf(ctx, [&](const weaviate::FilterLeaf& leaf) {
        std::string type = weaviate::type_word(*leaf.property);
        if (std::string_view op = misapplied_operator(leaf); !op.empty()) {
            ctx.report(make_diagnostic(DiagId::WeaviateOperatorType, leaf.test->span, {op, type, leaf.property->name}));
        } else if (misapplied_value(leaf)) {
            ctx.report(make_diagnostic(DiagId::WeaviateOperatorType, leaf.value->span,
                                       {weaviate::value_argument(*leaf.value), type, leaf.property->name}));
        }
    });
}

}  // namespace qdiff::linting::rules
