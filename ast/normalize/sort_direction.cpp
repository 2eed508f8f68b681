// sort-direction: SQL and Weaviate sort ascending by default, KQL's sort/order/top descending; the
// default is spelled out, so `ORDER BY a` is `ORDER BY a ASC`. So is where NULLs go, where the SQL
// dialect says (`ORDER BY a` is `ORDER BY a ASC NULLS FIRST` in SQLite, `NULLS LAST` in PostgreSQL), so
// that `ORDER BY a NULLS FIRST` meets `ORDER BY a` in SQLite and not in PostgreSQL. KQL's front end
// spells its nulls order already.
#include "ast/normalize/normalizer.hpp"
#include "qdiff/dialect.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

NullsOrder default_nulls(NullsDefault nulls, SortDir dir) {
    switch (nulls) {
        case NullsDefault::Low: return dir == SortDir::Desc ? NullsOrder::Last : NullsOrder::First;
        case NullsDefault::High: return dir == SortDir::Desc ? NullsOrder::First : NullsOrder::Last;
        case NullsDefault::Last: return NullsOrder::Last;
        case NullsDefault::Unknown: break;
    }
    return NullsOrder::Default;
}

void explicit_direction(Normalizer& n, Node& node) {
    auto* o = dyn_cast<OrderItem>(&node);
    if (!o) return;
    if (o->dir == SortDir::Default)
        o->dir = n.language() != Language::Auto && traits(n.language()).sorts_descending ? SortDir::Desc : SortDir::Asc;
    if (o->nulls == NullsOrder::Default && n.language() == Language::Sql)
        o->nulls = default_nulls(traits(n.dialect()).nulls, o->dir);
}

}  // namespace

const RuleHooks sort_direction = {.node = &explicit_direction};

}  // namespace qdiff::normalizing::rules
