// kql-extend-flatten: KQL `T | extend b2 = b * 2 | summarize sum(b2)` is `T | summarize sum(b * 2)`.
// An operator that cannot fold into the block of an extend (summarize, a where after it, a second
// summarize...) is written as a block over it, whose select list is `*, b2 = b * 2`; the outer block
// reads each extended name as its expression, any other name as the input's column, and the two blocks
// are one (when the outer block names no output of its own, its output is the extend's select list).
// A block that only projects is kql-extend-project's.
// An extended column may read the input's column of its own name (`extend a = a * 2 | where a > 10` is
// `where a * 2 > 10 | extend a = a * 2`). Not when an extended column reads one extended before it in the
// same extend, calls a function of the row's place (row_number, prev, rand...), or is read as `b2.field`,
// nor when the outer block reads `*`.
#include "ast/normalize/kql_pipeline.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

Query* read_through_extend(Normalizer& n, const Query& q) {
    // A block that only projects is kql-extend-project's (which keeps its own switch).
    if (!q.projection.empty() && !q.filter && q.aggregations.empty() && q.group_by.empty() && !q.having &&
        q.order_by.empty() && !q.limit && !q.offset && q.distinct == DistinctKind::None)
        return nullptr;
    const Query* inner = kql_pipeline::derived_block(n, q);
    if (!inner || !kql_pipeline::only_filters(*inner) || !inner->options.empty() || inner->projection.size() < 2)
        return nullptr;
    auto* star = dyn_cast<Star>(inner->projection[0]->expr);
    if (!star || !star->qualifier.empty() || !star->pattern.empty() || !star->except.empty() || !star->replace.empty())
        return nullptr;
    kql_pipeline::NameMap names;
    for (uint32_t i = 1; i < inner->projection.size(); ++i) {
        const SelectItem* item = inner->projection[i];
        if (item->alias.empty() || isa<Star>(item->expr) || kql_pipeline::calls_row_dependent(*item->expr) ||
            !names.emplace(item->alias.text, item->expr).second)
            return nullptr;
    }
    // An item reads the input's columns, and the names the items before it extend: `extend a = a * 2` reads
    // the input's a (the outer block's a is then a * 2 of the input), `extend x = 1, y = x + 1` reads the new x.
    std::set<std::string_view> earlier;
    for (uint32_t i = 1; i < inner->projection.size(); ++i) {
        if (kql_pipeline::reads_any(*inner->projection[i]->expr, earlier)) return nullptr;
        earlier.insert(inner->projection[i]->alias.text);
    }
    return kql_pipeline::merge_over(n, q, *inner, names, &inner->projection);
}

}  // namespace

const RuleHooks kql_extend_flatten = {.written_query = &read_through_extend};

}  // namespace qdiff::normalizing::rules
