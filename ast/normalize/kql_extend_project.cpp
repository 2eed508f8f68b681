// kql-extend-project: KQL `T | extend d = x | project a, d` is `T | project a, d = x`. The front end
// makes the extend a block whose select list is `*, d = x` and the project a block over it; when the
// project only picks (and renames) columns, the two are one block whose items are the extended
// expressions. Not when an extended column reads another one of the same extend, nor when one has no name.
#include "ast/normalize/normalizer.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

bool only_filters(const Query& q) {
    return q.ctes.empty() && q.distinct == DistinctKind::None && q.aggregations.empty() && q.group_by.empty() &&
           !q.having && !q.qualify && q.windows.empty() && q.set_ops.empty() && q.order_by.empty() && !q.limit &&
           !q.offset && q.options.empty() && q.search.empty();
}

bool reads_name(const Node& node, const std::set<std::string_view>& names) {
    if (auto* c = dyn_cast<ColumnRef>(&node); c && c->path.size() == 1 && names.count(c->path[0].text)) return true;
    bool found = false;
    for_each_child(node, [&](const Node& child) { found = found || reads_name(child, names); });
    return found;
}

// On the block as written, so that the merged block's names are resolved as one block's.
Query* merge_extend_into_project(Normalizer& n, const Query& q) {
    if (n.language() != Language::Kql || q.sources.size() != 1 || !q.joins.empty() || q.filter ||
        q.projection.empty() || !only_filters(q))
        return nullptr;
    auto* derived = dyn_cast<DerivedTable>(n.substituted(q.sources[0]));
    if (!derived || !derived->alias.empty() || !derived->query || !only_filters(*derived->query)) return nullptr;
    const Query& inner = *derived->query;
    if (inner.projection.size() < 2) return nullptr;
    auto* star = dyn_cast<Star>(inner.projection[0]->expr);
    if (!star || !star->qualifier.empty() || !star->pattern.empty() || !star->except.empty() || !star->replace.empty())
        return nullptr;
    std::map<std::string_view, Expr*> extended;
    std::set<std::string_view> names;
    for (size_t i = 1; i < inner.projection.size(); ++i) {
        SelectItem* item = inner.projection[i];
        if (item->alias.empty() || names.count(item->alias.text)) return nullptr;
        names.insert(item->alias.text);
        extended[item->alias.text] = item->expr;
    }
    for (size_t i = 1; i < inner.projection.size(); ++i)
        if (reads_name(*inner.projection[i]->expr, names)) return nullptr;
    std::vector<SelectItem*> items;
    for (SelectItem* item : q.projection) {
        auto* c = dyn_cast<ColumnRef>(item->expr);
        if (!c || c->path.size() != 1) return nullptr;
        auto it = extended.find(c->path[0].text);
        if (it == extended.end()) {
            items.push_back(item);
            continue;
        }
        auto* merged = n.copy(*item);
        merged->expr = it->second;
        if (merged->alias.empty()) merged->alias = c->path[0];
        items.push_back(merged);
    }
    Query* merged = n.copy(inner);
    merged->projection = n.arena().list(items);
    merged->span = q.span;
    return merged;
}

}  // namespace

const RuleHooks kql_extend_project = {.written_query = &merge_extend_into_project};

}  // namespace qdiff::normalizing::rules
