// The dialect table (include/qdiff/dialects.def): names, the checks read from it, --dialect auto.
#include <algorithm>
#include <catch2/catch.hpp>
#include <iostream>

#include "qdiff/ast_print.hpp"
#include "qdiff/parse.hpp"
#include "support/corpus.hpp"

using namespace qdiff;

namespace {

bool has_code(const ParseResult& r, std::string_view code) {
    for (const Diagnostic& d : r.diagnostics())
        if (d.code() == code) return true;
    return false;
}

}  // namespace

TEST_CASE("every dialect is found by its name and its aliases", "[sql][dialect]") {
    for (const DialectTraits& t : all_dialects()) {
        CHECK(parse_dialect_name(t.name) == t.dialect);
        CHECK(dialect_name(t.dialect) == t.name);
        CHECK(dialect_names().find(t.name) != std::string::npos);
    }
    CHECK(parse_dialect_name("mssql") == Dialect::Tsql);
    CHECK(parse_dialect_name("postgresql") == Dialect::Postgres);
    CHECK_FALSE(parse_dialect_name("oracle"));
    CHECK_FALSE(parse_dialect_name(""));
}

TEST_CASE("warehouse syntax is accepted in its dialects and a dialect-feature error elsewhere", "[sql][dialect]") {
    struct Case {
        std::string sql;
        std::vector<Dialect> accepted;
    };
    const std::vector<Case> cases = {
        {"SELECT * EXCEPT (a, b) FROM t", {Dialect::Bigquery, Dialect::Snowflake, Dialect::Duckdb}},
        {"SELECT * EXCLUDE (a) FROM t", {Dialect::Bigquery, Dialect::Snowflake, Dialect::Duckdb}},
        {"SELECT SAFE_CAST(x AS INT64) FROM t", {Dialect::Bigquery}},
        {"SELECT a, SUM(b) FROM t GROUP BY ALL", {Dialect::Snowflake, Dialect::Duckdb}},
        {"SELECT a FROM t ORDER BY ALL DESC", {Dialect::Snowflake, Dialect::Duckdb}},
        {"SELECT ARRAY_AGG(x ORDER BY y LIMIT 3) FROM t", {Dialect::Bigquery}},
        {"FROM t SELECT a WHERE b > 1", {Dialect::Duckdb}},
        {"SELECT a FROM t QUALIFY ROW_NUMBER() OVER (ORDER BY b) = 1",
         {Dialect::Bigquery, Dialect::Snowflake, Dialect::Duckdb}},
        {"SELECT a::INT FROM t", {Dialect::Postgres, Dialect::Snowflake, Dialect::Duckdb}},
        {"SELECT * FROM ds.events_* WHERE _TABLE_SUFFIX > '2024'", {Dialect::Bigquery}},
        {"SELECT STRUCT(1 AS a, 'x' AS b) FROM t", {Dialect::Bigquery, Dialect::Snowflake, Dialect::Duckdb}},
        {"SELECT {'a': 1} FROM t", {Dialect::Bigquery, Dialect::Snowflake, Dialect::Duckdb}},
        {"SELECT ARRAY<INT64>[1, 2] FROM t", {Dialect::Bigquery}},
        {"SELECT CAST(x AS STRUCT<a INT64, b ARRAY<STRING>>) FROM t", {Dialect::Bigquery}},
        {"SELECT * FROM t PIVOT (SUM(a) FOR b IN ('x', 'y')) AS p",
         {Dialect::Tsql, Dialect::Bigquery, Dialect::Snowflake, Dialect::Duckdb}},
        {"SELECT * FROM t UNPIVOT (v FOR k IN (a, b))",
         {Dialect::Tsql, Dialect::Bigquery, Dialect::Snowflake, Dialect::Duckdb}},
        {"SELECT * FROM t TABLESAMPLE BERNOULLI (10)",
         {Dialect::Postgres, Dialect::Tsql, Dialect::Bigquery, Dialect::Snowflake, Dialect::Duckdb}},
        {"SELECT * FROM t FOR SYSTEM_TIME AS OF '2024-01-01'", {Dialect::Tsql, Dialect::Bigquery}},
        {"SELECT * FROM t FOR SYSTEM_TIME BETWEEN '2024-01-01' AND '2024-02-01'", {Dialect::Tsql}},
        {"SELECT * FROM t FOR SYSTEM_TIME ALL", {Dialect::Tsql}},
        {"SELECT * FROM t AT(OFFSET => -60) AS x", {Dialect::Snowflake}},
        {"SELECT * FROM t BEFORE(STATEMENT => '8e5d0ca9')", {Dialect::Snowflake}},
        {"SELECT AS STRUCT a, b FROM t", {Dialect::Bigquery}},
        {"SELECT AS VALUE STRUCT(1 AS a) FROM t", {Dialect::Bigquery}},
        {"SELECT CAST(x AS STRUCT(a INTEGER, b VARCHAR)) FROM t", {Dialect::Duckdb}},
        {"CREATE TABLE t (u UNION(n INT, s VARCHAR))", {Dialect::Duckdb}},
        {"SELECT list_transform(l, lambda x: x + 1) FROM t", {Dialect::Duckdb}},
        {"PIVOT t ON c USING sum(v)", {Dialect::Duckdb}},
        {"PIVOT t ON c, d USING sum(v)", {Dialect::Duckdb}},
        {"UNPIVOT t ON a, b INTO NAME k VALUE v", {Dialect::Duckdb}},
        {"SELECT a FROM t AS x FORCE INDEX (i, j) IGNORE KEY FOR ORDER BY (k) WHERE a = 1", {Dialect::Mysql}},
        {"SELECT a FROM t INDEXED BY i JOIN u NOT INDEXED ON t.k = u.k", {Dialect::Sqlite}},
        // Issue 33: warehouse forms real BigQuery and Snowflake queries use, and LIMIT, which T-SQL lacks.
        {"SELECT a, b, FROM t", {Dialect::Bigquery, Dialect::Snowflake, Dialect::Duckdb}},
        {"SELECT x FROM t WHERE x IN UNNEST(arr)", {Dialect::Bigquery}},
        {"SELECT x FROM t WHERE x NOT IN UNNEST(t.tags)", {Dialect::Bigquery}},
        {"CREATE TEMP FUNCTION f(x INT64) AS (x + 1)", {Dialect::Bigquery, Dialect::Snowflake, Dialect::Duckdb}},
        {"CREATE FUNCTION f(x INT) RETURNS INT AS 'SELECT x'",
         {Dialect::Postgres, Dialect::Mysql, Dialect::Tsql, Dialect::Bigquery, Dialect::Snowflake, Dialect::Duckdb}},
        {"SELECT name FROM singer LIMIT 5",
         {Dialect::Postgres, Dialect::Sqlite, Dialect::Mysql, Dialect::Bigquery, Dialect::Snowflake, Dialect::Duckdb}},
        {"SELECT TOP 5 name FROM singer", {Dialect::Tsql, Dialect::Snowflake}},
    };
    for (const Case& c : cases) {
        for (const DialectTraits& t : all_dialects()) {
            if (t.dialect == Dialect::Generic || t.dialect == Dialect::Auto) continue;
            INFO(c.sql << " in " << t.name);
            ParseResult r = parse(c.sql, {.language = Language::Sql, .dialect = t.dialect});
            bool accepted = std::find(c.accepted.begin(), c.accepted.end(), t.dialect) != c.accepted.end();
            CHECK(r.ok() == accepted);
            if (!accepted) CHECK(has_code(r, "dialect-feature"));
        }
        INFO(c.sql << " in generic");
        CHECK(parse(c.sql, {.language = Language::Sql}).ok());
    }
}

