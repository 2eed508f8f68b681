// count-distinct-key (needs the schema: keys, NOT NULL): in a block over one table, count(DISTINCT k)
// for a NOT NULL key column k counts every row once, as count(*) does. Off without a schema, over a
// join (it can repeat the key), for a key of several columns and for a UNIQUE column that may be NULL.
#include "ast/normalize/normalizer.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

Expr* count_distinct_key_as_star(Normalizer& n, Expr* e) {
    const SchemaFacts* facts = n.schema();
    auto* f = dyn_cast<FunctionCall>(e);
    if (!facts || !f || !f->distinct || f->args.size() != 1 || n.scopes().empty() ||
        Normalizer::function_name(f) != "count" || n.language() != Language::Sql || f->over)
        return e;
    const Scope& scope = n.scopes().back();
    if (scope.relations.size() != 1) return e;
    auto column = n.resolve(scope, f->args[0]);
    if (!column || !facts->contains_not_null_key(column->table, {column->column}))
        return e;
    auto* star = n.arena().make<Star>();
    star->span = f->args[0]->span;
    f->args = n.arena().list(std::vector<Expr*>{star});
    f->distinct = false;
    return f;
}

}  // namespace

const RuleHooks count_distinct_key = {.expr = &count_distinct_key_as_star};

}  // namespace qdiff::normalizing::rules
