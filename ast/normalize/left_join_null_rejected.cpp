// left-join-null-rejected: `FROM a LEFT JOIN b ON c WHERE b.x = 1` is `FROM a JOIN b ON c WHERE b.x = 1`.
// The rows a LEFT JOIN adds have NULL in every column of b, and a WHERE conjunct that compares a column
// of b (=, <>, <, LIKE, IN, IS NOT NULL...) is never true on them, so they are all dropped again. Not
// for `b.x IS NULL` (the anti-join), nor under OR, nor with a RIGHT or FULL join in the block, and only
// for a column whose qualifier names b alone.
#include "ast/normalize/normalizer.hpp"
#include "ast/semantics/operators.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

bool is_column_of(const Expr* e, std::string_view relation) {
    auto* c = dyn_cast<ColumnRef>(e);
    return c && c->path.size() == 2 && c->path[0].text == relation;
}

// A conjunct that is not true when every column of `relation` is NULL.
bool rejects_nulls_of(const Expr* e, std::string_view relation) {
    if (auto* b = dyn_cast<Binary>(e)) {
        // A comparison or a string match that is NULL on a NULL operand (not IS DISTINCT FROM).
        const semantics::BinaryOperator& op = semantics::binary_operator(b->op);
        bool predicate =
            op.kind == semantics::OperatorClass::Comparison || op.kind == semantics::OperatorClass::StringMatch;
        return predicate && op.strict && (is_column_of(b->lhs, relation) || is_column_of(b->rhs, relation));
    }
    if (auto* in = dyn_cast<InList>(e)) return is_column_of(in->expr, relation);
    if (auto* u = dyn_cast<Unary>(e); u && u->op == UnaryOp::Not)
        if (auto* test = dyn_cast<Unary>(u->operand); test && test->op == UnaryOp::IsNull)
            return is_column_of(test->operand, relation);
    return false;
}

// The name the columns of a joined table are qualified with, once aliases are resolved.
std::string_view relation_name(const Relation* r) {
    auto* t = dyn_cast<TableRef>(r);
    if (!t || t->name.empty()) return {};
    return t->alias.empty() ? t->name.back().text : t->alias.text;
}

void null_rejected_as_inner(Normalizer& n, Query& q) {
    if (n.language() != Language::Sql || !q.filter) return;
    for (Join* j : q.joins)
        if (j->join != JoinKind::Inner && j->join != JoinKind::Left && j->join != JoinKind::Cross) return;
    std::vector<Expr*> conjuncts;
    Normalizer::flatten(q.filter, BinaryOp::And, conjuncts);
    std::vector<Join*> joins(q.joins.begin(), q.joins.end());
    bool changed = false;
    for (Join*& j : joins) {
        std::string_view name = relation_name(j->right);
        if (j->join != JoinKind::Left || name.empty()) continue;
        // Another FROM item of the same name would make the qualifier ambiguous.
        int same_name = 0;
        for (Relation* r : q.sources) same_name += relation_name(r) == name;
        for (Join* other : q.joins) same_name += relation_name(other->right) == name;
        if (same_name != 1) continue;
        for (Expr* c : conjuncts) {
            if (!rejects_nulls_of(c, name)) continue;
            j = n.copy(*j);
            j->join = JoinKind::Inner;
            changed = true;
            break;
        }
    }
    if (changed) q.joins = n.arena().list(joins);
}

}  // namespace

const RuleHooks left_join_null_rejected = {.query = &null_rejected_as_inner};

}  // namespace qdiff::normalizing::rules
