// positional-references: `GROUP BY 1` and `ORDER BY 2` name the first and second select-list items;
// the number becomes that item's expression, so `SELECT a, count(*) FROM t GROUP BY 1 ORDER BY 2` is
// `... GROUP BY a ORDER BY count(*)`. Not past a `*` (the position is then unknown without a schema), and
// under UNION/INTERSECT/EXCEPT only for a plain column (ORDER BY there names an output column).
#include "ast/normalize/normalizer.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

// The select-list item a literal position names, or null.
Expr* item_at(const Query& q, const Expr* e) {
    auto* l = dyn_cast<Literal>(e);
    if (!l || l->type != LiteralType::Integer) return nullptr;
    auto v = number(l);
    if (!v || *v < 1 || *v > static_cast<double>(q.projection.size())) return nullptr;
    size_t index = static_cast<size_t>(*v) - 1;
    for (size_t i = 0; i <= index; ++i)
        if (isa<Star>(q.projection[i]->expr)) return nullptr;
    Expr* item = q.projection[index]->expr;
    if (!q.set_ops.empty() && !isa<ColumnRef>(item)) return nullptr;
    return item;
}

void resolve_positions(Normalizer& n, Query& q) {
    if (n.language() != Language::Sql || q.projection.empty()) return;
    for (OrderItem* o : q.order_by)
        if (Expr* item = item_at(q, o->expr)) o->expr = item;
    bool changed = false;
    std::vector<Expr*> keys;
    for (Expr* g : q.group_by) {
        Expr* item = item_at(q, g);
        changed = changed || item;
        keys.push_back(item ? item : g);
    }
    if (changed) q.group_by = n.arena().list(keys);
}

}  // namespace

const RuleHooks positional_references = {.query = &resolve_positions};

}  // namespace qdiff::normalizing::rules
