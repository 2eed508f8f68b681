// not-null-test (needs the schema: NOT NULL): a top-level WHERE conjunct `c IS NOT NULL` on a column the
// schema declares NOT NULL (or that is the primary key), of a table no outer join can fill with NULLs,
// is always true and is dropped. Off without a schema, under OR, for a column that may be NULL, and on
// the nullable side of an outer join (there it tests whether the join found a row).
#include "ast/normalize/block_columns.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

void drop_true_null_tests(Normalizer& n, Query& q) {
    const SchemaFacts* facts = n.schema();
    if (!facts || n.language() != Language::Sql || !q.filter) return;
    Scope scope = n.scope_of(q);
    std::vector<Expr*> conjuncts, kept;
    Normalizer::flatten(q.filter, BinaryOp::And, conjuncts);
    for (Expr* c : conjuncts) {
        auto* no = dyn_cast<Unary>(c);
        auto* test = no && no->op == UnaryOp::Not ? dyn_cast<Unary>(no->operand) : nullptr;
        if (test && test->op == UnaryOp::IsNull) {
            auto column = n.resolve(scope, test->operand);
            if (column && !column->relation->nullable && facts->not_null(column->table, column->column)) continue;
        }
        kept.push_back(c);
    }
    if (kept.size() == conjuncts.size()) return;
    q.filter = kept.empty() ? nullptr : n.sorted_chain(BinaryOp::And, kept, q.filter->span);
}

}  // namespace

const RuleHooks not_null_test = {.query = &drop_true_null_tests};

}  // namespace qdiff::normalizing::rules
