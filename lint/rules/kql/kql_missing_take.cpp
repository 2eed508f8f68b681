// kql-missing-take: a query statement that returns raw rows: no take/limit/top, no summarize/count,
// no distinct, no make-series or plugin anywhere along its pipeline. A generated query should bound
// what it brings back.
#include "lint/kql/analysis.hpp"
#include "lint/rule.hpp"

namespace qdiff::linting::rules {
namespace {

// Operators kept as options that bound or reshape the rows into a few.
bool bounding_option(const ast::Expr* option) {
    auto* named = ast::dyn_cast<ast::NamedArg>(option);
    if (!named) return false;
    std::string_view n = named->name.text;
    return n == "make-series" || n == "top-nested" || n == "top-hitters" || n == "evaluate" || n == "sample" ||
           n == "sample-distinct" || n == "getschema" || n == "reduce" || n == "invoke" || n == "facet";
}

bool bounded(const ast::Query& q) {
    if (q.limit || !q.aggregations.empty() || !q.group_by.empty() || q.distinct != ast::DistinctKind::None) return true;
    if (q.sources.empty() && q.search.empty()) return true;  // print
    for (const ast::Expr* option : q.options)
        if (bounding_option(option)) return true;
    if (q.sources.empty()) return false;
    if (auto* inner = ast::dyn_cast<ast::DerivedTable>(q.sources[0]); inner && inner->query && q.joins.empty())
        return bounded(*inner->query);
    if (ast::isa<ast::ValuesTable>(q.sources[0])) return true;  // datatable: the rows are written out
    return false;
}

}  // namespace

void kql_missing_take(LintContext& ctx) {
    for (const ast::Query* q : ctx.kql->results) {
        if (bounded(*q)) continue;
        Diagnostic d = make_diagnostic(DiagId::KqlMissingTake, q->span);
        d.fixits.push_back({{q->span.end, q->span.end}, "\n| take 100"});
        ctx.report(std::move(d));
    }
}

}  // namespace qdiff::linting::rules
