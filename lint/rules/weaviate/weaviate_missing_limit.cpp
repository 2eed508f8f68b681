// weaviate-missing-limit: a Get without limit returns QUERY_DEFAULTS_LIMIT objects (10 unless the
// server says otherwise), silently truncated; a limit above QUERY_MAXIMUM_RESULTS (10,000 by
// default) is rejected. Aggregations are not limited, and neither is the structured query JSON: it
// has no limit field, so there is nothing to fix.
#include <charconv>

#include "lint/rule.hpp"
#include "lint/weaviate/properties.hpp"

namespace qdiff::linting::rules {
namespace {

// The structured query JSON ({"target_collection": ...}) lowers to a query whose span is that object.
bool from_structured_json(const SourceText& source, const ast::Query& q) {
    std::string_view text = source.slice(q.span);
    if (!text.starts_with('{')) return false;
    size_t next = text.find_first_not_of(" \t\r\n", 1);
    return next != std::string_view::npos && text[next] == '"';
}

}  // namespace

constexpr long kMaximumResults = 10000;

void weaviate_missing_limit(LintContext& ctx) {
    for (const ast::Statement* st : ctx.script.statements) {
        auto* q = ast::dyn_cast<ast::Query>(st);
        const ast::TableRef* ref = q ? weaviate::collection_ref(*q) : nullptr;
        if (!ref || !q->aggregations.empty() || !q->group_by.empty() || from_structured_json(ctx.source(), *q))
            continue;
        if (q->limit == nullptr) {
            ctx.report(make_diagnostic(
                DiagId::WeaviateMissingLimit, ref->span,
                {"no limit: Weaviate returns its default page (10 objects) and drops the rest silently"}));
            continue;
        }
        auto* lit = ast::dyn_cast<ast::Literal>(q->limit);
        long n = 0;
        if (!lit || lit->type != ast::LiteralType::Integer ||
            std::from_chars(lit->text.data(), lit->text.data() + lit->text.size(), n).ec != std::errc())
            continue;
        if (n > kMaximumResults)
            ctx.report(
                make_diagnostic(DiagId::WeaviateMissingLimit, q->limit->span,
                                {"limit " + std::string(lit->text) +
                                 " exceeds QUERY_MAXIMUM_RESULTS (10000 by default): Weaviate rejects the query"}));
    }
}

}  // namespace qdiff::linting::rules
