// The normalization rule registry (ast/normalize/rules.def): every rule is named, switchable, and has
// its own fixture pair tests/data/normalize/<name>.input.<sql|kql> and <name>.expected.<sql|kql> (a
// first line `-- dialect: NAME` picks the SQL dialect). The input normalizes to the expected form
// with every rule on and not with that one rule off, and the expected form is one the rule leaves alone.
#include <catch2/catch.hpp>

#include <deque>
#include <filesystem>
#include <set>
#include <vector>

#include "qdiff/ast_print.hpp"
#include "qdiff/dialect.hpp"
#include "qdiff/normalize.hpp"
#include "qdiff/parse.hpp"
#include "support/corpus.hpp"

namespace {

using namespace qdiff;
namespace fs = std::filesystem;

struct Query {
    std::string text;
    Language language = Language::Sql;
    Dialect dialect = Dialect::Generic;
};

struct Example {
    Query a;
    Query b;
};

Query sql(std::string text, Dialect dialect = Dialect::Generic) { return {std::move(text), Language::Sql, dialect}; }

Query read_query(const fs::path& path) {
    Query q{qdiff::testing::read_file(path), path.extension() == ".kql" ? Language::Kql : Language::Sql};
    const std::string directive = "-- dialect: ";
    if (q.text.starts_with(directive)) {
        std::string name = q.text.substr(directive.size(), q.text.find('\n') - directive.size());
        auto d = parse_dialect_name(name);
        INFO(path << ": unknown dialect " << name);
        REQUIRE(d);
        q.dialect = *d;
    }
    return q;
}

fs::path fixture(const std::string& rule, const char* side) {
    fs::path dir = fs::path(QDIFF_TEST_DATA_DIR) / "normalize";
    for (const char* ext : {".sql", ".kql"}) {
        fs::path p = dir / (rule + "." + side + ext);
        if (fs::exists(p)) return p;
    }
    return {};
}

// The parse results stay alive in `keep` (the normalized tree points into their text).
const ast::Script& parsed(const Query& q, std::deque<ParseResult>& keep) {
    ParseOptions p;
    p.language = q.language;
    p.dialect = q.dialect;
    const ParseResult& result = keep.emplace_back(parse(q.text, p));
    INFO(q.text);
    REQUIRE(result.ok());
    return *result.script();
}

// `q` normalized as the differ does when `other` is the other query of the pair.
ast::Script* normalized(const Query& q, const Query& other, const std::set<std::string>& off, ast::Arena& arena,
                        std::deque<ParseResult>& keep) {
    NormalizeOptions options;
    options.fold_all_names = q.language != other.language;  // as the differ does for two languages
    options.dialect = q.dialect;
    options.off = off;
    if (!traits(q.dialect).double_quotes_name) options.counterpart_strings = string_literals(parsed(other, keep));
    return normalize(parsed(q, keep), q.language, arena, options);
}

bool equal_after(const Example& e, const std::set<std::string>& off) {
    ast::Arena arena;
    std::deque<ParseResult> keep;
    ast::Script* na = normalized(e.a, e.b, off, arena, keep);
    ast::Script* nb = normalized(e.b, e.a, off, arena, keep);
    INFO(to_sql(*na) << "  |  " << to_sql(*nb));
    return ast::equal(na, nb);
}

}  // namespace

TEST_CASE("normalize rules: each rule's fixture pair is equal with it and different without it", "[normalize]") {
    std::set<std::string> names;
    for (const NormalizeRule& rule : normalize_rules()) {
        std::string name(rule.name);
        names.insert(name);
        INFO("rule " << name);
        fs::path input = fixture(name, "input"), expected = fixture(name, "expected");
        REQUIRE(!input.empty());
        REQUIRE(!expected.empty());
        Example pair{read_query(input), read_query(expected)};
        CHECK(equal_after(pair, {}));
        CHECK_FALSE(equal_after(pair, {name}));
        // The expected side is the rule's output form: switching the rule off changes nothing there.
        ast::Arena arena;
        std::deque<ParseResult> keep;
        ast::Script* on = normalized(pair.b, pair.a, {}, arena, keep);
        ast::Script* off = normalized(pair.b, pair.a, {name}, arena, keep);
        INFO(to_sql(*on) << "  |  " << to_sql(*off));
        CHECK(ast::equal(on, off));
    }
    // No fixture is left over from a rule that is gone.
    for (const auto& entry : fs::directory_iterator(fs::path(QDIFF_TEST_DATA_DIR) / "normalize")) {
        std::string file = entry.path().filename().string();
        std::string rule = file.substr(0, file.find('.'));
        INFO(file);
        CHECK(names.count(rule));
    }
}

TEST_CASE("normalize rules: SQLite CAST types compare by affinity only in SQLite", "[normalize]") {
    CHECK(equal_after(
        {sql("SELECT CAST(a AS INT) FROM t", Dialect::Sqlite), sql("SELECT CAST(a AS BIGINT) FROM t", Dialect::Sqlite)},
        {}));
    CHECK(equal_after({sql("SELECT CAST(a AS VARCHAR(10)) FROM t", Dialect::Sqlite),
                       sql("SELECT CAST(a AS TEXT) FROM t", Dialect::Sqlite)},
                      {}));
    CHECK_FALSE(equal_after({sql("SELECT CAST(a AS REAL) FROM t", Dialect::Sqlite),
                             sql("SELECT CAST(a AS NUMERIC) FROM t", Dialect::Sqlite)},
                            {}));
    CHECK_FALSE(equal_after({sql("SELECT CAST(a AS REAL) FROM t", Dialect::Postgres),
                             sql("SELECT CAST(a AS FLOAT) FROM t", Dialect::Postgres)},
                            {}));
}

