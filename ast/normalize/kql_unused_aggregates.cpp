// kql-unused-aggregates: KQL `T | summarize count() by a | project a` is `T | summarize by a` (which
// group-by-as-distinct makes `distinct a`). When nothing after a summarize reads its aggregates (the
// select list, the filter after it and the sort read only its BY keys), they are not computed: the
// groups, one row each, are the same. Also when the summarize is a derived table and the block over it
// reads only its keys. Not without BY (one row over all rows, none over none), and not when a key is an
// unnamed expression (its name is Kusto's choice, which a later operator may read).
#include "ast/normalize/kql_pipeline.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

// The names of a summarize's keys; nullopt when one is an unnamed expression.
std::optional<std::set<std::string_view>> key_names(const Query& q) {
    std::set<std::string_view> keys;
    for (const Expr* key : q.group_by) {
        if (auto* named = dyn_cast<NamedArg>(key))
            keys.insert(named->name.text);
        else if (auto* c = kql_pipeline::plain_column(key))
            keys.insert(c->path[0].text);
        else
            return std::nullopt;
    }
    return keys;
}

// Whether every column `node` reads is one of `keys` (no subquery: it may read anything).
bool reads_only(const Node* node, const std::set<std::string_view>& keys) {
    if (!node) return true;
    if (isa<Query>(node) || isa<Lambda>(node) || isa<Star>(node)) return false;
    if (auto* c = dyn_cast<ColumnRef>(node)) return !c->path.empty() && keys.count(c->path[0].text);
    bool only = true;
    for_each_child(*node, [&](const Node& child) { only = only && reads_only(&child, keys); });
    return only;
}

bool only_parameters(const Query& q) {
    for (const Expr* o : q.options) {
        auto* named = dyn_cast<NamedArg>(o);
        if (!named || named->name.text.find('.') == std::string_view::npos) return false;
    }
    return true;
}

// The parts of `q` that come after its aggregation read only `keys`.
bool later_parts_read_only(const Query& q, const std::set<std::string_view>& keys) {
    if (!q.set_ops.empty() || !q.windows.empty() || q.qualify) return false;
    for (const SelectItem* item : q.projection)
        if (!reads_only(item->expr, keys)) return false;
    for (const OrderItem* o : q.order_by)
        if (!reads_only(o->expr, keys)) return false;
    for (const Expr* e : q.distinct_on)
        if (!reads_only(e, keys)) return false;
    return reads_only(q.having, keys) && reads_only(q.limit, keys) && reads_only(q.offset, keys);
}

Query* drop_unused_aggregates(Normalizer& n, const Query& q) {
    if (n.language() != Language::Kql) return nullptr;
    // `summarize count() by a | project a`: one block.
    if (!q.aggregations.empty() && !q.group_by.empty() && !q.projection.empty() && only_parameters(q)) {
        auto keys = key_names(q);
        if (!keys || !later_parts_read_only(q, *keys)) return nullptr;
        Query* out = n.copy(q);
        out->aggregations = {};
        return out;
    }
    // `summarize c = count() by a | project b = a`: a block over the summarize.
    const Query* inner = kql_pipeline::derived_block(n, q);
    if (!inner || inner->aggregations.empty() || inner->group_by.empty() || !inner->projection.empty() ||
        inner->having || !inner->order_by.empty() || inner->limit || inner->offset ||
        inner->distinct != DistinctKind::None || !inner->set_ops.empty() || !only_parameters(*inner))
        return nullptr;
    auto keys = key_names(*inner);
    if (!keys || q.projection.empty() || !q.joins.empty() || !q.search.empty() || !q.options.empty() ||
        !q.aggregations.empty() || !q.group_by.empty() || !reads_only(q.filter, *keys) ||
        !later_parts_read_only(q, *keys))
        return nullptr;
    Query* summarized = n.copy(*inner);
    summarized->aggregations = {};
    auto* derived = n.copy(cast<DerivedTable>(*n.substituted(q.sources[0])));
    derived->query = summarized;
    Query* out = n.copy(q);
    out->sources = n.arena().list(std::vector<Relation*>{derived});
    return out;
}

}  // namespace

const RuleHooks kql_unused_aggregates = {.written_query = &drop_unused_aggregates};

}  // namespace qdiff::normalizing::rules
