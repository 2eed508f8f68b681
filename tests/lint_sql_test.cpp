// SQL rules and name resolution: one failing and one passing fixture per rule code
// (tests/data/lint/sql/<code>.bad.sql / .good.sql), and the scoping cases resolution must get right.
#include <algorithm>
#include <filesystem>

#include <catch2/catch.hpp>

#include "support/corpus.hpp"
#include "support/lint_fixtures.hpp"

using namespace qdiff;
using qdiff::testing::all_codes;
using qdiff::testing::codes;
using qdiff::testing::has;
using qdiff::testing::lint_sql;

TEST_CASE("every SQL lint code fires on its bad fixture and not on its good one", "[lint][lint-sql]") {
    std::filesystem::path dir = std::filesystem::path(QDIFF_TEST_DATA_DIR) / "lint" / "sql";
    int checked = 0;
    for (const DiagInfo& info : diag_catalogue()) {
        if (info.group != "lint") continue;
        std::string code(info.code);
        if (code.starts_with("kql-") || code.starts_with("weaviate-")) continue;
        INFO("code " << code);
        REQUIRE(std::filesystem::exists(dir / (code + ".bad.sql")));
        REQUIRE(std::filesystem::exists(dir / (code + ".good.sql")));
        LintResult bad = lint_sql(qdiff::testing::read_file(dir / (code + ".bad.sql")));
        LintResult good = lint_sql(qdiff::testing::read_file(dir / (code + ".good.sql")));
        INFO("bad: " << all_codes(bad) << "| good: " << all_codes(good));
        CHECK(has(bad, code));
        CHECK_FALSE(has(good, code));
        // A good fixture is a correct query: nothing but this code's neighbours may fire on it.
        CHECK_FALSE(has_errors(good.diagnostics));
        ++checked;
    }
    CHECK(checked >= 20);
}

TEST_CASE("name resolution: aliases, CTEs, derived tables, correlated subqueries", "[lint][lint-sql]") {
    auto errors = [](const std::string& sql, Dialect d = Dialect::Generic) {
        std::vector<std::string> out;
        for (const Diagnostic& x : lint_sql(sql, d).diagnostics)
            if (x.severity == Severity::Error) out.emplace_back(x.code());
        return out;
    };
    using V = std::vector<std::string>;
    CHECK(errors("SELECT T1.name FROM singer AS T1 JOIN singer_in_concert AS T2 ON T1.singer_id = T2.singer_id") ==
          V{});
    // A table keeps answering to its own name under an alias (SQLite and MySQL accept it).
    CHECK(errors("SELECT singer.name FROM singer AS T1") == V{});
    CHECK(errors("WITH c AS (SELECT name AS n FROM singer) SELECT n FROM c") == V{});
    CHECK(errors("WITH c AS (SELECT name AS n FROM singer) SELECT name FROM c") == V{"unknown-column"});
    CHECK(errors("WITH c(k) AS (SELECT name FROM singer) SELECT c.k FROM c") == V{});
    CHECK(errors("WITH a AS (SELECT age FROM singer), b AS (SELECT age FROM a) SELECT age FROM b") == V{});
    CHECK(errors("WITH RECURSIVE r(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM r WHERE x < 5) SELECT x FROM r") == V{});
    CHECK(errors("SELECT s.n FROM (SELECT name AS n FROM singer) AS s") == V{});
    CHECK(errors("SELECT s.name FROM (SELECT name AS n FROM singer) AS s") == V{"unknown-column"});
    CHECK(errors("SELECT s.name, s.age FROM (SELECT * FROM singer) AS s") == V{});
    CHECK(errors("SELECT count(*) FROM (SELECT name FROM singer)") == V{});
    CHECK(errors("SELECT name FROM singer AS a WHERE EXISTS (SELECT 1 FROM concert WHERE concert.year = a.age)") ==
          V{});
    CHECK(errors("SELECT name FROM singer WHERE age > (SELECT avg(capacity) FROM stadium WHERE location = country)") ==
          V{});
    // A plain derived table does not see the FROM items beside it; a LATERAL one does.
    CHECK(errors("SELECT 1 FROM singer AS a, (SELECT a.name FROM concert) AS d") == V{"unknown-qualifier"});
    CHECK(errors("SELECT 1 FROM singer AS a, LATERAL (SELECT a.name FROM concert) AS d", Dialect::Postgres) == V{});
    CHECK(errors("SELECT concert_id FROM concert NATURAL JOIN singer_in_concert") == V{});
    CHECK(errors("SELECT concert_id FROM concert JOIN singer_in_concert ON concert.concert_id = "
                 "singer_in_concert.concert_id") == V{"ambiguous-column"});
    // Relations after a parenthesised join or a LATERAL item: references resolved early stay valid.
    CHECK(errors("SELECT T1.name FROM (singer AS T1 JOIN singer_in_concert AS T2 ON T1.singer_id = T2.singer_id), "
                 "concert AS T3, stadium AS T4, country AS T5 WHERE T2.concert_id = T3.concert_id AND "
                 "T3.stadium_id = T4.stadium_id AND T5.name = T1.country") == V{});
    // Set operations: each branch has its own scope.
    CHECK(errors("SELECT name FROM singer UNION SELECT name FROM stadium") == V{});
    CHECK(errors("SELECT name FROM singer UNION SELECT location FROM singer") == V{"unknown-column"});
}

