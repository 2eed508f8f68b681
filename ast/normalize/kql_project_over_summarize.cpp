// kql-project-over-summarize: a KQL project that picks (and renames) the columns of a summarize selects
// the keys and aggregates it names: `summarize c = count() by a | where c > 5 | project a, count_ = c` is
// `summarize count_ = count() by a | where count_ > 5`, and `summarize c = count() by a | project n = c,
// a` selects count() then a. A project computes one row from each row of the summarize, so the groups,
// and the rows a where or take after the summarize keeps, are the same; its select list becomes the
// block's, each name read as the key or aggregate the summarize gives it (its `name =`, a key's column,
// or Kusto's default name of the aggregate: count_, sum_x...). The where and sort after the summarize
// read its names too, so they read the expressions as kql-summarize-output-names has them. Whether the
// project is the summarize's own block or a block over it (after a where). Only when the project's items
// are plain names of the summarize's output, not for a name it does not output (an error) or two
// outputs of one name, nor over DISTINCT or a set operation, nor when the project renames in the
// summarize's own block that also filters or sorts (the where or sort may come after the project).
#include "ast/normalize/kql_pipeline.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

using Outputs = std::map<std::string, const Expr*, std::less<>>;

// The summarize's output columns by name: its keys and its aggregates; nullopt when two share one.
std::optional<Outputs> outputs_of(const Query& q) {
    Outputs out;
    for (Expr* key : q.group_by) {
        std::string name;
        const Expr* value = key;
        if (auto* named = dyn_cast<NamedArg>(key)) {
            name = named->name.text;
            value = named->value;
        } else if (auto* c = kql_pipeline::plain_column(key)) {
            name = c->path[0].text;
        } else {
            continue;  // Kusto's name for an unnamed expression key is not modelled
        }
        if (!out.emplace(name, value).second) return std::nullopt;
    }
    for (const SelectItem* item : q.aggregations) {
        std::string name =
            item->alias.empty() ? kql_pipeline::aggregate_default_name(item->expr) : std::string(item->alias.text);
        if (name.empty()) continue;
        if (!out.emplace(name, item->expr).second) return std::nullopt;
    }
    return out;
}

// Records substitutions for references under `node` to names of `outputs` (not yet substituted).
void read_outputs(Normalizer& n, const Node* node, const Outputs& outputs) {
    if (!node || isa<Query>(node) || isa<Lambda>(node)) return;
    if (auto* c = dyn_cast<ColumnRef>(node)) {
        if (c->path.size() != 1 || n.substituted(c) != c) return;
        if (auto it = outputs.find(c->path[0].text); it != outputs.end()) n.substitute(c, it->second);
        return;
    }
    for_each_child(*node, [&](const Node& child) { read_outputs(n, &child, outputs); });
}

// `summarize` (the block `s`) with the select list `picks` of plain names of its output: one block.
Query* select_picks(Normalizer& n, const Query& s, const List<SelectItem*>& picks) {
    if (s.aggregations.empty() || s.distinct != DistinctKind::None || !s.set_ops.empty() || !s.ctes.empty())
        return nullptr;
    for (const Expr* o : s.options) {  // hints (`hint.strategy = shuffle`) only
        auto* named = dyn_cast<NamedArg>(o);
        if (!named || named->name.text.find('.') == std::string_view::npos) return nullptr;
    }
    auto outputs = outputs_of(s);
    if (!outputs) return nullptr;
    std::vector<SelectItem*> items;
    for (const SelectItem* pick : picks) {
        auto* c = kql_pipeline::plain_column(static_cast<const Expr*>(n.substituted(pick->expr)));
        if (!c) return nullptr;
        auto it = outputs->find(c->path[0].text);
        if (it == outputs->end()) return nullptr;
        auto* item = n.arena().make<SelectItem>();
        item->span = pick->span;
        item->expr = const_cast<Expr*>(it->second);
        // The output keeps its name: a plain key column and an aggregate of its default name need no alias
        // (an alias of a key's own name would read as the select list's, not the table's, column).
        auto* key = kql_pipeline::plain_column(it->second);
        bool named_already = (key && key->path[0].text == c->path[0].text) ||
                             kql_pipeline::aggregate_default_name(it->second) == c->path[0].text;
        if (!pick->alias.empty() && pick->alias.text != c->path[0].text)
            item->alias = pick->alias;
        else if (!named_already)
            item->alias = c->path[0];
        items.push_back(item);
    }
    read_outputs(n, s.having, *outputs);
    for (const OrderItem* o : s.order_by) read_outputs(n, o, *outputs);
    Query* out = n.copy(s);
    out->projection = n.arena().list(items);
    out->aggregations = {};
    return out;
}

Query* project_over_summarize(Normalizer& n, const Query& q) {
    if (n.language() != Language::Kql || q.projection.empty()) return nullptr;
    // `summarize .. | project ..`: the summarize's own block.
    // Its HAVING and ORDER BY may come after the project and read the project's names: only when the project
    // renames nothing do those names mean the same on either side of it.
    if (!q.aggregations.empty()) {
        bool renames = false;
        for (const SelectItem* pick : q.projection) {
            auto* c = kql_pipeline::plain_column(static_cast<const Expr*>(n.substituted(pick->expr)));
            renames = renames || !c || (!pick->alias.empty() && pick->alias.text != c->path[0].text);
        }
        return renames && (q.having || !q.order_by.empty()) ? nullptr : select_picks(n, q, q.projection);
    }
    // `summarize .. | where .. | project ..`: a block over it that only projects.
    if (q.filter || !q.group_by.empty() || q.having || !q.order_by.empty() || q.limit || q.offset ||
        q.distinct != DistinctKind::None || q.qualify || !q.windows.empty() || !q.options.empty() ||
        !q.search.empty() || !q.joins.empty() || !q.set_ops.empty() || !q.ctes.empty())
        return nullptr;
    const Query* inner = kql_pipeline::derived_block(n, q);
    if (!inner || !inner->projection.empty()) return nullptr;
    return select_picks(n, *inner, q.projection);
}

}  // namespace

const RuleHooks kql_project_over_summarize = {.written_query = &project_over_summarize};

}  // namespace qdiff::normalizing::rules
