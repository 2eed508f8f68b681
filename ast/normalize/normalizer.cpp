// The normalizer's driver: a copying bottom-up rewrite of the tree that resolves the names of each
// query block and hands every node to the rules of rules.def (see normalizer.hpp for the hooks).
#include "ast/normalize/normalizer.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>

#include "ast/chain.hpp"
#include "ast/functions.hpp"
#include "ast/semantics/operators.hpp"
#include "ast/semantics/scope.hpp"
#include "qdiff/ast_print.hpp"
#include "support/strings.hpp"

namespace qdiff::normalizing {
namespace {

using namespace ast;

struct RegisteredRule {
    std::string_view name;
    std::string_view summary;
    const RuleHooks* hooks;
};

const std::vector<RegisteredRule>& registered_rules() {
    static const std::vector<RegisteredRule> all = {
#define QDIFF_NORMALIZE_RULE(id, name, summary) {name, summary, &rules::id},
#include "ast/normalize/rules.def"
#undef QDIFF_NORMALIZE_RULE
    };
    return all;
}

// Visits the (mutable) fields of a node.
template <class V>
void visit_fields_mut(Node& n, V&& v) {
    switch (n.kind) {
#define QDIFF_NODE(Class)                          \
    case Kind::Class:                              \
        Class::reflect(static_cast<Class&>(n), v); \
        break;
#include "qdiff/ast_nodes.def"
#undef QDIFF_NODE
    }
}

Node* copy_any(const Node& n, Arena& arena) {
    switch (n.kind) {
#define QDIFF_NODE(Class) \
    case Kind::Class:     \
        return arena.make<Class>(static_cast<const Class&>(n));
#include "qdiff/ast_nodes.def"
#undef QDIFF_NODE
    }
    return nullptr;
}

std::shared_ptr<const EnabledHooks> enabled_hooks(const std::set<std::string>& off) {
    auto hooks = std::make_shared<EnabledHooks>();
    for (const RegisteredRule& r : registered_rules()) {
        if (off.count(std::string(r.name))) continue;
        if (r.hooks->name) hooks->name.push_back(r.hooks->name);
        if (r.hooks->expr) hooks->expr.push_back(r.hooks->expr);
        if (r.hooks->chain) hooks->chain.push_back(r.hooks->chain);
        if (r.hooks->query) hooks->query.push_back(r.hooks->query);
        if (r.hooks->node) hooks->node.push_back(r.hooks->node);
        if (r.hooks->written) hooks->written.push_back(r.hooks->written);
        if (r.hooks->written_query) hooks->written_query.push_back(r.hooks->written_query);
    }
    return hooks;
}

}  // namespace

Normalizer::Normalizer(Language language, Arena& arena, NormalizeOptions options)
    : lang_(language), arena_(arena), options_(std::move(options)) {
    static const auto all_on = enabled_hooks({});
    hooks_ = options_.off.empty() ? all_on : enabled_hooks(options_.off);
}

Node* Normalizer::rewrite(const Node* n) {
    if (!n) return nullptr;
    if (!substitutes_.empty()) n = substituted(n);
    if (auto* q = dyn_cast<Query>(n)) {
        // A replaced block may be replaced again (a CTE inlined, then the derived table flattened); each
        // replacement removes a CTE or a derived table, so this ends, the bound only guards against a rule
        // that would not.
        for (int round = 0; round < 64; ++round) {
            const Query* replaced = nullptr;
            for (auto hook : hooks_->written_query)
                if ((replaced = hook(*this, *q))) break;
            if (!replaced) break;
            q = replaced;
        }
        return rewrite_query(*q);
    }
    if (auto* e = dyn_cast<Expr>(n))
        for (auto hook : hooks_->written)
            if (Expr* replaced = hook(*this, e)) return simplify(replaced);
    Node* c = copy_any(*n, arena_);
    rewrite_fields(*c);
    if (auto* e = dyn_cast<Expr>(c)) return simplify(e);
    for (auto hook : hooks_->node) hook(*this, *c);
    return c;
}

Expr* Normalizer::simplify(Expr* e) {
    // An AND/OR/XOR/+/* chain is rebuilt from its terms, where the chain rules apply.
    if (auto* b = dyn_cast<Binary>(e); b && semantics::is_sortable_chain(b->op)) {
        std::vector<Expr*> terms;
        flatten(b, b->op, terms);
        return sorted_chain(b->op, terms, b->span);
    }
    for (auto hook : hooks_->expr) {
        Expr* replaced = hook(*this, e);
        if (replaced != e) return replaced;
    }
    return e;
}

Expr* Normalizer::sorted_chain(BinaryOp op, std::vector<Expr*> terms, Span span) {
    for (auto hook : hooks_->chain) terms = hook(*this, op, std::move(terms), span);
    return make_chain(arena_, op, terms, span);  // balanced when long: no walk recurses as deep as the chain
}

std::string_view Normalizer::fold(std::string_view text, bool quoted) {
    for (auto hook : hooks_->name) text = hook(*this, text, quoted);
    return text;
}

Name Normalizer::fold(const Name& n) {
    std::string_view text = fold(n.text, n.quoted);
    bool kept_by_quotes = n.quoted && fold(n.text, false) != text;
    return Name{text, kept_by_quotes};
}

void Normalizer::rewrite_fields(Node& c) {
    // `child` rewritten for a field that holds a P: a rule may replace a node by one of another kind (iff
    // by a CASE, a let's name by its constant), which a field typed narrower than Expr cannot hold (a table
    // function's FunctionCall, project-rename's ColumnRefs); there the node keeps its kind, its parts
    // canonical.
    auto rewrite_as = [&]<class P>(const Node* child) -> P* {
        Node* r = rewrite(child);
        if constexpr (std::is_same_v<P, Node>) {
            return r;
        } else {
            if (isa<P>(r)) return static_cast<P*>(r);
            Node* kept = copy_any(*(substitutes_.empty() ? child : substituted(child)), arena_);
            rewrite_fields(*kept);
            return isa<P>(kept) ? static_cast<P*>(kept) : static_cast<P*>(copy_any(*child, arena_));
        }
    };
    visit_fields_mut(c, [&](std::string_view, auto& field) {
        using T = std::decay_t<decltype(field)>;
        if constexpr (detail::is_node_ptr<T>::value) {
            using P = std::remove_pointer_t<T>;
            if (field) field = rewrite_as.template operator()<P>(field);
        } else if constexpr (detail::is_node_list<T>::value) {
            using P = std::remove_pointer_t<std::decay_t<decltype(field[0])>>;
            std::vector<P*> items;
            items.reserve(field.size());
            for (auto* child : field) items.push_back(rewrite_as.template operator()<P>(child));
            field = arena_.list(items);
        } else if constexpr (std::is_same_v<T, List<Name>>) {
            std::vector<Name> names;
            for (const Name& n : field) names.push_back(fold(n));
            field = arena_.list(names);
        } else if constexpr (std::is_same_v<T, Name>) {
            field = fold(field);
        }
    });
}

// Which alias names which table in a block: an alias of a table that occurs once in the block can be
// replaced by the table's name; a derived table's alias by its position.
Scope Normalizer::scope_of(const Query& q) {
    Scope scope;
    // A relation a written_query rule replaces (a CTE's reference, now its derived table) counts as its
    // replacement.
    std::vector<semantics::FromItem> items = semantics::from_items(
        q, [this](const Relation* r) { return static_cast<const Relation*>(substituted(r)); });
    std::vector<const Relation*> relations;
    for (const semantics::FromItem& item : items) relations.push_back(item.relation);
    std::map<std::string, int> table_count;
    for (auto* r : relations)
        if (auto* t = dyn_cast<TableRef>(r); t && !t->name.empty())
            ++table_count[std::string(fold(t->name.back()).text)];
    for (auto* r : relations) {
        if (auto* t = dyn_cast<TableRef>(r); t && !t->name.empty()) {
            std::string table(fold(t->name.back()).text);
            if (!t->alias.empty()) {
                std::string alias(fold(t->alias).text);
                if (table_count[table] == 1) {
                    scope.alias_to_table[alias] = table;
                    scope.droppable_aliases.insert(alias);
                }
            }
            if (table_count[table] == 1 && t->alias.empty()) scope.alias_to_table[table] = table;
            if (table_count[table] == 1 && !t->alias.empty()) scope.alias_to_table.emplace(table, table);
        }
    }
    int derived = 0;
    for (auto* r : relations) {
        if (auto* d = dyn_cast<DerivedTable>(r); d && !d->alias.empty()) {
            std::string alias(fold(d->alias).text);
            if (scope.alias_to_table.count(alias)) continue;
            scope.alias_to_table[alias] = "_derived" + std::to_string(++derived);
            scope.droppable_aliases.insert(alias);
        }
    }
    if (relations.size() == 1) {
        if (auto* t = dyn_cast<TableRef>(relations[0]); t && !t->name.empty() && table_count.size() == 1)
            scope.single_table = std::string(fold(t->name.back()).text);
    }
    for (const semantics::FromItem& item : items) {
        const Relation* r = item.relation;
        ScopeRelation relation;
        relation.nullable = item.nullable;
        if (auto* t = dyn_cast<TableRef>(r); t && !t->name.empty()) {
            relation.table = support::to_lower(fold(t->name.back()).text);
            std::string alias = t->alias.empty() ? "" : std::string(fold(t->alias).text);
            relation.qualifier = alias.empty() || scope.droppable_aliases.count(alias)
                                     ? std::string(fold(t->name.back()).text)
                                     : alias;
        } else if (auto* d = dyn_cast<DerivedTable>(r); d && !d->alias.empty()) {
            auto it = scope.alias_to_table.find(std::string(fold(d->alias).text));
            relation.qualifier = it != scope.alias_to_table.end() ? it->second : std::string(fold(d->alias).text);
        }
        scope.relations.push_back(std::move(relation));
    }
    for (auto* item : q.projection)
        if (!item->alias.empty()) scope.output_aliases.insert(std::string(fold(item->alias).text));
    for (auto* item : q.aggregations)
        if (!item->alias.empty()) scope.output_aliases.insert(std::string(fold(item->alias).text));
    return scope;
}

std::optional<ResolvedColumn> Normalizer::resolve(const Scope& scope, const Expr* e) const {
    auto* c = dyn_cast<ColumnRef>(e);
    if (!c || c->path.empty() || c->path.size() > 2) return std::nullopt;
    const ScopeRelation* found = nullptr;
    std::string column = support::to_lower(c->path.back().text);
    if (c->path.size() == 2) {
        for (const ScopeRelation& r : scope.relations) {
            if (r.qualifier != c->path[0].text) continue;
            if (found) return std::nullopt;  // two FROM items of one name
            found = &r;
        }
    } else {
        const SchemaFacts* facts = schema();
        if (!facts || scope.output_aliases.count(std::string(c->path[0].text))) return std::nullopt;
        std::vector<std::string> tables;
        for (const ScopeRelation& r : scope.relations) {
            if (r.table.empty()) return std::nullopt;  // a derived table's columns are not in the schema
            tables.push_back(r.table);
        }
        std::string table = facts->owner(tables, column);
        if (table.empty()) return std::nullopt;
        for (const ScopeRelation& r : scope.relations) {
            if (r.table != table) continue;
            if (found) return std::nullopt;  // the table twice: which one is ambiguous
            found = &r;
        }
    }
    if (!found || found->table.empty()) return std::nullopt;
    if (const SchemaFacts* facts = schema(); facts && !facts->has_column(found->table, column)) return std::nullopt;
    return ResolvedColumn{found->table, column, found};
}

Node* Normalizer::rewrite_query(const Query& q) {
    scopes_.push_back(scope_of(q));
    Query* c = copy(q);
    rewrite_fields(*c);
    scopes_.pop_back();
    for (auto hook : hooks_->query) hook(*this, *c);
    return c;
}

std::string Normalizer::key(const Node* n) const { return to_sql(*n); }

Binary* Normalizer::make_binary(BinaryOp op, Expr* lhs, Expr* rhs, Span span) {
    auto* b = arena_.make<Binary>();
    b->op = op;
    b->lhs = lhs;
    b->rhs = rhs;
    b->span = span;
    return b;
}

Expr* Normalizer::make_exists(std::vector<Relation*> sources, std::vector<Expr*> conjuncts, Span span) {
    auto* sub = arena_.make<Query>();
    sub->span = span;
    sub->sources = arena_.list(sources);
    auto* one = arena_.make<Literal>();
    one->type = LiteralType::Integer;
    one->text = "1";
    one->span = span;
    auto* item = arena_.make<SelectItem>();
    item->expr = one;
    item->span = span;
    sub->projection = arena_.list(std::vector<SelectItem*>{item});
    sub->filter = sorted_chain(BinaryOp::And, std::move(conjuncts), span);
    auto* exists = arena_.make<Exists>();
    exists->query = sub;
    exists->span = span;
    return simplify(exists);
}

Unary* Normalizer::make_not(Expr* operand, Span span) {
    auto* u = arena_.make<Unary>();
    u->op = UnaryOp::Not;
    u->operand = operand;
    u->span = span;
    return u;
}

Literal* Normalizer::make_number(double v, Span span) {
    auto* l = arena_.make<Literal>();
    l->type = LiteralType::Decimal;
    l->text = arena_.copy(format_number(v));
    l->span = span;
    return static_cast<Literal*>(simplify(l));
}

void Normalizer::flatten(Expr* e, BinaryOp op, std::vector<Expr*>& out) {
    if (auto* b = dyn_cast<Binary>(e); b && b->op == op) {
        flatten(b->lhs, op, out);
        flatten(b->rhs, op, out);
        return;
    }
    out.push_back(e);
}

std::string Normalizer::function_name(const FunctionCall* f) {
    if (f->name.size() != 1) return {};
    return support::to_lower(f->name[0].text);
}

bool is_constant(const Expr* e) {
    if (isa<Literal>(e) || isa<Parameter>(e)) return true;
    if (auto* u = dyn_cast<Unary>(e))
        return (u->op == UnaryOp::Negate || u->op == UnaryOp::Plus) && is_constant(u->operand);
    if (auto* f = dyn_cast<FunctionCall>(e)) {
        std::string n = Normalizer::function_name(f);
        if (n == "ago" || n == "now" || n == "current_timestamp" || n == "current_date") return true;
    }
    if (auto* c = dyn_cast<Cast>(e)) return is_constant(c->expr);
    return false;
}

std::optional<double> number(const Expr* e) {
    auto* l = dyn_cast<Literal>(e);
    if (!l || (l->type != LiteralType::Integer && l->type != LiteralType::Decimal)) return std::nullopt;
    double v = 0;
    auto r = std::from_chars(l->text.data(), l->text.data() + l->text.size(), v);
    if (r.ec != std::errc() || r.ptr != l->text.data() + l->text.size()) return std::nullopt;
    return v;
}

std::string format_number(double v) {
    if (std::isfinite(v) && std::fabs(v) < 1e15 && v == std::floor(v)) return std::to_string(static_cast<long long>(v));
    char buf[64];
    auto r = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, r.ptr);
}

