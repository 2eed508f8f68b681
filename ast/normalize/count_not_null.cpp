// count-not-null (needs the schema: NOT NULL columns): count(c) counts the rows where c is not NULL,
// which is every row when c is declared NOT NULL (or is the primary key) and no outer join can make it
// NULL; it is count(*) then. Off without a schema, for a column the schema does not declare NOT NULL,
// and for a column of the nullable side of an outer join.
#include "ast/normalize/normalizer.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

Expr* count_of_not_null_as_star(Normalizer& n, Expr* e) {
    const SchemaFacts* facts = n.schema();
    auto* f = dyn_cast<FunctionCall>(e);
    if (!facts || !f || f->distinct || f->args.size() != 1 || n.scopes().empty() ||
        Normalizer::function_name(f) != "count" || n.language() != Language::Sql)
        return e;
    auto column = n.resolve(n.scopes().back(), f->args[0]);
    if (!column || column->relation->nullable || !facts->not_null(column->table, column->column)) return e;
    auto* star = n.arena().make<Star>();
    star->span = f->args[0]->span;
    f->args = n.arena().list(std::vector<Expr*>{star});
    return f;
}

}  // namespace

const RuleHooks count_not_null = {.expr = &count_of_not_null_as_star};

}  // namespace qdiff::normalizing::rules
