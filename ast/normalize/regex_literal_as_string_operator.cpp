// regex-literal-as-string-operator: a regular expression that is a plain string, anchored or not, is the
// case-sensitive string test it spells: KQL `x matches regex "^ab"` is `x startswith_cs "ab"`, `"ab$"`
// endswith_cs, `"^ab$"` `x == "ab"`, `"ab"` (found anywhere) contains_cs; PostgreSQL `x ~ '^ab'` is
// `x LIKE 'ab%'` (which like-as-string-operators spells startswith_cs there). Only when the text between
// the anchors holds no character RE2 (Kusto) or PostgreSQL's regular expressions give a meaning (`\ . + *
// ? ( ) | [ ] { } ^ $`): each other character matches itself, case-sensitively in both, and `^`/`$`
// anchor at the start/end of the whole string (neither is in a multi-line mode unless a flag such as
// `(?m)` says so, which starts with `(`). Not an empty text (`^` alone matches every string), not a
// pattern that is no literal, not MySQL's REGEXP (its collation may ignore case), not `~*`. PostgreSQL's
// `^ab$` stays a regex: `=` on char(n) ignores trailing blanks, `~` does not.
#include "ast/normalize/normalizer.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

Expr* as_string_operator(Normalizer& n, Expr* e) {
    auto* b = dyn_cast<Binary>(e);
    if (!b) return e;
    bool kql = n.language() == Language::Kql && b->op == BinaryOp::MatchesRegex;
    bool postgres = n.language() == Language::Sql && n.dialect() == Dialect::Postgres && b->op == BinaryOp::Regexp;
    if (!kql && !postgres) return e;
    auto* l = dyn_cast<Literal>(b->rhs);
    if (!l || l->type != LiteralType::String) return e;
    std::string_view p = l->text;
    bool start = !p.empty() && p.front() == '^';
    if (start) p.remove_prefix(1);
    bool end = !p.empty() && p.back() == '$';
    if (end) p.remove_suffix(1);
    if (p.empty() || p.find_first_of("\\.+*?()|[]{}^$") != std::string_view::npos) return e;
    if (start && end && !kql) return e;
    auto* v = n.copy(*l);
    v->text = p;
    BinaryOp op = start && end ? BinaryOp::Eq
                  : start      ? BinaryOp::StartsWithCs
                  : end        ? BinaryOp::EndsWithCs
                               : BinaryOp::ContainsCs;
    return n.simplify(n.make_binary(op, b->lhs, v, b->span));
}

}  // namespace

const RuleHooks regex_literal_as_string_operator = {.expr = &as_string_operator};

}  // namespace qdiff::normalizing::rules
