// key-equality-limit (needs the schema: keys, NOT NULL): over one table, WHERE conjuncts k = constant
// for every column of a NOT NULL key leave at most one row, so LIMIT n (n >= 1) and ORDER BY change
// nothing and are dropped. Off without a schema, over a join, with OFFSET, LIMIT .. PERCENT, GROUP BY,
// or a set operation, and for an equality under OR.
#include "ast/normalize/block_columns.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

void drop_limit_after_key_equality(Normalizer& n, Query& q) {
    const SchemaFacts* facts = n.schema();
    if (!facts || n.language() != Language::Sql || !q.limit || q.offset || q.limit_percent || !q.filter ||
        !q.group_by.empty() || !q.set_ops.empty() || !q.aggregations.empty())
        return;
    if (auto v = number(q.limit); !v || *v < 1) return;
    Scope scope = n.scope_of(q);
    if (scope.relations.size() != 1 || scope.relations[0].table.empty()) return;
    std::vector<Expr*> conjuncts;
    Normalizer::flatten(q.filter, BinaryOp::And, conjuncts);
    std::vector<const Expr*> fixed;
    for (Expr* c : conjuncts) {
        auto* b = dyn_cast<Binary>(c);
        if (!b || b->op != BinaryOp::Eq) continue;
        if (is_constant(b->rhs)) fixed.push_back(b->lhs);
        if (is_constant(b->lhs)) fixed.push_back(b->rhs);
    }
    auto columns = plain_columns(n, scope, fixed);
    auto it = columns.find(&scope.relations[0]);
    if (it == columns.end() || !facts->contains_not_null_key(scope.relations[0].table, it->second)) return;
    q.limit = nullptr;
    q.limit_with_ties = false;
    q.order_by = {};
    n.note_reshaped();
}

}  // namespace

const RuleHooks key_equality_limit = {.query = &drop_limit_after_key_equality};

}  // namespace qdiff::normalizing::rules
