// having-keys-as-filter: GROUP BY k HAVING k = 1 is WHERE k = 1 GROUP BY k: a HAVING conjunct without
// aggregates that reads only group keys keeps or drops whole groups, as the same test on their rows
// would. Not with ROLLUP/CUBE, whose extra rows have NULL keys that WHERE never sees.
#include "ast/normalize/normalizer.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

bool reads_only(const Normalizer& n, const Node& node, const std::set<std::string>& keys) {
    if (keys.count(n.key(&node))) return true;
    if (isa<ColumnRef>(&node) || isa<Query>(&node) || isa<Star>(&node)) return false;
    bool only = true;
    for_each_child(node, [&](const Node& c) { only = only && reads_only(n, c, keys); });
    return only;
}

void keys_to_filter(Normalizer& n, Query& q) {
    if (!q.having || q.group_by.empty()) return;
    std::set<std::string> keys;
    for (Expr* g : q.group_by) {
        if (isa<GroupingSet>(g)) return;
        keys.insert(n.key(g));
    }
    std::vector<Expr*> having, moved, kept, filter;
    Normalizer::flatten(q.having, BinaryOp::And, having);
    for (Expr* t : having) (!has_aggregate(*t, n.language()) && reads_only(n, *t, keys) ? moved : kept).push_back(t);
    if (moved.empty()) return;
    if (q.filter) Normalizer::flatten(q.filter, BinaryOp::And, filter);
    filter.insert(filter.end(), moved.begin(), moved.end());
    q.filter = n.sorted_chain(BinaryOp::And, filter, q.filter ? q.filter->span : q.having->span);
    q.having = kept.empty() ? nullptr : n.sorted_chain(BinaryOp::And, kept, q.having->span);
}

}  // namespace

const RuleHooks having_keys_as_filter = {.query = &keys_to_filter};

}  // namespace qdiff::normalizing::rules
