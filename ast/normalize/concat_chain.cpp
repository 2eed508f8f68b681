// concat-chain: KQL strcat(a, b), CONCAT(a, b) and a || b are one left-nested || chain (the order of
// the parts counts, the nesting does not).
#include "ast/normalize/normalizer.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

Expr* concat_of(Normalizer& n, const std::vector<Expr*>& parts, Span span) {
    std::vector<Expr*> flat;
    for (Expr* p : parts) Normalizer::flatten(p, BinaryOp::Concat, flat);
    Expr* acc = flat[0];
    for (size_t i = 1; i < flat.size(); ++i) acc = n.make_binary(BinaryOp::Concat, acc, flat[i], span);
    return acc;
}

Expr* as_chain(Normalizer& n, Expr* e) {
    if (auto* f = dyn_cast<FunctionCall>(e); f && !f->over && !f->distinct && f->args.size() >= 2) {
        std::string name = Normalizer::function_name(f);
        if (name == "strcat" || name == "concat")
            return concat_of(n, std::vector<Expr*>(f->args.begin(), f->args.end()), f->span);
    }
    if (auto* b = dyn_cast<Binary>(e); b && b->op == BinaryOp::Concat) {
        std::vector<Expr*> parts;
        Normalizer::flatten(b, BinaryOp::Concat, parts);
        return concat_of(n, parts, b->span);
    }
    return e;
}

}  // namespace

const RuleHooks concat_chain = {.expr = &as_chain};

}  // namespace qdiff::normalizing::rules
