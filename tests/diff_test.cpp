// Components, matching, profiles and scores; property tests over the SQL gold corpora.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <set>

#include <unistd.h>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "diff/matching.hpp"
#include "qdiff/ast_print.hpp"
#include "qdiff/diff.hpp"
#include "qdiff/normalize.hpp"
#include "qdiff/parse.hpp"
#include "qdiff/stage.hpp"
#include "qdiff/compare.hpp"
#include "support/cli.hpp"
#include "support/corpus.hpp"

namespace {

using namespace qdiff;

ParseResult must_parse(const std::string& text, Language lang, Dialect dialect = Dialect::Generic) {
    ParseOptions options;
    options.language = lang;
    options.dialect = dialect;
    ParseResult r = parse(text, options);
    INFO(text);
    REQUIRE(r.ok());
    return r;
}

DiffResult score(const std::string& expected, const std::string& generated, const std::string& profile,
                 Language lang = Language::Sql) {
    ParseResult e = must_parse(expected, lang);
    ParseResult g = must_parse(generated, lang);
    return diff(*e.script(), lang, *g.script(), lang, load_profile(profile));
}

const ComponentResult& component(const DiffResult& r, const std::string& name) {
    for (auto& c : r.components)
        if (component_name(c.component) == name) return c;
    FAIL("no component " << name);
    throw;
}

const char* kBook250 =
    R"({ Get { Book(where: {path: ["pageCount"], operator: GreaterThan, valueInt: 250}) { title } } })";
const char* kBook300 =
    R"({ Get { Book(where: {path: ["pageCount"], operator: GreaterThan, valueInt: 300}) { title } } })";

}  // namespace

TEST_CASE("diff: profiles load by name and from a file", "[diff]") {
    auto names = builtin_profile_names();
    for (const char* n : {"weaviate-ast", "full", "weaviate-reference"})
        CHECK(std::find(names.begin(), names.end(), n) != names.end());
    for (auto& n : names) {
        Profile p = load_profile(n);
        if (p.kind == ProfileKind::Hybrid || p.kind == ProfileKind::Execution) continue;  // boosts; a logistic model
        double sum = 0;
        for (auto& [c, w] : p.weights) sum += w;
        CHECK(sum == Approx(1.0));
    }
    Profile p = load_profile(QDIFF_SOURCE_DIR "/scoring/profiles/weaviate-ast.json");
    CHECK(p.name == "weaviate-ast");
    CHECK(p.gate == Component::Collection);
    CHECK(p.weights.size() == 5);
    CHECK_THROWS(load_profile("no-such-profile"));
    CHECK_THROWS(parse_profile(R"({"weights": {"bogus": 1}})", "inline"));
    CHECK_THROWS(parse_profile(R"({"weights": {}, "gate": "bogus"})", "inline"));
    CHECK_THROWS(parse_profile(R"({"weights": {}, "kind": "bogus"})", "inline"));
}

TEST_CASE("diff: Hungarian matching pairs atoms optimally", "[diff]") {
    auto atom = [](std::string prop, std::string op, std::string value) {
        std::string text = prop + op + value;
        return make_keyed_atom(std::move(text), {},
                               {.property = std::move(prop), .op = std::move(op), .value = std::move(value)});
    };
    // greedy would pair e0 with g0 (both "age"); the optimum crosses over
    std::vector<Atom> e = {atom("age", ">", "30"), atom("name", "=", "bob")};
    std::vector<Atom> g = {atom("name", "=", "bob"), atom("age", ">", "30")};
    ComponentResult r = compare_component(Component::Filters, e, g);
    CHECK(r.score == Approx(1.0));
    CHECK(r.matched.size() == 2);
    // one missing, one invented: F1 = 2 * 1 / (2 + 2)
    g = {atom("age", ">", "30"), atom("city", "LIKE", "x%")};
    r = compare_component(Component::Filters, e, g);
    CHECK(r.score == Approx(0.5));
    CHECK(r.missing.size() == 1);
    CHECK(r.extra.size() == 1);
    CHECK(compare_component(Component::Filters, {}, {}).absent);
    CHECK(compare_component(Component::Filters, {}, {}).score == 1.0);
    CHECK(compare_component(Component::Filters, e, {}).score == 0.0);
}

TEST_CASE("diff: partial credit for names and numbers", "[diff]") {
    CHECK(name_similarity("title", "title") == 1.0);
    CHECK(name_similarity("title", "titel") == Approx(0.6));
    Atom a = make_keyed_atom("a", {}, {.property = "pagecount", .op = "GreaterThan", .value = "250", .number = 250});
    Atom b = make_keyed_atom("b", {}, {.property = "pagecount", .op = "GreaterThan", .value = "300", .number = 300});
    // 0.4 property + 0.2 operator + 0.4 × (1 − 50/300)
    CHECK(atom_similarity(Component::Filters, a, b) == Approx(0.4 + 0.2 + 0.4 * (1 - 50.0 / 300)));
}

TEST_CASE("diff: weaviate-ast fixture scores", "[diff]") {
    SECTION("identical") {
        DiffResult r = score(kBook250, kBook250, "weaviate-ast", Language::Weaviate);
        CHECK(r.score == 1.0);
        CHECK_FALSE(r.gated);
    }
    SECTION("a changed number") {
        // filters: 0.4 + 0.2 + 0.4 × (1 − 50/300) = 0.9333; total 0.40 + 0.15 × (1 + 0.9333 + 1 + 1)
        DiffResult r = score(kBook250, kBook300, "weaviate-ast", Language::Weaviate);
        CHECK(r.score == Approx(0.4 + 0.15 * (3 + 0.4 + 0.2 + 0.4 * (1 - 50.0 / 300))));
        CHECK(component(r, "filters").changed.size() == 1);
    }
    SECTION("a missing filter") {
        DiffResult r = score(kBook250, "{ Get { Book { title } } }", "weaviate-ast", Language::Weaviate);
        CHECK(r.score == Approx(0.85));
        CHECK(component(r, "filters").missing.size() == 1);
    }
    SECTION("another collection: the gate") {
        DiffResult r = score(kBook250, R"({ Get { Author { name } } })", "weaviate-ast", Language::Weaviate);
        CHECK(r.score == 0.0);
        CHECK(r.gated);
    }
    SECTION("search text and aggregations") {
        const char* e = R"({ Aggregate { Book(nearText: {concepts: ["magic"]}) { pageCount { mean } } } })";
        const char* g = R"({ Aggregate { Book(nearText: {concepts: ["magic"]}) { pageCount { sum } } } })";
        DiffResult r = score(e, g, "weaviate-ast", Language::Weaviate);
        // aggregations: 0.5 × 0 (metric) + 0.4 × 1 (property) + 0.1 × 1 (distinct) = 0.5
        CHECK(component(r, "aggregations").score == Approx(0.5));
        CHECK(r.score == Approx(0.4 + 0.15 * 3 + 0.15 * 0.5));
    }
}