TEST_CASE("name resolution: select-list aliases and double quotes follow the dialect", "[lint][lint-sql]") {
    const std::string sql = "SELECT country AS c, count(*) AS n FROM singer GROUP BY c HAVING n > 1 ORDER BY n LIMIT 3";
    CHECK_FALSE(has_errors(lint_sql(sql, Dialect::Generic).diagnostics));
    CHECK_FALSE(has_errors(lint_sql(sql, Dialect::Sqlite).diagnostics));
    CHECK(codes(lint_sql(sql, Dialect::Postgres)) == std::vector<std::string>{"unknown-column"});  // HAVING n
    CHECK_FALSE(has_errors(
        lint_sql("SELECT age * 2 AS a FROM singer WHERE a > 3 ORDER BY 1 LIMIT 2", Dialect::Sqlite).diagnostics));
    CHECK(has_errors(
        lint_sql("SELECT age * 2 AS a FROM singer WHERE a > 3 ORDER BY 1 LIMIT 2", Dialect::Postgres).diagnostics));

    const std::string quoted = "SELECT name FROM singer WHERE country = \"France\" ORDER BY 1 LIMIT 2";
    CHECK(codes(lint_sql(quoted, Dialect::Sqlite)) == std::vector<std::string>{"double-quoted-string"});
    CHECK(codes(lint_sql(quoted, Dialect::Postgres)) == std::vector<std::string>{"unknown-column"});
    // A double-quoted name that is a column stays a column.
    CHECK(lint_sql("SELECT \"name\" FROM singer ORDER BY 1 LIMIT 2", Dialect::Sqlite).diagnostics.empty());
}

TEST_CASE("unknown columns suggest the nearest column in scope", "[lint][lint-sql]") {
    LintResult r = lint_sql(
        "SELECT T1.nmae FROM singer AS T1 JOIN concert AS T2 ON T1.singer_id = T2.concert_id ORDER BY 1 LIMIT 1");
    REQUIRE(codes(r) == std::vector<std::string>{"unknown-column"});
    const Diagnostic& d = r.diagnostics.front();
    CHECK(d.message == "unknown column 'T1.nmae'");
    REQUIRE(d.fixits.size() == 1);
    CHECK(d.fixits.front().replacement == "name");
    CHECK(d.fixits.front().span.end - d.fixits.front().span.begin == 4);  // only the name, not T1.
    // Nothing near: no fix-it.
    CHECK(lint_sql("SELECT zzzzzz FROM singer ORDER BY 1 LIMIT 1").diagnostics.front().fixits.empty());
}

