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

TEST_CASE("dialect lexing: backslash escapes, # comments, triple-quoted, raw strings and col:path", "[sql][dialect]") {
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
