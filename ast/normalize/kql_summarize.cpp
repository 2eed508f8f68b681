// kql-summarize: KQL `summarize aggs by keys` without a later project outputs the keys then the
// aggregates; it is spelled as SQL does, in the select list (SQL keeps its aggregates there).
#include "ast/normalize/normalizer.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

void as_select_list(Normalizer& n, Query& q) {
    if (n.language() != Language::Kql || !q.projection.empty() || (q.aggregations.empty() && q.group_by.empty()))
        return;
    std::vector<SelectItem*> items;
    for (Expr* key : q.group_by) {
        auto* item = n.arena().make<SelectItem>();
        item->expr = key;
        item->span = key->span;
        items.push_back(item);
    }
    for (SelectItem* agg : q.aggregations) items.push_back(agg);
    q.projection = n.arena().list(items);
    q.aggregations = {};
}

}  // namespace

const RuleHooks kql_summarize = {.query = &as_select_list};

}  // namespace qdiff::normalizing::rules
