// The normalizer: a copying rewrite of the tree into canonical form. Every rule is listed, with its
// reason, in SCORING.md ("Normalization"); the tests in tests/normalize_test.cpp check each one.
#include "qdiff/normalize.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "qdiff/ast_print.hpp"
#include "ast/chain.hpp"
#include "support/strings.hpp"

namespace qdiff {
namespace {

using namespace ast;

enum class Rule : uint8_t {
#define QDIFF_NORMALIZE_RULE(id, name, summary) id,
#include "ast/normalize/rules.def"
#undef QDIFF_NORMALIZE_RULE
};
constexpr std::string_view kRuleNames[] = {
#define QDIFF_NORMALIZE_RULE(id, name, summary) name,
#include "ast/normalize/rules.def"
#undef QDIFF_NORMALIZE_RULE
};

// Visits the (mutable) fields of a node.
template <class V>
void visit_fields_mut(Node& n, V&& v) {
    switch (n.kind) {
#define QDIFF_NODE(Class)                                 \
    case Kind::Class:                                     \
        Class::reflect(static_cast<Class&>(n), v);        \
        break;
#include "qdiff/ast_nodes.def"
#undef QDIFF_NODE
    }
}

template <class T>
T* shallow_copy(const T& n, Arena& arena) {
    return arena.make<T>(n);
}

Node* copy_any(const Node& n, Arena& arena) {
    switch (n.kind) {
#define QDIFF_NODE(Class) \
    case Kind::Class:     \
        return shallow_copy(static_cast<const Class&>(n), arena);
#include "qdiff/ast_nodes.def"
#undef QDIFF_NODE
    }
    return nullptr;
}

bool is_comparison(BinaryOp op) {
    switch (op) {
        case BinaryOp::Eq: case BinaryOp::NotEq: case BinaryOp::Lt: case BinaryOp::LtEq: case BinaryOp::Gt:
        case BinaryOp::GtEq: return true;
        default: return false;
    }
}

// a op b  ≡  b flip(op) a
BinaryOp flipped(BinaryOp op) {
    switch (op) {
        case BinaryOp::Lt: return BinaryOp::Gt;
        case BinaryOp::LtEq: return BinaryOp::GtEq;
        case BinaryOp::Gt: return BinaryOp::Lt;
        case BinaryOp::GtEq: return BinaryOp::LtEq;
        default: return op;
    }
}

// NOT (a op b)  ≡  a negated(op) b (also under three-valued logic).
std::optional<BinaryOp> negated(BinaryOp op) {
    switch (op) {
        case BinaryOp::Eq: return BinaryOp::NotEq;
        case BinaryOp::NotEq: return BinaryOp::Eq;
        case BinaryOp::Lt: return BinaryOp::GtEq;
        case BinaryOp::LtEq: return BinaryOp::Gt;
        case BinaryOp::Gt: return BinaryOp::LtEq;
        case BinaryOp::GtEq: return BinaryOp::Lt;
        default: return std::nullopt;
    }
}

bool is_commutative_chain(BinaryOp op) {
    return op == BinaryOp::And || op == BinaryOp::Or || op == BinaryOp::Add || op == BinaryOp::Mul;
}

bool is_constant(const Expr* e) {
    if (isa<Literal>(e) || isa<Parameter>(e)) return true;
    if (auto* u = dyn_cast<Unary>(e)) return (u->op == UnaryOp::Negate || u->op == UnaryOp::Plus) && is_constant(u->operand);
    if (auto* f = dyn_cast<FunctionCall>(e)) {
        if (f->name.size() == 1) {
            std::string n = support::to_lower(f->name[0].text);
            if (n == "ago" || n == "now" || n == "current_timestamp" || n == "current_date") return true;
        }
    }
    if (auto* c = dyn_cast<Cast>(e)) return is_constant(c->expr);
    return false;
}

// Seconds per unit of a timespan or interval; nullopt for calendar units (months, years).
std::optional<double> unit_seconds(std::string unit) {
    unit = support::to_lower(unit);
    if (unit.size() > 1 && unit.back() == 's' && unit != "ms" && unit != "s") unit.pop_back();
    static const std::map<std::string, double> units = {
        {"d", 86400}, {"day", 86400}, {"h", 3600}, {"hr", 3600}, {"hour", 3600}, {"m", 60}, {"min", 60},
        {"minute", 60}, {"s", 1}, {"sec", 1}, {"second", 1}, {"ms", 1e-3}, {"millisecond", 1e-3},
        {"milli", 1e-3}, {"microsecond", 1e-6}, {"micro", 1e-6}, {"tick", 1e-7}, {"week", 604800},
        {"w", 604800}};
    auto it = units.find(unit);
    if (it == units.end()) return std::nullopt;
    return it->second;
}

std::string format_number(double v) {
    if (std::isfinite(v) && std::fabs(v) < 1e15 && v == std::floor(v)) {
        return std::to_string(static_cast<long long>(v));
    }
    char buf[64];
    auto r = std::to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, r.ptr);
}

class Normalizer {
public:
    Normalizer(Language language, Arena& arena, NormalizeOptions options = {})
        : lang_(language), arena_(arena), options_(options) {
        for (size_t i = 0; i < std::size(kRuleNames); ++i) enabled_[i] = !options_.off.count(std::string(kRuleNames[i]));
    }

