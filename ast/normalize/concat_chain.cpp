// concat-chain: KQL strcat(a, b), CONCAT(a, b) and a || b are one left-nested || chain (the order of
// the parts counts, the nesting does not). CONCAT is `||` only where it too yields NULL for a NULL part
// (MySQL, BigQuery, Snowflake); where it reads NULL as '' (PostgreSQL, SQL Server, SQLite, DuckDB) its
// parts that may be NULL become COALESCE(part, ''); in the generic dialect it stays a call.
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

// COALESCE(part, ''): CONCAT's reading of a part where it skips NULLs.
Expr* empty_if_null(Normalizer& n, Expr* part) {
    if (auto* l = dyn_cast<Literal>(part); l && l->type != LiteralType::Null) return part;
    auto* empty = n.arena().make<Literal>();
    empty->span = part->span;
    empty->type = LiteralType::String;
    empty->text = "";
    auto* f = n.arena().make<FunctionCall>();
    f->span = part->span;
    f->name = n.arena().list(std::vector<Name>{Name{"coalesce", false}});
    f->args = n.arena().list(std::vector<Expr*>{part, empty});
    return n.simplify(f);
}

Expr* as_chain(Normalizer& n, Expr* e) {
    if (auto* f = dyn_cast<FunctionCall>(e); f && !f->over && !f->distinct && f->args.size() >= 2) {
        std::string name = Normalizer::function_name(f);
        std::vector<Expr*> parts(f->args.begin(), f->args.end());
        if (name == "strcat") return concat_of(n, parts, f->span);
        if (name == "concat" && n.language() == Language::Kql) return concat_of(n, parts, f->span);
        if (name == "concat") {
            switch (traits(n.dialect()).concat_nulls) {
                case ConcatNulls::Unknown: return e;
                case ConcatNulls::Propagate: return concat_of(n, parts, f->span);
                case ConcatNulls::Skip:
                    for (Expr*& part : parts) part = empty_if_null(n, part);
                    return concat_of(n, parts, f->span);
            }
        }
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
