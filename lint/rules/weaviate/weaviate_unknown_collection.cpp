// unknown-table (Weaviate): a Get/Aggregate of a class the schema does not have ("unknown collection").
#include "lint/kql/names.hpp"
#include "lint/rule.hpp"
#include "lint/weaviate/properties.hpp"

namespace qdiff::linting::rules {

void weaviate_unknown_collection(LintContext& ctx) {
    if (ctx.schema() == nullptr) return;
    for (const ast::Statement* st : ctx.script.statements) {
        auto* q = ast::dyn_cast<ast::Query>(st);
        const ast::TableRef* ref = q ? weaviate::collection_ref(*q) : nullptr;
        if (!ref || ref->name.empty()) continue;
        std::string_view name = ref->name.back().text;
        if (weaviate::find_collection(*ctx.schema(), name)) continue;
        Diagnostic d = make_diagnostic(DiagId::LintUnknownTable, ref->span, {name});
        d.message = "unknown collection '" + std::string(name) + "'";  // the code is SQL's, the words Weaviate's
        std::string suggestion = kql::suggest(name, [&] {
            std::vector<std::string_view> names;
            for (const Table& t : ctx.schema()->tables) names.push_back(t.name);
            return names;
        }());
        if (!suggestion.empty()) {
            d.notes.push_back({ref->span, "did you mean '" + suggestion + "'?"});
            d.fixits.push_back({ref->span, suggestion});
        }
        ctx.report(std::move(d));
    }
}

}  // namespace qdiff::linting::rules
