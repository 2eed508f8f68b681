// The SQL front end on hand-written input: lowering details, broken input (diagnostic code, line and
// column), and hostile input (never a crash, a hang or a stack overflow). Runs under ASan/UBSan in CI.
#include <catch2/catch.hpp>

#include "qdiff/ast_print.hpp"
#include "qdiff/parse.hpp"

using namespace qdiff;

namespace {

ParseResult sql(std::string text, Dialect dialect = Dialect::Generic) {
    return parse(std::move(text), {.language = Language::Sql, .dialect = dialect});
}

// The first diagnostic as "code line:column".
std::string first_diagnostic(const ParseResult& r) {
    if (r.diagnostics().empty()) return "none";
    const Diagnostic& d = r.diagnostics().front();
    LineCol at = r.source().position(d.span.begin);
    return std::string(d.code()) + " " + std::to_string(at.line) + ":" + std::to_string(at.column);
}

std::string sexpr(const std::string& text) {
    ParseResult r = sql(text);
    REQUIRE(r.ok());
    return to_sexpr(*r.script()->statements[0]);
}

}  // namespace

TEST_CASE("broken SQL gets a diagnostic at the right line and column", "[sql][errors]") {
    struct Case {
        std::string text, expected;
    };
    std::vector<Case> cases = {
        {"SELECT * FORM t", "unexpected-token 1:10"},
        {"SELECT FROM t", "unexpected-token 1:8"},
        // (`SELECT a, FROM t` is BigQuery's trailing comma, which the generic dialect reads: issue 33)
        {"SELECT a,, b FROM t", "unexpected-token 1:10"},
        {"SELECT (a FROM t", "unexpected-token 1:11"},
        {"SELECT a) FROM t", "unexpected-token 1:9"},
        {"SELECT count(a FROM t", "missing-token 1:15"},
        {"SELECT 'abc FROM t", "unterminated-string 1:8"},
        {"SELECT \"abc FROM t", "unterminated-string 1:8"},
        {"SELECT a\nFROM t\nWHERE x = = 1", "unexpected-token 3:11"},
        {"SELECT a FROM t WHERE", "unexpected-end 1:22"},
        {"SELECT a FROM t GROUP BY a WHERE b = 1", "unexpected-token 1:28"},
        {"SELECT a FROM t; SELECT b FROM", "unexpected-end 1:31"},
        {"SELECT a FROM t SELECT b FROM u", "unexpected-token 1:17"},
        {"SELECT a FROM t WHERE x = 1 ESCAPE 'x'", "syntax-error 1:27"},
    };
    for (const Case& c : cases) {
        INFO(c.text);
        ParseResult r = sql(c.text);
        CHECK_FALSE(r.ok());
        CHECK(r.script() == nullptr);
        CHECK(first_diagnostic(r) == c.expected);
    }
}

TEST_CASE("a misspelt keyword gets a fix-it", "[sql][errors]") {
    ParseResult r = sql("SELECT * FORM t");
    REQUIRE(r.diagnostics().size() == 1);
    const Diagnostic& d = r.diagnostics()[0];
    REQUIRE(d.fixits.size() == 1);
    CHECK(d.fixits[0].replacement == "FROM");
    CHECK(r.source().slice(d.fixits[0].span) == "FORM");
    ParseResult missing = sql("SELECT a FROM t WHERE");
    CHECK(missing.diagnostics()[0].notes[0].message == "expected an expression or a name");
}