bool has_aggregate(const Node& n, Language language) {
    if (isa<Query>(&n)) return false;
    if (auto* f = dyn_cast<FunctionCall>(&n);
        f && !f->over && f->name.size() == 1 && is_aggregate_call(f->name[0].text, f->args.size(), language))
        return true;
    bool found = false;
    for_each_child(n, [&](const Node& c) { found = found || has_aggregate(c, language); });
    return found;
}

bool has_subquery(const Node& n) {
    if (isa<Query>(&n)) return true;
    bool found = false;
    for_each_child(n, [&](const Node& c) { found = found || has_subquery(c); });
    return found;
}

}  // namespace qdiff::normalizing

namespace qdiff {

const std::vector<NormalizeRule>& normalize_rules() {
    static const std::vector<NormalizeRule> rules = [] {
        std::vector<NormalizeRule> out;
        for (const auto& r : normalizing::registered_rules()) out.push_back({r.name, r.summary});
        return out;
    }();
    return rules;
}

std::set<std::string_view> string_literals(const ast::Script& script) {
    std::set<std::string_view> out;
    auto visit = [&](const ast::Node& n, auto& self) -> void {
        if (auto* l = ast::dyn_cast<ast::Literal>(&n); l && l->type == ast::LiteralType::String) out.insert(l->text);
        ast::for_each_child(n, [&](const ast::Node& c) { self(c, self); });
    };
    visit(script, visit);
    return out;
}

ast::Script* normalize(const ast::Script& script, Language language, ast::Arena& arena) {
    return normalize(script, language, arena, NormalizeOptions{});
}

ast::Script* normalize(const ast::Script& script, Language language, ast::Arena& arena,
                       const NormalizeOptions& options) {
    // One pass, and another over its result while a rule reshaped a block (Normalizer::note_reshaped);
    // each reshaping removes a clause, a join or a derived table, so this ends well before the bound.
    const ast::Script* in = &script;
    ast::Script* out = nullptr;
    for (int pass = 0; pass < 8; ++pass) {
        normalizing::Normalizer n(language, arena, options);
        out = static_cast<ast::Script*>(n.rewrite(in));
        if (!n.reshaped()) break;
        in = out;
    }
    return out;
}

ast::Expr* normalize_expr(const ast::Expr& expr, Language language, ast::Arena& arena) {
    normalizing::Normalizer n(language, arena);
    return n.rewrite_expr(&expr);
}

}  // namespace qdiff