TEST_CASE("warehouse syntax prints and parses back to an equal AST in its dialect", "[sql][dialect]") {
    struct Case {
        std::string sql;
        Dialect dialect;
        std::string canonical;  // what to_sql prints
    };
    const std::vector<Case> cases = {
        {"SELECT * FROM analytics.events_* WHERE _TABLE_SUFFIX BETWEEN '1' AND '2'", Dialect::Bigquery,
         "SELECT * FROM analytics.events_* WHERE _TABLE_SUFFIX BETWEEN '1' AND '2'"},
        {"SELECT ARRAY<STRUCT<a INT64, b STRING>>[(1, 'x')] FROM t", Dialect::Bigquery,
         "SELECT CAST(ARRAY[(1, 'x')] AS ARRAY<STRUCT<A INT64,B STRING>>) FROM t"},
        {"SELECT STRUCT<n INT64>(1), STRUCT(1 AS a, x) FROM t", Dialect::Bigquery,
         "SELECT CAST(STRUCT(1) AS STRUCT<N INT64>), STRUCT(1 AS a, x) FROM t"},
        {"SELECT * FROM p UNPIVOT INCLUDE NULLS ((a, b) FOR k IN ((a1, b1) AS 'one', (a2, b2) AS 2))",
         Dialect::Bigquery,
         "SELECT * FROM p UNPIVOT INCLUDE NULLS ((a, b) FOR k IN ((a1, b1) AS \"one\", (a2, b2) AS \"2\"))"},
        {"SELECT a FROM t QUALIFY rn = 1 WINDOW w AS (ORDER BY b)", Dialect::Bigquery,
         "SELECT a FROM t WINDOW w AS (ORDER BY b) QUALIFY rn = 1"},
        {"SELECT * FROM s PIVOT (SUM(amt) AS total, COUNT(*) n FOR q IN ('Q1' AS q1, 'Q2')) p", Dialect::Bigquery,
         "SELECT * FROM s PIVOT (SUM(amt) AS total, COUNT(*) AS n FOR q IN ('Q1' AS q1, 'Q2')) AS p"},
        {"SELECT * FROM s PIVOT (SUM(amt) FOR m IN (ANY ORDER BY m) DEFAULT ON NULL (0))", Dialect::Snowflake,
         "SELECT * FROM s PIVOT (SUM(amt) FOR m IN (ANY ORDER BY m) DEFAULT ON NULL (0))"},
        {"SELECT * FROM a JOIN b ON a.k = b.k SAMPLE BERNOULLI (100 ROWS) SEED (7)", Dialect::Snowflake,
         "SELECT * FROM (a JOIN b ON a.k = b.k) TABLESAMPLE BERNOULLI (100 ROWS) REPEATABLE (7)"},
        {"SELECT $1 FROM @db.sch.stage/path/ (FILE_FORMAT => 'ff', PATTERN => '.*[.]csv') s", Dialect::Snowflake,
         "SELECT $1 FROM @db.sch.stage/path/(FILE_FORMAT => 'ff', PATTERN => '.*[.]csv') AS s"},
        {"SELECT [x], {'k': [1, 2]}, l[1:n] FROM t USING SAMPLE 5", Dialect::Duckdb,
         "SELECT ARRAY[x], STRUCT(ARRAY[1, 2] AS k), l[1:n] FROM t TABLESAMPLE (5 ROWS)"},
        {"SELECT list_filter(l, x -> x > 1 AND x IS NOT NULL), list_reduce(l, (a, b) -> a + b) FROM t", Dialect::Duckdb,
         "SELECT list_filter(l, x -> (x > 1 AND x IS NOT NULL)), list_reduce(l, (a, b) -> (a + b)) FROM t"},
        {"SELECT f(j -> 'a'), list_filter(l, x -> 'a') FROM t", Dialect::Postgres,
         "SELECT f(j -> 'a'), list_filter(l, x -> 'a') FROM t"},
        {"SELECT w.word FROM bigquery-public-data.samples.shakespeare AS w JOIN my-proj-2.ds.t ON w.word = t.w",
         Dialect::Bigquery,
         "SELECT w.word FROM bigquery-public-data.samples.shakespeare AS w JOIN my-proj-2.ds.t ON w.word = t.w"},
        {"SELECT a-b.c FROM t-x.ds.t", Dialect::Generic, "SELECT a - b.c FROM t-x.ds.t"},
        {"SELECT * FROM ds.t AS a FOR SYSTEM_TIME AS OF TIMESTAMP_SUB(CURRENT_TIMESTAMP(), INTERVAL 1 HOUR)",
         Dialect::Bigquery,
         "SELECT * FROM ds.t FOR SYSTEM_TIME AS OF TIMESTAMP_SUB(CURRENT_TIMESTAMP, INTERVAL '1 HOUR') AS a"},
        {"SELECT e.id FROM dbo.emp FOR SYSTEM_TIME AS OF '2024-01-01' AS e", Dialect::Tsql,
         "SELECT e.id FROM dbo.emp FOR SYSTEM_TIME AS OF '2024-01-01' AS e"},
        {"SELECT * FROM t at(timestamp => '2024-01-01'::TIMESTAMP_LTZ) s JOIN u BEFORE(STATEMENT => '8e5d') ON s.k = u.k",
         Dialect::Snowflake,
         "SELECT * FROM t AT(TIMESTAMP => CAST('2024-01-01' AS TIMESTAMP_LTZ)) AS s JOIN u BEFORE(STATEMENT => '8e5d') ON "
         "s.k = u.k"},
        {"SELECT * FROM t AT(OFFSET => -60 * 5) AS x", Dialect::Snowflake, "SELECT * FROM t AT(OFFSET => -60 * 5) AS x"},
        {"SELECT e.id FROM dbo.emp FOR SYSTEM_TIME FROM '2024-01-01' TO '2025-01-01' AS e WHERE e.x > 1", Dialect::Tsql,
         "SELECT e.id FROM dbo.emp FOR SYSTEM_TIME FROM '2024-01-01' TO '2025-01-01' AS e WHERE e.x > 1"},
        {"SELECT * FROM emp FOR SYSTEM_TIME BETWEEN DATEADD(day, -1, SYSUTCDATETIME()) AND SYSUTCDATETIME() WHERE a = 1 AND b = 2",
         Dialect::Tsql,
         "SELECT * FROM emp FOR SYSTEM_TIME BETWEEN DATEADD(day, -1, SYSUTCDATETIME()) AND SYSUTCDATETIME() WHERE a = 1 AND "
         "b = 2"},
        {"SELECT * FROM emp FOR SYSTEM_TIME contained in ('2024-01-01', '2025-01-01') e JOIN d FOR SYSTEM_TIME ALL ON e.d = d.id",
         Dialect::Tsql,
         "SELECT * FROM emp FOR SYSTEM_TIME CONTAINED IN ('2024-01-01', '2025-01-01') AS e JOIN d FOR SYSTEM_TIME ALL ON e.d "
         "= d.id"},
        {"SELECT CAST(s AS STRUCT(a INTEGER, b VARCHAR[])), m::MAP(VARCHAR, STRUCT(k INT)[]), x::INT[3], "
         "y::VARCHAR[][], CAST(u AS UNION(n INT, s VARCHAR)) FROM t",
         Dialect::Duckdb,
         "SELECT CAST(s AS STRUCT(A INTEGER,B VARCHAR[])), CAST(m AS MAP(VARCHAR,STRUCT(K INT)[])), CAST(x AS INT[3]), "
         "CAST(y AS VARCHAR[][]), CAST(u AS UNION(N INT,S VARCHAR)) FROM t"},
        {"CREATE TABLE t (s STRUCT(a INTEGER, b MAP(VARCHAR, INTEGER)), l INTEGER[])", Dialect::Duckdb,
         "CREATE TABLE t (s STRUCT(A INTEGER,B MAP(VARCHAR,INTEGER)), l INTEGER[])"},
        {"SELECT list_filter(l, lambda x: x > 1 AND x < 5), list_reduce(l, lambda a, b: a + b) FROM t", Dialect::Duckdb,
         "SELECT list_filter(l, x -> (x > 1 AND x < 5)), list_reduce(l, (a, b) -> (a + b)) FROM t"},
        {"PIVOT sales ON quarter USING sum(amount) AS total, max(amount + fee) GROUP BY region ORDER BY region",
         Dialect::Duckdb,
         "SELECT * FROM (SELECT region, quarter, amount, fee FROM sales) PIVOT (sum(amount) AS total, max(amount + fee) "
         "FOR quarter IN (ANY)) ORDER BY region"},
        {"PIVOT t ON c IN ('a', 'b')", Dialect::Duckdb, "SELECT * FROM t PIVOT (count(*) FOR c IN ('a', 'b'))"},
        // Index hints choose how a table is read, not what it holds: the tree keeps none of them.
        {"SELECT a FROM t USE INDEX (i) JOIN u IGNORE INDEX FOR JOIN () ON t.k = u.k", Dialect::Mysql,
         "SELECT a FROM t JOIN u ON t.k = u.k"},
        {"SELECT a FROM t AS x INDEXED BY i JOIN u NOT INDEXED ON x.k = u.k", Dialect::Sqlite,
         "SELECT a FROM t AS x JOIN u ON x.k = u.k"},
        {"SELECT 2 ** 3, 7 // 2, COUNT(*)*2 FROM t", Dialect::Duckdb, "SELECT 2 ^ 3, 7 DIV 2, COUNT(*) * 2 FROM t"},
        {"PIVOT sales ON region, quarter USING sum(amount) GROUP BY year", Dialect::Duckdb,
         "SELECT * FROM (SELECT year, region, quarter, amount FROM sales) PIVOT (sum(amount) FOR (region, quarter) IN (ANY))"},
        {"UNPIVOT m ON jan, feb INTO NAME month VALUE sales", Dialect::Duckdb,
         "SELECT * FROM m UNPIVOT (sales FOR month IN (jan, feb))"},
        {"WITH u AS (UNPIVOT m ON jan, feb) SELECT * FROM u", Dialect::Duckdb,
         "WITH u AS (SELECT * FROM m UNPIVOT (value FOR name IN (jan, feb))) SELECT * FROM u"},
        {"SELECT ARRAY(SELECT AS STRUCT x, y FROM u), (SELECT DISTINCT AS VALUE s FROM v) FROM t", Dialect::Bigquery,
         "SELECT ARRAY((SELECT AS STRUCT x, y FROM u)), (SELECT DISTINCT AS VALUE s FROM v) FROM t"},
    };
    for (const Case& c : cases) {
        INFO(c.sql << " in " << dialect_name(c.dialect));
        ParseResult first = parse(c.sql, {.language = Language::Sql, .dialect = c.dialect});
        REQUIRE(first.ok());
        std::string printed = to_sql(*first.script());
        CHECK(printed == c.canonical);
        ParseResult again = parse(printed, {.language = Language::Sql, .dialect = c.dialect});
        INFO(printed);
        REQUIRE(again.ok());
        CHECK(ast::equal(first.script(), again.script()));
    }
    // In DuckDB the arrow of a list function's argument is a lambda; in PostgreSQL the JSON operator.
    auto kind_of_arg = [](Dialect d) {
        ParseResult r = parse("SELECT list_filter(l, x -> x > 1) FROM t", {.language = Language::Sql, .dialect = d});
        REQUIRE(r.ok());
        std::string sexpr = to_sexpr(*r.script());
        return sexpr.find("(Lambda") != std::string::npos;
    };
    CHECK(kind_of_arg(Dialect::Duckdb));
    CHECK_FALSE(kind_of_arg(Dialect::Postgres));
    // Time travel and SELECT AS STRUCT are part of the tree: they make a difference, and BigQuery
    // prints FOR SYSTEM_TIME after the alias, as its grammar has it.
    auto script_of = [](const std::string& sql) {
        ParseResult r = parse(sql, {.language = Language::Sql, .dialect = Dialect::Bigquery});
        REQUIRE(r.ok());
        return r;
    };
    ParseResult now = script_of("SELECT a FROM t AS x"), then = script_of("SELECT a FROM t AS x FOR SYSTEM_TIME AS OF ts");
    CHECK_FALSE(ast::equal(now.script(), then.script()));
    CHECK(to_sql(*then.script(), {.dialect = Dialect::Bigquery}) == "SELECT a FROM t AS x FOR SYSTEM_TIME AS OF ts");
    ParseResult rows = script_of("SELECT a FROM t"), structs = script_of("SELECT AS STRUCT a FROM t");
    CHECK_FALSE(ast::equal(rows.script(), structs.script()));
    CHECK_FALSE(parse("SELECT * FROM t FOR SYSTEM_VERSION AS OF 1", {.language = Language::Sql}).ok());
    // T-SQL's periods are told apart, and a misspelt one is an error, not another table's alias
    auto tsql = [](const std::string& sql) { return parse(sql, {.language = Language::Sql, .dialect = Dialect::Tsql}); };
    ParseResult from_to = tsql("SELECT * FROM t FOR SYSTEM_TIME FROM 1 TO 2");
    ParseResult between = tsql("SELECT * FROM t FOR SYSTEM_TIME BETWEEN 1 AND 2");
    REQUIRE(from_to.ok());
    REQUIRE(between.ok());
    CHECK_FALSE(ast::equal(from_to.script(), between.script()));
    CHECK_FALSE(tsql("SELECT * FROM t FOR SYSTEM_TIME CONTAINS IN (1, 2)").ok());
    CHECK_FALSE(tsql("SELECT * FROM t FOR SYSTEM_VERSION ALL").ok());
    CHECK(parse("SELECT * FROM t FOR UPDATE", {.language = Language::Sql, .dialect = Dialect::Postgres}).ok());
    // DuckDB gives each ON column its own IN list; one list after several columns cannot say whose.
    CHECK_FALSE(parse("PIVOT t ON a, b IN (1, 2)", {.language = Language::Sql, .dialect = Dialect::Duckdb}).ok());
    CHECK_FALSE(parse("SELECT AS ROW a FROM t", {.language = Language::Sql}).ok());
    // DuckDB's two lambda spellings are one Lambda; printed for DuckDB with the keyword, which it
    // reads in any function's arguments (its arrow only in the list functions').
    auto duckdb = [](const std::string& sql) {
        ParseResult r = parse(sql, {.language = Language::Sql, .dialect = Dialect::Duckdb});
        REQUIRE(r.ok());
        return r;
    };
    ParseResult arrow = duckdb("SELECT list_transform(l, x -> x + 1) FROM t");
    ParseResult keyword = duckdb("SELECT list_transform(l, lambda x: x + 1) FROM t");
    CHECK(ast::equal(arrow.script(), keyword.script()));
    ParseResult macro = duckdb("SELECT my_macro(lambda a, b: a + b) FROM t");
    std::string printed = to_sql(*macro.script(), {.dialect = Dialect::Duckdb});
    CHECK(printed == "SELECT my_macro(lambda a, b: a + b) FROM t");
    CHECK(ast::equal(macro.script(), duckdb(printed).script()));
    // The PIVOT statement is the PIVOT of SELECT * FROM.
    CHECK(ast::equal(duckdb("PIVOT t ON c USING sum(v)").script(),
                     duckdb("SELECT * FROM t PIVOT (sum(v) FOR c IN (ANY))").script()));
    CHECK_FALSE(parse("UNPIVOT t ON a INTO KEY k VALUE v", {.language = Language::Sql}).ok());
}

