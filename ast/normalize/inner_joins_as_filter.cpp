// inner-joins-as-filter: FROM a JOIN b ON c is FROM a, b WHERE c. When every join of the block is an
// inner or cross join with an ON condition (or none), the joined relations become FROM items, sorted,
// and the conditions become conjuncts of the filter.
#include <algorithm>

#include "ast/normalize/normalizer.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

void as_filter(Normalizer& n, Query& q) {
    for (Join* j : q.joins)
        if ((j->join != JoinKind::Inner && j->join != JoinKind::Cross) || j->natural || !j->using_columns.empty() ||
            !j->options.empty() || !isa<TableRef>(j->right))
            return;
    for (Relation* r : q.sources)
        if (!isa<TableRef>(r)) return;
    if (q.joins.empty() && q.sources.size() < 2) return;
    std::vector<Expr*> conjuncts;
    if (q.filter) Normalizer::flatten(q.filter, BinaryOp::And, conjuncts);
    std::vector<std::pair<std::string, Relation*>> relations;
    for (Relation* r : q.sources) relations.emplace_back(n.key(r), r);
    for (Join* j : q.joins) {
        relations.emplace_back(n.key(j->right), j->right);
        if (j->condition) Normalizer::flatten(j->condition, BinaryOp::And, conjuncts);
    }
    std::stable_sort(relations.begin(), relations.end(), [](auto& a, auto& b) { return a.first < b.first; });
    std::vector<Relation*> sources;
    for (auto& r : relations) sources.push_back(r.second);
    q.sources = n.arena().list(sources);
    q.joins = {};
    if (!conjuncts.empty()) q.filter = n.sorted_chain(BinaryOp::And, conjuncts, q.filter ? q.filter->span : q.span);
}

}  // namespace

const RuleHooks inner_joins_as_filter = {.query = &as_filter};

}  // namespace qdiff::normalizing::rules
