// The normalizer's driver and the interface of its rules. The driver (normalizer.cpp) copies the tree
// bottom-up and resolves names per query block; every rewrite that makes two spellings equal is a rule
// in its own file under ast/normalize/, listed in rules.def, and hooks in at one or more points below.
#pragma once
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "qdiff/ast.hpp"
#include "qdiff/normalize.hpp"

namespace qdiff::normalizing {

class Normalizer;

// Where a rule hooks in; a rule fills the hooks it needs. Where two rules meet one node they run in
// the order of rules.def.
struct RuleHooks {
    // A name (identifier, alias, qualifier): returns its canonical spelling.
    std::string_view (*name)(Normalizer&, std::string_view text, bool quoted) = nullptr;
    // An expression whose children are canonical: returns a replacement (canonical; the rules after
    // this one do not see the node) or the same node, possibly changed in place.
    ast::Expr* (*expr)(Normalizer&, ast::Expr*) = nullptr;
    // The terms of an AND, OR, + or * chain (flattened, each canonical): returns the terms to chain.
    std::vector<ast::Expr*> (*chain)(Normalizer&, ast::BinaryOp, std::vector<ast::Expr*>, Span) = nullptr;
    // A query block whose parts are canonical, changed in place.
    void (*query)(Normalizer&, ast::Query&) = nullptr;
    // Any other node (order items, table references), changed in place.
    void (*node)(Normalizer&, ast::Node&) = nullptr;
    // An expression as written, before its names are folded: returns its replacement (the expression
    // rules then run on it) or null.
    ast::Expr* (*written)(Normalizer&, const ast::Expr*) = nullptr;
    // A query block as written, before its names are resolved: returns a replacement block (also as
    // written: the driver then normalizes it as it would have the original) or null. A rule that moves
    // a subtree into another place registers it with Normalizer::substitute.
    ast::Query* (*written_query)(Normalizer&, const ast::Query&) = nullptr;
};

// The hooks of the enabled rules, one list per hook point in rules.def order: the driver calls these
// for every node and name, so it must not scan the whole rule list each time.
struct EnabledHooks {
    std::vector<decltype(RuleHooks::name)> name;
    std::vector<decltype(RuleHooks::expr)> expr;
    std::vector<decltype(RuleHooks::chain)> chain;
    std::vector<decltype(RuleHooks::query)> query;
    std::vector<decltype(RuleHooks::node)> node;
    std::vector<decltype(RuleHooks::written)> written;
    std::vector<decltype(RuleHooks::written_query)> written_query;
};

namespace rules {
#define QDIFF_NORMALIZE_RULE(id, name, summary) extern const RuleHooks id;
#include "ast/normalize/rules.def"
#undef QDIFF_NORMALIZE_RULE
}  // namespace rules

// One FROM item of a block, as the canonical tree names it.
struct ScopeRelation {
    std::string qualifier;  // what its columns are qualified with once aliases are resolved (folded)
    std::string table;      // the base table (folded); empty for a derived table, a function, VALUES...
    bool nullable = false;  // an outer join may fill its columns with NULL
};

// The names of one query block, resolved before its parts are rewritten.
struct Scope {
    std::map<std::string, std::string> alias_to_table;  // folded alias (or table) -> folded table
    std::set<std::string> droppable_aliases;
    std::string single_table;              // the only base relation, if any
    std::set<std::string> output_aliases;  // select-list aliases (ORDER BY x)
    std::vector<ScopeRelation> relations;  // every FROM item, joined ones too
};

// A column of a base table, as the schema names it (lower case).
struct ResolvedColumn {
    std::string table;
    std::string column;
    const ScopeRelation* relation = nullptr;  // points into the Scope it was resolved in
};

class Normalizer {
public:
    Normalizer(Language language, ast::Arena& arena, NormalizeOptions options = {});

    ast::Node* rewrite(const ast::Node* n);
    ast::Expr* rewrite_expr(const ast::Expr* e) { return static_cast<ast::Expr*>(rewrite(e)); }

    // Runs the expression rules on `e` (its children already canonical).
    ast::Expr* simplify(ast::Expr* e);
    // `op` over `terms`, after the chain rules (AND/OR repeated terms once, constants folded, ...).
    ast::Expr* sorted_chain(ast::BinaryOp op, std::vector<ast::Expr*> terms, Span span);
    std::string_view fold(std::string_view text, bool quoted);
    // A name's canonical form: unquoted, unless its quotes are what keep its case (a second pass
    // would fold it otherwise, and normalizing must be idempotent).
    ast::Name fold(const ast::Name& n);

