// case-insensitive-equality: KQL a =~ b, and ILIKE against a string without wildcards, are
// lower(a) = lower(b); KQL a in~ (b, c) is lower(a) IN (lower(b), lower(c)); lower() of a string literal
// is computed.
#include "ast/normalize/normalizer.hpp"
#include "support/strings.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

bool is_plain_string(const Expr* e) {
    auto* l = dyn_cast<Literal>(e);
    return l && l->type == LiteralType::String && l->text.find_first_of("%_\\") == std::string_view::npos;
}

Expr* lowered(Normalizer& n, Expr* e) {
    if (auto* l = dyn_cast<Literal>(e); l && l->type == LiteralType::String) {
        auto* c = n.copy(*l);
        c->text = n.arena().copy(support::to_lower(l->text));
        return c;
    }
    if (auto* f = dyn_cast<FunctionCall>(e); f && Normalizer::function_name(f) == "lower") return e;
    auto* f = n.arena().make<FunctionCall>();
    f->span = e->span;
    f->name = n.arena().list(std::vector<Name>{Name{"lower", false}});
    f->args = n.arena().list(std::vector<Expr*>{e});
    return f;
}

Expr* as_lower_equality(Normalizer& n, Expr* e) {
    if (auto* f = dyn_cast<FunctionCall>(e);
        f && !f->over && !f->distinct && f->args.size() == 1 && Normalizer::function_name(f) == "lower") {
        if (auto* l = dyn_cast<Literal>(f->args[0]); l && l->type == LiteralType::String) return lowered(n, l);
    }
    if (auto* in = dyn_cast<InList>(e); in && in->case_insensitive) {
        auto* c = n.copy(*in);
        c->case_insensitive = false;
        c->expr = lowered(n, in->expr);
        std::vector<Expr*> items;
        for (Expr* item : in->items) items.push_back(lowered(n, item));
        c->items = n.arena().list(items);
        return n.simplify(c);
    }
    if (auto* b = dyn_cast<Binary>(e);
        b && (b->op == BinaryOp::EqualsCi || (b->op == BinaryOp::ILike && is_plain_string(b->rhs))))
        return n.simplify(n.make_binary(BinaryOp::Eq, lowered(n, b->lhs), lowered(n, b->rhs), b->span));
    return e;
}

}  // namespace

const RuleHooks case_insensitive_equality = {.expr = &as_lower_equality};

}  // namespace qdiff::normalizing::rules
