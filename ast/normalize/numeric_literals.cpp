// numeric-literals: numbers compare by value: 1.0 is 1, 1_000 is 1000, +5 is 5, -(5) is the literal -5.
#include <algorithm>
#include <charconv>
#include <cmath>

#include "ast/normalize/normalizer.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

Expr* by_value(Normalizer& n, Expr* e) {
    if (auto* l = dyn_cast<Literal>(e); l && (l->type == LiteralType::Integer || l->type == LiteralType::Decimal)) {
        std::string text(l->text);
        text.erase(std::remove(text.begin(), text.end(), '_'), text.end());
        double v = 0;
        const char* first = text.data();
        const char* last = text.data() + text.size();
        if (!text.empty() && text[0] == '+') ++first;
        auto r = std::from_chars(first, last, v);
        if (r.ec == std::errc() && r.ptr == last) {
            l->text = n.arena().copy(format_number(v));
            l->type = (std::isfinite(v) && v == std::floor(v) && std::fabs(v) < 1e15) ? LiteralType::Integer
                                                                                      : LiteralType::Decimal;
        }
        return l;
    }
    auto* u = dyn_cast<Unary>(e);
    if (!u) return e;
    if (u->op == UnaryOp::Plus) return u->operand;
    if (u->op == UnaryOp::Negate) {
        if (auto* l = dyn_cast<Literal>(u->operand);
            l &&
            (l->type == LiteralType::Integer || l->type == LiteralType::Decimal || l->type == LiteralType::Timespan)) {
            auto* c = n.copy(*l);
            c->span = u->span;
            c->text = l->text.starts_with('-') ? n.arena().copy(l->text.substr(1))
                                               : n.arena().copy("-" + std::string(l->text));
            return n.simplify(c);
        }
    }
    return u;
}

}  // namespace

const RuleHooks numeric_literals = {.expr = &by_value};

}  // namespace qdiff::normalizing::rules