    Node* rewrite(const Node* n) {
        if (!n) return nullptr;
        if (auto* q = dyn_cast<Query>(n)) return rewrite_query(*q);
        Node* c = copy_any(*n, arena_);
        rewrite_fields(*c);
        if (auto* e = dyn_cast<Expr>(c)) return simplify(e);
        if (auto* o = dyn_cast<OrderItem>(c)) {
            // SQL and Weaviate sort ascending by default; KQL's sort/order/top descending.
            if (o->dir == SortDir::Default && on(Rule::SortDirection)) o->dir = lang_ == Language::Kql ? SortDir::Desc : SortDir::Asc;
        }
        if (auto* d = dyn_cast<DerivedTable>(c); d && !d->alias.empty() && !scopes_.empty() && on(Rule::Aliases)) {
            // a derived table's alias is a positional name: `(...) AS sub` ≡ `(...) AS s`
            auto& scope = scopes_.back();
            if (auto it = scope.alias_to_table.find(std::string(d->alias.text)); it != scope.alias_to_table.end())
                d->alias = Name{arena_.copy(it->second), false};
        }
        if (auto* t = dyn_cast<TableRef>(c)) {
            // The alias has been resolved into the column references when it is unambiguous.
            if (!t->alias.empty() && !t->name.empty() && resolvable_alias(t->alias.text) && on(Rule::Aliases))
                t->alias = Name{};
        }
        return c;
    }

    Expr* rewrite_expr(const Expr* e) { return static_cast<Expr*>(rewrite(e)); }

private:
    struct Scope {
        std::map<std::string, std::string> alias_to_table;  // folded alias (or table) -> folded table
        std::set<std::string> droppable_aliases;
        std::string single_table;                          // the only base relation, if any
        std::set<std::string> output_aliases;              // select-list aliases (ORDER BY x)
    };

    Language lang_;
    Arena& arena_;
    NormalizeOptions options_;
    bool enabled_[std::size(kRuleNames)] = {};
    std::vector<Scope> scopes_;

    bool on(Rule r) const { return enabled_[static_cast<size_t>(r)]; }

    std::string_view fold(std::string_view text, bool quoted) const {
        if (((lang_ == Language::Sql && (!quoted || quoted_names_fold())) || options_.fold_all_names) &&
            on(Rule::IdentifierCase)) {
            bool has_upper = std::any_of(text.begin(), text.end(), [](char c) { return c >= 'A' && c <= 'Z'; });
            if (has_upper) return arena_.copy(support::to_lower(text));
        }
        return text;
    }
    Name fold(const Name& n) const { return Name{fold(n.text, n.quoted), false}; }
    bool quoted_names_fold() const {
        return traits(options_.dialect).quoted_names_fold;
    }

    bool resolvable_alias(std::string_view alias) const {
        if (scopes_.empty()) return false;
        return scopes_.back().droppable_aliases.count(std::string(alias)) != 0;
    }