TEST_CASE("diff: full profile fixture scores", "[diff]") {
    const char* e = "SELECT name FROM singer WHERE age > 30 ORDER BY name";
    DiffResult r = score(e, "SELECT name FROM singer WHERE age > 30 ORDER BY name DESC", "full");
    // order: 0.6 × property + 0.4 × direction = 0.6
    CHECK(component(r, "order").score == Approx(0.6));
    CHECK(r.score == Approx(1 - 0.06 * 0.4));
    r = score(e, "SELECT s.name FROM singer AS s WHERE 30 < s.age ORDER BY s.name ASC", "full");
    CHECK(r.score == 1.0);
    r = score(e, "SELECT name FROM singer WHERE age > 30 ORDER BY name LIMIT 5", "full");
    CHECK(r.score == Approx(1 - 0.04));
    CHECK(component(r, "limit").extra.size() == 1);
    r = score(e, "SELECT name FROM concert WHERE age > 30 ORDER BY name", "full");
    CHECK(r.gated);
    CHECK(r.score == 0.0);
}

TEST_CASE("diff: weaviate-reference reproduces the published metric", "[diff]") {
    SECTION("identical") {
        CHECK(score(kBook250, kBook250, "weaviate-reference", Language::Weaviate).score == Approx(1.0));
    }
    SECTION("exact values: a changed number scores nothing for filters") {
        // integer slot 0/1, text and boolean both null 1/1 each: 0.15 × 2/3
        DiffResult r = score(kBook250, kBook300, "weaviate-reference", Language::Weaviate);
        CHECK(r.score == Approx(0.4 + 0.15 + 0.15 * 2.0 / 3 + 0.15 + 0.15));
    }
    SECTION("a slot set on one side only is skipped") {
        const char* g = R"({ Get { Book(where: {path: ["title"], operator: Equal, valueText: "x"}) { title } } })";
        DiffResult r = score(kBook250, g, "weaviate-reference", Language::Weaviate);
        CHECK(r.score == Approx(1.0));  // the quirk: only the boolean slot (null on both sides) counts
    }
    SECTION("collection is case-sensitive and gates") {
        DiffResult r = score(kBook250, R"({ Get { Books { title } } })", "weaviate-reference", Language::Weaviate);
        CHECK(r.score == 0.0);
        CHECK(r.gated);
    }
    SECTION("aggregations on (property, metrics) per slot; group-by on plain equality") {
        const char* e = R"({ Aggregate { Book(groupBy: ["genre"]) { pageCount { mean maximum } } } })";
        const char* same_metrics = R"({ Aggregate { Book(groupBy: ["genre"]) { pageCount { maximum mean } } } })";
        const char* other_metric = R"({ Aggregate { Book(groupBy: ["genre"]) { pageCount { mean } } } })";
        const char* other_group = R"({ Aggregate { Book(groupBy: ["author"]) { pageCount { mean maximum } } } })";
        CHECK(score(e, same_metrics, "weaviate-reference", Language::Weaviate).score == Approx(1.0));
        // integer slot 0/1, text and boolean slots null on both sides: 2/3
        CHECK(score(e, other_metric, "weaviate-reference", Language::Weaviate).score == Approx(0.85 + 0.15 * 2.0 / 3));
        CHECK(score(e, other_group, "weaviate-reference", Language::Weaviate).score == Approx(0.85));
    }
    SECTION("search: any text counts when both have one") {
        DiffResult r =
            score(R"({ Get { Book(bm25: {query: "space"}) { title } } })",
                  R"({ Get { Book(bm25: {query: "ocean"}) { title } } })", "weaviate-reference", Language::Weaviate);
        CHECK(r.score == Approx(1.0));
    }
}

// ---- property tests over the SQL gold corpora -------------------------------------------------