TEST_CASE("ungrouped columns: functional dependency, and the severity follows the dialect", "[lint][lint-sql]") {
    const std::string bare = "SELECT name, max(age) FROM singer";
    LintResult lenient = lint_sql(bare, Dialect::Sqlite);
    REQUIRE(codes(lenient) == std::vector<std::string>{"ungrouped-column"});
    CHECK(lenient.diagnostics.front().severity == Severity::Warning);
    CHECK(lint_sql(bare, Dialect::Postgres).diagnostics.front().severity == Severity::Error);
    // Grouping by the primary key determines the table's other columns.
    CHECK(lint_sql(
              "SELECT T1.name, count(*) FROM singer AS T1 JOIN singer_in_concert AS T2 ON T1.singer_id = T2.singer_id "
              "GROUP BY T1.singer_id ORDER BY 1 LIMIT 3",
              Dialect::Postgres)
              .diagnostics.empty());
    // ... but not the other table's.
    CHECK(codes(lint_sql("SELECT T2.concert_id, count(*) FROM singer AS T1 JOIN singer_in_concert AS T2 ON "
                         "T1.singer_id = T2.singer_id GROUP BY T1.singer_id ORDER BY 1 LIMIT 3",
                         Dialect::Postgres)) == std::vector<std::string>{"ungrouped-column"});
    CHECK(lint_sql("SELECT country, count(*) FROM singer GROUP BY 1 ORDER BY 1 LIMIT 3", Dialect::Postgres)
              .diagnostics.empty());
}

TEST_CASE("nested aggregates are reported once each", "[lint][lint-sql]") {
    LintResult r = lint_sql("SELECT sum(max(count(*))) FROM singer GROUP BY country");
    auto cs = codes(r);
    CHECK(std::count(cs.begin(), cs.end(), "nested-aggregate") == 2);
}

TEST_CASE("lint survives odd but valid shapes", "[lint][lint-sql]") {
    // A constant grouped by position must not send the grouping check in circles.
    CHECK_FALSE(has_errors(lint_sql("SELECT 1, count(*) FROM singer GROUP BY 1").diagnostics));
    CHECK_FALSE(has_errors(lint_sql("SELECT name FROM singer GROUP BY 1, 1 ORDER BY 1 LIMIT 1").diagnostics));
    // Without a schema nothing is unknown.
    LintOptions no_schema;
    ParseOptions po;
    po.language = Language::Sql;
    ParseResult parsed = parse("SELECT x.y, z FROM a AS x JOIN b ON x.k = b.k ORDER BY 1 LIMIT 1", po);
    CHECK(lint(parsed, no_schema).diagnostics.empty());
    // Writes and DDL are linted without crashing, and reported.
    for (const char* sql :
         {"INSERT INTO singer (name) SELECT name FROM stadium", "UPDATE singer SET age = 1 WHERE name = 'x'",
          "CREATE TABLE t (a INT)", "DROP TABLE singer", "ALTER TABLE singer ADD COLUMN x INT"}) {
        INFO(sql);
        auto cs = codes(lint_sql(sql));
        CHECK(std::find(cs.begin(), cs.end(), "write-in-read-query") != cs.end());
    }
}

