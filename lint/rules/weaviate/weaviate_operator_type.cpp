// weaviate-operator-type: a filter Weaviate rejects because the operator or the value argument does
// not apply to the property's type: Like on a number, ContainsAny on a scalar number, WithinGeoRange
// off a geoCoordinates property, GreaterThan on a boolean, valueInt on text, valueText on a date...
// and an Aggregate that asks a property for what its type has not: mean or sum of a text property.
#include <algorithm>

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

// Whether Weaviate's Aggregate offers `aggregation` for the property's type (its aggregate fields of
// text, numbers, booleans and dates). Unknown types are not judged.
bool aggregation_applies(std::string_view aggregation, const Column& p) {
    using List = std::initializer_list<std::string_view>;
    auto in = [&](List names) { return std::find(names.begin(), names.end(), aggregation) != names.end(); };
    if (in({"count", "type"})) return true;
    switch (p.type) {
        case ColumnType::Text: return in({"topOccurrences"});
        case ColumnType::Integer:
        case ColumnType::Real: return in({"minimum", "maximum", "mean", "median", "mode", "sum"});
        case ColumnType::Boolean: return in({"totalTrue", "totalFalse", "percentageTrue", "percentageFalse"});
        case ColumnType::DateTime: return in({"minimum", "maximum", "median", "mode"});
        default: return true;
    }
}

void check_aggregations(LintContext& ctx) {
    if (ctx.schema() == nullptr) return;
    for (const ast::Statement* st : ctx.script.statements) {
        auto* q = ast::dyn_cast<ast::Query>(st);
        const ast::TableRef* ref = q ? weaviate::collection_ref(*q) : nullptr;
        const Table* collection =
            ref && !ref->name.empty() ? weaviate::find_collection(*ctx.schema(), ref->name.back().text) : nullptr;
        if (!collection) continue;
        for (const ast::SelectItem* item : q->aggregations) {
            auto* call = ast::dyn_cast<ast::FunctionCall>(item->expr);
            if (!call || call->name.size() != 1 || call->args.size() != 1) continue;
            auto* path = ast::dyn_cast<ast::ColumnRef>(call->args[0]);
            if (!path) continue;
            weaviate::PropertyLookup p = weaviate::resolve_property(*ctx.schema(), *collection, *path);
            if (!p.property || aggregation_applies(call->name[0].text, *p.property)) continue;
            ctx.report(make_diagnostic(DiagId::WeaviateOperatorType, call->span,
                                       {call->name[0].text, weaviate::type_word(*p.property), p.property->name}));
        }
    }
}

}  // namespace

void weaviate_operator_type(LintContext& ctx) {
    check_aggregations(ctx);
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
