// The normalization rule registry (ast/normalize/rules.def): every rule is named, switchable, and its
// own example pair is equal with it on and different with it off (the other rules stay on).
#include <catch2/catch.hpp>

#include <map>
#include <set>

#include "qdiff/ast_print.hpp"
#include "qdiff/normalize.hpp"
#include "qdiff/parse.hpp"

namespace {

using namespace qdiff;

struct Example {
    const char* a;
    const char* b;
    Language language = Language::Sql;
    Dialect dialect = Dialect::Generic;
    Language b_language = Language::Auto;  // Auto: the same as `language`
};

bool equal_after(const Example& e, const std::set<std::string>& off) {
    Language b_language = e.b_language == Language::Auto ? e.language : e.b_language;
    ParseOptions p;
    p.language = e.language;
    p.dialect = e.dialect;
    ParseResult a = parse(e.a, p);
    p.language = b_language;
    ParseResult b = parse(e.b, p);
    INFO(e.a << " | " << e.b);
    REQUIRE(a.ok());
    REQUIRE(b.ok());
    ast::Arena arena;
    NormalizeOptions options;
    options.fold_all_names = e.language != b_language;  // as the differ does for two languages
    options.dialect = e.dialect;
    options.off = off;
    ast::Script* na = normalize(*a.script(), e.language, arena, options);
    ast::Script* nb = normalize(*b.script(), b_language, arena, options);
    INFO(to_sql(*na) << "  |  " << to_sql(*nb));
    return ast::equal(na, nb);
}

}  // namespace

TEST_CASE("normalize rules: each rule's example is equal with it and different without it", "[normalize]") {
    const std::map<std::string, Example> examples = {
        {"identifier-case", {"SELECT Name FROM Singer", "select name from singer"}},
        {"aliases", {"SELECT t1.a FROM tab AS t1", "SELECT tab.a FROM tab"}},
        {"commutative-order", {"SELECT a FROM t WHERE b = 2 AND c = 1", "SELECT a FROM t WHERE c = 1 AND b = 2"}},
        {"comparison-orientation", {"SELECT a FROM t WHERE 5 < x", "SELECT a FROM t WHERE x > 5"}},
        {"between-as-range", {"SELECT a FROM t WHERE x BETWEEN 1 AND 5", "SELECT a FROM t WHERE x >= 1 AND x <= 5"}},
        {"in-list-set", {"SELECT a FROM t WHERE x IN (3, 1, 2)", "SELECT a FROM t WHERE x IN (1, 2, 3)"}},
        {"not-push-down", {"SELECT a FROM t WHERE NOT x > 5", "SELECT a FROM t WHERE x <= 5"}},
        {"numeric-literals", {"SELECT a FROM t WHERE x = 1.0", "SELECT a FROM t WHERE x = 1"}},
        {"count-star", {"SELECT count(1) FROM t", "SELECT count(*) FROM t"}},
        {"timespans", {"T | where ts > ago(60m)", "T | where ts > ago(1h)", Language::Kql}},
        {"now-and-ago",
         {"SELECT a FROM t WHERE ts > NOW() - INTERVAL '1 hour'",
          "SELECT a FROM t WHERE ts > CURRENT_TIMESTAMP - INTERVAL '1 hour'"}},
        {"sort-direction", {"SELECT a FROM t ORDER BY a", "SELECT a FROM t ORDER BY a ASC"}},
        {"kql-summarize",
         {"T | summarize count() by x", "SELECT x, COUNT(*) FROM T GROUP BY x", Language::Kql, Dialect::Generic, Language::Sql}},
        {"or-equalities-as-in", {"SELECT a FROM t WHERE x = 1 OR x = 2", "SELECT a FROM t WHERE x IN (1, 2)"}},
        {"function-synonyms", {"SELECT ifnull(a, 0) FROM t", "SELECT coalesce(a, 0) FROM t"}},
        {"inner-joins-as-filter", {"SELECT a.x FROM a JOIN b ON a.id = b.id", "SELECT a.x FROM a, b WHERE a.id = b.id"}},
        {"like-as-string-operators",
         {"SELECT name FROM t WHERE name LIKE '%v%'", "t | where name contains 'v' | project name", Language::Sql,
          Dialect::Generic, Language::Kql}},
        {"constant-folding", {"SELECT a FROM t WHERE x > 1 + 1", "SELECT a FROM t WHERE x > 2"}},
        {"group-by-as-distinct", {"SELECT a, b FROM t GROUP BY b, a", "SELECT DISTINCT a, b FROM t"}},
        {"null-safe-equality", {"SELECT a FROM t WHERE b IS NOT DISTINCT FROM NULL", "SELECT a FROM t WHERE b IS NULL"}},
        {"having-keys-as-filter",
         {"SELECT k, count(*) FROM t GROUP BY k HAVING k > 3", "SELECT k, count(*) FROM t WHERE k > 3 GROUP BY k"}},
        {"concat-chain", {"SELECT concat(a, b) FROM t", "SELECT a || b FROM t"}},
        {"conditionals-as-case", {"SELECT iif(a > 1, 1, 0) FROM t", "SELECT CASE WHEN a > 1 THEN 1 ELSE 0 END FROM t"}},
        {"case-insensitive-equality", {"SELECT a FROM t WHERE name ILIKE 'Bob'", "SELECT a FROM t WHERE lower(name) = 'bob'"}},
        {"cast-types",
         {"SELECT CAST(a AS REAL) FROM t", "SELECT CAST(a AS FLOAT) FROM t", Language::Sql, Dialect::Sqlite}},
    };
    for (const NormalizeRule& rule : normalize_rules()) {
        std::string name(rule.name);
        INFO("rule " << name);
        auto it = examples.find(name);
        REQUIRE(it != examples.end());  // every rule has its example here
        CHECK(equal_after(it->second, {}));
        CHECK_FALSE(equal_after(it->second, {name}));
    }
    CHECK(examples.size() == normalize_rules().size());
}

TEST_CASE("normalize rules: SQLite CAST types compare by affinity only in SQLite", "[normalize]") {
    CHECK(equal_after({"SELECT CAST(a AS INT) FROM t", "SELECT CAST(a AS BIGINT) FROM t", Language::Sql, Dialect::Sqlite}, {}));
    CHECK(equal_after({"SELECT CAST(a AS VARCHAR(10)) FROM t", "SELECT CAST(a AS TEXT) FROM t", Language::Sql, Dialect::Sqlite}, {}));
    CHECK_FALSE(equal_after({"SELECT CAST(a AS REAL) FROM t", "SELECT CAST(a AS NUMERIC) FROM t", Language::Sql, Dialect::Sqlite}, {}));
    CHECK_FALSE(equal_after({"SELECT CAST(a AS REAL) FROM t", "SELECT CAST(a AS FLOAT) FROM t", Language::Sql, Dialect::Postgres}, {}));
}