TEST_CASE("dialect lexing: backslash escapes, # comments, triple-quoted, raw strings, col:path, ** and //",
          "[sql][dialect]") {
    auto sexpr_of = [](const std::string& sql, Dialect d) {
        ParseResult r = parse(sql, {.language = Language::Sql, .dialect = d});
        INFO(sql);
        REQUIRE(r.ok());
        return to_sexpr(*r.script());
    };
    CHECK(sexpr_of("SELECT 'Mark\\'s' # a comment\nFROM t", Dialect::Bigquery) ==
          sexpr_of("SELECT 'Mark''s' FROM t", Dialect::Generic));
    CHECK(sexpr_of("SELECT '''two\nlines''' FROM t", Dialect::Bigquery) ==
          sexpr_of("SELECT 'two\nlines' FROM t", Dialect::Generic));
    CHECK(sexpr_of("SELECT r'a\\d+' FROM t", Dialect::Bigquery) == sexpr_of("SELECT 'a\\d+' FROM t", Dialect::Generic));
    CHECK(sexpr_of("SELECT v:field.sub[0]::STRING FROM t", Dialect::Snowflake) ==
          sexpr_of("SELECT GET_PATH(v, 'field.sub')[0]::STRING FROM t", Dialect::Generic));
    // Elsewhere `#` and `'\''` keep their common meaning: an error here.
    CHECK_FALSE(parse("SELECT 1 # comment", {.language = Language::Sql, .dialect = Dialect::Postgres}).ok());
    CHECK(parse("SELECT 'a\\'", {.language = Language::Sql, .dialect = Dialect::Postgres}).ok());
    CHECK_FALSE(parse("SELECT 'a\\'", {.language = Language::Sql, .dialect = Dialect::Bigquery}).ok());
    // A dashed project name where a table is named (BigQuery, and generic, which reads every dialect);
    // `a-b.c` is a subtraction anywhere else, and a syntax error after FROM in the other dialects.
    CHECK(sexpr_of("SELECT x FROM my-project.ds.t", Dialect::Bigquery).find("(\"my-project\" ds t)") != std::string::npos);
    CHECK(sexpr_of("SELECT a-b.c, d - e FROM t", Dialect::Bigquery) ==
          sexpr_of("SELECT a - b.c, d - e FROM t", Dialect::Generic));
    CHECK_FALSE(parse("SELECT 1 FROM a-b", {.language = Language::Sql, .dialect = Dialect::Bigquery}).ok());
    CHECK_FALSE(parse("SELECT x FROM my-project.ds.t", {.language = Language::Sql, .dialect = Dialect::Postgres}).ok());
    // DuckDB's `**` and `//`; elsewhere two stars or slashes stay two tokens (a syntax error here).
    CHECK(sexpr_of("SELECT 2 ** 3, 7 // 2 FROM t", Dialect::Duckdb) ==
          sexpr_of("SELECT 2 ^ 3, 7 DIV 2 FROM t", Dialect::Generic));
    CHECK_FALSE(parse("SELECT 2 ** 3", {.language = Language::Sql, .dialect = Dialect::Postgres}).ok());
    CHECK_FALSE(parse("SELECT 7 // 2", {.language = Language::Sql, .dialect = Dialect::Generic}).ok());
    // The hints' new keywords still name columns.
    CHECK(parse("SELECT force, indexed FROM t", {.language = Language::Sql, .dialect = Dialect::Mysql}).ok());
}

