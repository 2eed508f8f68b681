// conditionals-as-case: KQL iff(c, a, b), T-SQL IIF and MySQL IF are CASE WHEN c THEN a ELSE b END;
// KQL case(c1, v1, ..., e) is CASE WHEN c1 THEN v1 ... ELSE e END; NVL2(x, a, b) (Oracle's, in Snowflake
// and others) is CASE WHEN x IS NOT NULL THEN a ELSE b END.
#include "ast/normalize/normalizer.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

// CASE WHEN c1 THEN v1 [WHEN c2 THEN v2 ...] ELSE e END from (c1, v1, c2, v2, ..., e).
Expr* case_from(Normalizer& n, const List<Expr*>& args, Span span) {
    auto* c = n.arena().make<Case>();
    c->span = span;
    std::vector<When*> whens;
    for (uint32_t i = 0; i + 1 < args.size(); i += 2) {
        auto* w = n.arena().make<When>();
        w->condition = args[i];
        w->result = args[i + 1];
        w->span = args[i]->span;
        whens.push_back(w);
    }
    c->whens = n.arena().list(whens);
    c->else_ = args[args.size() - 1];
    return c;
}

Expr* as_case(Normalizer& n, Expr* e) {
    auto* f = dyn_cast<FunctionCall>(e);
    if (!f || f->over || f->distinct) return e;
    std::string name = Normalizer::function_name(f);
    bool if_function = (name == "iff" || name == "iif" || name == "if") && f->args.size() == 3;
    bool kql_case = name == "case" && n.language() == Language::Kql && f->args.size() >= 3 && f->args.size() % 2 == 1;
    if (name == "nvl2" && f->args.size() == 3) {
        auto* is_null = n.arena().make<Unary>();
        is_null->span = f->args[0]->span;
        is_null->op = UnaryOp::IsNull;
        is_null->operand = f->args[0];
        Expr* known = n.simplify(n.make_not(n.simplify(is_null), f->args[0]->span));
        return case_from(n, n.arena().list(std::vector<Expr*>{known, f->args[1], f->args[2]}), f->span);
    }
    return if_function || kql_case ? case_from(n, f->args, f->span) : e;
}

}  // namespace

const RuleHooks conditionals_as_case = {.expr = &as_case};

}  // namespace qdiff::normalizing::rules