TEST_CASE("normalize rules: aggregates are the function catalogue's", "[normalize]") {
    // max(a, b) is SQLite's scalar: grouping by it without an aggregate is DISTINCT
    CHECK(equal_after({sql("SELECT max(a, b) FROM t GROUP BY max(a, b)", Dialect::Sqlite),
                       sql("SELECT DISTINCT max(a, b) FROM t", Dialect::Sqlite)},
                      {}));
    // stddev_pop and json_group_array aggregate rows: no DISTINCT there
    CHECK_FALSE(equal_after(
        {sql("SELECT stddev_pop(a) FROM t GROUP BY stddev_pop(a)"), sql("SELECT DISTINCT stddev_pop(a) FROM t")}, {}));
    CHECK_FALSE(equal_after({sql("SELECT json_group_array(a) FROM t GROUP BY json_group_array(a)", Dialect::Sqlite),
                             sql("SELECT DISTINCT json_group_array(a) FROM t", Dialect::Sqlite)},
                            {}));
}

TEST_CASE("normalize is idempotent on a quoted name whose quotes keep its case", "[normalize]") {
    // SQLite reads "USA" as a column when one exists: in generic normalization it keeps its case
    // because it is quoted, and must stay quoted, or a second pass folds it (tests/fuzz/crashes/normalize/).
    for (Dialect dialect : {Dialect::Sqlite, Dialect::Postgres, Dialect::Generic}) {
        ParseOptions p;
        p.language = Language::Sql;
        p.dialect = dialect;
        ParseResult parsed = parse("SELECT count(*) FROM AIRLINES WHERE Country = \"USA\"", p);
        REQUIRE(parsed.ok());
        ast::Arena arena;
        ast::Script* once = normalize(*parsed.script(), Language::Sql, arena);
        ast::Script* twice = normalize(*once, Language::Sql, arena);
        INFO(to_sql(*once) << "  |  " << to_sql(*twice));
        CHECK(ast::equal(once, twice));
    }
}

TEST_CASE("normalize rules: a quoted name is the other query's string only where quotes can make strings",
          "[normalize]") {
    const char* quoted = R"(SELECT name FROM singer WHERE country = "USA")";
    const char* string = "SELECT name FROM singer WHERE country = 'USA'";
    CHECK(equal_after({sql(quoted, Dialect::Sqlite), sql(string, Dialect::Sqlite)}, {}));
    CHECK(equal_after({sql(quoted, Dialect::Generic), sql(string, Dialect::Generic)}, {}));
    // PostgreSQL and T-SQL: "USA" is always a column.
    CHECK_FALSE(equal_after({sql(quoted, Dialect::Postgres), sql(string, Dialect::Postgres)}, {}));
    CHECK_FALSE(equal_after({sql(quoted, Dialect::Tsql), sql(string, Dialect::Tsql)}, {}));
    // Only a text the other query has as a string: "UK" stays a name.
    ast::Arena arena;
    std::deque<ParseResult> keep;
    std::string uk =
        to_sql(*normalized(sql(R"(SELECT name FROM singer WHERE country = "UK" OR country = "USA")", Dialect::Sqlite),
                           sql(string, Dialect::Sqlite), {}, arena, keep));
    INFO(uk);
    CHECK(uk.find("'USA'") != std::string::npos);
    CHECK(uk.find("'UK'") == std::string::npos);
    // An unquoted USA is a column.
    CHECK_FALSE(equal_after(
        {sql("SELECT name FROM singer WHERE country = USA", Dialect::Sqlite), sql(string, Dialect::Sqlite)}, {}));
}

TEST_CASE("normalize rules: set operation operands are ordered only where the order cannot matter", "[normalize]") {
    CHECK(equal_after({sql("SELECT a FROM t UNION ALL SELECT b FROM u UNION ALL SELECT c FROM v"),
                       sql("SELECT c FROM v UNION ALL SELECT a FROM t UNION ALL SELECT b FROM u")},
                      {}));
    CHECK_FALSE(equal_after(
        {sql("SELECT a FROM t EXCEPT SELECT b FROM u"), sql("SELECT b FROM u EXCEPT SELECT a FROM t")}, {}));
    CHECK_FALSE(equal_after({sql("SELECT a FROM t UNION SELECT b FROM u ORDER BY 1"),
                             sql("SELECT b FROM u UNION SELECT a FROM t ORDER BY 1")},
                            {}));
    CHECK_FALSE(equal_after({sql("SELECT a FROM t UNION SELECT b FROM u UNION ALL SELECT c FROM v"),
                             sql("SELECT c FROM v UNION SELECT a FROM t UNION ALL SELECT b FROM u")},
                            {}));
}