namespace {

using namespace qdiff::ast;

// Rewrites every expression field bottom-up, in place (the tree belongs to the test's parse result).
template <class F>
void rewrite_in_place(Node& n, F&& f) {
    visit_fields(n, [&](std::string_view, const auto& cfield) {
        using T = std::decay_t<decltype(cfield)>;
        auto& field = const_cast<T&>(cfield);
        if constexpr (detail::is_node_ptr<T>::value) {
            if (field) {
                rewrite_in_place(*field, f);
                if constexpr (std::is_same_v<T, Expr*>) field = f(field);
            }
        } else if constexpr (detail::is_node_list<T>::value) {
            for (uint32_t i = 0; i < field.size(); ++i) {
                rewrite_in_place(*field[i], f);
                if constexpr (std::is_same_v<T, List<Expr*>>) field[i] = f(field[i]);
            }
        }
    });
}

BinaryOp flip(BinaryOp op) {
    switch (op) {
        case BinaryOp::Lt: return BinaryOp::Gt;
        case BinaryOp::LtEq: return BinaryOp::GtEq;
        case BinaryOp::Gt: return BinaryOp::Lt;
        case BinaryOp::GtEq: return BinaryOp::LtEq;
        default: return op;
    }
}

bool comparison(BinaryOp op) {
    return op == BinaryOp::Eq || op == BinaryOp::NotEq || op == BinaryOp::Lt || op == BinaryOp::LtEq ||
           op == BinaryOp::Gt || op == BinaryOp::GtEq;
}

// An equivalent spelling: AND/OR operands swapped, comparison sides swapped, IN lists reversed,
// BETWEEN spelled as a range, then printed (re-formatted) and upper-/lower-cased keywords via reparse.
std::string equivalent_variant(ParseResult& p) {
    Arena& arena = p.arena();
    Node& root = const_cast<Script&>(*p.script());
    rewrite_in_place(root, [&](Expr* e) -> Expr* {
        if (auto* b = dyn_cast<Binary>(e)) {
            if (b->op == BinaryOp::And || b->op == BinaryOp::Or || b->op == BinaryOp::Eq || b->op == BinaryOp::NotEq ||
                (comparison(b->op))) {
                std::swap(b->lhs, b->rhs);
                b->op = flip(b->op);
            }
        } else if (auto* in = dyn_cast<InList>(e)) {
            std::vector<Expr*> items(in->items.begin(), in->items.end());
            std::reverse(items.begin(), items.end());
            in->items = arena.list(items);
        } else if (auto* bt = dyn_cast<Between>(e); bt && !bt->symmetric) {
            auto* lo = arena.make<Binary>();
            lo->op = BinaryOp::GtEq;
            lo->lhs = bt->expr;
            lo->rhs = bt->low;
            auto* hi = arena.make<Binary>();
            hi->op = BinaryOp::LtEq;
            hi->lhs = bt->expr;
            hi->rhs = bt->high;
            auto* both = arena.make<Binary>();
            both->op = BinaryOp::And;
            both->lhs = hi;
            both->rhs = lo;
            return both;
        }
        return e;
    });
    return to_sql(root);
}

// Changes the case of everything outside quotes: keywords, and unquoted identifiers (which SQL folds).
std::string toggle_case(const std::string& sql, size_t seed) {
    std::string out = sql;
    char quote = 0;
    for (size_t i = 0; i < out.size(); ++i) {
        char c = out[i];
        if (quote) {
            if (c == quote) quote = 0;
            continue;
        }
        if (c == '\'' || c == '"' || c == '`') {
            quote = c;
            continue;
        }
        if (c == '[') {
            quote = ']';
            continue;
        }
        unsigned char u = static_cast<unsigned char>(c);
        out[i] = static_cast<char>(((i + seed) % 3 == 0) ? std::toupper(u) : std::tolower(u));
    }
    return out;
}

// Renames every table alias (and its uses as a qualifier) when no aliased table occurs twice in one
// block (self-joins keep their aliases under normalization). Returns false when nothing was renamed.
bool rename_aliases(ParseResult& p) {
    Arena& arena = p.arena();
    std::set<std::string> aliases;
    bool self_join = false;
    std::function<void(const Node&)> scan = [&](const Node& n) {
        if (auto* q = dyn_cast<Query>(&n)) {
            std::map<std::string, int> count;
            std::function<void(const Node&)> tables = [&](const Node& r) {
                if (auto* t = dyn_cast<TableRef>(&r); t && !t->name.empty()) {
                    std::string name(t->name.back().text);
                    for (auto& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
                    if (++count[name] > 1) self_join = true;
                }
                if (auto* j = dyn_cast<JoinedTable>(&r)) {
                    tables(*j->first);
                    for (auto* join : j->joins) tables(*join->right);
                }
            };
            for (auto* s : q->sources) tables(*s);
            for (auto* j : q->joins) tables(*j->right);
        }
        if (auto* t = dyn_cast<TableRef>(&n); t && !t->alias.empty()) {
            std::string a(t->alias.text);
            for (auto& c : a) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
            aliases.insert(a);
        }
        for_each_child(n, scan);
    };
    scan(*p.script());
    if (self_join || aliases.empty()) return false;
    auto lower = [](std::string_view s) {
        std::string out(s);
        for (auto& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        return out;
    };
    auto renamed = [&](const Name& n) { return Name{arena.copy("zz_" + lower(n.text)), false}; };
    std::function<void(const Node&)> apply = [&](const Node& cn) {
        Node& n = const_cast<Node&>(cn);
        if (auto* t = dyn_cast<TableRef>(&n); t && !t->alias.empty()) t->alias = renamed(t->alias);
        if (auto* c = dyn_cast<ColumnRef>(&n);
            c && c->path.size() == 2 && aliases.count(lower(c->path[0].text)) && !c->path[0].quoted) {
            std::vector<Name> path(c->path.begin(), c->path.end());
            path[0] = renamed(path[0]);
            c->path = arena.list(path);
        }
        if (auto* st = dyn_cast<Star>(&n);
            st && st->qualifier.size() == 1 && aliases.count(lower(st->qualifier[0].text))) {
            std::vector<Name> q = {renamed(st->qualifier[0])};
            st->qualifier = arena.list(q);
        }
        for_each_child(n, apply);
    };
    apply(*p.script());
    return true;
}

struct Mutant {
    std::string kind;
    std::string component;
    std::string text;
};

// Small mutations of the first query, each expected to lower the score of the named component.
std::vector<Mutant> mutants(const std::string& text) {
    std::vector<Mutant> out;
    auto fresh = [&]() { return parse(text, {.language = Language::Sql, .dialect = Dialect::Sqlite}); };
    auto top = [](ParseResult& p) -> Query* {
        for (auto* s : p.script()->statements)
            if (auto* q = dyn_cast<Query>(s)) return const_cast<Query*>(q);
        return nullptr;
    };
    {  // change the table
        ParseResult p = fresh();
        Query* q = top(p);
        if (q && !q->sources.empty())
            if (auto* t = dyn_cast<TableRef>(q->sources[0]); t && !t->name.empty()) {
                std::vector<Name> name(t->name.begin(), t->name.end());
                name.back().text = p.arena().copy(std::string(name.back().text) + "_mutant");
                t->name = p.arena().list(name);
                out.push_back({"change the table", "collection", to_sql(*p.script())});
            }
    }
    {  // drop a filter
        ParseResult p = fresh();
        Query* q = top(p);
        if (q && q->filter) {
            auto* b = dyn_cast<Binary>(q->filter);
            q->filter = b && b->op == BinaryOp::And ? b->lhs : nullptr;
            out.push_back({"drop a filter", "filters", to_sql(*p.script())});
        }
    }
    {  // change an operator, then a literal, of the top filter
        ParseResult p = fresh();
        Query* q = top(p);
        Binary* first = nullptr;
        if (q && q->filter) {
            rewrite_in_place(*q->filter, [&](Expr* e) -> Expr* {
                if (auto* b = dyn_cast<Binary>(e); b && !first && comparison(b->op)) first = b;
                return e;
            });
            if (auto* b = dyn_cast<Binary>(q->filter); !first && b && comparison(b->op)) first = b;
        }
        if (first && !dyn_cast<SubqueryExpr>(first->rhs) && !dyn_cast<SubqueryExpr>(first->lhs)) {
            BinaryOp old = first->op;
            first->op = old == BinaryOp::Eq      ? BinaryOp::NotEq
                        : old == BinaryOp::NotEq ? BinaryOp::Eq
                        : old == BinaryOp::Lt    ? BinaryOp::GtEq
                        : old == BinaryOp::GtEq  ? BinaryOp::Lt
                        : old == BinaryOp::Gt    ? BinaryOp::LtEq
                                                 : BinaryOp::Gt;
            out.push_back({"change an operator", "filters", to_sql(*p.script())});
            first->op = old;
            Literal* lit =
                dyn_cast<Literal>(first->rhs) ? dyn_cast<Literal>(first->rhs) : dyn_cast<Literal>(first->lhs);
            if (lit && lit->type == LiteralType::Integer) {
                lit->text = p.arena().copy(std::to_string(std::stoll(std::string(lit->text)) + 7));
                out.push_back({"change a literal", "filters", to_sql(*p.script())});
            } else if (lit && lit->type == LiteralType::String) {
                lit->text = p.arena().copy(std::string(lit->text) + "_mutant");
                out.push_back({"change a literal", "filters", to_sql(*p.script())});
            }
        }
    }
    {  // change an aggregate
        ParseResult p = fresh();
        Query* q = top(p);
        bool changed = false;
        if (q)
            for (auto* item : q->projection)
                if (auto* f = dyn_cast<FunctionCall>(item->expr); f && !changed && f->name.size() == 1) {
                    std::string n = std::string(f->name[0].text);
                    for (auto& c : n) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
                    static const std::map<std::string, std::string> swap = {
                        {"count", "sum"}, {"sum", "avg"}, {"avg", "sum"}, {"max", "min"}, {"min", "max"}};
                    auto it = swap.find(n);
                    if (it == swap.end() || (n == "count" && !f->args.empty() && isa<Star>(f->args[0]))) continue;
                    f->name = p.arena().list(std::vector<Name>{Name{p.arena().copy(it->second), false}});
                    changed = true;
                }
        if (changed) out.push_back({"change an aggregate", "aggregations", to_sql(*p.script())});
    }
    {  // flip ORDER BY
        ParseResult p = fresh();
        Query* q = top(p);
        if (q && !q->order_by.empty()) {
            auto* o = q->order_by[0];
            o->dir = o->dir == SortDir::Desc ? SortDir::Asc : SortDir::Desc;
            out.push_back({"flip ORDER BY", "order", to_sql(*p.script())});
        }
    }
    return out;
}

bool has_set_operation(const Script& script) {
    for (auto* s : script.statements)
        if (auto* q = dyn_cast<Query>(s); q && !q->set_ops.empty()) return true;
    return false;
}

std::vector<std::string> gold_queries() {
    std::vector<std::string> out;
    std::set<std::string> seen;
    for (auto file : {"sql/spider/gold.tsv", "sql/bird/gold.tsv"})
        for (auto& q : testing::read_query_lines(file))
            if (seen.insert(q.text).second) out.push_back(q.text);
    return out;
}

}  // namespace

TEST_CASE("diff: corpus properties over the SQL gold queries", "[diff][corpus]") {
    QDIFF_REQUIRE_CORPUS();
    Profile full = load_profile("full");
    Profile weaviate = load_profile("weaviate-ast");
    Profile hybrid = load_profile("hybrid");
    Profile reference = load_profile("weaviate-reference");
    size_t renamed = 0, differing = 0;
    size_t queries = 0, variants = 0, made = 0, equivalent_mutants = 0, pairs = 0;
    std::map<std::string, size_t> by_component;
    const ParseResult* previous = nullptr;
    std::vector<ParseResult> keep;  // the previous query, for the range check
    for (const std::string& text : gold_queries()) {
        ParseOptions options{.language = Language::Sql, .dialect = Dialect::Sqlite};
        ParseResult original = parse(text, options);
        if (!original.ok()) continue;
        ++queries;
        INFO(text);
        // a query against itself
        DiffResult self = diff(*original.script(), Language::Sql, *original.script(), Language::Sql, full);
        REQUIRE(self.score == 1.0);
        for (const Profile* p : {&weaviate, &hybrid, &reference})
            REQUIRE(diff(*original.script(), Language::Sql, *original.script(), Language::Sql, *p).score == 1.0);
        // scores stay in [0, 1]
        if (previous) {
            for (const Profile* p : {&full, &weaviate, &hybrid, &reference}) {
                DiffResult r = diff(*previous->script(), Language::Sql, *original.script(), Language::Sql, *p);
                REQUIRE(r.score >= 0.0);
                REQUIRE(r.score <= 1.0);
            }
            ++pairs;
        }
        // equivalent spellings
        {
            ParseResult copy = parse(text, options);
            if (rename_aliases(copy)) ++renamed;
            std::string variant = toggle_case(equivalent_variant(copy), queries);
            if (variant != text) ++differing;
            ParseResult v = parse(variant, options);
            INFO("variant: " << variant);
            REQUIRE(v.ok());
            DiffResult r = diff(*original.script(), Language::Sql, *v.script(), Language::Sql, full);
            if (r.score != 1.0)
                for (auto& c : r.components)
                    for (auto& m : c.missing) UNSCOPED_INFO(component_name(c.component) << " missing " << m.text);
            CHECK(r.score == 1.0);
            ++variants;
        }
        // mutants
        for (const Mutant& m : mutants(text)) {
            ParseResult mp = parse(m.text, options);
            INFO("mutant (" << m.component << "): " << m.text);
            REQUIRE(mp.ok());
            ast::Arena arena;
            if (ast::equal(normalize(*original.script(), Language::Sql, arena),
                           normalize(*mp.script(), Language::Sql, arena))) {
                ++equivalent_mutants;
                continue;
            }
            DiffResult r = diff(*original.script(), Language::Sql, *mp.script(), Language::Sql, full);
            ++made;
            ++by_component[m.kind];
            CHECK(r.score < 1.0);
            // set-operation-order may sort the mutated arm out of the head SELECT: then the
            // difference is named under set_operations, where the other arms are compared
            bool in_set_operation = has_set_operation(*original.script());
            // grouped-derived-as-having makes a WHERE over a derived table that groups the HAVING of its
            // block: a mutated filter there is named under having
            bool filter_as_having = false;
            if (m.component == "filters") {
                ast::Arena having_arena;
                const ast::Script* canonical = normalize(*original.script(), Language::Sql, having_arena);
                auto* top = canonical && !canonical->statements.empty() ? ast::dyn_cast<ast::Query>(canonical->statements[0])
                                                                       : nullptr;
                filter_as_having = top && top->having;
            }
            bool named = false;
            for (auto& c : r.components) {
                std::string_view name = component_name(c.component);
                if (name == m.component || (in_set_operation && name == "set_operations") ||
                    (filter_as_having && name == "having"))
                    named = named || c.score < 1.0;
            }
            CHECK(named);
        }
        keep.clear();
        keep.push_back(std::move(original));
        previous = &keep.back();
    }
    std::string summary = "gold queries " + std::to_string(queries) + ", equivalent variants " +
                          std::to_string(variants) + " (" + std::to_string(differing) + " differ in text, " +
                          std::to_string(renamed) + " with renamed aliases), pairs " + std::to_string(pairs) +
                          ", mutants " + std::to_string(made) + " (";
    for (auto& [c, n] : by_component) summary += c + " " + std::to_string(n) + " ";
    summary += "), equivalent mutants skipped " + std::to_string(equivalent_mutants);
    WARN(summary);
    CHECK(queries > 1000);
}

TEST_CASE("diff: Zhang-Shasha tree edit distance", "[diff]") {
    ParseResult a = must_parse("SELECT a FROM t WHERE x > 5", Language::Sql);
    ParseResult b = must_parse("SELECT a FROM t WHERE x < 5", Language::Sql);
    ParseResult c = must_parse("SELECT a FROM t", Language::Sql);
    CHECK(tree_edit_distance(*a.script(), *a.script()) == 0);
    CHECK(tree_edit_distance(*a.script(), *b.script()) == 1);  // one relabel: > to <
    // dropping the filter deletes Binary, ColumnRef and Literal
    CHECK(tree_edit_distance(*a.script(), *c.script()) == 3);
    CHECK(tree_edit_distance(*c.script(), *a.script()) == 3);
    CHECK(tree_size(*c.script()) == 5);  // Script, Query, SelectItem, ColumnRef, TableRef
    auto script = tree_edit_script(*a.script(), *b.script());
    REQUIRE(script.size() == 1);
    CHECK(script[0].op == EditKind::Relabel);
    CHECK(script[0].expected_label == "Binary >");
    CHECK(script[0].generated_label == "Binary <");
    auto drop = tree_edit_script(*a.script(), *c.script());
    REQUIRE(drop.size() == 3);
    for (auto& e : drop) CHECK(e.op == EditKind::Delete);
    auto add = tree_edit_script(*c.script(), *a.script());
    REQUIRE(add.size() == 3);
    for (auto& e : add) CHECK(e.op == EditKind::Insert);
}

TEST_CASE("diff: the edit script has the size of the edit distance", "[diff]") {
    const char* queries[] = {"SELECT a, b FROM t WHERE x > 5 AND y = 'k' ORDER BY a",
                             "SELECT b FROM t JOIN u ON t.id = u.id WHERE x > 6 GROUP BY b HAVING count(*) > 1",
                             "SELECT count(*) FROM (SELECT a FROM t WHERE z IN (1, 2, 3)) AS s",
                             "SELECT a FROM t UNION SELECT a FROM u ORDER BY a DESC LIMIT 3",
                             "SELECT max(a), min(b) FROM t WHERE NOT (a = 1 OR b BETWEEN 2 AND 4)"};
    for (const char* x : queries)
        for (const char* y : queries) {
            ParseResult px = must_parse(x, Language::Sql), py = must_parse(y, Language::Sql);
            INFO(x << "\n" << y);
            size_t distance = tree_edit_distance(*px.script(), *py.script());
            CHECK(tree_edit_script(*px.script(), *py.script()).size() == distance);
            CHECK(tree_edit_distance(*py.script(), *px.script()) == distance);  // unit costs: symmetric
            if (std::string(x) == y) CHECK(distance == 0);
        }
}

TEST_CASE("diff: hybrid profile", "[diff]") {
    const char* e = "SELECT a FROM t WHERE x > 5";
    SECTION("identical") {
        DiffResult r = score(e, e, "hybrid");
        CHECK(*r.base_similarity == 1.0);
        CHECK(*r.final_score == 1.0);
        CHECK(r.score == 1.0);
    }
    SECTION("a conflicting filter") {
        ParseResult pe = must_parse(e, Language::Sql), pg = must_parse("SELECT a FROM t WHERE x < 5", Language::Sql);
        DiffResult r = diff(*pe.script(), Language::Sql, *pg.script(), Language::Sql, load_profile("hybrid"));
        // canonical statements: Query SelectItem ColumnRef TableRef Binary ColumnRef Literal = 7 nodes, 1 relabel
        CHECK(*r.base_similarity == Approx(1 - 1.0 / 7));
        CHECK(*r.label_boost == Approx(0.08));    // projection matches
        CHECK(*r.label_penalty == Approx(0.10));  // filters conflict
        CHECK(*r.final_score == Approx(1 - 1.0 / 7 + 0.08 - 0.10));
        CHECK(r.edits.size() == 1);
        CHECK(r.edits[0].op == EditKind::Update);
        CHECK(r.edits[0].component == Component::Filters);
    }
    SECTION("the gate") {
        DiffResult r = score(e, "SELECT a FROM u WHERE x > 5", "hybrid");
        CHECK(r.gated);
        CHECK(*r.final_score == 0.0);
    }
}

TEST_CASE("diff: Weaviate corpus queries score 1.0 against themselves", "[diff][corpus]") {
    QDIFF_REQUIRE_CORPUS_PART("weaviate/gorilla-graphql");
    std::vector<Profile> profiles;
    for (auto& n : builtin_profile_names()) profiles.push_back(load_profile(n));
    size_t n = 0;
    std::vector<ParseResult> parsed;
    for (auto file : {"weaviate/gorilla-graphql/clean-RETRY-WeaviateGorillaGQLDataset.json",
                      "weaviate/gorilla-graphql/WithoutRetrieval-APISplit-Train-20.json"})
        for (auto& q : testing::read_jsonl_field(file, "output")) {
            ParseResult r = parse(q.text, {.language = Language::Weaviate});
            if (!r.ok()) continue;
            INFO(q.origin << ": " << q.text);
            for (auto& p : profiles) {
                REQUIRE(diff(*r.script(), Language::Weaviate, *r.script(), Language::Weaviate, p).score == 1.0);
                if (!parsed.empty()) {
                    double s =
                        diff(*parsed.back().script(), Language::Weaviate, *r.script(), Language::Weaviate, p).score;
                    REQUIRE(s >= 0.0);
                    REQUIRE(s <= 1.0);
                }
            }
            parsed.clear();
            parsed.push_back(std::move(r));
            ++n;
        }
    WARN("Weaviate corpus queries: " << n);
    CHECK(n > 500);
}

// ---- the command ------------------------------------------------------------------------------

namespace {

using testing::CliRun;

// A scratch file's path, as the command line takes it.
std::string write_scratch(const std::string& name, const std::string& content) {
    return testing::write_scratch(name, content).string();
}

CliRun run_diff_cli(const std::string& args, const std::string& input = "") {
    return testing::run_cli("diff " + args, input);
}

}  // namespace

TEST_CASE("qdiff diff: output and exit codes", "[diff][cli]") {
    std::string e = write_scratch("e.sql", "SELECT T1.name FROM singer AS T1 WHERE 30 < T1.age ORDER BY T1.name");
    std::string g = write_scratch("g.sql", "select name from singer where age > 31 order by name desc");
    CliRun json = run_diff_cli("--lang sql --profile full --format json " + e + " " + g);
    REQUIRE(json.exit_code == 0);
    CHECK(json.err.empty());
    auto j = nlohmann::json::parse(json.out);
    CHECK(j["score"].get<double>() < 1.0);
    CHECK(j["gated"] == false);
    CHECK(j["components"]["order"]["changed"].size() == 1);
    CHECK(j["components"]["filters"]["changed"][0]["expected"]["text"] == "singer.age > 30");
    CHECK(j["components"]["filters"]["changed"][0]["generated"]["span"][0] == 30);
    for (auto& [name, c] : j["components"].items())
        for (const char* field : {"score", "weight", "matched", "missing", "extra", "changed"})
            CHECK(c.contains(field));
    size_t component_edits = 0, node_edits = 0;
    for (auto& edit : j["edits"]) {
        if (edit["level"] == "component") ++component_edits;
        if (edit["level"] != "node") continue;
        ++node_edits;
        for (const char* side : {"expected", "generated"})
            if (edit.contains(side)) CHECK(edit[side]["span"].size() == 2);
    }
    CHECK(component_edits == 2);  // the changed filter and the changed order
    // node level: the literal 30 -> 31 and the direction asc -> desc
    CHECK(node_edits == 2);
    CHECK(j["tree_distance"] == 2);
    CHECK(j["tree_distance_exact"] == true);
    CHECK_FALSE(j.contains("base_similarity"));

    CliRun hybrid = run_diff_cli("--lang sql --profile hybrid --format json " + e + " -",
                                 "SELECT name FROM singer WHERE age > 30 ORDER BY name");
    REQUIRE(hybrid.exit_code == 0);
    auto h = nlohmann::json::parse(hybrid.out);
    CHECK(h["final_score"] == 1.0);
    CHECK(h["base_similarity"] == 1.0);

    CliRun text = run_diff_cli("--lang sql " + e + " " + g);
    CHECK(text.exit_code == 0);
    CHECK(text.out.find("filters") != std::string::npos);
    CHECK(text.out.find("node edits: 2") != std::string::npos);
    CHECK(text.out.find("relabel 30 [1:40]  ->  31 [1:37]\n") != std::string::npos);
    CHECK(text.out.find("relabel ORDER BY … ASC [1:61] in `T1.name`  ->  ORDER BY … DESC [1:49] in `name desc`") !=
          std::string::npos);

    std::string profile = write_scratch("p.json", R"({"name": "mine", "gate": "", "weights": {"filters": 1}})");
    CliRun custom = run_diff_cli("--lang sql --format json --profile " + profile + " " + e + " " + g);
    CHECK(custom.exit_code == 0);
    CHECK(nlohmann::json::parse(custom.out)["profile"] == "mine");

    CHECK(run_diff_cli("--lang sql " + e).exit_code == 2);
    CHECK(run_diff_cli("--lang sql --profile nope " + e + " " + g).exit_code == 2);
    CHECK(run_diff_cli("--lang sql " + e + " /no/such/file").exit_code == 2);
    CliRun bad = run_diff_cli("--lang sql " + e + " -", "SELEC name FROM singer");
    CHECK(bad.exit_code == 1);
    CHECK(bad.err.find("error") != std::string::npos);
}

TEST_CASE("diff: queries of two languages", "[diff]") {
    ParseResult e = must_parse("SELECT title FROM Book WHERE pageCount > 250", Language::Sql);
    ParseResult g = must_parse(kBook250, Language::Weaviate);
    for (const char* profile : {"weaviate-ast", "full"}) {
        DiffResult r = diff(*e.script(), Language::Sql, *g.script(), Language::Weaviate, load_profile(profile));
        INFO(profile);
        CHECK_FALSE(r.gated);
        CHECK(r.score == 1.0);
    }
    ParseResult g300 = must_parse(kBook300, Language::Weaviate);
    DiffResult r = diff(*e.script(), Language::Sql, *g300.script(), Language::Weaviate, load_profile("weaviate-ast"));
    CHECK(r.score < 1.0);
    CHECK(component(r, "filters").changed.size() == 1);
}

TEST_CASE("diff: statements other than queries", "[diff]") {
    CHECK(score("DELETE FROM t WHERE a = 1", "DELETE FROM t WHERE a = 1", "full").score == 1.0);
    DiffResult r = score("DELETE FROM t WHERE a = 1", "DELETE FROM t WHERE a = 2", "full");
    CHECK(r.score < 1.0);
    CHECK(component(r, "filters").changed.size() == 1);
    CHECK(score("INSERT INTO t VALUES (1)", "INSERT INTO u VALUES (1)", "full").gated);
    CHECK(score("UPDATE t SET a = 1", "UPDATE t SET a = 2", "full").score < 1.0);
}

TEST_CASE("diff: model predictions against the gold queries", "[diff][corpus]") {
    QDIFF_REQUIRE_CORPUS();
    std::vector<Profile> profiles;
    for (auto& n : builtin_profile_names()) profiles.push_back(load_profile(n));
    struct Set {
        const char* gold;
        const char* pred;
    };
    for (Set set : {Set{"sql/spider/gold.tsv", "sql/spider/pred.sql"},
                    Set{"sql/spider/gold.tsv", "sql/spider/pred-dailsql-gpt4.sql"},
                    Set{"sql/bird/gold.tsv", "sql/bird/pred-dailsql-gpt4.sql"}}) {
        auto gold = testing::read_query_lines(set.gold);
        auto pred = testing::read_query_lines(set.pred);
        size_t pairs = 0, equal = 0, perfect = 0;
        double sum = 0;
        for (size_t i = 0; i < std::min(gold.size(), pred.size()); ++i) {
            ParseOptions options{.language = Language::Sql, .dialect = Dialect::Sqlite};
            ParseResult g = parse(gold[i].text, options), p = parse(pred[i].text, options);
            if (!g.ok() || !p.ok()) continue;
            INFO(gold[i].origin << ": " << gold[i].text << "\n" << pred[i].origin << ": " << pred[i].text);
            ++pairs;
            ast::Arena arena;
            bool same =
                ast::equal(normalize(*g.script(), Language::Sql, arena), normalize(*p.script(), Language::Sql, arena));
            equal += same;
            for (const Profile& profile : profiles) {
                DiffResult r = diff(*g.script(), Language::Sql, *p.script(), Language::Sql, profile);
                REQUIRE(r.score >= 0.0);
                REQUIRE(r.score <= 1.0);
                if (same) REQUIRE(r.score == 1.0);
                if (profile.name == "full") {
                    sum += r.score;
                    perfect += r.score == 1.0;
                }
            }
        }
        WARN(set.pred << ": " << pairs << " pairs, " << equal << " equal after normalization, " << perfect
                      << " score 1.0 (full), mean score (full) " << (pairs ? sum / pairs : 0));
        CHECK(pairs > 500);
    }
}

// The Hungarian algorithm of diff/matching.cpp against Boost.Graph's maximum_weighted_matching (a
// general-graph matcher, used here only as an oracle) on random atom sets.
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/maximum_weighted_matching.hpp>
#include <random>

TEST_CASE("diff: the Hungarian matching agrees with Boost.Graph's maximum weighted matching", "[diff]") {
    using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS, boost::no_property,
                                        boost::property<boost::edge_weight_t, double>>;
    std::mt19937 rng(12345);
    const char* properties[] = {"age", "name", "city", "ages", "title", "pagecount"};
    const char* ops[] = {"=", ">", "<", "LIKE"};
    auto random_atom = [&]() {
        AtomKey a;
        a.property = properties[rng() % 6];
        a.op = ops[rng() % 4];
        a.number = static_cast<double>(rng() % 50);
        a.value = std::to_string(static_cast<int>(*a.number));
        std::string text = a.property + a.op + a.value;
        return make_keyed_atom(std::move(text), {}, std::move(a));
    };
    for (int trial = 0; trial < 200; ++trial) {
        std::vector<Atom> e(rng() % 6), g(rng() % 6);
        for (auto& a : e) a = random_atom();
        for (auto& a : g) a = random_atom();
        if (e.empty() && g.empty()) continue;
        ComponentResult r = compare_component(Component::Filters, e, g);
        double hungarian = r.score * static_cast<double>(e.size() + g.size()) / 2;

        Graph graph(e.size() + g.size());
        for (size_t i = 0; i < e.size(); ++i)
            for (size_t j = 0; j < g.size(); ++j) {
                double s = atom_similarity(Component::Filters, e[i], g[j]);
                if (s < 0.3) continue;  // compare_component's threshold
                boost::add_edge(i, e.size() + j, std::round(s * 1e6), graph);
            }
        std::vector<boost::graph_traits<Graph>::vertex_descriptor> mate(e.size() + g.size());
        boost::maximum_weighted_matching(graph, &mate[0]);
        double oracle = static_cast<double>(boost::matching_weight_sum(graph, &mate[0])) / 1e6;
        INFO("trial " << trial << ": " << e.size() << " x " << g.size());
        CHECK(hungarian == Approx(oracle).margin(1e-4));
    }
}

TEST_CASE("diff: node-level edits for every profile, with spans in both texts", "[diff]") {
    const std::string e = "SELECT name FROM singer WHERE age > 30";
    const std::string g = "SELECT name FROM singer WHERE age > 31";
    for (const std::string profile : {"full", "weaviate-ast", "weaviate-reference", "hybrid"}) {
        INFO(profile);
        DiffResult r = score(e, g, profile);
        REQUIRE(r.tree_edits.size() == 1);
        CHECK(r.tree_distance == 1);
        CHECK(r.tree_distance_exact);
        CHECK_FALSE(r.tree_edits_truncated);
        const TreeEdit& edit = r.tree_edits[0];
        CHECK(edit.op == EditKind::Relabel);
        CHECK(edit.expected_label == "Literal integer 30");
        CHECK(edit.generated_label == "Literal integer 31");
        CHECK(e.substr(edit.expected.begin, edit.expected.end - edit.expected.begin) == "30");
        CHECK(g.substr(edit.generated.begin, edit.generated.end - edit.generated.begin) == "31");
        CHECK(score(e, e, profile).tree_edits.empty());
    }
}

TEST_CASE("diff: the node-level script is bounded for huge queries", "[diff]") {
    // an IN list of n items has about n nodes; two of them multiply past kMaxTreeEditCells
    auto in_list = [](int n, int offset) {
        std::string q = "SELECT a FROM t WHERE a IN (";
        for (int i = 0; i < n; ++i) q += (i ? ", " : "") + std::to_string(i + offset);
        return q + ")";
    };
    SECTION("past the cell cap: no script, a lower bound") {
        DiffResult r = score(in_list(1200, 0), in_list(1200, 600), "hybrid");
        CHECK_FALSE(r.tree_distance_exact);
        CHECK(r.tree_edits.empty());
        CHECK(r.tree_edits_truncated);
        CHECK(r.tree_distance == 600);  // 600 literals have no partner label; the rest do
        // Query SelectItem ColumnRef TableRef InList ColumnRef + 1200 literals
        CHECK(*r.base_similarity == Approx(1 - 600.0 / 1206));
    }
    SECTION("under the cell cap, a long script is cut at kMaxTreeEdits") {
        DiffResult r = score(in_list(900, 0), in_list(900, 1000), "full");
        CHECK(r.tree_distance_exact);
        CHECK(r.tree_distance == 900);  // every literal relabelled
        CHECK(r.tree_edits.size() == kMaxTreeEdits);
        CHECK(r.tree_edits_truncated);
    }
}

TEST_CASE("diff: scripts of several statements score statement i against statement i", "[diff]") {
    const char* two = "SELECT a FROM t; SELECT b FROM u WHERE c = 1";
    SECTION("identical") {
        DiffResult r = score(two, two, "full");
        CHECK(r.statements == 2);
        CHECK(r.score == 1.0);
        CHECK(r.tree_edits.empty());
    }
    SECTION("the second statement differs: its atoms carry its index") {
        DiffResult r = score(two, "SELECT a FROM t; SELECT b FROM u WHERE c = 2", "full");
        DiffResult second = score("SELECT b FROM u WHERE c = 1", "SELECT b FROM u WHERE c = 2", "full");
        CHECK(r.score == Approx((1.0 + second.score) / 2));
        REQUIRE(component(r, "filters").changed.size() == 1);
        CHECK(component(r, "filters").changed[0].expected.statement == 1);
        CHECK(component(r, "filters").score == Approx((1.0 + component(second, "filters").score) / 2));
    }
    SECTION("a missing statement scores 0 and every atom of it is missing") {
        DiffResult r = score(two, "SELECT a FROM t", "full");
        CHECK(r.statements == 2);
        CHECK(r.score == Approx(0.5));
        CHECK_FALSE(r.gated);
        CHECK(component(r, "collection").missing.size() == 1);
        CHECK(component(r, "collection").missing[0].text == "u");
        CHECK(r.tree_distance == 7);  // Query SelectItem ColumnRef TableRef Binary ColumnRef Literal deleted
    }
    SECTION("an extra statement costs the same") {
        DiffResult r = score("SELECT a FROM t", two, "hybrid");
        CHECK(r.score == Approx(0.5));
        CHECK(component(r, "collection").extra.size() == 1);
    }
    SECTION("order counts: statements are paired by position") {
        CHECK(score(two, "SELECT b FROM u WHERE c = 1; SELECT a FROM t", "full").score < 0.5);
    }
}

TEST_CASE("diff: KQL has against LIKE, and months against days", "[diff]") {
    auto cross = [](const std::string& sql, const std::string& kql) {
        ParseResult e = must_parse(sql, Language::Sql), g = must_parse(kql, Language::Kql);
        return diff(*e.script(), Language::Sql, *g.script(), Language::Kql, load_profile("full"));
    };
    // KQL's has and contains ignore case, and so does LIKE in SQLite (in standard SQL it does not)
    auto sqlite_cross = [](const std::string& sql, const std::string& kql) {
        ParseResult e = must_parse(sql, Language::Sql, Dialect::Sqlite), g = must_parse(kql, Language::Kql);
        return diff(*e.script(), Language::Sql, *g.script(), Language::Kql, load_profile("full"),
                    DiffOptions{.dialect = Dialect::Sqlite, .normalize_off = {}, .schema = nullptr});
    };
    SECTION("has is a word match, LIKE '%v%' a substring match: 0.4 + 0.2 x 0.5 + 0.4") {
        DiffResult r = sqlite_cross("SELECT a FROM t WHERE name LIKE '%bob%'", "t | where name has 'bob' | project a");
        REQUIRE(component(r, "filters").changed.size() == 1);
        CHECK(component(r, "filters").changed[0].similarity == Approx(0.9));
        CHECK(sqlite_cross("SELECT a FROM t WHERE name LIKE '%bob%'", "t | where name contains 'bob' | project a")
                  .score == 1.0);
        // the standard's LIKE is case-sensitive: contains_cs, not contains
        CHECK(cross("SELECT a FROM t WHERE name LIKE '%bob%'", "t | where name contains_cs 'bob' | project a").score ==
              1.0);
        CHECK(cross("SELECT a FROM t WHERE name LIKE '%bob%'", "t | where name contains 'bob' | project a").score < 1.0);
    }
    SECTION("TOP n PERCENT is a share of the rows, not n rows: never 1.0") {
        // the profiles that weigh the limit (the Weaviate ones do not, whatever the two limits are)
        for (const std::string profile : {"full", "hybrid", "execution"}) {
            ParseResult e = must_parse("SELECT TOP 10 PERCENT a FROM t ORDER BY a", Language::Sql, Dialect::Tsql);
            ParseResult g = must_parse("SELECT TOP 10 a FROM t ORDER BY a", Language::Sql, Dialect::Tsql);
            DiffResult r = diff(*e.script(), Language::Sql, *g.script(), Language::Sql, load_profile(profile),
                                DiffOptions{.dialect = Dialect::Tsql, .normalize_off = {}, .schema = nullptr});
            INFO(profile);
            CHECK(r.score < 1.0);
            CHECK(diff(*e.script(), Language::Sql, *e.script(), Language::Sql, load_profile(profile),
                       DiffOptions{.dialect = Dialect::Tsql, .normalize_off = {}, .schema = nullptr})
                      .score == 1.0);
        }
    }
    SECTION("a month is 30.436875 days: close to 30d, not equal") {
        DiffResult r =
            cross("SELECT a FROM t WHERE d > NOW() - INTERVAL '1 month'", "t | where d > ago(30d) | project a");
        REQUIRE(component(r, "filters").changed.size() == 1);
        double value = 1 - (2629746.0 - 2592000.0) / 2629746.0;
        CHECK(component(r, "filters").changed[0].similarity == Approx(0.6 + 0.4 * value));
        CHECK(
            cross("SELECT a FROM t WHERE d > NOW() - INTERVAL '30 days'", "t | where d > ago(30d) | project a").score ==
            1.0);
    }
    SECTION("a length of time is not compared by closeness with a plain number") {
        DiffResult r =
            score("SELECT a FROM t WHERE d > NOW() - INTERVAL '1 hour'", "SELECT a FROM t WHERE d > 3600", "full");
        REQUIRE(component(r, "filters").score < 0.9);
    }
}

TEST_CASE("diff: a string that differs only in letter case is another value, where case matters", "[diff]") {
    for (const std::string profile : {"full", "execution"}) {
        INFO(profile);
        CHECK(score("SELECT a FROM t WHERE b = 'south Bohemia'", "SELECT a FROM t WHERE b = 'South Bohemia'", profile)
                  .score < 1.0);
        CHECK(score("SELECT a FROM t WHERE b = 'south Bohemia'", "SELECT a FROM t WHERE b = 'south Bohemia'", profile)
                  .score == 1.0);
        // KQL's has and contains ignore case
        CHECK(score("T | where b has 'Bob'", "T | where b has 'bob'", profile, Language::Kql).score == 1.0);
        CHECK(score("T | where b contains 'Bob'", "T | where b contains 'bob'", profile, Language::Kql).score == 1.0);
        CHECK(score("T | where b == 'Bob'", "T | where b == 'bob'", profile, Language::Kql).score < 1.0);
    }
    // close, not far: the filter atom keeps most of its credit
    DiffResult r = score("SELECT a FROM t WHERE b = 'south Bohemia'", "SELECT a FROM t WHERE b = 'South Bohemia'", "full");
    REQUIRE(component(r, "filters").changed.size() == 1);
    CHECK(component(r, "filters").changed[0].similarity == Approx(0.98));
}

TEST_CASE("diff: components, profile kinds, edit kinds and stages each have one stable name", "[diff]") {
    CHECK(kComponentCount == 12);
    for (Component c : kComponents) CHECK(parse_component_name(component_name(c)) == c);
    CHECK(component_name(Component::GroupBy) == "group_by");
    CHECK(component_name(Component::SetOperations) == "set_operations");
    CHECK_FALSE(parse_component_name("group by"));
    CHECK(parse_profile_kind_name("hybrid") == ProfileKind::Hybrid);
    CHECK(profile_kind_name(ProfileKind::Execution) == "execution");
    CHECK_FALSE(parse_profile_kind_name("Hybrid"));
    CHECK(edit_kind_name(EditKind::Relabel) == "relabel");
    CHECK(stage_kind_name(StageKind::Relevance) == "relevance");
    CHECK(parse_stage_kind_name("results") == StageKind::Results);
}

TEST_CASE("diff: the default profile depends on both languages and on what the score is for", "[diff]") {
    using qdiff::default_profile_name, qdiff::ProfileUse;
    CHECK(default_profile_name(Language::Weaviate, Language::Weaviate, ProfileUse::Diff) == "weaviate-ast");
    CHECK(default_profile_name(Language::Weaviate, Language::Weaviate, ProfileUse::Batch) == "weaviate-ast");
    CHECK(default_profile_name(Language::Sql, Language::Sql, ProfileUse::Diff) == "full");
    CHECK(default_profile_name(Language::Kql, Language::Kql, ProfileUse::Batch) == "execution");
    CHECK(default_profile_name(Language::Weaviate, Language::Sql, ProfileUse::Diff) == "full");
    CHECK(default_profile_name(Language::Sql, Language::Weaviate, ProfileUse::Batch) == "execution");
    for (Language a : {Language::Sql, Language::Kql, Language::Weaviate})
        for (Language b : {Language::Sql, Language::Kql, Language::Weaviate})
            for (ProfileUse use : {ProfileUse::Diff, ProfileUse::Batch})
                CHECK(load_profile(std::string(default_profile_name(a, b, use))).name ==
                      default_profile_name(a, b, use));
}

// The matcher's key is typed (diff/matching.hpp): a value's literal type or ago(t), its number, and the
// slot a Weaviate structured aggregation names.
TEST_CASE("diff: an atom's key holds its value's type and number, and a Weaviate aggregation's slot", "[diff]") {
    ast::Arena arena;
    auto atoms = [&](const std::string& text, Language language, Component component) {
        ParseResult r = parse(text, {.language = language});
        INFO(text);
        REQUIRE(r.ok());
        return extract_components(*normalize(*r.script(), language, arena), language)[component];
    };
    std::vector<Atom> sql = atoms("SELECT a FROM t WHERE n = 3 AND d = 2.5 AND s = 'x' AND c = b", Language::Sql,
                                  Component::Filters);
    REQUIRE(sql.size() == 4);
    std::map<std::string, const AtomKey*> by_property;  // columns qualified, `c = b` ordered as `b = c`
    for (const Atom& a : sql) by_property[a.key->property] = a.key.get();
    CHECK(by_property.at("t.n")->value_type == ValueType::Integer);
    CHECK(by_property.at("t.n")->number == 3.0);
    CHECK(by_property.at("t.d")->value_type == ValueType::Decimal);
    CHECK(by_property.at("t.d")->number == 2.5);
    CHECK(by_property.at("t.s")->value_type == ValueType::String);
    CHECK_FALSE(by_property.at("t.s")->number);
    CHECK(by_property.at("t.b")->value_type == ValueType::None);  // a column: no literal
    CHECK_FALSE(by_property.at("t.b")->number);
    for (const Atom& a : sql) CHECK(a.key->context == "AND");

    std::vector<Atom> kql = atoms("T | where ts > ago(1h)", Language::Kql, Component::Filters);
    REQUIRE(kql.size() == 1);
    CHECK(kql[0].key->value_type == ValueType::Ago);
    CHECK(kql[0].key->number == 3600.0);

    std::vector<Atom> aggregations =
        atoms(R"({"target_collection":"Menus","text_property_aggregation":{"property_name":"name","metrics":"COUNT"}})",
              Language::Weaviate, Component::Aggregations);
    REQUIRE(aggregations.size() == 1);
    CHECK(aggregations[0].key->slot == WeaviateSlot::Text);
    // Outside a structured query no alias names a slot: the published metric guesses it from the metric.
    for (const Atom& a : atoms("SELECT count(a) FROM t", Language::Sql, Component::Aggregations))
        CHECK(a.key->slot == WeaviateSlot::None);
}