TEST_CASE("dialect auto: names the dialect it read the text in", "[sql][dialect]") {
    struct Case {
        std::string sql;
        Dialect expected;
    };
    const std::vector<Case> cases = {
        {"SELECT SAFE_CAST(x AS INT64) FROM `p.d.t`", Dialect::Bigquery},
        {"SELECT IFF(a > 1, 'y', 'n') FROM t QUALIFY ROW_NUMBER() OVER (ORDER BY a) = 1", Dialect::Snowflake},
        {"SELECT * EXCLUDE (a) FROM read_csv('f.csv')", Dialect::Duckdb},
        {"SELECT TOP 5 name FROM t WHERE d > GETDATE()", Dialect::Tsql},
        {"SELECT name FROM t WHERE d > NOW() - INTERVAL '1 day'", Dialect::Postgres},
        {"SELECT name FROM t", Dialect::Generic},
    };
    for (const Case& c : cases) {
        INFO(c.sql);
        CHECK(guess_dialect(c.sql) == c.expected);
        ParseResult r = parse(c.sql, {.language = Language::Sql, .dialect = Dialect::Auto});
        CHECK(r.ok());
        REQUIRE_FALSE(r.diagnostics().empty());
        CHECK(r.diagnostics()[0].code() == "dialect-guessed");
        CHECK(r.diagnostics()[0].message.find(dialect_name(c.expected)) != std::string::npos);
    }
}