TEST_CASE("hostile input never crashes", "[sql][hostile]") {
    SECTION("empty and blank input") {
        for (std::string text : {"", "   \n\t ", "-- only a comment", "/* only a comment */", ";;"}) {
            INFO("'" << text << "'");
            ParseResult r = sql(text);
            CHECK_FALSE(r.ok());
            CHECK(first_diagnostic(r).rfind("empty-input", 0) == 0);
        }
    }
    SECTION("binary bytes and NUL") {
        ParseResult r = sql(std::string("SELECT \x01\x02 FROM t", 17));
        CHECK(first_diagnostic(r) == "invalid-character 1:8");
        ParseResult nul = sql(std::string("SELECT a\0 FROM t", 16));
        CHECK(first_diagnostic(nul) == "invalid-character 1:9");
        CHECK(nul.diagnostics()[0].message == "unexpected character 0x00");
    }
    SECTION("invalid UTF-8") {
        ParseResult r = sql("SELECT 'caf\xC3' FROM t");
        CHECK(first_diagnostic(r) == "invalid-utf8 1:12");
        ParseResult valid = sql("SELECT 'café' AS \"naïve\" FROM t WHERE x = 'ü'");
        CHECK(valid.ok());
        ParseResult after = sql("SELECT 'é' FROM t WHERE = 1");
        CHECK(first_diagnostic(after) == "unexpected-token 1:25");  // columns count code points
    }
    SECTION("10,000 nested parentheses") {
        std::string text = "SELECT " + std::string(10000, '(') + "1" + std::string(10000, ')');
        ParseResult r = sql(text);
        CHECK(first_diagnostic(r).rfind("nesting-too-deep", 0) == 0);
        std::string subqueries;
        for (int i = 0; i < 5000; ++i) subqueries += "SELECT * FROM (";
        ParseResult nested = sql(subqueries + "SELECT 1" + std::string(5000, ')'));
        CHECK(first_diagnostic(nested).rfind("nesting-too-deep", 0) == 0);
    }
    SECTION("prefix operators and CASE nest too") {
        std::string nots;
        for (int i = 0; i < 20000; ++i) nots += "NOT ";
        CHECK(first_diagnostic(sql("SELECT a FROM t WHERE " + nots + "x")).rfind("nesting-too-deep", 0) == 0);
        std::string minus(30000, '-');
        for (size_t i = 1; i < minus.size(); i += 2) minus[i] = ' ';
        CHECK(first_diagnostic(sql("SELECT " + minus + "1")).rfind("nesting-too-deep", 0) == 0);
        std::string cases;
        for (int i = 0; i < 5000; ++i) cases += "CASE WHEN a THEN ";
        CHECK(first_diagnostic(sql("SELECT " + cases + "1")).rfind("nesting-too-deep", 0) == 0);
    }
    SECTION("nesting within the limit parses") {
        std::string text = "SELECT " + std::string(200, '(') + "1" + std::string(200, ')');
        CHECK(sql(text).ok());
    }
    SECTION("a 100,000-term OR chain is flat, not nesting; an arithmetic one is refused, not overflowed") {
        std::string text = "SELECT a FROM t WHERE x = 0";
        for (int i = 1; i < 100000; ++i) text += " OR x = " + std::to_string(i);
        CHECK(sql(text).ok());
        std::string sum = "SELECT 0";
        for (int i = 1; i < 100000; ++i) sum += " + " + std::to_string(i);
        CHECK(first_diagnostic(sql(sum)).rfind("nesting-too-deep", 0) == 0);
    }
    SECTION("deeply nested block comments") {
        std::string text = "SELECT 1 ";
        for (int i = 0; i < 20000; ++i) text += "/*";
        for (int i = 0; i < 20000; ++i) text += "*/";
        // where comments nest (the standard, PostgreSQL) it is one comment; where they do not (SQLite,
        // MySQL) the first */ ends it and the other 19,999 are stray tokens
        CHECK(sql(text).ok());
        CHECK(sql(text, Dialect::Postgres).ok());
        ParseResult r = sql(text, Dialect::Sqlite);
        CHECK(r.script() == nullptr);
        CHECK_FALSE(r.diagnostics().empty());
        // one */ short: PostgreSQL reports the comment never closed; SQLite lets it run to the end
        ParseResult open = sql(text.substr(0, text.size() - 2), Dialect::Postgres);
        REQUIRE_FALSE(open.ok());
        CHECK(open.diagnostics()[0].message.find("comment") != std::string::npos);
        CHECK(open.source().position(open.diagnostics()[0].span.begin).column == 10);
        CHECK(sql("SELECT 1 /* open", Dialect::Sqlite).ok());
        CHECK_FALSE(sql("SELECT 1 /* open", Dialect::Mysql).ok());
    }
    SECTION("a 100,000-element IN list parses") {
        std::string text = "SELECT a FROM t WHERE a IN (0";
        for (int i = 1; i < 100000; ++i) text += ", " + std::to_string(i);
        ParseResult r = sql(text + ")");
        REQUIRE(r.ok());
        const auto& q = ast::cast<ast::Query>(*r.script()->statements[0]);
        CHECK(ast::cast<ast::InList>(*q.filter).items.size() == 100000);
    }
    SECTION("a 1 MB query") {
        std::string text = "SELECT c0";
        for (int i = 1; text.size() < (1u << 20); ++i) text += ", c" + std::to_string(i);
        ParseResult r = sql(text + " FROM t");
        REQUIRE(r.ok());
        ParseResult garbage = sql(std::string(1u << 20, '!'));
        CHECK_FALSE(garbage.ok());
    }
    SECTION("inputs over the size limit are refused before lexing") {
        ParseResult r = parse(std::string(100, 'x'), {.language = Language::Sql, .max_bytes = 10});
        CHECK(first_diagnostic(r) == "input-too-large 1:1");
    }
}

