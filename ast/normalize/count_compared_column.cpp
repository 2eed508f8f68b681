// count-compared-column: count(c) counts the rows where c is not NULL; when a top-level WHERE conjunct
// compares c (=, <>, <, <=, >, >=, LIKE, GLOB and the string operators, IN a list, IS NOT NULL), a row
// whose c is NULL makes that conjunct NULL or false and never reaches the count, so count(c) is count(*)
// there — `COUNT(T2.account_id)` over `account JOIN disp ON T1.account_id = T2.account_id`. For the
// block's own aggregates (select list, HAVING, ORDER BY; not subqueries, which have their own rows). Not
// count(DISTINCT c), not under OR or NOT, not for a comparison inside a function (`coalesce(c, 0) = 0`
// passes NULL), nor for a name of the select list (it may stand for an expression).
#include "ast/normalize/block_rewrite.hpp"
#include "ast/semantics/operators.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

// The columns a conjunct compares directly, by canonical text.
void compared_columns(const Normalizer& n, const Expr* c, const Scope& scope, std::set<std::string>& out) {
    auto add = [&](const Expr* e) {
        auto* column = dyn_cast<ColumnRef>(e);
        if (!column || column->path.empty()) return;
        if (column->path.size() == 1 && scope.output_aliases.count(std::string(column->path[0].text))) return;
        out.insert(n.key(column));
    };
    if (auto* b = dyn_cast<Binary>(c); b && semantics::is_strict_predicate(b->op)) {
        add(b->lhs);
        add(b->rhs);
    } else if (auto* in = dyn_cast<InList>(c)) {
        add(in->expr);
    } else if (auto* no = dyn_cast<Unary>(c); no && no->op == UnaryOp::Not) {
        if (auto* test = dyn_cast<Unary>(no->operand); test && test->op == UnaryOp::IsNull) add(test->operand);
    }
}

void count_of_compared_as_star(Normalizer& n, Query& q) {
    if (n.language() != Language::Sql || !q.filter) return;
    if (!block_calls(q, "count")) return;
    Scope scope = n.scope_of(q);
    std::vector<Expr*> conjuncts;
    Normalizer::flatten(q.filter, BinaryOp::And, conjuncts);
    std::set<std::string> compared;
    for (const Expr* c : conjuncts) compared_columns(n, c, scope, compared);
    if (compared.empty()) return;
    auto as_star = [&](const Node& node) -> Node* {
        auto* f = dyn_cast<FunctionCall>(&node);
        if (!f || f->distinct || f->args.size() != 1 || Normalizer::function_name(f) != "count" ||
            !isa<ColumnRef>(f->args[0]) || !compared.count(n.key(f->args[0])))
            return nullptr;
        FunctionCall* star_count = n.copy(*f);
        auto* star = n.arena().make<Star>();
        star->span = f->args[0]->span;
        star_count->args = n.arena().list(std::vector<Expr*>{star});
        return star_count;
    };
    // The expressions around a rewritten count were ordered by its old text: another pass orders them.
    if (replace_in_aggregates(n, q, as_star)) n.note_reshaped();
}

}  // namespace

const RuleHooks count_compared_column = {.query = &count_of_compared_as_star};

}  // namespace qdiff::normalizing::rules