    void rewrite_fields(Node& c) {
        visit_fields_mut(c, [&](std::string_view, auto& field) {
            using T = std::decay_t<decltype(field)>;
            if constexpr (detail::is_node_ptr<T>::value) {
                using P = std::remove_pointer_t<T>;
                if (field) field = static_cast<T>(static_cast<P*>(rewrite(field)));
            } else if constexpr (detail::is_node_list<T>::value) {
                using P = std::remove_pointer_t<std::decay_t<decltype(field[0])>>;
                std::vector<P*> items;
                items.reserve(field.size());
                for (auto* child : field) items.push_back(static_cast<P*>(rewrite(child)));
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

    // ---- query blocks and name resolution --------------------------------------------------------

    void collect_relations(const Relation* r, std::vector<const Relation*>& out) {
        if (!r) return;
        if (auto* j = dyn_cast<JoinedTable>(r)) {
            collect_relations(j->first, out);
            for (auto* join : j->joins) collect_relations(join->right, out);
            return;
        }
        out.push_back(r);
    }

    Node* rewrite_query(const Query& q) {
        Scope scope;
        std::vector<const Relation*> relations;
        for (auto* s : q.sources) collect_relations(s, relations);
        for (auto* j : q.joins) collect_relations(j->right, relations);
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
        for (auto* item : q.projection)
            if (!item->alias.empty()) scope.output_aliases.insert(std::string(fold(item->alias).text));
        for (auto* item : q.aggregations)
            if (!item->alias.empty()) scope.output_aliases.insert(std::string(fold(item->alias).text));
        scopes_.push_back(std::move(scope));
        Query* c = shallow_copy(q, arena_);
        rewrite_fields(*c);
        scopes_.pop_back();
        if (on(Rule::InnerJoinsAsFilter)) inner_joins_as_filter(*c);
        if (on(Rule::HavingKeysAsFilter)) having_keys_as_filter(*c);
        if (on(Rule::NullSafeEquality)) null_safe_equality_as_filter(*c);
        // KQL `summarize aggs by keys` without a later project outputs the keys then the aggregates:
        // spell it as SQL does, in the select list (SQL keeps its aggregates in the projection).
        if (lang_ == Language::Kql && c->projection.empty() && (!c->aggregations.empty() || !c->group_by.empty()) &&
            on(Rule::KqlSummarize)) {
            std::vector<SelectItem*> items;
            for (Expr* key : c->group_by) {
                auto* item = arena_.make<SelectItem>();
                item->expr = key;
                item->span = key->span;
                items.push_back(item);
            }
            for (SelectItem* agg : c->aggregations) items.push_back(agg);
            c->projection = arena_.list(items);
            c->aggregations = {};
        }
        if (on(Rule::GroupByAsDistinct)) group_by_as_distinct(*c);
        return c;
    }

    // FROM a JOIN b ON c  ≡  FROM a, b WHERE c: when every join of the block is an inner or cross join
    // with an ON condition (or none), the joined relations become FROM items, sorted, and the
    // conditions become conjuncts of the filter.
    void inner_joins_as_filter(Query& q) {
        for (Join* j : q.joins)
            if ((j->join != JoinKind::Inner && j->join != JoinKind::Cross) || j->natural || !j->using_columns.empty() ||
                !j->options.empty() || !isa<TableRef>(j->right))
                return;
        for (Relation* r : q.sources)
            if (!isa<TableRef>(r)) return;
        if (q.joins.empty() && q.sources.size() < 2) return;
        std::vector<Expr*> conjuncts;
        if (q.filter) flatten(q.filter, BinaryOp::And, conjuncts);
        std::vector<std::pair<std::string, Relation*>> relations;
        for (Relation* r : q.sources) relations.emplace_back(key(r), r);
        for (Join* j : q.joins) {
            relations.emplace_back(key(j->right), j->right);
            if (j->condition) flatten(j->condition, BinaryOp::And, conjuncts);
        }
        std::stable_sort(relations.begin(), relations.end(), [](auto& a, auto& b) { return a.first < b.first; });
        std::vector<Relation*> sources;
        for (auto& r : relations) sources.push_back(r.second);
        q.sources = arena_.list(sources);
        q.joins = {};
        if (!conjuncts.empty()) q.filter = sorted_chain(BinaryOp::And, conjuncts, q.filter ? q.filter->span : q.span);
    }

    // GROUP BY k HAVING k = 1  ≡  WHERE k = 1 GROUP BY k: a HAVING conjunct without aggregates that
    // reads only group keys keeps or drops whole groups, as the same test on their rows would.
    void having_keys_as_filter(Query& q) {
        if (!q.having || q.group_by.empty()) return;
        std::set<std::string> keys;
        for (Expr* g : q.group_by) {
            if (isa<GroupingSet>(g)) return;  // ROLLUP/CUBE rows have NULL keys that WHERE never sees
            keys.insert(key(g));
        }
        std::vector<Expr*> having, moved, kept, filter;
        flatten(q.having, BinaryOp::And, having);
        for (Expr* t : having) (!has_aggregate(*t) && reads_only(*t, keys) ? moved : kept).push_back(t);
        if (moved.empty()) return;
        if (q.filter) flatten(q.filter, BinaryOp::And, filter);
        filter.insert(filter.end(), moved.begin(), moved.end());
        q.filter = sorted_chain(BinaryOp::And, filter, q.filter ? q.filter->span : q.having->span);
        q.having = kept.empty() ? nullptr : sorted_chain(BinaryOp::And, kept, q.having->span);
    }

    bool reads_only(const Node& n, const std::set<std::string>& keys) const {
        if (keys.count(key(&n))) return true;
        if (isa<ColumnRef>(&n) || isa<Query>(&n) || isa<Star>(&n)) return false;
        bool only = true;
        for_each_child(n, [&](const Node& c) { only = only && reads_only(c, keys); });
        return only;
    }

    // WHERE a IS NOT DISTINCT FROM 5  ≡  WHERE a = 5: against a non-null constant they differ only
    // when a is NULL, where one is false and the other unknown, and a filter drops the row either way.
    void null_safe_equality_as_filter(Query& q) {
        for (Expr** clause : {&q.filter, &q.having}) {
            if (!*clause) continue;
            std::vector<Expr*> terms;
            flatten(*clause, BinaryOp::And, terms);
            bool changed = false;
            for (Expr*& t : terms) {
                auto* u = dyn_cast<Unary>(t);
                auto* b = u && u->op == UnaryOp::Not ? dyn_cast<Binary>(u->operand) : nullptr;
                if (!b || b->op != BinaryOp::IsDistinctFrom) continue;
                Expr* constant = is_non_null_constant(b->rhs) ? b->rhs : is_non_null_constant(b->lhs) ? b->lhs : nullptr;
                if (!constant) continue;
                t = simplify(make_binary(BinaryOp::Eq, constant == b->rhs ? b->lhs : b->rhs, constant, t->span));
                changed = true;
            }
            if (changed) *clause = sorted_chain(BinaryOp::And, terms, (*clause)->span);
        }
    }

    static bool is_non_null_constant(const Expr* e) {
        auto* l = dyn_cast<Literal>(e);
        return l && l->type != LiteralType::Null;
    }

    static bool has_aggregate(const Node& n) {
        static const std::set<std::string> names = {"count", "sum", "avg", "min", "max", "group_concat",
                                                    "string_agg", "array_agg", "total", "stddev", "variance",
                                                    "median", "listagg", "json_agg", "bool_and", "bool_or"};
        if (isa<Query>(&n)) return false;
        if (auto* f = dyn_cast<FunctionCall>(&n); f && !f->over && f->name.size() == 1 &&
                                                  names.count(support::to_lower(f->name[0].text)))
            return true;
        bool found = false;
        for_each_child(n, [&](const Node& c) { found = found || has_aggregate(c); });
        return found;
    }

    // SELECT x, y FROM t GROUP BY x, y (no aggregate, no HAVING)  ≡  SELECT DISTINCT x, y FROM t
    void group_by_as_distinct(Query& q) {
        if (q.group_by.empty() || q.having || !q.aggregations.empty() || q.distinct != DistinctKind::None ||
            q.projection.empty())
            return;
        std::set<std::string> keys, items;
        for (Expr* g : q.group_by) {
            if (isa<GroupingSet>(g)) return;
            keys.insert(key(g));
        }
        for (SelectItem* item : q.projection) {
            if (has_aggregate(*item)) return;
            items.insert(key(item->expr));
        }
        for (OrderItem* o : q.order_by)
            if (has_aggregate(*o)) return;
        if (keys != items) return;
        q.distinct = DistinctKind::Distinct;
        q.group_by = {};
    }

    Expr* resolve_column(ColumnRef* c) {
        if (c->path.empty() || scopes_.empty() || !on(Rule::Aliases)) return c;
        if (c->path.size() == 1) {
            const Scope& s = scopes_.back();
            if (!s.single_table.empty() && !s.output_aliases.count(std::string(c->path[0].text))) {
                std::vector<Name> path = {Name{arena_.copy(s.single_table), false}, c->path[0]};
                c->path = arena_.list(path);
            }
            return c;
        }
        if (c->path.size() == 2) {
            std::string qualifier(c->path[0].text);
            for (auto s = scopes_.rbegin(); s != scopes_.rend(); ++s) {
                auto it = s->alias_to_table.find(qualifier);
                if (it != s->alias_to_table.end()) {
                    if (s->droppable_aliases.count(qualifier) || it->second == qualifier) {
                        std::vector<Name> path = {Name{arena_.copy(it->second), false}, c->path[1]};
                        c->path = arena_.list(path);
                    }
                    break;
                }
            }
        }
        return c;
    }

    // ---- expression rules ------------------------------------------------------------------------

    std::string key(const Node* n) const { return to_sql(*n); }

    Binary* make_binary(BinaryOp op, Expr* lhs, Expr* rhs, Span span) {
        auto* b = arena_.make<Binary>();
        b->op = op;
        b->lhs = lhs;
        b->rhs = rhs;
        b->span = span;
        return b;
    }
    Unary* make_not(Expr* operand, Span span) {
        auto* u = arena_.make<Unary>();
        u->op = UnaryOp::Not;
        u->operand = operand;
        u->span = span;
        return u;
    }

    void flatten(Expr* e, BinaryOp op, std::vector<Expr*>& out) {
        if (auto* b = dyn_cast<Binary>(e); b && b->op == op) {
            flatten(b->lhs, op, out);
            flatten(b->rhs, op, out);
            return;
        }
        out.push_back(e);
    }

    // x = a OR x = b OR x IN (c)  →  x IN (a, b, c)
    std::vector<Expr*> merge_equalities(std::vector<Expr*> terms, Span span) {
        std::map<std::string, std::vector<size_t>> by_lhs;
        for (size_t i = 0; i < terms.size(); ++i) {
            if (auto* b = dyn_cast<Binary>(terms[i]); b && b->op == BinaryOp::Eq && is_constant(b->rhs))
                by_lhs[key(b->lhs)].push_back(i);
            else if (auto* in = dyn_cast<InList>(terms[i]); in && !in->case_insensitive)
                by_lhs[key(in->expr)].push_back(i);
        }
        std::vector<char> drop(terms.size(), false);
        std::vector<Expr*> out;
        for (auto& [lhs, indexes] : by_lhs) {
            if (indexes.size() < 2) continue;
            auto* in = arena_.make<InList>();
            in->span = span;
            std::vector<Expr*> items;
            for (size_t i : indexes) {
                drop[i] = true;
                if (auto* b = dyn_cast<Binary>(terms[i])) {
                    in->expr = b->lhs;
                    items.push_back(b->rhs);
                } else {
                    auto* list = static_cast<InList*>(terms[i]);
                    in->expr = list->expr;
                    items.insert(items.end(), list->items.begin(), list->items.end());
                }
            }
            in->items = arena_.list(items);
            out.push_back(simplify(in));
        }
        for (size_t i = 0; i < terms.size(); ++i)
            if (!drop[i]) out.push_back(terms[i]);
        return out;
    }

    static std::optional<double> number(const Expr* e) {
        auto* l = dyn_cast<Literal>(e);
        if (!l || (l->type != LiteralType::Integer && l->type != LiteralType::Decimal)) return std::nullopt;
        double v = 0;
        auto r = std::from_chars(l->text.data(), l->text.data() + l->text.size(), v);
        if (r.ec != std::errc() || r.ptr != l->text.data() + l->text.size()) return std::nullopt;
        return v;
    }

    Literal* make_number(double v, Span span) {
        auto* l = arena_.make<Literal>();
        l->type = LiteralType::Decimal;
        l->text = arena_.copy(format_number(v));
        l->span = span;
        return static_cast<Literal*>(simplify_literal(l));
    }

    // Constant folding: the numeric literals of a + or * chain become one (1 + x + 2 → x + 3).
    std::vector<Expr*> fold_constants(BinaryOp op, std::vector<Expr*> terms, Span span) {
        std::vector<Expr*> out;
        double acc = op == BinaryOp::Add ? 0 : 1;
        int constants = 0;
        for (Expr* t : terms) {
            if (auto v = number(t)) {
                acc = op == BinaryOp::Add ? acc + *v : acc * *v;
                ++constants;
            } else {
                out.push_back(t);
            }
        }
        if (constants < 2 && !(constants == 1 && out.empty())) return terms;
        if (!std::isfinite(acc)) return terms;
        out.push_back(make_number(acc, span));
        return out;
    }

    Expr* sorted_chain(BinaryOp op, std::vector<Expr*> terms, Span span) {
        if (op == BinaryOp::Or && on(Rule::OrEqualitiesAsIn)) terms = merge_equalities(std::move(terms), span);
        if ((op == BinaryOp::Add || op == BinaryOp::Mul) && on(Rule::ConstantFolding))
            terms = fold_constants(op, std::move(terms), span);
        std::vector<std::pair<std::string, Expr*>> keyed;
        for (auto* t : terms) keyed.emplace_back(key(t), t);
        if (!on(Rule::CommutativeOrder)) {
            Expr* acc = keyed[0].second;
            for (size_t i = 1; i < keyed.size(); ++i) acc = make_binary(op, acc, keyed[i].second, span);
            return acc;
        }
        std::stable_sort(keyed.begin(), keyed.end(), [](auto& a, auto& b) { return a.first < b.first; });
        if (op == BinaryOp::And || op == BinaryOp::Or)  // idempotent: x AND x ≡ x
            keyed.erase(std::unique(keyed.begin(), keyed.end(), [](auto& a, auto& b) { return a.first == b.first; }),
                        keyed.end());
        std::vector<Expr*> sorted;
        for (auto& [k, t] : keyed) sorted.push_back(t);
        return make_chain(arena_, op, sorted, span);  // balanced when long: no walk recurses as deep as the chain
    }

    static bool is_plain_string(const Expr* e) {
        auto* l = dyn_cast<Literal>(e);
        return l && l->type == LiteralType::String && l->text.find_first_of("%_\\") == std::string_view::npos;
    }

    // lower(e), computed for a string literal.
    Expr* lowered(Expr* e) {
        if (auto* l = dyn_cast<Literal>(e); l && l->type == LiteralType::String) {
            auto* c = shallow_copy(*l, arena_);
            c->text = arena_.copy(support::to_lower(l->text));
            return c;
        }
        if (auto* f = dyn_cast<FunctionCall>(e); f && function_name(f) == "lower") return e;
        auto* f = arena_.make<FunctionCall>();
        f->span = e->span;
        f->name = arena_.list(std::vector<Name>{Name{"lower", false}});
        f->args = arena_.list(std::vector<Expr*>{e});
        return f;
    }

    Expr* concat_chain(const std::vector<Expr*>& parts, Span span) {
        std::vector<Expr*> flat;
        for (Expr* p : parts) flatten(p, BinaryOp::Concat, flat);
        Expr* acc = flat[0];
        for (size_t i = 1; i < flat.size(); ++i) acc = make_binary(BinaryOp::Concat, acc, flat[i], span);
        return acc;
    }

    // CASE WHEN c1 THEN v1 [WHEN c2 THEN v2 ...] ELSE e END from (c1, v1, c2, v2, ..., e).
    Expr* case_from(const List<Expr*>& args, Span span) {
        auto* c = arena_.make<Case>();
        c->span = span;
        std::vector<When*> whens;
        for (uint32_t i = 0; i + 1 < args.size(); i += 2) {
            auto* w = arena_.make<When>();
            w->condition = args[i];
            w->result = args[i + 1];
            w->span = args[i]->span;
            whens.push_back(w);
        }
        c->whens = arena_.list(whens);
        c->else_ = args[args.size() - 1];
        return c;
    }

    // Pushes a NOT into `e` (already canonical); returns null when it cannot be pushed.
    Expr* push_not(Expr* e, Span span) {
        if (auto* u = dyn_cast<Unary>(e); u && u->op == UnaryOp::Not) return u->operand;
        if (auto* b = dyn_cast<Binary>(e)) {
            if (auto neg = negated(b->op)) return simplify(make_binary(*neg, b->lhs, b->rhs, b->span));
            if (b->op == BinaryOp::And || b->op == BinaryOp::Or) {
                std::vector<Expr*> terms;
                flatten(b, b->op, terms);
                for (auto*& t : terms) t = simplify(make_not(t, t->span));
                return sorted_chain(b->op == BinaryOp::And ? BinaryOp::Or : BinaryOp::And, terms, span);
            }
        }
        if (auto* l = dyn_cast<Literal>(e); l && l->type == LiteralType::Boolean) {
            auto* c = shallow_copy(*l, arena_);
            c->text = l->text == "true" ? "false" : "true";
            return c;
        }
        return nullptr;
    }

    Expr* simplify_literal(Literal* l) {
        if ((l->type == LiteralType::Integer || l->type == LiteralType::Decimal) && on(Rule::NumericLiterals)) {
            std::string text(l->text);
            text.erase(std::remove(text.begin(), text.end(), '_'), text.end());
            double v = 0;
            const char* first = text.data();
            const char* last = text.data() + text.size();
            if (!text.empty() && text[0] == '+') ++first;
            auto r = std::from_chars(first, last, v);
            if (r.ec == std::errc() && r.ptr == last) {
                l->text = arena_.copy(format_number(v));
                l->type = (std::isfinite(v) && v == std::floor(v) && std::fabs(v) < 1e15) ? LiteralType::Integer
                                                                                           : LiteralType::Decimal;
            }
            return l;
        }
        if ((l->type == LiteralType::Timespan || l->type == LiteralType::Interval) && on(Rule::Timespans)) {
            if (auto seconds = timespan_seconds(l->text)) {
                l->type = LiteralType::Timespan;
                l->text = arena_.copy(format_number(*seconds) + "s");
            } else if (auto months = interval_months(l->text)) {  // '1 year' ≡ '12 months'
                l->type = LiteralType::Interval;
                l->text = arena_.copy(format_number(*months) + " month");
            }
            return l;
        }
        return l;
    }

    // "1h", "60m", "1.5d", "100ms", "1 hour", "2 days"; nullopt for calendar units or other forms.
    static std::optional<double> timespan_seconds(std::string_view text) {
        std::string t = support::fold_whitespace(text);
        size_t i = 0;
        bool neg = false;
        if (i < t.size() && (t[i] == '-' || t[i] == '+')) neg = t[i++] == '-';
        size_t start = i;
        while (i < t.size() && (std::isdigit(static_cast<unsigned char>(t[i])) || t[i] == '.')) ++i;
        if (i == start) return std::nullopt;
        double v = 0;
        if (std::from_chars(t.data() + start, t.data() + i, v).ec != std::errc()) return std::nullopt;
        while (i < t.size() && t[i] == ' ') ++i;
        std::string unit = t.substr(i);
        if (unit.empty()) return std::nullopt;
        auto s = unit_seconds(unit);
        if (!s) return std::nullopt;
        return (neg ? -v : v) * *s;
    }

    // Calendar intervals in months: "1 month", "2 years" (24), "1 quarter" (3); nullopt otherwise.
    static std::optional<double> interval_months(std::string_view text) {
        std::string t = support::to_lower(support::fold_whitespace(text));
        double v = 0;
        auto r = std::from_chars(t.data(), t.data() + t.size(), v);
        if (r.ec != std::errc()) return std::nullopt;
        std::string unit(support::fold_whitespace(std::string_view(r.ptr, t.data() + t.size() - r.ptr)));
        if (unit.size() > 1 && unit.back() == 's') unit.pop_back();
        static const std::map<std::string, double> months = {
            {"month", 1}, {"mon", 1}, {"mo", 1}, {"quarter", 3}, {"year", 12}, {"yr", 12}, {"y", 12}};
        auto it = months.find(unit);
        if (it == months.end()) return std::nullopt;
        return v * it->second;
    }

    std::string function_name(const FunctionCall* f) const {
        if (f->name.size() != 1) return {};
        return support::to_lower(f->name[0].text);
    }

    Expr* simplify(Expr* e) {
        if (auto* c = dyn_cast<ColumnRef>(e)) return resolve_column(c);
        if (auto* st = dyn_cast<Star>(e); st && st->qualifier.size() == 1) {  // t1.* → tab.*
            std::string qualifier(st->qualifier[0].text);
            for (auto s = scopes_.rbegin(); s != scopes_.rend(); ++s) {
                auto it = s->alias_to_table.find(qualifier);
                if (it == s->alias_to_table.end()) continue;
                if (s->droppable_aliases.count(qualifier))
                    st->qualifier = arena_.list(std::vector<Name>{Name{arena_.copy(it->second), false}});
                break;
            }
            return st;
        }
        if (auto* l = dyn_cast<Literal>(e)) return simplify_literal(l);
        if (auto* c = dyn_cast<Cast>(e); c && traits(options_.dialect).cast_by_affinity && on(Rule::CastTypes)) {
            c->type = sqlite_affinity(c->type);
            return c;
        }
        if (auto* u = dyn_cast<Unary>(e)) {
            if (u->op == UnaryOp::Not) {
                if (!on(Rule::NotPushDown)) return u;
                if (Expr* pushed = push_not(u->operand, u->span)) return pushed;
                return u;
            }
            if (!on(Rule::NumericLiterals)) return u;
            if (u->op == UnaryOp::Plus) return u->operand;
            if (u->op == UnaryOp::Negate) {
                if (auto* l = dyn_cast<Literal>(u->operand);
                    l && (l->type == LiteralType::Integer || l->type == LiteralType::Decimal ||
                          l->type == LiteralType::Timespan)) {
                    auto* c = shallow_copy(*l, arena_);
                    c->span = u->span;
                    c->text = l->text.starts_with('-') ? arena_.copy(l->text.substr(1))
                                                       : arena_.copy("-" + std::string(l->text));
                    return simplify_literal(c);
                }
            }
            return u;
        }
        if (auto* b = dyn_cast<Between>(e)) {
            if (b->symmetric || !on(Rule::BetweenAsRange)) return b;
            Expr* lo = simplify(make_binary(BinaryOp::GtEq, b->expr, b->low, b->span));
            Expr* hi = simplify(make_binary(BinaryOp::LtEq, b->expr, b->high, b->span));
            return simplify(make_binary(BinaryOp::And, lo, hi, b->span));
        }
        if (auto* in = dyn_cast<InList>(e); in && on(Rule::InListSet)) {
            std::vector<std::pair<std::string, Expr*>> keyed;
            for (auto* item : in->items) keyed.emplace_back(key(item), item);
            std::sort(keyed.begin(), keyed.end(), [](auto& a, auto& b) { return a.first < b.first; });
            keyed.erase(std::unique(keyed.begin(), keyed.end(), [](auto& a, auto& b) { return a.first == b.first; }),
                        keyed.end());
            if (keyed.size() == 1 && !in->case_insensitive)  // x IN (v) ≡ x = v
                return simplify(make_binary(BinaryOp::Eq, in->expr, keyed[0].second, in->span));
            std::vector<Expr*> items;
            for (auto& k : keyed) items.push_back(k.second);
            in->items = arena_.list(items);
            return in;
        }
        if (auto* f = dyn_cast<FunctionCall>(e)) {
            std::string name = function_name(f);
            // one spelling per function across dialects and languages
            static const std::map<std::string, std::string> synonyms = {
                {"ifnull", "coalesce"}, {"nvl", "coalesce"},   {"substr", "substring"}, {"len", "length"},
                {"char_length", "length"}, {"character_length", "length"}, {"strlen", "length"},
                {"lcase", "lower"},      {"ucase", "upper"},    {"tolower", "lower"},   {"toupper", "upper"},
                {"ceiling", "ceil"},     {"pow", "power"}};
            if (auto it = synonyms.find(name); it != synonyms.end() && !f->over && on(Rule::FunctionSynonyms)) {
                f->name = arena_.list(std::vector<Name>{Name{arena_.copy(it->second), false}});
                name = it->second;
            }
            if (!f->over && !f->distinct) {
                // KQL strcat(a, b) ≡ CONCAT(a, b) ≡ a || b
                if ((name == "strcat" || name == "concat") && f->args.size() >= 2 && on(Rule::ConcatChain))
                    return concat_chain(std::vector<Expr*>(f->args.begin(), f->args.end()), f->span);
                // KQL iff(c, a, b), T-SQL iif, MySQL if ≡ CASE WHEN c THEN a ELSE b END; KQL case(c1, v1, ..., e)
                if ((((name == "iff" || name == "iif" || name == "if") && f->args.size() == 3) ||
                     (name == "case" && lang_ == Language::Kql && f->args.size() >= 3 && f->args.size() % 2 == 1)) &&
                    on(Rule::ConditionalsAsCase))
                    return case_from(f->args, f->span);
                if (name == "lower" && f->args.size() == 1 && on(Rule::CaseInsensitiveEquality)) {  // lower('Bob') → 'bob'
                    if (auto* l = dyn_cast<Literal>(f->args[0]); l && l->type == LiteralType::String) return lowered(l);
                }
            }
            // KQL dcount(x) ≡ count(DISTINCT x)
            if (name == "dcount" && f->args.size() == 1 && !f->over && on(Rule::FunctionSynonyms)) {
                f->name = arena_.list(std::vector<Name>{Name{"count", false}});
                f->distinct = true;
                name = "count";
            }
            if (name == "count" && !f->distinct && on(Rule::CountStar)) {
                bool star = f->args.empty();
                if (f->args.size() == 1) {
                    if (auto* s = dyn_cast<Star>(f->args[0]); s && s->qualifier.empty()) star = true;
                    if (auto* l = dyn_cast<Literal>(f->args[0]);
                        l && l->type == LiteralType::Integer && l->text == "1")
                        star = true;
                }
                if (star) {
                    auto* s = arena_.make<Star>();
                    s->span = f->span;
                    std::vector<Expr*> args = {s};
                    f->args = arena_.list(args);
                    f->name = arena_.list(std::vector<Name>{Name{"count", false}});
                }
            }
            if ((name == "now" || name == "current_timestamp" || name == "getdate" || name == "utcnow" ||
                 name == "localtimestamp" || name == "sysdatetime") &&
                on(Rule::NowAndAgo)) {
                f->name = arena_.list(std::vector<Name>{Name{"now", false}});
                f->args = {};
            }
            return f;
        }
        if (auto* b = dyn_cast<Binary>(e)) {
            // NOW() - INTERVAL '1 hour'  ≡  ago(1h)
            if (b->op == BinaryOp::Sub && is_now(b->lhs) && on(Rule::NowAndAgo)) {
                if (auto* l = dyn_cast<Literal>(b->rhs);
                    l && (l->type == LiteralType::Timespan || l->type == LiteralType::Interval)) {
                    auto* f = arena_.make<FunctionCall>();
                    f->span = b->span;
                    f->name = arena_.list(std::vector<Name>{Name{"ago", false}});
                    f->args = arena_.list(std::vector<Expr*>{l});
                    return f;
                }
            }
            // a =~ b ≡ lower(a) = lower(b); ILIKE without wildcards is the same test
            if ((b->op == BinaryOp::EqualsCi || (b->op == BinaryOp::ILike && is_plain_string(b->rhs))) &&
                on(Rule::CaseInsensitiveEquality))
                return simplify(make_binary(BinaryOp::Eq, lowered(b->lhs), lowered(b->rhs), b->span));
            // a IS DISTINCT FROM b is symmetric; against NULL it is IS NOT NULL
            if (b->op == BinaryOp::IsDistinctFrom && on(Rule::NullSafeEquality)) {
                if (key(b->lhs) > key(b->rhs)) std::swap(b->lhs, b->rhs);
                for (auto [null_side, other] : {std::pair{b->lhs, b->rhs}, std::pair{b->rhs, b->lhs}}) {
                    if (auto* l = dyn_cast<Literal>(null_side); l && l->type == LiteralType::Null) {
                        auto* is_null = arena_.make<Unary>();
                        is_null->op = UnaryOp::IsNull;
                        is_null->operand = other;
                        is_null->span = b->span;
                        return make_not(is_null, b->span);
                    }
                }
                return b;
            }
            // a || (b || c) ≡ (a || b) || c: one left-nested chain (the order of the parts counts)
            if (b->op == BinaryOp::Concat && on(Rule::ConcatChain)) {
                std::vector<Expr*> parts;
                flatten(b, BinaryOp::Concat, parts);
                return concat_chain(parts, b->span);
            }
            // x LIKE '%v%' ≡ x contains 'v'; 'v%' startswith; '%v' endswith (KQL spellings; KQL's
            // string operators ignore case, so ILIKE takes them too)
            if ((b->op == BinaryOp::Like || b->op == BinaryOp::ILike) && on(Rule::LikeAsStringOperators)) {
                if (auto* l = dyn_cast<Literal>(b->rhs); l && l->type == LiteralType::String) {
                    std::string_view p = l->text;
                    bool lead = p.size() >= 2 && p.front() == '%', trail = p.size() >= 2 && p.back() == '%';
                    std::string_view inner = p.substr(lead ? 1 : 0, p.size() - (lead ? 1 : 0) - (trail ? 1 : 0));
                    if ((lead || trail) && !inner.empty() && inner.find_first_of("%_\\[") == std::string_view::npos) {
                        auto* v = shallow_copy(*l, arena_);
                        v->text = inner;
                        b->rhs = v;
                        b->op = lead && trail ? BinaryOp::Contains : lead ? BinaryOp::EndsWith : BinaryOp::StartsWith;
                    }
                }
                return b;
            }
            if (b->op == BinaryOp::Sub && on(Rule::ConstantFolding)) {
                if (auto x = number(b->lhs), y = number(b->rhs); x && y) return make_number(*x - *y, b->span);
            }
            if (is_commutative_chain(b->op)) {
                std::vector<Expr*> terms;
                flatten(b, b->op, terms);
                return sorted_chain(b->op, terms, b->span);
            }
            if (is_comparison(b->op) && on(Rule::ComparisonOrientation)) {
                bool lc = is_constant(b->lhs), rc = is_constant(b->rhs);
                bool swap = false;
                if (lc && !rc) swap = true;  // 5 < x  →  x > 5
                else if (lc == rc) swap = key(b->lhs) > key(b->rhs);
                if (swap) {
                    std::swap(b->lhs, b->rhs);
                    b->op = flipped(b->op);
                }
            }
            return b;
        }
        return e;
    }

    // SQLite converts by the type's affinity alone (the rules of "Datatypes In SQLite", 3.1), so
    // CAST(x AS FLOAT), AS DOUBLE and AS REAL are one conversion, as are INT and BIGINT, VARCHAR(9) and TEXT.
    static std::string_view sqlite_affinity(std::string_view type) {
        std::string t = support::to_upper(type);
        auto has = [&](const char* part) { return t.find(part) != std::string::npos; };
        if (has("INT")) return "INTEGER";
        if (has("CHAR") || has("CLOB") || has("TEXT")) return "TEXT";
        if (has("BLOB") || t.empty()) return "BLOB";
        if (has("REAL") || has("FLOA") || has("DOUB")) return "REAL";
        return "NUMERIC";
    }

    bool is_now(const Expr* e) const {
        if (auto* f = dyn_cast<FunctionCall>(e)) return function_name(f) == "now";
        if (auto* l = dyn_cast<Literal>(e); l && l->type == LiteralType::Keyword)
            return support::to_lower(l->text) == "current_timestamp";
        if (auto* c = dyn_cast<ColumnRef>(e); c && c->path.size() == 1 && lang_ == Language::Sql)
            return support::to_lower(c->path[0].text) == "current_timestamp";
        return false;
    }
};

}  // namespace

const std::vector<NormalizeRule>& normalize_rules() {
    static const std::vector<NormalizeRule> rules = {
#define QDIFF_NORMALIZE_RULE(id, name, summary) {name, summary},
#include "ast/normalize/rules.def"
#undef QDIFF_NORMALIZE_RULE
    };
    return rules;
}

ast::Script* normalize(const ast::Script& script, Language language, ast::Arena& arena) {
    Normalizer n(language, arena);
    return static_cast<ast::Script*>(n.rewrite(&script));
}

ast::Script* normalize(const ast::Script& script, Language language, ast::Arena& arena,
                        const NormalizeOptions& options) {
    Normalizer n(language, arena, options);
    return static_cast<ast::Script*>(n.rewrite(&script));
}

ast::Expr* normalize_expr(const ast::Expr& expr, Language language, ast::Arena& arena) {
    Normalizer n(language, arena);
    return n.rewrite_expr(&expr);
}

}  // namespace qdiff