TEST_CASE("dialect auto: on the defog warehouse gold queries", "[sql][dialect][corpus]") {
    QDIFF_REQUIRE_CORPUS();
    for (auto [file, dialect] : {std::pair{"questions_gen_bigquery.csv", Dialect::Bigquery},
                                 std::pair{"questions_gen_snowflake.csv", Dialect::Snowflake},
                                 std::pair{"questions_gen_tsql.csv", Dialect::Tsql}}) {
        auto queries = testing::defog_gold(file);
        REQUIRE(queries.size() > 100);
        size_t right = 0, parsed = 0;
        for (const auto& q : queries) {
            right += guess_dialect(q.text) == dialect;
            parsed += parse(q.text, {.language = Language::Sql, .dialect = Dialect::Auto}).ok();
        }
        std::cout << "[dialect auto] " << file << ": guessed " << right << " of " << queries.size() << ", parsed "
                  << parsed << "\n";
        CHECK(parsed == queries.size());  // a wrong guess must still parse these
    }
}

TEST_CASE("top is a name in every dialect; only TOP n is T-SQL's and Snowflake's (issue 33)", "[sql][dialect]") {
    for (const DialectTraits& t : all_dialects()) {
        if (t.dialect == Dialect::Auto) continue;
        for (std::string sql : {"SELECT x FROM t AS top", "SELECT top FROM t", "SELECT t.top FROM t WHERE top > 1"}) {
            INFO(sql << " in " << t.name);
            ParseResult r = parse(sql, {.language = Language::Sql, .dialect = t.dialect});
            CHECK(r.ok());
        }
    }
    ParseResult bigquery = parse("SELECT TOP 3 a FROM t", {.language = Language::Sql, .dialect = Dialect::Bigquery});
    CHECK(has_code(bigquery, "dialect-feature"));
}

