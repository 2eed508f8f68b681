// kql-extend-away: KQL `T | extend x = a * 2 | top 3 by x desc | project-away x` is
// `T | top 3 by a * 2 desc`. A column extended only to sort (or take) by and then projected away is its
// expression in ORDER BY; the block keeps the other extended columns. Only when x is a new column: an
// extend of an input column replaces it, and projecting it away then drops it from the output. With a
// schema, x must be no column of the block's table; without one, an extended name is taken to be new
// (that is this rule's assumption). Not when another extended column reads x, nor when x calls a
// function of the row's place (row_number, prev, rand...).
#include "ast/normalize/kql_pipeline.hpp"
#include "qdiff/schema_facts.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

// Whether the schema names `column` a column of the block's table (false without a schema or a table).
bool input_has_column(const Normalizer& n, const Query& q, std::string_view column) {
    const SchemaFacts* schema = n.schema();
    if (!schema) return false;
    for (const Relation* r : q.sources) {
        auto* t = dyn_cast<TableRef>(n.substituted(r));
        if (!t || t->name.empty()) return true;  // not a table the schema describes: assume it may have x
        if (schema->has_column(t->name.back().text, column)) return true;
    }
    return !q.joins.empty();
}

Query* sort_by_expression(Normalizer& n, const Query& q) {
    if (n.language() != Language::Kql || q.options.size() != 1 || q.projection.size() < 2 || !q.aggregations.empty() ||
        !q.group_by.empty() || q.distinct != DistinctKind::None || !q.set_ops.empty())
        return nullptr;
    auto* away = dyn_cast<KqlProjectColumns>(q.options[0]);
    if (!away || away->op != ColumnsOp::Away || away->columns.empty()) return nullptr;
    auto* star = dyn_cast<Star>(q.projection[0]->expr);
    if (!star || !star->qualifier.empty() || !star->pattern.empty() || !star->except.empty() || !star->replace.empty())
        return nullptr;
    std::map<std::string_view, const SelectItem*> extended;
    for (uint32_t i = 1; i < q.projection.size(); ++i) {
        const SelectItem* item = q.projection[i];
        if (item->alias.empty() || !extended.emplace(item->alias.text, item).second) return nullptr;
    }
    kql_pipeline::NameMap names;
    std::set<std::string_view> removed;
    for (const Expr* column : away->columns) {
        auto* c = kql_pipeline::plain_column(column);
        if (!c) return nullptr;
        auto it = extended.find(c->path[0].text);
        if (it == extended.end() || kql_pipeline::calls_row_dependent(*it->second->expr) ||
            input_has_column(n, q, c->path[0].text))
            return nullptr;
        // `extend a = a * 2`, or a filter reading a: a is a column of the input, which the extend replaces.
        if (kql_pipeline::reads_any(*it->second->expr, {it->first}) ||
            (q.filter && kql_pipeline::reads_any(*q.filter, {it->first})))
            return nullptr;
        names.emplace(it->first, it->second->expr);
        removed.insert(it->first);
    }
    std::vector<SelectItem*> projection{q.projection[0]};
    for (uint32_t i = 1; i < q.projection.size(); ++i) {
        if (removed.count(q.projection[i]->alias.text)) continue;
        if (kql_pipeline::reads_any(*q.projection[i]->expr, removed)) return nullptr;
        projection.push_back(q.projection[i]);
    }
    kql_pipeline::Substitutions subs;
    for (const OrderItem* o : q.order_by)
        if (!kql_pipeline::collect(n, o, names, subs)) return nullptr;
    if (!kql_pipeline::collect(n, q.limit, names, subs) || !kql_pipeline::collect(n, q.offset, names, subs))
        return nullptr;
    for (auto [from, to] : subs) n.substitute(from, to);
    Query* out = n.copy(q);
    // Only the `*` left: the block keeps its input's columns, as a KQL block without a select list does.
    out->projection = projection.size() == 1 ? List<SelectItem*>{} : n.arena().list(projection);
    out->options = {};
    return out;
}

}  // namespace

const RuleHooks kql_extend_away = {.written_query = &sort_by_expression};

}  // namespace qdiff::normalizing::rules
