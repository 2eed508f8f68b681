// case-insensitive-match-lower: where a string match ignores case by lowering both sides, lower() of the
// tested string adds nothing and the pattern's case does not matter; a case-sensitive match of lower(x)
// against a pattern that lowering leaves as it is, is the case-insensitive match of x.
//  - PostgreSQL and DuckDB define `x ILIKE p` as `lower(x) LIKE lower(p)`: so `lower(x) LIKE p` is
//    `x ILIKE p` when p is an ASCII string without upper-case letters (lower(p) = p; a non-ASCII letter
//    would need the locale's lower()), and `lower(x) ILIKE p` is `x ILIKE p`. The same holds for the
//    string operators like-as-string-operators (or regex-literal-as-string-operator) make of them:
//    `lower(x) startswith_cs 'ab'` is `x startswith 'ab'`.
//  - SQLite's LIKE (and so its case-insensitive string operators) folds ASCII letters only, as its lower()
//    does: `lower(x) LIKE p` is `x LIKE p` for any p.
//  - In every dialect and in KQL, the ASCII letters of a case-insensitive operator's string literal are
//    lower-cased (`x contains 'Bo'` is `x contains 'bo'`): the operator (ILIKE, or LIKE where the
//    dialect's LIKE or collation ignores case, or KQL's) compares after folding case, and an ASCII letter
//    and its lower case fold alike under any such folding (but a Turkish locale's or collation's I, which
//    rule case-insensitive-equality's computed lower('Lit') assumes away too).
// lower(x) stays in KQL under contains/has (Kusto compares by upper-casing: the Kelvin sign K lowers to
// the ASCII k, yet upper-cases to itself), in MySQL and T-SQL (their case-insensitivity is the
// collation's, whose folding lower() need not match) and under Snowflake's ILIKE (not defined by lower()).
#include "ast/normalize/normalizer.hpp"
#include "support/strings.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

bool lower_defines_ilike(const Normalizer& n) {
    return n.language() == Language::Sql && (n.dialect() == Dialect::Postgres || n.dialect() == Dialect::Duckdb);
}

// The argument of a lower(x) call, or null.
Expr* lowered_argument(Expr* e) {
    auto* f = dyn_cast<FunctionCall>(e);
    if (!f || f->over || f->distinct || f->args.size() != 1 || Normalizer::function_name(f) != "lower") return nullptr;
    return f->args[0];
}

const Literal* string_literal(const Expr* e) {
    auto* l = dyn_cast<Literal>(e);
    return l && l->type == LiteralType::String ? l : nullptr;
}

// A string that lower() leaves as it is in every locale: ASCII without upper-case letters.
bool lower_keeps(std::string_view s) {
    for (unsigned char c : s)
        if (c >= 0x80 || (c >= 'A' && c <= 'Z')) return false;
    return true;
}

bool is_case_insensitive_operator(BinaryOp op, Language language) {
    switch (op) {
        case BinaryOp::Contains:
        case BinaryOp::StartsWith:
        case BinaryOp::EndsWith: return true;
        case BinaryOp::Has:
        case BinaryOp::HasPrefix:
        case BinaryOp::HasSuffix: return language == Language::Kql;
        default: return false;
    }
}

BinaryOp case_insensitive(BinaryOp op) {
    switch (op) {
        case BinaryOp::ContainsCs: return BinaryOp::Contains;
        case BinaryOp::StartsWithCs: return BinaryOp::StartsWith;
        case BinaryOp::EndsWithCs: return BinaryOp::EndsWith;
        case BinaryOp::Like: return BinaryOp::ILike;
        default: return op;
    }
}

Expr* match_without_lower(Normalizer& n, Expr* e) {
    auto* b = dyn_cast<Binary>(e);
    if (!b) return e;
    const bool lower_ilike = lower_defines_ilike(n);
    const bool sqlite = n.language() == Language::Sql && n.dialect() == Dialect::Sqlite;
    // lower(x) is dropped or moved only where the dialect's folding is lower()'s.
    Expr* argument = n.language() == Language::Sql && (lower_ilike || sqlite) ? lowered_argument(b->lhs) : nullptr;
    const Literal* pattern = string_literal(b->rhs);
    // lower(x) under a match that folds case itself.
    bool folds = (b->op == BinaryOp::ILike && lower_ilike) || (b->op == BinaryOp::Like && sqlite) ||
                 is_case_insensitive_operator(b->op, n.language());
    if (argument && folds) return n.simplify(n.make_binary(b->op, argument, b->rhs, b->span));
    // lower(x) under a case-sensitive match against a pattern lower() keeps: the case-insensitive match.
    BinaryOp ci = case_insensitive(b->op);
    if (argument && lower_ilike && ci != b->op && pattern && lower_keeps(pattern->text))
        return n.simplify(n.make_binary(ci, argument, b->rhs, b->span));
    // The literal of a case-insensitive operator, lower-cased.
    if (pattern && is_case_insensitive_operator(b->op, n.language())) {
        std::string lowered = support::to_lower(pattern->text);
        if (lowered != pattern->text) {
            auto* l = n.copy(*pattern);
            l->text = n.arena().copy(lowered);
            auto* c = n.copy(*b);
            c->rhs = l;
            return n.simplify(c);
        }
    }
    return e;
}

}  // namespace

const RuleHooks case_insensitive_match_lower = {.expr = &match_without_lower};

}  // namespace qdiff::normalizing::rules