TEST_CASE("SQL lowers to the unified AST", "[sql][lowering]") {
    SECTION("negations wrap the positive form") {
        CHECK(sexpr("SELECT 1 FROM t WHERE a NOT LIKE 'x'") == sexpr("SELECT 1 FROM t WHERE NOT (a LIKE 'x')"));
        CHECK(sexpr("SELECT 1 FROM t WHERE a IS NOT NULL") == sexpr("SELECT 1 FROM t WHERE NOT (a IS NULL)"));
        CHECK(sexpr("SELECT 1 FROM t WHERE a NOT IN (1, 2)") == sexpr("SELECT 1 FROM t WHERE NOT a IN (1, 2)"));
        CHECK(sexpr("SELECT 1 FROM t WHERE a NOTNULL") == sexpr("SELECT 1 FROM t WHERE a IS NOT NULL"));
    }
    SECTION("spellings of the same construct agree") {
        CHECK(sexpr("SELECT a FROM t INNER JOIN u ON t.x = u.x") == sexpr("SELECT a FROM t JOIN u ON t.x = u.x"));
        CHECK(sexpr("SELECT a FROM t LEFT OUTER JOIN u USING (x)") == sexpr("SELECT a FROM t LEFT JOIN u USING (x)"));
        CHECK(sexpr("SELECT a::int FROM t") == sexpr("SELECT CAST(a AS INT) FROM t"));
        CHECK(sexpr("SELECT a FROM t LIMIT 5 OFFSET 10") == sexpr("SELECT a FROM t LIMIT 10, 5"));
        CHECK(sexpr("SELECT a FROM t OFFSET 10 ROWS FETCH FIRST 5 ROWS ONLY") ==
              sexpr("SELECT a FROM t LIMIT 5 OFFSET 10"));
        CHECK(sexpr("SELECT a FROM t WHERE x <> 1") == sexpr("SELECT a FROM t WHERE x != 1"));
        CHECK(sexpr("SELECT a FROM t WHERE x == 1") == sexpr("SELECT a FROM t WHERE x = 1"));
        CHECK(sexpr("SELECT SUBSTRING(a FROM 2 FOR 3) FROM t") == sexpr("SELECT SUBSTRING(a, 2, 3) FROM t"));
        CHECK(sexpr("SELECT a FROM t WHERE b IS c") == sexpr("SELECT a FROM t WHERE b IS NOT DISTINCT FROM c"));
    }
    SECTION("quoting forms keep the name and mark it quoted") {
        std::string expected = "(ColumnRef :path (\"My Col\"))";
        for (std::string q : {"\"My Col\"", "`My Col`", "[My Col]"}) {
            ParseResult r = sql("SELECT " + q + " FROM t");
            REQUIRE(r.ok());
            const auto& query = ast::cast<ast::Query>(*r.script()->statements[0]);
            const auto& ref = ast::cast<ast::ColumnRef>(*query.projection[0]->expr);
            CHECK(ref.path[0].text == "My Col");
            CHECK(ref.path[0].quoted);
        }
        CHECK(sexpr("SELECT 'it''s', E'a\\nb', $$x'y$$") ==
              "(Query :distinct none :projection ((SelectItem :expr (Literal :type string :text \"it's\")) "
              "(SelectItem :expr (Literal :type string :text \"a\\nb\")) (SelectItem :expr (Literal :type string :text "
              "\"x'y\"))))");
    }
    SECTION("set operations: INTERSECT binds tighter") {
        ParseResult r = sql("SELECT a FROM t UNION SELECT a FROM u INTERSECT SELECT a FROM v");
        REQUIRE(r.ok());
        const auto& q = ast::cast<ast::Query>(*r.script()->statements[0]);
        REQUIRE(q.set_ops.size() == 1);
        CHECK(q.set_ops[0]->op == ast::SetOpKind::Union);
        REQUIRE(q.set_ops[0]->query->set_ops.size() == 1);
        CHECK(q.set_ops[0]->query->set_ops[0]->op == ast::SetOpKind::Intersect);
        CHECK(to_sql(q) == "SELECT a FROM t UNION (SELECT a FROM u INTERSECT SELECT a FROM v)");
        ParseResult left = sql("(SELECT a FROM t UNION SELECT a FROM u) INTERSECT SELECT a FROM v");
        REQUIRE(left.ok());
        CHECK(to_sql(*left.script()) == "(SELECT a FROM t UNION SELECT a FROM u) INTERSECT SELECT a FROM v");
    }
    SECTION("comma FROM items keep their own joins") {
        ParseResult r = sql("SELECT * FROM a, b LEFT JOIN c ON b.x = c.x");
        REQUIRE(r.ok());
        const auto& q = ast::cast<ast::Query>(*r.script()->statements[0]);
        CHECK(q.sources.size() == 2);
        CHECK(q.joins.empty());
        CHECK(ast::isa<ast::JoinedTable>(q.sources[1]));
    }
    SECTION("statements the linter must see") {
        ParseResult r =
            sql("DROP TABLE IF EXISTS x; DELETE FROM t WHERE a = 1; PRAGMA writable_schema = 1; ATTACH 'x.db' AS x");
        REQUIRE(r.ok());
        auto& s = r.script()->statements;
        REQUIRE(s.size() == 4);
        CHECK(s[0]->kind == ast::Kind::Drop);
        CHECK(s[1]->kind == ast::Kind::Delete);
        CHECK(ast::cast<ast::Command>(*s[2]).writes);
        CHECK(ast::cast<ast::Command>(*s[3]).verb == "ATTACH");
    }
    SECTION("spans point at the source text") {
        ParseResult r = sql("SELECT price * 2 AS doubled FROM items");
        REQUIRE(r.ok());
        const auto& q = ast::cast<ast::Query>(*r.script()->statements[0]);
        CHECK(r.source().slice(q.projection[0]->span) == "price * 2 AS doubled");
        CHECK(r.source().slice(q.projection[0]->expr->span) == "price * 2");
        CHECK(r.source().slice(q.sources[0]->span) == "items");
    }
}