// Issue 18: missing-limit fired on 579 of 1,034 Spider predictions. It fires where the result is every
// row of the tables, and its advice never trips another rule.
TEST_CASE("missing-limit: only results that can be large; the advice trips no other rule", "[lint][lint-sql]") {
    // Bounded: aggregates without GROUP BY (one row), a filter, a summary, rows written out, no table.
    for (const char* bounded :
         {"SELECT count(*) FROM singer", "SELECT max(age), min(age) FROM singer", "SELECT count(*) + 1 FROM singer",
          "SELECT name FROM singer WHERE singer_id = 3", "SELECT name FROM singer WHERE age > 20",
          "SELECT country, count(*) FROM singer GROUP BY country", "SELECT DISTINCT country FROM singer",
          "SELECT * FROM (SELECT name FROM singer ORDER BY age LIMIT 3) AS t", "SELECT 1", "VALUES (1), (2)",
          "SELECT name FROM singer ORDER BY age LIMIT 5"}) {
        INFO(bounded);
        CHECK_FALSE(has(lint_sql(bounded), "missing-limit"));
    }
    // Every row of a table, or of a join: fires.
    for (const char* large :
         {"SELECT name FROM singer", "SELECT name FROM singer ORDER BY age",
          "SELECT s.name, c.concert_name FROM singer AS s JOIN singer_in_concert AS i "
          "ON s.singer_id = i.singer_id JOIN concert AS c ON i.concert_id = c.concert_id",
          "SELECT * FROM (SELECT name FROM singer) AS t", "SELECT name FROM singer UNION SELECT name FROM stadium"}) {
        INFO(large);
        CHECK(has(lint_sql(large), "missing-limit"));
    }
    // Without ORDER BY the advice is a note (ORDER BY and LIMIT together), never a bare LIMIT.
    LintResult unordered = lint_sql("SELECT name FROM singer");
    for (const Diagnostic& d : unordered.diagnostics)
        if (d.code() == "missing-limit") {
            CHECK(d.fixits.empty());
            REQUIRE(d.notes.size() == 1);
            CHECK(d.notes[0].message.find("ORDER BY") != std::string::npos);
        }
    // With ORDER BY the fix-it appends LIMIT, and the fixed query is clean of both limit rules.
    const std::string ordered = "SELECT name FROM singer ORDER BY age";
    LintResult r = lint_sql(ordered);
    std::string fixed = ordered;
    for (const Diagnostic& d : r.diagnostics)
        if (d.code() == "missing-limit") {
            REQUIRE(d.fixits.size() == 1);
            fixed.replace(d.fixits[0].span.begin, d.fixits[0].span.size(), d.fixits[0].replacement);
        }
    REQUIRE(fixed != ordered);
    LintResult after = lint_sql(fixed);
    CHECK_FALSE(has(after, "missing-limit"));
    CHECK_FALSE(has(after, "limit-without-order"));
}

TEST_CASE("lint fix-its: group by the ungrouped column, the close alias, the close column (issue 33)",
          "[lint][lint-sql]") {
    auto fixed = [](const std::string& sql, const LintResult& r, const std::string& code) {
        for (const Diagnostic& d : r.diagnostics) {
            if (d.code() != code || d.fixits.empty()) continue;
            std::string out = sql;
            const FixIt& f = d.fixits[0];
            out.replace(f.span.begin, f.span.size(), f.replacement);
            return out;
        }
        return std::string("(no fix-it)");
    };
    const std::string ungrouped = "SELECT country, name, COUNT(*) FROM singer GROUP BY country";
    LintResult g = lint_sql(ungrouped, Dialect::Postgres);
    INFO(all_codes(g));
    CHECK(fixed(ungrouped, g, "ungrouped-column") ==
          "SELECT country, name, COUNT(*) FROM singer GROUP BY country, name");
    CHECK_FALSE(has(lint_sql(fixed(ungrouped, g, "ungrouped-column"), Dialect::Postgres), "ungrouped-column"));

    const std::string qualifier = "SELECT c.name FROM singer AS cu WHERE cu.age > 30";
    LintResult q = lint_sql(qualifier);
    INFO(all_codes(q));
    CHECK(fixed(qualifier, q, "unknown-qualifier") == "SELECT cu.name FROM singer AS cu WHERE cu.age > 30");

    const std::string column = "SELECT c.stadium FROM concert AS c";
    LintResult c = lint_sql(column);
    INFO(all_codes(c));
    CHECK(fixed(column, c, "unknown-column") == "SELECT c.stadium_id FROM concert AS c");
    // Two columns extend the name: no guess.
    LintResult two = lint_sql("SELECT s.concert FROM concert AS s");
    CHECK(fixed("SELECT s.concert FROM concert AS s", two, "unknown-column") == "(no fix-it)");
}
