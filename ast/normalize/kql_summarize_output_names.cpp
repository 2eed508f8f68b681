// kql-summarize-output-names: after a KQL summarize, a `where` or `sort` that names one of its aggregates
// reads that aggregate: `summarize count() by a | where count_ > 5` is `summarize n = count() by a | where
// n > 5`, both HAVING count(*) > 5. The front end writes such a where as the block's HAVING and such a sort
// as its ORDER BY, which read the summarize's output columns only (its input's are gone): an aggregate's
// column is named by its `name =`, or else by Kusto's default name, `count_` for count(), `countif_` for
// countif(..), `f_x` for f(x) of a column x (sum, avg, min, max, dcount, stdev, variance; the names
// Kusto documents). Not inside a subquery or lambda (names of their own), not when two aggregates or an
// aggregate and a BY key have one name (Kusto renames the second), and not for other aggregates, whose
// default names this does not model.
#include "ast/normalize/kql_pipeline.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

// Records a substitution for every reference under `node` to a name of `names` not substituted yet.
void collect(const Normalizer& n, const Node* node, const std::map<std::string, const Expr*, std::less<>>& names,
             kql_pipeline::Substitutions& out) {
    if (!node || isa<Query>(node) || isa<Lambda>(node)) return;
    if (auto* c = dyn_cast<ColumnRef>(node)) {
        if (c->path.size() != 1 || n.substituted(c) != c) return;
        if (auto it = names.find(c->path[0].text); it != names.end()) out.emplace_back(c, it->second);
        return;
    }
    for_each_child(*node, [&](const Node& child) { collect(n, &child, names, out); });
}

Query* read_output_names(Normalizer& n, const Query& q) {
    if (n.language() != Language::Kql || q.aggregations.empty() || (!q.having && q.order_by.empty())) return nullptr;
    std::map<std::string, const Expr*, std::less<>> names;
    std::set<std::string, std::less<>> taken;
    for (const Expr* key : q.group_by) {
        if (auto* named = dyn_cast<NamedArg>(key))
            taken.insert(std::string(named->name.text));
        else if (auto* c = kql_pipeline::plain_column(key))
            taken.insert(std::string(c->path[0].text));
    }
    for (const SelectItem* item : q.aggregations) {
        std::string name = item->alias.empty() ? kql_pipeline::aggregate_default_name(item->expr) : std::string(item->alias.text);
        if (name.empty()) continue;
        if (!taken.insert(name).second) return nullptr;
        names.emplace(name, item->expr);
    }
    if (names.empty()) return nullptr;
    kql_pipeline::Substitutions subs;
    collect(n, q.having, names, subs);
    for (const OrderItem* o : q.order_by) collect(n, o, names, subs);
    if (subs.empty()) return nullptr;
    for (auto [from, to] : subs) n.substitute(from, to);
    return n.copy(q);
}

}  // namespace

const RuleHooks kql_summarize_output_names = {.written_query = &read_output_names};

}  // namespace qdiff::normalizing::rules