TEST_CASE("dialects decide what is ambiguous", "[sql][dialect]") {
    CHECK(sql("SELECT `a` FROM t", Dialect::Mysql).ok());
    CHECK(sql("SELECT `a` FROM t", Dialect::Sqlite).ok());
    CHECK(first_diagnostic(sql("SELECT `a` FROM t", Dialect::Postgres)) == "dialect-feature 1:8");
    CHECK(first_diagnostic(sql("SELECT [a] FROM t", Dialect::Postgres)) == "dialect-feature 1:8");
    CHECK(sql("SELECT [a] FROM t", Dialect::Tsql).ok());
    CHECK(first_diagnostic(sql("SELECT a::int FROM t", Dialect::Mysql)) == "dialect-feature 1:9");
    CHECK(first_diagnostic(sql("SELECT TOP 5 a FROM t", Dialect::Postgres)) == "dialect-feature 1:8");
    CHECK(sql("SELECT TOP 5 a FROM t").ok());  // generic accepts every flavour
    // `<=>` is cosine distance for pgvector and null-safe equality in MySQL.
    CHECK(sexpr("SELECT a <=> b").find(":op <=>") != std::string::npos);
    ParseResult mysql = sql("SELECT a <=> b", Dialect::Mysql);
    REQUIRE(mysql.ok());
    CHECK(to_sql(*mysql.script()) == "SELECT a IS NOT DISTINCT FROM b");
}

