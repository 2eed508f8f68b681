// count-case-as-sum: COUNT(CASE WHEN c THEN 1 END) is SUM(CASE WHEN c THEN 1 ELSE 0 END) wherever the
// aggregate cannot be over no rows, or its value there does not show. Over one row or more both are the
// number of rows where c is true (COUNT skips the NULL of CASE without ELSE, SUM adds the 0); over none
// COUNT is 0 and SUM is NULL. No group is empty under GROUP BY (not ROLLUP, CUBE or GROUPING SETS, whose
// grand total may be). Without GROUP BY, in SQLite, where x / 0 and x / NULL are NULL: the call is the
// divisor of a division (under CASTs: 0 and NULL both make it NULL), or inside the dividend of a division
// whose divisor is an aggregate call of the block (count is 0 over no rows, sum, avg, min and max NULL:
// the quotient is NULL whatever the dividend) — the percentages BIRD's questions ask for,
// `COUNT(CASE ..) * 100.0 / COUNT(*)`. After THEN any constant but NULL counts the same, and so does a
// column the schema declares NOT NULL (`THEN t.id`); ELSE NULL is no ELSE. Not for COUNT(DISTINCT ..), a
// window or FILTER, a simple `CASE x WHEN`, or several WHENs.
#include "ast/normalize/block_rewrite.hpp"
#include "ast/normalize/conditional_count.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

bool is_null_literal(const Expr* e) {
    auto* l = dyn_cast<Literal>(e);
    return l && l->type == LiteralType::Null;
}

// The condition of COUNT(CASE WHEN c THEN k END), k never NULL, or null.
Expr* counted_condition(const Normalizer& n, const Scope& scope, const Node& node) {
    auto* f = dyn_cast<FunctionCall>(&node);
    if (!f || !plain_aggregate(*f, "count")) return nullptr;
    auto* test = dyn_cast<Case>(f->args[0]);
    if (!test || test->operand || test->whens.size() != 1 || (test->else_ && !is_null_literal(test->else_)))
        return nullptr;
    if (!never_null_value(n, scope, test->whens[0]->result)) return nullptr;
    return test->whens[0]->condition;
}

const Expr* without_casts(const Expr* e) {
    while (auto* c = dyn_cast<Cast>(e)) e = c->expr;
    return e;
}

// An aggregate call of the block (under CASTs): 0 or NULL over no rows.
bool zero_or_null_over_no_rows(const Expr* e) {
    auto* f = dyn_cast<FunctionCall>(without_casts(e));
    if (!f || f->over) return false;
    std::string name = Normalizer::function_name(f);
    return name == "count" || name == "sum" || name == "avg" || name == "min" || name == "max";
}

// The COUNT(CASE ..) calls of `node` whose value over no rows does not show: divisors, and calls in the
// dividend of a division by an aggregate. `hidden`: `node` is such a dividend.
void hidden_over_no_rows(const Normalizer& n, const Scope& scope, const Node& node, bool hidden,
                         std::set<const Node*>& out) {
    if (isa<Query>(&node)) return;
    if (hidden && counted_condition(n, scope, node)) out.insert(&node);
    if (auto* b = dyn_cast<Binary>(&node); b && b->op == BinaryOp::Div) {
        hidden_over_no_rows(n, scope, *b->lhs, hidden || zero_or_null_over_no_rows(b->rhs), out);
        const Expr* divisor = without_casts(b->rhs);
        if (counted_condition(n, scope, *divisor)) out.insert(divisor);
        hidden_over_no_rows(n, scope, *b->rhs, hidden, out);
        return;
    }
    for_each_child(node, [&](const Node& child) { hidden_over_no_rows(n, scope, child, hidden, out); });
}

void counts_of_case_as_sums(Normalizer& n, Query& q) {
    if (n.language() != Language::Sql) return;
    bool grouped = !q.group_by.empty();
    for (Expr* g : q.group_by) grouped = grouped && !isa<GroupingSet>(g);
    if (!grouped && n.dialect() != Dialect::Sqlite) return;
    if (!block_calls(q, "count")) return;
    Scope scope = n.scope_of(q);
    std::set<const Node*> eligible;
    if (!grouped) {
        for (SelectItem* item : q.projection) hidden_over_no_rows(n, scope, *item, false, eligible);
        if (q.having) hidden_over_no_rows(n, scope, *q.having, false, eligible);
        for (OrderItem* o : q.order_by) hidden_over_no_rows(n, scope, *o, false, eligible);
        if (eligible.empty()) return;
    }
    auto as_sum = [&](const Node& node) -> Node* {
        Expr* condition = counted_condition(n, scope, node);
        if (!condition || (!grouped && !eligible.count(&node))) return nullptr;
        return sum_of_case(n, condition, node.span);
    };
    // The expressions around a rewritten call were ordered by its old text (`count(..) * 100`): another
    // pass puts them in canonical form.
    if (replace_in_aggregates(n, q, as_sum)) n.note_reshaped();
}

}  // namespace

const RuleHooks count_case_as_sum = {.query = &counts_of_case_as_sums};

}  // namespace qdiff::normalizing::rules