TEST_CASE("T-SQL rejects LIMIT, and its fix is TOP or FETCH (issue 33)", "[sql][dialect]") {
    ParseResult limit = parse("SELECT name FROM singer LIMIT 5", {.language = Language::Sql, .dialect = Dialect::Tsql});
    CHECK_FALSE(limit.ok());
    REQUIRE(has_code(limit, "dialect-feature"));
    CHECK(render_text(limit.diagnostics(), limit.source()).find("LIMIT is not valid in the tsql dialect") !=
          std::string::npos);
    CHECK(parse("SELECT name FROM singer ORDER BY name OFFSET 0 ROWS FETCH NEXT 5 ROWS ONLY",
                {.language = Language::Sql, .dialect = Dialect::Tsql})
              .ok());
}

TEST_CASE("BigQuery and Snowflake forms lower to the AST and print back to it (issue 33)", "[sql][dialect]") {
    struct Case {
        std::string sql;
        Dialect dialect;
        std::string sexpr_part;  // in the tree
    };
    const std::vector<Case> cases = {
        {"SELECT arr[SAFE_OFFSET(0)].field FROM t", Dialect::Bigquery, "(FieldAccess :base (Subscript"},
        {"SELECT ARRAY_AGG(s ORDER BY d LIMIT 1)[OFFSET(0)].name.first FROM t", Dialect::Bigquery,
         ":field first"},
        {"SELECT f(x).y FROM t", Dialect::Bigquery, "(FieldAccess :base (FunctionCall"},
        {"SELECT x FROM t WHERE x IN UNNEST(arr)", Dialect::Bigquery, "(InSubquery"},
        {"SELECT f.value FROM t, LATERAL FLATTEN(input => t.arr, OUTER => TRUE) f", Dialect::Snowflake,
         "(NamedArg :name OUTER"},
        {"SELECT a, b, FROM t", Dialect::Bigquery, "(ColumnRef :path (b))"},
    };
    for (const Case& c : cases) {
        INFO(c.sql);
        ParseResult first = parse(c.sql, {.language = Language::Sql, .dialect = c.dialect});
        INFO(render_text(first.diagnostics(), first.source()));
        REQUIRE(first.ok());
        CHECK(to_sexpr(*first.script()).find(c.sexpr_part) != std::string::npos);
        std::string printed = to_sql(*first.script(), {.dialect = c.dialect});
        INFO(printed);
        ParseResult second = parse(printed, {.language = Language::Sql, .dialect = c.dialect});
        REQUIRE(second.ok());
        CHECK(to_sexpr(*second.script()) == to_sexpr(*first.script()));
    }
    ParseResult temp = parse("CREATE TEMP FUNCTION add1(x INT64) RETURNS INT64 AS (x + 1); SELECT add1(a) FROM t",
                             {.language = Language::Sql, .dialect = Dialect::Bigquery});
    INFO(render_text(temp.diagnostics(), temp.source()));
    REQUIRE(temp.ok());
    REQUIRE(temp.script()->statements.size() == 2);
    CHECK(to_sexpr(*temp.script()->statements[0]).find("CREATE TEMP FUNCTION") != std::string::npos);
    ParseResult in_sqlite = parse("SELECT x FROM t WHERE x IN UNNEST(arr)", {.language = Language::Sql, .dialect = Dialect::Sqlite});
    CHECK(has_code(in_sqlite, "dialect-feature"));
    ParseResult not_unnest = parse("SELECT x FROM t WHERE x IN GENERATE_ARRAY(1, 3)",
                                   {.language = Language::Sql, .dialect = Dialect::Bigquery});
    CHECK_FALSE(not_unnest.ok());
}