TEST_CASE("language detection", "[detect]") {
    CHECK(detect_language("SELECT a FROM t") == Language::Sql);
    CHECK(detect_language("  -- comment\nwith x as (select 1) select * from x") == Language::Sql);
    CHECK(detect_language("(SELECT 1) UNION (SELECT 2)") == Language::Sql);
    CHECK(detect_language("FROM t SELECT a") == Language::Sql);  // DuckDB's FROM-first query
    CHECK(detect_language("PIVOT t ON c USING sum(v)") == Language::Sql);
    CHECK(detect_language("unpivot m on jan, feb") == Language::Sql);
    CHECK(detect_language("Pivot | take 10") == Language::Kql);  // a KQL table of that name
    CHECK(detect_language("Traces | where timestamp > ago(1h)") == Language::Kql);
    CHECK(detect_language("Traces") == Language::Kql);
    CHECK(detect_language("let x = 1; T | take x") == Language::Kql);
    CHECK(detect_language(".show tables") == Language::Kql);
    CHECK(detect_language("{ Get { Article { title } } }") == Language::Weaviate);
    CHECK(detect_language("{\"target_collection\": \"Article\"}") == Language::Weaviate);
    CHECK(detect_language("Here is the query:\n```graphql\n{ Get { A { b } } }\n```") == Language::Weaviate);
    CHECK(detect_language("```sql\nSELECT 1\n```") == Language::Sql);
    CHECK(detect_language("```kusto\nT | take 1\n```") == Language::Kql);
}

// A model types `WHERE x NOT NULL` (or `xIS NOT NULL`): the postfix null test once crashed the
// transformer, which read the operator token that only the NOTNULL/ISNULL spellings set.
TEST_CASE("postfix null tests: valid where the dialect has them, a fix-it elsewhere", "[sql][errors]") {
    struct Case {
        std::string text;
        Dialect dialect;
        std::string expected;  // the first diagnostic, "none" when the dialect accepts the text
    };
    std::vector<Case> cases = {
        {"SELECT 1 NOT NULL", Dialect::Sqlite, "none"},
        {"SELECT a FROM t WHERE xIS NOT NULL", Dialect::Sqlite, "none"},
        {"SELECT a FROM t WHERE x NOTNULL", Dialect::Postgres, "none"},
        {"SELECT a FROM t WHERE x ISNULL", Dialect::Postgres, "none"},
        {"SELECT a FROM t WHERE x NOT NULL", Dialect::Postgres, "dialect-feature 1:24"},
        {"SELECT 1 NOT NULL", Dialect::Mysql, "dialect-feature 1:9"},
        {"SELECT a FROM t WHERE x NOTNULL", Dialect::Tsql, "dialect-feature 1:24"},
    };
    for (const Case& c : cases) {
        INFO(c.text << " in " << dialect_name(c.dialect));
        ParseResult r = sql(c.text, c.dialect);
        CHECK(first_diagnostic(r) == c.expected);
        CHECK(r.ok() == (c.expected == "none"));
        if (c.expected != "none") {
            const Diagnostic& d = r.diagnostics().front();
            REQUIRE(d.fixits.size() == 1);
            CHECK(d.fixits[0].replacement == (c.text.ends_with("ISNULL") ? " IS NULL" : " IS NOT NULL"));
        }
    }
    // Every spelling is the standard test once parsed.
    CHECK(to_sexpr(*sql("SELECT a FROM t WHERE x NOT NULL", Dialect::Sqlite).script()->statements[0]) ==
          to_sexpr(*sql("SELECT a FROM t WHERE x IS NOT NULL", Dialect::Sqlite).script()->statements[0]));
    CHECK(to_sexpr(*sql("SELECT a FROM t WHERE x NOTNULL", Dialect::Postgres).script()->statements[0]) ==
          to_sexpr(*sql("SELECT a FROM t WHERE x IS NOT NULL", Dialect::Postgres).script()->statements[0]));
}