    // Rewrites `replacement` wherever the driver meets `original` (a node of the tree as written), for
    // written_query rules: a CTE's body in place of its one reference, a derived table's expressions in
    // place of the outer query's references to its columns.
    void substitute(const ast::Node* original, const ast::Node* replacement) { substitutes_[original] = replacement; }
    // `n` or what it is to be replaced with.
    const ast::Node* substituted(const ast::Node* n) const {
        for (auto it = substitutes_.find(n); it != substitutes_.end(); it = substitutes_.find(n)) n = it->second;
        return n;
    }
    // A query rule that removed DISTINCT, GROUP BY, LIMIT, a join or a subquery's form says so: a block it
    // changed may now be one a rule that saw it earlier in the pass would have rewritten (a derived table
    // left with nothing but filters is flattened), so normalize() runs another pass over the result.
    void note_reshaped() { reshaped_ = true; }
    bool reshaped() const { return reshaped_; }
    // KQL's scalar `let name = value;` of a constant: the statements after it read `value` where they name
    // it (kql-let-inline binds it when it meets the let, then replaces the names as written).
    void bind_let(std::string name, const ast::Expr* value) { lets_[std::move(name)] = value; }
    bool has_lets() const { return !lets_.empty(); }
    const ast::Expr* let_value(std::string_view name) const {
        auto it = lets_.find(std::string(name));
        return it == lets_.end() ? nullptr : it->second;
    }
    // The schema facts of the options, or null: the rules that need them are off without them.
    const SchemaFacts* schema() const { return options_.schema.get(); }
    // The names of a block (for query rules, which run after the block's own scope is left; the block
    // may be canonical or as written).
    Scope scope_of(const ast::Query& q);
    // Which base table of `scope` a (canonical) column reference reads: a qualified one by its
    // qualifier, an unqualified one by the schema (the one table of the block that has the column).
    // Nullopt when that is not certain: no schema, an unknown or repeated table, a derived table in
    // the block, a name of the select list, a reference to an outer block.
    std::optional<ResolvedColumn> resolve(const Scope& scope, const ast::Expr* e) const;

    Language language() const { return lang_; }
    Dialect dialect() const { return options_.dialect; }
    const NormalizeOptions& options() const { return options_; }
    ast::Arena& arena() { return arena_; }
    const std::vector<Scope>& scopes() const { return scopes_; }

    // ---- helpers the rules share ----
    std::string key(const ast::Node* n) const;  // the canonical text: equal keys, equal nodes
    ast::Binary* make_binary(ast::BinaryOp op, ast::Expr* lhs, ast::Expr* rhs, Span span);
    // `EXISTS (SELECT 1 FROM sources WHERE conjuncts)`, canonical (the semi-join forms of the rules).
    ast::Expr* make_exists(std::vector<ast::Relation*> sources, std::vector<ast::Expr*> conjuncts, Span span);
    ast::Unary* make_not(ast::Expr* operand, Span span);
    ast::Literal* make_number(double v, Span span);
    static void flatten(ast::Expr* e, ast::BinaryOp op, std::vector<ast::Expr*>& out);
    static std::string function_name(const ast::FunctionCall* f);
    template <class T>
    T* copy(const T& n) {
        return arena_.make<T>(n);
    }

private:
    Language lang_;
    ast::Arena& arena_;
    NormalizeOptions options_;
    std::shared_ptr<const EnabledHooks> hooks_;  // shared by every normalizer with all rules on
    std::vector<Scope> scopes_;
    std::map<const ast::Node*, const ast::Node*> substitutes_;
    bool reshaped_ = false;
    std::map<std::string, const ast::Expr*> lets_;

    void rewrite_fields(ast::Node& c);
    ast::Node* rewrite_query(const ast::Query& q);
};

// Shared facts about expressions.
bool is_constant(const ast::Expr* e);              // a literal, parameter, now() or ago(...)
std::optional<double> number(const ast::Expr* e);  // the value of a numeric literal
std::string format_number(double v);               // 1 for 1.0; the shortest round-trip text otherwise
// An aggregate call of the function catalogue in `language`, outside any subquery.
bool has_aggregate(const ast::Node& n, Language language);
// A subquery (a query block) in `n`, or `n` one.
bool has_subquery(const ast::Node& n);

}  // namespace qdiff::normalizing
