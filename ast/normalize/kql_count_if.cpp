// kql-count-if: KQL `T | summarize countif(p)` is `T | where p | summarize count()`: without BY, both
// give one row holding the number of rows where p holds (an empty input still gives one row, 0). When
// every aggregate of the summarize is countif of the same p, p moves to the filter. Not with BY: a group
// without a row where p holds is a row of 0 for countif and no row at all after `where p`.
#include "ast/normalize/kql_pipeline.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

// The condition of `countif(p)`, or null.
const Expr* count_if_condition(const SelectItem* item) {
    auto* f = dyn_cast<FunctionCall>(item->expr);
    if (!f || f->distinct || f->filter || f->over || f->args.size() != 1 || Normalizer::function_name(f) != "countif")
        return nullptr;
    return f->args[0];
}

Query* filter_then_count(Normalizer& n, const Query& q) {
    if (n.language() != Language::Kql || q.aggregations.empty() || !q.group_by.empty() || !q.projection.empty())
        return nullptr;
    const Expr* condition = nullptr;
    for (const SelectItem* item : q.aggregations) {
        const Expr* p = count_if_condition(item);
        if (!p || (condition && !equal(p, condition)) || isa<Query>(p)) return nullptr;
        condition = p;
    }
    std::vector<SelectItem*> counts;
    for (SelectItem* item : q.aggregations) {
        auto* count = n.copy(cast<FunctionCall>(*item->expr));
        count->name = n.arena().list(std::vector<Name>{Name{"count", false}});
        count->args = {};
        auto* counted = n.copy(*item);
        counted->expr = count;
        counts.push_back(counted);
    }
    Query* out = n.copy(q);
    out->aggregations = n.arena().list(counts);
    Expr* p = const_cast<Expr*>(condition);
    out->filter = q.filter ? n.make_binary(BinaryOp::And, q.filter, p, p->span) : p;
    return out;
}

}  // namespace

const RuleHooks kql_count_if = {.written_query = &filter_then_count};

}  // namespace qdiff::normalizing::rules
