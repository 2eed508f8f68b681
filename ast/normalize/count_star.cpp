// count-star: count(), count(1) and count(*) count rows alike (count(x) does not: it skips NULLs).
#include "ast/normalize/normalizer.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

Expr* as_star(Normalizer& n, Expr* e) {
    auto* f = dyn_cast<FunctionCall>(e);
    if (!f || f->distinct || Normalizer::function_name(f) != "count") return e;
    bool star = f->args.empty();
    if (f->args.size() == 1) {
        if (auto* s = dyn_cast<Star>(f->args[0]); s && s->qualifier.empty()) star = true;
        if (auto* l = dyn_cast<Literal>(f->args[0]); l && l->type == LiteralType::Integer && l->text == "1")
            star = true;
    }
    if (star) {
        auto* s = n.arena().make<Star>();
        s->span = f->span;
        f->args = n.arena().list(std::vector<Expr*>{s});
        f->name = n.arena().list(std::vector<Name>{Name{"count", false}});
    }
    return f;
}

}  // namespace

const RuleHooks count_star = {.expr = &as_star};

}  // namespace qdiff::normalizing::rules
