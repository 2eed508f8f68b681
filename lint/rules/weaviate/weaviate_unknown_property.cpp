// unknown-column (Weaviate): a selected, filtered, grouped, sorted, searched or aggregated property
// the class does not have; a cross-reference path is followed into its target class.
#include <set>

#include "lint/rule.hpp"
#include "lint/sql/analysis.hpp"
#include "lint/weaviate/properties.hpp"

namespace qdiff::linting::rules {

void weaviate_unknown_property(LintContext& ctx) {
    if (ctx.schema() == nullptr) return;
    for (const ast::Statement* st : ctx.script.statements) {
        auto* q = ast::dyn_cast<ast::Query>(st);
        const ast::TableRef* ref = q ? weaviate::collection_ref(*q) : nullptr;
        const Table* collection =
            ref && !ref->name.empty() ? weaviate::find_collection(*ctx.schema(), ref->name.back().text) : nullptr;
        if (!collection) continue;
        std::set<uint32_t> reported;
        weaviate::for_each_property_ref(*q, [&](const ast::ColumnRef& path) {
            weaviate::PropertyLookup p = weaviate::resolve_property(*ctx.schema(), *collection, path);
            if (!p.checked || p.missing.empty()) return;
            Span at = sql::name_span(ctx.source(), path.span, p.missing);
            if (!reported.insert(at.begin).second) return;
            Diagnostic d = make_diagnostic(DiagId::LintUnknownColumn, at, {p.missing});
            d.message = "unknown property '" + std::string(p.missing) + "'";  // the code is SQL's, the words Weaviate's
            if (!p.suggestion.empty()) {
                d.notes.push_back({at, "did you mean '" + p.suggestion + "'?"});
                d.fixits.push_back({at, p.suggestion});
            }
            ctx.report(std::move(d));
        });
    }
}

}  // namespace qdiff::linting::rules
