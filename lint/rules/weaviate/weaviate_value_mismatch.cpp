// weaviate-value-mismatch: a number written with the other number argument (valueNumber on an int
// property, valueInt on a number property): Weaviate may reject or coerce it; say what is meant.
#include "lint/weaviate/filters.hpp"

namespace qdiff::linting::rules {

void weaviate_value_mismatch(LintContext& ctx) {
    weaviate::for_each_filter_leaf(ctx, [&](const weaviate::FilterLeaf& leaf) {
        if (!leaf.value) return;
        ColumnType t = leaf.property->type;
        bool int_as_number = t == ColumnType::Integer && leaf.value->type == ast::LiteralType::Decimal;
        bool number_as_int = t == ColumnType::Real && leaf.value->type == ast::LiteralType::Integer;
        if (!int_as_number && !number_as_int) return;
        Diagnostic d = make_diagnostic(
            DiagId::WeaviateValueMismatch, leaf.value->span,
            {weaviate::type_word(*leaf.property), leaf.property->name, weaviate::value_argument(*leaf.value)});
        d.notes.push_back({leaf.value->span, int_as_number ? "use valueInt" : "use valueNumber"});
        ctx.report(std::move(d));
    });
}

}  // namespace qdiff::linting::rules
