// distinct-union-all: `SELECT DISTINCT x FROM (SELECT a AS x FROM t UNION ALL SELECT b FROM u) AS d` is
// `SELECT a AS x FROM t UNION SELECT b FROM u`. UNION is UNION ALL with duplicate rows removed, rows whose
// columns are all equal or both NULL counting as duplicates, which is what DISTINCT removes; so a DISTINCT
// over a chain of UNION ALL (or a mix of UNION and UNION ALL: any row of any operand, each once) is the
// chain of UNION. Only when the block over the chain does nothing else: its only FROM item is the chain,
// it selects `*` or every column of the chain once, in order, under its own name, and has no WHERE,
// GROUP BY, aggregate, window, ORDER BY, LIMIT or OFFSET; and the chain has no ORDER BY, LIMIT or OFFSET
// of its own (they choose rows before the DISTINCT), nor INTERSECT or EXCEPT.
#include "ast/normalize/normalizer.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

bool plain_star(const Star& star, std::string_view alias, Normalizer& n) {
    return star.pattern.empty() && star.except.empty() && star.replace.empty() &&
           (star.qualifier.empty() ||
            (star.qualifier.size() == 1 && !alias.empty() && n.fold(star.qualifier[0]).text == alias));
}

Query* as_union(Normalizer& n, const Query& q) {
    if (n.language() != Language::Sql || q.distinct != DistinctKind::Distinct || !q.distinct_on.empty() ||
        q.sources.size() != 1 || !q.joins.empty() || q.filter || !q.group_by.empty() || !q.aggregations.empty() ||
        q.having || q.qualify || !q.windows.empty() || !q.order_by.empty() || q.limit || q.offset ||
        !q.set_ops.empty() || !q.ctes.empty() || !q.options.empty() || !q.search.empty())
        return nullptr;
    auto* derived = dyn_cast<DerivedTable>(n.substituted(q.sources[0]));
    if (!derived || derived->lateral || !derived->column_aliases.empty() || !derived->query) return nullptr;
    const Query& chain = *derived->query;
    if (chain.set_ops.empty() || !chain.order_by.empty() || chain.limit || chain.offset || !chain.ctes.empty() ||
        !chain.options.empty())
        return nullptr;
    for (const SetOp* s : chain.set_ops)
        if (s->op != SetOpKind::Union || !s->query) return nullptr;
    // The chain's output names: its first operand's.
    std::vector<std::string> columns;
    for (const SelectItem* item : chain.projection) {
        if (isa<Star>(item->expr)) return nullptr;
        std::string name;
        if (!item->alias.empty())
            name = n.fold(item->alias).text;
        else if (auto* c = dyn_cast<ColumnRef>(item->expr); c && !c->path.empty())
            name = n.fold(c->path.back()).text;
        if (name.empty()) return nullptr;
        for (const std::string& earlier : columns)
            if (earlier == name) return nullptr;
        columns.push_back(std::move(name));
    }
    std::string alias = derived->alias.empty() ? "" : std::string(n.fold(derived->alias).text);
    auto* star = q.projection.size() == 1 ? dyn_cast<Star>(n.substituted(q.projection[0]->expr)) : nullptr;
    bool whole = star && plain_star(*star, alias, n);
    if (!whole) {
        if (q.projection.size() != columns.size()) return nullptr;
        for (size_t i = 0; i < columns.size(); ++i) {
            const SelectItem* item = q.projection[i];
            auto* c = dyn_cast<ColumnRef>(n.substituted(item->expr));
            if (!c || c->path.empty() || c->path.size() > 2 || n.fold(c->path.back()).text != columns[i]) return nullptr;
            if (c->path.size() == 2 && (alias.empty() || n.fold(c->path[0]).text != alias)) return nullptr;
            if (!item->alias.empty() && n.fold(item->alias).text != columns[i]) return nullptr;
        }
    }
    Query* out = n.copy(chain);
    std::vector<SetOp*> ops;
    for (SetOp* s : chain.set_ops) {
        SetOp* op = n.copy(*s);
        op->all = false;
        ops.push_back(op);
    }
    out->set_ops = n.arena().list(ops);
    return out;
}

}  // namespace

const RuleHooks distinct_union_all = {.written_query = &as_union};

}  // namespace qdiff::normalizing::rules
