// safe-divide: BigQuery SAFE_DIVIDE(a, b) is a / NULLIF(b, 0): both are NULL where b is 0 and the
// quotient elsewhere (BigQuery's function reference), so the two spellings compare equal.
#include "ast/normalize/normalizer.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

Expr* as_division(Normalizer& n, Expr* e) {
    auto* f = dyn_cast<FunctionCall>(e);
    if (!f || f->over || f->distinct || f->args.size() != 2 || Normalizer::function_name(f) != "safe_divide") return e;
    auto* nullif = n.arena().make<FunctionCall>();
    nullif->span = f->args[1]->span;
    nullif->name = n.arena().list(std::vector<Name>{Name{"nullif", false}});
    nullif->args = n.arena().list(std::vector<Expr*>{f->args[1], n.make_number(0, f->args[1]->span)});
    return n.make_binary(BinaryOp::Div, f->args[0], nullif, f->span);
}

}  // namespace

const RuleHooks safe_divide = {.expr = &as_division};

}  // namespace qdiff::normalizing::rules