// Issue 18: TOP was lowered as SELECT * FROM (SELECT ... LIMIT 1) ORDER BY ...: take one, then sort.
TEST_CASE("T-SQL TOP n takes rows after its own ORDER BY; PERCENT and WITH TIES are kept", "[input][sql][top]") {
    auto tsql = [](std::string text) {
        return parse(std::move(text), {.language = Language::Sql, .dialect = Dialect::Tsql});
    };
    auto printed = [](const ParseResult& r) {
        INFO(render_text(r.diagnostics(), r.source()));
        REQUIRE(r.ok());
        return to_sql(*r.script());
    };
    CHECK(printed(tsql("SELECT TOP 1 name FROM singer ORDER BY age DESC")) ==
          printed(parse("SELECT name FROM singer ORDER BY age DESC LIMIT 1", {.language = Language::Sql})));
    CHECK(printed(tsql("SELECT TOP 10 PERCENT name FROM singer ORDER BY age")) ==
          "SELECT TOP (10) PERCENT name FROM singer ORDER BY age");
    CHECK(printed(tsql("SELECT TOP 3 WITH TIES name FROM singer ORDER BY age")) ==
          "SELECT TOP (3) WITH TIES name FROM singer ORDER BY age");
    // A parenthesised block keeps its TOP to itself.
    CHECK(printed(tsql("(SELECT TOP 1 name FROM singer) ORDER BY name")).find("FROM (SELECT") != std::string::npos);
}

TEST_CASE("a select list longer than 32 items keeps the clauses after it", "[sql]") {
    std::string sql = "SELECT ";
    for (int i = 1; i <= 40; ++i) sql += "c" + std::to_string(i) + ", ";
    sql += "c41 FROM t WHERE x = 1 GROUP BY c1";
    ParseResult r = parse(sql, {.language = Language::Sql});
    REQUIRE(r.ok());
    const auto& q = ast::cast<ast::Query>(*r.script()->statements[0]);
    CHECK(q.projection.size() == 41);
    CHECK(q.sources.size() == 1);
    CHECK(q.filter != nullptr);
    CHECK(q.group_by.size() == 1);
}

// Session 8 fuzz campaign: ROW(a) printed as (a), which reads back as a alone.
TEST_CASE("a row of one value prints with ROW; grouping keys and VALUES rows keep bare parentheses",
          "[sql][printer]") {
    auto round = [](const std::string& text) {
        ParseResult first = parse(text, {.language = Language::Sql});
        INFO(text);
        REQUIRE(first.ok());
        std::string printed = to_sql(*first.script());
        ParseResult second = parse(printed, {.language = Language::Sql});
        INFO(printed);
        REQUIRE(second.ok());
        CHECK(to_sexpr(*second.script()) == to_sexpr(*first.script()));
        return printed;
    };
    CHECK(round("SELECT ROW(a) AS r, ROW() AS e, ROW(a, b) AS p FROM t") ==
          "SELECT ROW(a) AS r, ROW() AS e, (a, b) AS p FROM t");
    CHECK(round("SELECT a, b, SUM(c) FROM t GROUP BY GROUPING SETS ((a), (a, b), ())") ==
          "SELECT a, b, SUM(c) FROM t GROUP BY GROUPING SETS((a), (a, b), ())");
    CHECK(round("SELECT SUM(c) FROM t GROUP BY ROW(a), (), ROLLUP(ROW(b), (a, b))") ==
          "SELECT SUM(c) FROM t GROUP BY ROW(a), (), ROLLUP(ROW(b), (a, b))");
    CHECK(round("SELECT * FROM (VALUES (1), (2)) AS v(x)").find("VALUES (1), (2)") != std::string::npos);
}
