// aliases: `SELECT t1.a FROM tab AS t1` is `SELECT tab.a FROM tab`. An alias of a table that occurs
// once in its block is replaced by the table's name (the driver's Scope); a derived table's alias is
// positional; an unqualified column of a one-table block is qualified by it, and one of a join by the one
// table of the block that the schema says has it (with a schema).
#include "ast/normalize/normalizer.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

Expr* resolve_column(Normalizer& n, ColumnRef* c) {
    if (c->path.empty() || n.scopes().empty()) return c;
    if (c->path.size() == 1) {
        const Scope& s = n.scopes().back();
        if (s.output_aliases.count(std::string(c->path[0].text))) return c;
        std::string_view qualifier = s.single_table;
        // In a join, the schema says which table has the column when exactly one of the block's does.
        std::optional<ResolvedColumn> owner;
        if (qualifier.empty() && (owner = n.resolve(s, c))) qualifier = owner->relation->qualifier;
        if (!qualifier.empty()) {
            std::vector<Name> path = {Name{n.arena().copy(qualifier), false}, c->path[0]};
            c->path = n.arena().list(path);
        }
        return c;
    }
    if (c->path.size() == 2) {
        std::string qualifier(c->path[0].text);
        for (auto s = n.scopes().rbegin(); s != n.scopes().rend(); ++s) {
            auto it = s->alias_to_table.find(qualifier);
            if (it == s->alias_to_table.end()) continue;
            if (s->droppable_aliases.count(qualifier) || it->second == qualifier) {
                std::vector<Name> path = {Name{n.arena().copy(it->second), false}, c->path[1]};
                c->path = n.arena().list(path);
            }
            break;
        }
    }
    return c;
}

// t1.* → tab.*
Expr* resolve_star(Normalizer& n, Star* st) {
    std::string qualifier(st->qualifier[0].text);
    for (auto s = n.scopes().rbegin(); s != n.scopes().rend(); ++s) {
        auto it = s->alias_to_table.find(qualifier);
        if (it == s->alias_to_table.end()) continue;
        if (s->droppable_aliases.count(qualifier))
            st->qualifier = n.arena().list(std::vector<Name>{Name{n.arena().copy(it->second), false}});
        break;
    }
    return st;
}

Expr* resolve(Normalizer& n, Expr* e) {
    if (auto* c = dyn_cast<ColumnRef>(e)) return resolve_column(n, c);
    if (auto* st = dyn_cast<Star>(e); st && st->qualifier.size() == 1) return resolve_star(n, st);
    return e;
}

bool resolvable_alias(const Normalizer& n, std::string_view alias) {
    return !n.scopes().empty() && n.scopes().back().droppable_aliases.count(std::string(alias)) != 0;
}

void drop_aliases(Normalizer& n, Node& node) {
    if (auto* d = dyn_cast<DerivedTable>(&node); d && !d->alias.empty() && !n.scopes().empty()) {
        // a derived table's alias is a positional name: `(...) AS sub` ≡ `(...) AS s`
        const Scope& scope = n.scopes().back();
        if (auto it = scope.alias_to_table.find(std::string(d->alias.text)); it != scope.alias_to_table.end())
            d->alias = Name{n.arena().copy(it->second), false};
    }
    // The alias has been resolved into the column references when it is unambiguous.
    if (auto* t = dyn_cast<TableRef>(&node);
        t && !t->alias.empty() && !t->name.empty() && resolvable_alias(n, t->alias.text))
        t->alias = Name{};
}

}  // namespace

const RuleHooks aliases = {.expr = &resolve, .node = &drop_aliases};

}  // namespace qdiff::normalizing::rules
