// kql-project-after-take: KQL `T | take 10 | project a, b` is `T | project a, b | take 10`, and a project
// after `sort`, `top` or `take` reads the same rows as one before it: a project computes one output row
// from each input row, so it neither chooses nor reorders rows, and the rows `take` keeps (any n), the
// order `sort` gives and the n rows `top` keeps are the same whichever side of it they are computed. The
// front end writes a project after such an operator as a block over it; the two are one block whose
// select list is the project's (reading the inner block's expressions for its names) and whose ORDER BY,
// LIMIT and OFFSET are the inner block's.
// Not when the project calls a function of the row's place or a random one (row_number, prev, rand...:
// its value depends on which rows precede it), nor when the outer block filters, summarizes, sorts or
// takes again (a `where` after `take` keeps fewer rows than `take` after `where`), nor when the inner
// block projects names its own ORDER BY reads (they are gone from the merged select list) or anything
// but named columns, nor over DISTINCT, summarize or a set operation.
#include "ast/normalize/kql_pipeline.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

// Whether every single-part column reference under `node` names one of `names`.
bool reads_only(const Node& node, const kql_pipeline::NameMap& names) {
    if (auto* c = dyn_cast<ColumnRef>(&node); c && !c->path.empty()) return names.count(c->path[0].text) > 0;
    bool ok = true;
    for_each_child(node, [&](const Node& child) { ok = ok && reads_only(child, names); });
    return ok;
}

Query* project_after_take(Normalizer& n, const Query& q) {
    if (q.projection.empty() || q.filter || !q.aggregations.empty() || !q.group_by.empty() || q.having ||
        !q.order_by.empty() || q.limit || q.offset || q.distinct != DistinctKind::None || q.qualify ||
        !q.windows.empty() || !q.options.empty() || !q.search.empty())
        return nullptr;
    const Query* inner = kql_pipeline::derived_block(n, q);
    if (!inner || (!inner->limit && inner->order_by.empty() && !inner->offset)) return nullptr;
    // The inner block is one that only filters, but for its ORDER BY, LIMIT and OFFSET.
    Query shape = *inner;
    shape.order_by = {};
    shape.limit = nullptr;
    shape.offset = nullptr;
    if (!kql_pipeline::only_filters(shape) || !inner->options.empty()) return nullptr;
    for (const SelectItem* item : q.projection) {
        const Node* e = n.substituted(item->expr);
        if (isa<Star>(e) || kql_pipeline::calls_row_dependent(*e)) return nullptr;
    }
    kql_pipeline::NameMap outputs;  // every column of the inner block
    kql_pipeline::NameMap names;    // those it computes or renames, which the outer block reads as expressions
    if (!inner->projection.empty()) {
        for (const SelectItem* item : inner->projection) {
            const Expr* e = static_cast<const Expr*>(n.substituted(item->expr));
            auto* column = kql_pipeline::plain_column(e);
            std::string_view name = !item->alias.empty() ? item->alias.text : column ? column->path[0].text : "";
            if (name.empty() || isa<Star>(e)) return nullptr;
            // The inner ORDER BY names the inner select list's columns: only plain ones keep their meaning.
            if (!inner->order_by.empty() && (!column || name != column->path[0].text)) return nullptr;
            if (!outputs.emplace(name, e).second) return nullptr;
            if (!column || name != column->path[0].text) names.emplace(name, e);
        }
        // A name the inner block does not output is an error in the query: left as written.
        for (const SelectItem* item : q.projection)
            if (!reads_only(*n.substituted(item->expr), outputs)) return nullptr;
    }
    Query* merged = kql_pipeline::merge_over(n, q, *inner, names, nullptr);
    if (!merged) return nullptr;
    merged->order_by = inner->order_by;
    merged->limit = inner->limit;
    merged->offset = inner->offset;
    return merged;
}

}  // namespace

const RuleHooks kql_project_after_take = {.written_query = &project_after_take};

}  // namespace qdiff::normalizing::rules
