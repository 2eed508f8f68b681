// Synthesized databases say what they are for (issue 29): for each kind of targeted row, a pair of
// queries that only that kind of row separates, and the kind the verdict reports; the constraints
// each kind keeps; the adaptive number of databases; and the realistic values of plain databases.
#include <catch2/catch.hpp>
#include <set>

#include "qdiff/parse.hpp"
#include "qdiff/schema.hpp"
#include "stages/results/results_stage.hpp"
#include "stages/results/synth/synth.hpp"
#include "support/synth_fixture.hpp"

using namespace qdiff;
using namespace qdiff::results;
using namespace qdiff::results::synth;
using qdiff::testing::hints_of;
using qdiff::testing::table;

namespace {

// emp.dept_id is a nullable foreign key; visit.emp_id refers to emp without a declared key (as most
// of BIRD's references do), so only a join of the queries says it is a reference.
const char* const kDdl =
    "CREATE TABLE dept (id INTEGER PRIMARY KEY, name TEXT NOT NULL, budget REAL);\n"
    "CREATE TABLE emp (id INTEGER PRIMARY KEY, name TEXT NOT NULL, age INTEGER, dept_id INTEGER,\n"
    "                  hired TEXT, FOREIGN KEY (dept_id) REFERENCES dept(id));\n"
    "CREATE TABLE visit (id INTEGER PRIMARY KEY, emp_id INTEGER NOT NULL, city TEXT NOT NULL, day DATE);\n";

const Schema& schema() {
    static const Schema s = testing::schema_from_ddl(kDdl, "kinds.sql");
    return s;
}

SynthOutcome judge(const std::string& expected, const std::string& generated, SynthOptions options = {}) {
    return testing::judge_on_synth(schema(), expected, generated, options);
}

// The kind is what separates them: other seeds find it too (the rows are drawn: nearly always), never
// on a plain database.
void check_kind(const std::string& expected, const std::string& generated, DataKind kind) {
    testing::check_separated_by(schema(), expected, generated, kind, /*as_sets=*/false);
}

}  // namespace

TEST_CASE("synth kinds: NULL in a nullable foreign key separates NOT IN from NOT EXISTS", "[results][synth]") {
    check_kind("SELECT name FROM dept WHERE id NOT IN (SELECT dept_id FROM emp)",
               "SELECT name FROM dept AS d WHERE NOT EXISTS (SELECT 1 FROM emp AS e WHERE e.dept_id = d.id)",
               DataKind::Nulls);
}

TEST_CASE("synth kinds: NULL in the column an average reads, beside a row of another table the filters keep",
          "[results][synth]") {
    // The NULL goes into the averaged column alone (not also into the budget of the department the row joins,
    // which would drop the row), and the department's rows hold a budget other than the one `<>` rejects.
    check_kind("SELECT AVG(e.age) FROM emp AS e JOIN dept AS d ON e.dept_id = d.id WHERE d.budget <> 100",
               "SELECT CAST(SUM(e.age) AS REAL) / COUNT(*) FROM emp AS e JOIN dept AS d ON e.dept_id = d.id "
               "WHERE d.budget <> 100",
               DataKind::Nulls);
    // The <> column of one table beside the averaged column of another: a later nulls database NULLs the department's
    // budget and leaves the employee's age whole.
    // (as BIRD's superhero: a filter on a third table beside them)
    const Schema heroes = testing::schema_from_ddl(
        "CREATE TABLE race (id INTEGER PRIMARY KEY, race TEXT);\n"
        "CREATE TABLE publisher (id INTEGER PRIMARY KEY, publisher_name TEXT);\n"
        "CREATE TABLE superhero (id INTEGER PRIMARY KEY, superhero_name TEXT, race_id INTEGER, publisher_id INTEGER,\n"
        "                        height_cm INTEGER);\n",
        "heroes.sql");
    const std::string from = "SELECT AVG(T1.height_cm) FROM superhero AS T1 INNER JOIN publisher AS T2 ON T1.publisher_id = "
                             "T2.id INNER JOIN race AS T3 ON T1.race_id = T3.id WHERE T2.publisher_name = 'Dark Horse Comics' ";
    testing::check_separated_by(heroes, from + "AND T3.race != 'Human'",
                                from + "AND (T3.race != 'Human' OR T3.race IS NULL)", DataKind::Nulls, /*as_sets=*/false);
    // A NULL in the column compared by <> fails `x <> 100` as it fails `x = 100`.
    check_kind("SELECT e.name FROM emp AS e JOIN dept AS d ON e.dept_id = d.id WHERE d.budget <> 100",
               "SELECT e.name FROM emp AS e JOIN dept AS d ON e.dept_id = d.id WHERE d.budget <> 100 OR d.budget IS NULL",
               DataKind::Nulls);
}

TEST_CASE("synth kinds: NULL beside a whole row behind a join on a nullable column that is no key",
          "[results][synth]") {
    // As BIRD's set_translations.setCode = sets.code: the column the join meets is as a reference there, NULL in
    // neither copy of the goal's set, so that the translation NULL beside a whole one stays in the join.
    const Schema sets = testing::schema_from_ddl(
        "CREATE TABLE sets (id INTEGER PRIMARY KEY, code TEXT, size INTEGER, name TEXT);\n"
        "CREATE TABLE translation (id INTEGER PRIMARY KEY, language TEXT, set_code TEXT, text TEXT);\n",
        "sets.sql");
    const std::string expected = "SELECT COUNT(s.id) FROM sets AS s JOIN translation AS t ON t.set_code = s.code "
                                 "WHERE t.text IS NOT NULL AND s.size < 10 AND t.language = 'Italian'";
    const std::string generated = "SELECT COUNT(s.id) FROM sets AS s JOIN translation AS t ON t.set_code = s.code "
                                  "WHERE s.size < 10 AND t.language = 'Italian'";
    testing::check_separated_by(sets, expected, generated, DataKind::Nulls, /*as_sets=*/false);
    // On the first nulls database of every seed (not only on a later one).
    const LiteralHints hints = hints_of(expected, generated);
    const size_t first_nulls = kPlainDatabases;
    REQUIRE(kind_of_database(hints, first_nulls) == DataKind::Nulls);
    for (uint64_t seed = 1; seed <= 6; ++seed) {
        auto results = run_on(generate_database(with_implied_keys(sets), hints, seed, first_nulls), {expected, generated},
                              ExecLimits{2, 1000});
        REQUIRE(results.size() == 2);
        INFO("seed " << seed);
        CHECK_FALSE(results[0].result.rows == results[1].result.rows);
    }
}

TEST_CASE("synth kinds: NULL beside a row that satisfies a HAVING's average, in the group's own rows",
          "[results][synth]") {
    // The group's second row NULL in the averaged column (its goal value replaced): AVG skips it, SUM / COUNT(*)
    // does not. Grouped by a nullable column the group is the NULL group, which no other row joins.
    for (const char* key : {"name", "hired"})
        check_kind(std::string("SELECT ") + key + " FROM emp GROUP BY " + key + " HAVING AVG(age) > 5",
                   std::string("SELECT ") + key + " FROM emp GROUP BY " + key +
                       " HAVING CAST(SUM(age) AS REAL) / COUNT(*) > 5",
                   DataKind::Nulls);
}

TEST_CASE("synth kinds: ties on the ORDER BY key before LIMIT 1 separate it from = max", "[results][synth]") {
    check_kind("SELECT id FROM emp ORDER BY name LIMIT 1",
               "SELECT id FROM emp WHERE name = (SELECT min(name) FROM emp)", DataKind::Ties);
}

TEST_CASE("synth kinds: duplicate values separate DISTINCT from no DISTINCT", "[results][synth]") {
    check_kind("SELECT DISTINCT city FROM visit", "SELECT city FROM visit", DataKind::Duplicates);
}

TEST_CASE("synth kinds: an empty table separates count(*) from count(*) HAVING count(*) > 0", "[results][synth]") {
    check_kind("SELECT count(*) FROM visit", "SELECT count(*) FROM visit HAVING count(*) > 0", DataKind::Empty);
}

TEST_CASE("synth kinds: a dangling reference separates a join from no join", "[results][synth]") {
    check_kind("SELECT count(*) FROM visit", "SELECT count(*) FROM visit AS v JOIN emp AS e ON v.emp_id = e.id",
               DataKind::Dangling);
}

TEST_CASE("synth kinds: case variants separate = from LIKE", "[results][synth]") {
    check_kind("SELECT id FROM visit WHERE city = 'Paris'", "SELECT id FROM visit WHERE city LIKE 'Paris'",
               DataKind::Case);
}

TEST_CASE("synth kinds: case variants of one compared text beside the other's spelling separate = from LIKE",
          "[results][synth]") {
    // A row with both texts in another case fails `name = 'Ann Lee'` in both queries: the case data varies one
    // text per row, each case database of the run another.
    for (const char* generated : {"SELECT v.id FROM visit AS v JOIN emp AS e ON v.emp_id = e.id "
                                  "WHERE v.city LIKE 'Paris' AND e.name = 'Ann Lee'",
                                  "SELECT v.id FROM visit AS v JOIN emp AS e ON v.emp_id = e.id "
                                  "WHERE v.city = 'Paris' AND e.name LIKE 'Ann Lee'"})
        check_kind("SELECT v.id FROM visit AS v JOIN emp AS e ON v.emp_id = e.id WHERE v.city = 'Paris' AND "
                   "e.name = 'Ann Lee'",
                   generated, DataKind::Case);
    // A text written in capitals has a variant in lower case (BIRD's financial data: 'POPLATEK TYDNE').
    check_kind("SELECT id FROM visit WHERE city = 'PRAHA'", "SELECT id FROM visit WHERE city LIKE 'PRAHA'",
               DataKind::Case);
}

TEST_CASE("synth kinds: on the case data the row in another case meets a conditional aggregate's condition",
          "[results][synth]") {
    // BIRD's california_schools: a ratio of two conditional counts over the rows a text filter selects; the
    // copy in another case holds the condition's literals in turn, so that it counts on one side only.
    check_kind("SELECT CAST(SUM(CASE WHEN age = 54 THEN 1 ELSE 0 END) AS REAL) / SUM(CASE WHEN age = 52 THEN 1 ELSE 0 "
               "END) FROM emp WHERE hired = 'spring' AND name = 'Ann'",
               "SELECT CAST(SUM(CASE WHEN age = 54 THEN 1 ELSE 0 END) AS REAL) / SUM(CASE WHEN age = 52 THEN 1 ELSE 0 "
               "END) FROM emp WHERE hired LIKE 'spring' AND name = 'Ann'",
               DataKind::Case);
    // Without a filter (BIRD's `SUM(IIF(A3 = 'east Bohemia', A16, 0)) - SUM(IIF(A3 = 'north Bohemia', A16, 0))`): the
    // case data's rows hold the condition's texts all the same.
    const std::string unfiltered = "SELECT SUM(IIF(name = 'Ann', age, 0)) - SUM(IIF(name = 'Bob', age, 0)) FROM emp";
    const std::string unfiltered_like = "SELECT SUM(IIF(name LIKE 'Ann', age, 0)) - SUM(IIF(name = 'Bob', age, 0)) FROM emp";
    check_kind(unfiltered, unfiltered_like, DataKind::Case);
    const LiteralHints hints = hints_of(unfiltered, unfiltered_like);
    CHECK(hints.case_goals.size() == 1);
    CHECK(hints.goals.empty());  // (the other kinds keep their data)
    size_t first_case = kPlainDatabases;
    while (kind_of_database(hints, first_case) != DataKind::Case) ++first_case;
    for (uint64_t seed = 1; seed <= 6; ++seed) {
        auto results = run_on(generate_database(with_implied_keys(schema()), hints, seed, first_case),
                              {unfiltered, unfiltered_like}, ExecLimits{2, 1000});
        INFO("seed " << seed);
        CHECK_FALSE(results[0].result.rows == results[1].result.rows);
    }
    // The condition's texts compared in another case (county = 'Colusa' against LIKE), beside a text filter: the
    // copy that holds the denominator's text keeps the filter's as written (in another case, both ratios were NULL).
    check_kind("SELECT CAST(SUM(CASE WHEN name = 'Ann' THEN 1 ELSE 0 END) AS REAL) / SUM(CASE WHEN name = 'Bob' THEN 1 "
               "ELSE 0 END) FROM emp WHERE hired = 'spring'",
               "SELECT CAST(SUM(CASE WHEN name LIKE 'Ann' THEN 1 ELSE 0 END) AS REAL) / SUM(CASE WHEN name = 'Bob' THEN "
               "1 ELSE 0 END) FROM emp WHERE hired = 'spring'",
               DataKind::Case);
}

TEST_CASE("synth kinds: on the case data the row in another case ranks first before a LIMIT", "[results][synth]") {
    // BIRD's debit_card_specializing: the customer whose segment is in another case has the smallest (ASC) or the
    // largest (DESC) consumption, so that LIKE returns it and = another customer; drawn, it seldom ranked first.
    const Schema customers = testing::schema_from_ddl(
        "CREATE TABLE customers (CustomerID INTEGER PRIMARY KEY, Segment TEXT, Currency TEXT);\n"
        "CREATE TABLE yearmonth (CustomerID INTEGER REFERENCES customers (CustomerID), Date TEXT, Consumption REAL,\n"
        "                        PRIMARY KEY (CustomerID, Date));\n",
        "customers.sql");
    for (const char* direction : {"ASC", "DESC"}) {
        const std::string ranked = "SELECT T1.CustomerID FROM customers AS T1 JOIN yearmonth AS T2 ON T1.CustomerID = "
                                   "T2.CustomerID WHERE T2.Date = '201206' AND T1.Segment = 'SME' GROUP BY T1.CustomerID "
                                   "ORDER BY SUM(T2.Consumption) " +
                                   std::string(direction) + " LIMIT 1";
        std::string like = ranked;
        like.replace(like.find("Segment = "), 10, "Segment LIKE ");
        testing::check_separated_by(customers, ranked, like, DataKind::Case, /*as_sets=*/false);
    }
    // Not through a group's rows (the second goal of a block that orders groups by a sum: two rows under one
    // department, the one in another case or not).
    check_kind("SELECT d.id FROM dept AS d JOIN emp AS e ON e.dept_id = d.id WHERE d.name = 'Sales' GROUP BY d.id "
               "ORDER BY SUM(e.age) DESC LIMIT 1",
               "SELECT d.id FROM dept AS d JOIN emp AS e ON e.dept_id = d.id WHERE d.name LIKE 'Sales' GROUP BY d.id "
               "ORDER BY SUM(e.age) DESC LIMIT 1",
               DataKind::Case);
}

TEST_CASE("synth kinds: numbers as text and odd values separate CAST from ROUND", "[results][synth]") {
    check_kind("SELECT id FROM emp WHERE CAST(hired AS INTEGER) = 7",
               "SELECT id FROM emp WHERE CAST(hired AS REAL) = 7", DataKind::Cast);
}

TEST_CASE("synth kinds: a value between the literals separates > 3 from >= 4 on a real column", "[results][synth]") {
    check_kind("SELECT name FROM dept WHERE budget > 3", "SELECT name FROM dept WHERE budget >= 4",
               DataKind::Boundary);
}

TEST_CASE("synth kinds: a plain database shows a difference on typical data", "[results][synth]") {
    SynthOutcome out = judge("SELECT name FROM emp WHERE age > 3", "SELECT name FROM emp WHERE age < 3");
    REQUIRE(out.verdict == Verdict::Different);
    CHECK(out.kind == DataKind::Plain);
    CHECK_FALSE(out.edge_cases_only);
}

TEST_CASE("synth kinds: a difference that needs a scalar subquery over a repeated name is a scalar-subquery "
          "difference",
          "[results][synth]") {
    // A department named by a subquery against one joined by its name: only two departments of one name
    // (the duplicates data; dept.name is not declared unique) tell them apart.
    check_kind("SELECT e.name FROM emp AS e JOIN dept AS d ON e.dept_id = d.id WHERE d.name = 'Sales'",
               "SELECT name FROM emp WHERE dept_id = (SELECT id FROM dept WHERE name = 'Sales')",
               DataKind::ScalarSubquery);
    SynthOutcome out = judge("SELECT e.name FROM emp AS e JOIN dept AS d ON e.dept_id = d.id WHERE d.name = 'Sales'",
                             "SELECT name FROM emp WHERE dept_id = (SELECT id FROM dept WHERE name = 'Sales')");
    CHECK_THAT(out.reason, Catch::Contains("a scalar subquery returns several rows"));
    // With a name the schema keeps unique, no data separates them.
    Schema unique = testing::schema_from_ddl(
        "CREATE TABLE dept (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, budget REAL);\n"
        "CREATE TABLE emp (id INTEGER PRIMARY KEY, name TEXT NOT NULL, age INTEGER, dept_id INTEGER,\n"
        "                  hired TEXT, FOREIGN KEY (dept_id) REFERENCES dept(id));\n",
        "unique_dept.sql");
    SynthOutcome same = testing::judge_on_synth(
        unique, "SELECT e.name FROM emp AS e JOIN dept AS d ON e.dept_id = d.id WHERE d.name = 'Sales'",
        "SELECT name FROM emp WHERE dept_id = (SELECT id FROM dept WHERE name = 'Sales')");
    INFO(same.reason);
    CHECK(same.verdict == Verdict::Equal);
    // The duplicates data keeps a declared UNIQUE column unique (and copies rows all the same).
    LiteralHints hints = hints_of("SELECT name FROM emp WHERE dept_id = (SELECT id FROM dept WHERE name = 'Sales')");
    for (size_t index = 0; index < 6; ++index) {
        SynthDatabase db = generate_database(unique, hints, 3, index, DataKind::Duplicates);
        std::set<std::string> names;
        for (const auto& row : table(db, "dept").rows) CHECK(names.insert(std::get<std::string>(row[1])).second);
    }
}

TEST_CASE("synth kinds: a case-sensitive engine's LIKE runs on SQLite as the GLOB that matches the same texts",
          "[results][synth]") {
    auto rewritten = [](const std::string& sql, Dialect dialect) {
        ParseResult parsed = parse(sql, ParseOptions{.language = Language::Sql, .dialect = dialect});
        REQUIRE(parsed.ok());
        return with_case_sensitive_like(sql, parsed);
    };
    auto pg = rewritten("SELECT name FROM emp WHERE name LIKE 'a_%' AND NOT lower(name) LIKE '%[x*?]%'", Dialect::Postgres);
    REQUIRE(pg);
    CHECK(*pg == "SELECT name FROM emp WHERE ((name) GLOB 'a?*') AND (NOT (lower(name)) GLOB '*[[]x[*][?]]*')");
    // SQLite's and MySQL's own LIKE ignores case as SQLite's does; an ESCAPE clause or a backslash is left alone.
    CHECK_FALSE(rewritten("SELECT name FROM emp WHERE name LIKE 'a%'", Dialect::Sqlite));
    CHECK_FALSE(rewritten("SELECT name FROM emp WHERE name LIKE 'a%'", Dialect::Mysql));
    CHECK_FALSE(rewritten("SELECT name FROM emp WHERE name LIKE 'a!%%' ESCAPE '!'", Dialect::Postgres));
    CHECK_FALSE(rewritten("SELECT name FROM emp WHERE name LIKE 'a\\%%'", Dialect::Postgres));
    // On SQLite the GLOB tells the case apart, as PostgreSQL's LIKE does.
    SynthDatabase db;
    db.tables.push_back(SynthTable{.name = "emp", .columns = {"name"}, .declared_types = {"TEXT"},
                                   .rows = {{Value(std::string("ann"))}, {Value(std::string("Ann"))}}});
    auto results = run_on(db, {*rewritten("SELECT name FROM emp WHERE name LIKE 'a%'", Dialect::Postgres),
                               *rewritten("SELECT name FROM emp WHERE name NOT LIKE 'A%'", Dialect::Postgres)},
                          ExecLimits{2, 100});
    for (const auto& r : results) {
        REQUIRE(r.status == ExecStatus::Ok);
        REQUIRE(r.result.rows.size() == 1);
        CHECK(std::get<std::string>(r.result.rows[0][0]) == "ann");
    }
}

TEST_CASE("synth kinds: every kind keeps the declared constraints", "[results][synth]") {
    LiteralHints hints = hints_of("SELECT v.city, e.name FROM visit v JOIN emp e ON v.emp_id = e.id WHERE "
                                  "e.name = 'Ann' AND CAST(e.hired AS INTEGER) > 3 ORDER BY e.age LIMIT 2",
                                  "SELECT name FROM dept WHERE id NOT IN (SELECT dept_id FROM emp)");
    const DataKind all[] = {DataKind::Plain, DataKind::Nulls,    DataKind::Duplicates, DataKind::Ties,
                            DataKind::Empty, DataKind::Dangling, DataKind::Case,       DataKind::Boundary,
                            DataKind::Cast};
    for (DataKind kind : all) {
        for (size_t index = 0; index < 6; ++index) {
            INFO(kind_name(kind) << " " << index);
            SynthDatabase db = generate_database(schema(), hints, 3, index, kind);
            std::set<int64_t> dept_ids, emp_ids;
            for (const auto& row : table(db, "dept").rows) {
                REQUIRE(std::holds_alternative<int64_t>(row[0]));
                CHECK(dept_ids.insert(std::get<int64_t>(row[0])).second);
                CHECK_FALSE(std::holds_alternative<Null>(row[1]));
            }
            for (const auto& row : table(db, "emp").rows) {
                REQUIRE(std::holds_alternative<int64_t>(row[0]));
                CHECK(emp_ids.insert(std::get<int64_t>(row[0])).second);
                CHECK_FALSE(std::holds_alternative<Null>(row[1]));
                if (const auto* d = std::get_if<int64_t>(&row[3])) CHECK(dept_ids.count(*d) == 1);
                // NULL only on purpose, or when the referenced table was emptied.
                if (kind != DataKind::Nulls && kind != DataKind::Empty)
                    CHECK_FALSE(std::holds_alternative<Null>(row[3]));
            }
            for (const auto& row : table(db, "visit").rows) {
                CHECK_FALSE(std::holds_alternative<Null>(row[1]));
                CHECK_FALSE(std::holds_alternative<Null>(row[2]));
                // The join's implied reference dangles only where dangling rows are the point.
                if (kind != DataKind::Dangling && !emp_ids.empty()) {
                    REQUIRE(std::holds_alternative<int64_t>(row[1]));
                    CHECK(emp_ids.count(std::get<int64_t>(row[1])) == 1);
                }
            }
        }
    }
}

TEST_CASE("synth kinds: the kinds a pair of queries gives a use for, in order", "[results][synth]") {
    auto names = [](const LiteralHints& hints) {
        std::string out;
        for (DataKind k : kinds_for(hints)) out += std::string(kind_name(k)) + " ";
        return out;
    };
    CHECK(names(hints_of("SELECT count(*) FROM visit")) == "nulls duplicates empty ");
    CHECK(names(hints_of("SELECT id FROM emp ORDER BY age LIMIT 1")) == "nulls ties duplicates empty ");
    CHECK(names(hints_of("SELECT e.id FROM emp e JOIN visit v ON v.emp_id = e.id WHERE v.city LIKE 'P%'")) ==
          "nulls duplicates empty dangling case boundary ");
    // (arithmetic solved for its goal rows has a boundary: age 3, where 3 / 2 > 1 fails and 3 * 1.0 / 2 > 1 holds)
    CHECK(names(hints_of("SELECT id FROM emp WHERE age / 2 > 1")) == "nulls duplicates empty cast boundary ");
    CHECK(names(hints_of("SELECT id FROM emp WHERE round(age) > id")) == "nulls duplicates empty cast ");
    // Two case databases where two texts are compared (each varies one), or where ORDER BY .. LIMIT keeps some rows.
    CHECK(names(hints_of("SELECT id FROM emp WHERE name = 'Ann' AND hired = 'spring'")) ==
          "nulls duplicates empty case case boundary ");
    CHECK(names(hints_of("SELECT id FROM emp WHERE name = 'Ann' ORDER BY age LIMIT 1")) ==
          "nulls ties duplicates empty case case boundary ");
    // Aggregates with five kinds or more: a second nulls database (every goal row NULL), which fewer
    // kinds reach in the minimum's second round.
    CHECK(names(hints_of("SELECT count(*) FROM emp e JOIN visit v ON v.emp_id = e.id WHERE v.city LIKE 'P%'")) ==
          "nulls duplicates empty dangling case boundary nulls ");
    LiteralHints hints = hints_of("SELECT id FROM emp ORDER BY age LIMIT 1");
    CHECK(kind_of_database(hints, 0) == DataKind::Plain);
    CHECK(kind_of_database(hints, 2) == DataKind::Plain);
    CHECK(kind_of_database(hints, 3) == DataKind::Nulls);
    CHECK(kind_of_database(hints, 4) == DataKind::Ties);
    CHECK(kind_of_database(hints, 7) == DataKind::Nulls);  // the kinds again, with other draws
}

TEST_CASE("synth kinds: adaptive effort runs more databases only while something is left to learn",
          "[results][synth]") {
    // The same columns and literals, combined alike: the minimum, plus the kinds not yet run.
    SynthOutcome same = judge("SELECT name FROM emp WHERE age > 3", "SELECT name FROM emp WHERE NOT age <= 3");
    CHECK(same.verdict == Verdict::Equal);
    CHECK(same.databases_run == 8);
    // A join against a subquery reads the same tables, columns and literals: no more than that.
    SynthOutcome join = judge("SELECT e.name FROM emp AS e JOIN dept AS d ON e.dept_id = d.id WHERE d.budget > 3",
                              "SELECT name FROM emp WHERE dept_id IN (SELECT id FROM dept WHERE budget > 3)");
    CHECK(join.verdict == Verdict::Equal);
    CHECK(join.databases_run == 8);
    // Different columns read (count(id) against count(*)): up to the budget.
    SynthOutcome counts = judge("SELECT count(*) FROM emp WHERE age > 3", "SELECT count(id) FROM emp WHERE age > 3");
    CHECK(counts.verdict == Verdict::Equal);
    CHECK(counts.databases_run == 16);
    // The same columns read through other functions or operators (AVG against SUM / COUNT(*), a NULL test, NOT IN,
    // a pattern for `=`, DISTINCT) read differently; comparisons and NOT do not (`age > 3`, `NOT age <= 3`).
    auto signature = [](const std::string& sql) { return read_signature(testing::sqlite(sql)); };
    CHECK(signature("SELECT avg(age) FROM emp") != signature("SELECT sum(age) * 1.0 / count(*) FROM emp"));
    CHECK(signature("SELECT name FROM emp WHERE age > 3") !=
          signature("SELECT name FROM emp WHERE age > 3 AND age IS NOT NULL"));
    CHECK(signature("SELECT name FROM emp WHERE name = 'a'") != signature("SELECT name FROM emp WHERE name LIKE 'a'"));
    CHECK(signature("SELECT name FROM emp") != signature("SELECT DISTINCT name FROM emp"));
    CHECK(signature("SELECT name FROM dept WHERE id NOT IN (SELECT dept_id FROM emp)") !=
          signature("SELECT name FROM dept WHERE NOT id IN (SELECT dept_id FROM emp WHERE dept_id IS NOT NULL)"));
    CHECK(signature("SELECT name FROM emp WHERE age > 3") == signature("SELECT name FROM emp WHERE NOT age <= 3"));
    SynthOutcome tested = judge("SELECT name FROM emp WHERE age > 3", "SELECT name FROM emp WHERE age > 3 AND age IS NOT NULL");
    CHECK(tested.verdict == Verdict::Equal);
    CHECK(tested.databases_run == 16);
    SynthOptions small;
    small.databases = 2;
    small.max_databases = 3;
    CHECK(judge("SELECT e.name FROM emp AS e JOIN dept AS d ON e.dept_id = d.id",
                "SELECT name FROM emp WHERE dept_id IN (SELECT id FROM dept)", small)
              .databases_run == 3);
    // A time budget of zero stops at the minimum.
    SynthOptions hurried;
    hurried.max_seconds = 0;
    CHECK(judge("SELECT e.name FROM emp AS e JOIN dept AS d ON e.dept_id = d.id",
                "SELECT name FROM emp WHERE dept_id IN (SELECT id FROM dept)", hurried)
              .databases_run == 8);
}

TEST_CASE("synth kinds: undecided says why", "[results][synth]") {
    SynthOutcome empty = judge("SELECT name FROM emp WHERE 1 = 0", "SELECT name FROM emp WHERE 2 = 3");
    CHECK(empty.verdict == Verdict::Undecided);
    CHECK(empty.undecided_cause == "both_empty");
    CHECK(empty.databases_run == 16);  // it went on looking for rows
    SynthOutcome failing = judge("SELECT nope FROM emp", "SELECT name FROM emp");
    CHECK(failing.undecided_cause == "expected_fails");
    SynthOutcome constant = judge("SELECT 1", "SELECT 1");
    CHECK(constant.undecided_cause == "expected_constant");
}

TEST_CASE("synth realistic values: dates as text, years completed, flags 0/1", "[results][synth]") {
    LiteralHints hints = hints_of("SELECT id FROM visit WHERE strftime('%Y', day) = '2012'",
                                  "SELECT id FROM emp WHERE hired LIKE '2012%' AND SUBSTR(hired, 1, 4) = '2012'");
    size_t dates = 0, in_2012 = 0, hired_2012 = 0;
    for (size_t i = 0; i < kPlainDatabases; ++i) {
        SynthDatabase db = generate_database(schema(), hints, 1, i);
        for (const auto& row : table(db, "visit").rows) {
            const auto* day = std::get_if<std::string>(&row[3]);
            REQUIRE(day);
            CHECK(day->size() == 10);
            CHECK((*day)[4] == '-');
            CHECK((*day)[7] == '-');
            ++dates;
            in_2012 += day->starts_with("2012-");
        }
        for (const auto& row : table(db, "emp").rows)
            if (const auto* hired = std::get_if<std::string>(&row[4])) hired_2012 += hired->starts_with("2012-");
    }
    CHECK(dates > 10);
    CHECK(in_2012 > 0);     // the year the query asks for, as a whole date
    CHECK(hired_2012 > 0);  // SUBSTR and LIKE on a year make `hired` a date column
    // Both queries select rows on plain data: equal, not undecided.
    SynthOutcome out = judge("SELECT id FROM visit WHERE strftime('%Y', day) = '2012'",
                             "SELECT id FROM visit WHERE day LIKE '2012-%'");
    INFO(out.reason);
    CHECK(out.verdict == Verdict::Equal);
}

TEST_CASE("synth realistic values: a text column summed or computed with holds numbers", "[results][synth]") {
    // BIRD's results.fastestLapSpeed is TEXT ('202.484'): as 'speed 1', every row's AVG was 0 and a NULL changed
    // nothing. Here emp.hired is TEXT.
    LiteralHints hints = hints_of("SELECT AVG(hired) FROM emp", "SELECT CAST(name AS REAL) * 2 FROM emp");
    CHECK(LiteralHints::reads(hints.number_columns, "hired"));
    CHECK(LiteralHints::reads(hints.number_columns, "name"));
    CHECK_FALSE(LiteralHints::reads(hints_of("SELECT COUNT(hired) FROM emp").number_columns, "hired"));
    size_t numbers = 0;
    for (size_t i = 0; i < kPlainDatabases; ++i) {
        SynthDatabase db = generate_database(schema(), hints, 1, i);
        for (const auto& row : table(db, "emp").rows)
            for (size_t column : {size_t(1), size_t(4)}) {
                const auto* text = std::get_if<std::string>(&row[column]);
                if (!text) continue;
                INFO(*text);
                size_t end = 0;
                CHECK_NOTHROW(std::stod(*text, &end));
                CHECK(end == text->size());
                ++numbers;
            }
    }
    CHECK(numbers > 10);
    // A NULL among them moves SUM / COUNT(*) off the average.
    check_kind("SELECT AVG(hired) FROM emp", "SELECT CAST(SUM(hired) AS REAL) / COUNT(*) FROM emp", DataKind::Nulls);
}

// ---- what separated a pair on plain data (issue 29, follow-up): a difference that plain data shows
// only through fan-out, tied rows, a second spelling or a boundary value has that kind, not plain.

TEST_CASE("synth kinds: a plain difference that needs two rows referring to one is a fan-out difference",
          "[results][synth]") {
    // COUNT against COUNT DISTINCT over a join differ only where an employee has two visits.
    check_kind("SELECT count(e.id) FROM visit AS v JOIN emp AS e ON v.emp_id = e.id",
               "SELECT count(DISTINCT e.id) FROM visit AS v JOIN emp AS e ON v.emp_id = e.id", DataKind::FanOut);
    SynthOutcome out = judge("SELECT count(e.id) FROM visit AS v JOIN emp AS e ON v.emp_id = e.id",
                             "SELECT count(DISTINCT e.id) FROM visit AS v JOIN emp AS e ON v.emp_id = e.id");
    CHECK_THAT(out.reason, Catch::Contains("two rows referring to one"));
    // A filter the other query lacks separates them without fan-out too: plain.
    SynthOutcome filtered = judge("SELECT e.name FROM visit AS v JOIN emp AS e ON v.emp_id = e.id",
                                  "SELECT e.name FROM visit AS v JOIN emp AS e ON v.emp_id = e.id WHERE v.city = 'Rome'");
    INFO(filtered.reason);
    REQUIRE(filtered.verdict == Verdict::Different);
    CHECK(filtered.kind == DataKind::Plain);
}

TEST_CASE("synth generator: without fan-out, no two rows refer to one", "[results][synth]") {
    LiteralHints hints = hints_of("SELECT e.name FROM visit AS v JOIN emp AS e ON v.emp_id = e.id");
    size_t with_fan_out = 0;
    for (uint64_t seed = 1; seed <= 20; ++seed) {
        SynthDatabase flat = generate_database(schema(), hints, seed, 1, DataKind::Plain, false);
        CHECK_FALSE(has_fan_out(schema(), hints, flat));
        std::set<int64_t> referenced;
        for (const auto& row : table(flat, "visit").rows) CHECK(referenced.insert(std::get<int64_t>(row[1])).second);
        CHECK_FALSE(table(flat, "visit").rows.empty());
        with_fan_out += has_fan_out(schema(), hints, generate_database(schema(), hints, seed, 1, DataKind::Plain));
    }
    CHECK(with_fan_out >= 15);  // plain data has fan-out, as real data mostly has
}

TEST_CASE("synth kinds: a plain difference that hangs on the order of tied rows is a ties difference",
          "[results][synth]") {
    // The lengths of plain texts repeat ('city 3xx', 'city 6xx'): the longest one first is whichever
    // SQLite scans first, unless the order breaks the tie. (The expected query breaks it: the generated
    // query's cut is one of its own tied cuts, not the expected one.)
    SynthOutcome out = judge("SELECT city FROM visit ORDER BY length(city) DESC, city DESC LIMIT 1",
                             "SELECT city FROM visit ORDER BY length(city) DESC LIMIT 1");
    INFO(out.reason);
    REQUIRE(out.verdict == Verdict::Different);
    CHECK(out.kind == DataKind::Ties);
    CHECK(out.edge_cases_only);
    CHECK_THAT(out.reason, Catch::Contains("order of rows that tie"));
}

TEST_CASE("synth kinds: plain data has no ties on an ORDER BY key before LIMIT", "[results][synth]") {
    check_kind("SELECT name FROM emp ORDER BY age DESC LIMIT 1",
               "SELECT name FROM emp WHERE age = (SELECT max(age) FROM emp)", DataKind::Ties);
    // Ties on a date (NULL days tie too: whichever edge kind comes first), never on plain data.
    for (uint64_t seed = 1; seed <= 6; ++seed) {
        SynthOptions options;
        options.seed = seed;
        SynthOutcome out = judge("SELECT city FROM visit ORDER BY day, city LIMIT 1",
                                 "SELECT city FROM visit ORDER BY day LIMIT 1", options);
        INFO("seed " << seed << ": " << out.reason);
        CHECK(out.verdict == Verdict::Different);
        CHECK(out.kind != DataKind::Plain);
    }
}

TEST_CASE("synth kinds: two queries that leave the same tied cut to SQLite are no difference; a tie-breaker is",
          "[results][synth]") {
    // Where both queries' order leaves the cut to the order SQLite scans tied rows in, each result is a cut of
    // the other's ties: the same query with its join written the other way round (BIRD 11346), on the ties data.
    const std::string expected = "SELECT e.name FROM visit AS v JOIN emp AS e ON v.emp_id = e.id ORDER BY v.day ASC LIMIT 1";
    const std::string generated = "SELECT e.name FROM emp AS e JOIN visit AS v ON e.id = v.emp_id ORDER BY v.day ASC LIMIT 1";
    size_t tied = 0;
    for (uint64_t seed = 1; seed <= 6; ++seed) {
        for (bool as_sets : {false, true}) {
            SynthOptions options;
            options.seed = seed;
            options.as_sets = as_sets;
            SynthOutcome out = judge(expected, generated, options);
            INFO("seed " << seed << ": " << out.reason);
            CHECK(out.verdict == Verdict::Equal);
            tied += out.tied_cuts > 0;
        }
    }
    CHECK(tied >= 6);  // the ties were there to cut otherwise
    // Plain data, which is to show what real data shows, judges no tied cut: where its counts tie (one row per
    // group) the pair is a ties difference, never a plain one (BIRD 1788, whose sums tie only on the duplicates
    // data, is equal).
    for (uint64_t seed = 1; seed <= 6; ++seed) {
        SynthOptions options;
        options.seed = seed;
        SynthOutcome out = judge("SELECT emp_id FROM visit GROUP BY emp_id ORDER BY COUNT(city) DESC LIMIT 1",
                                 "SELECT emp_id FROM (SELECT emp_id, COUNT(*) AS n FROM visit GROUP BY emp_id) "
                                 "ORDER BY n DESC LIMIT 1",
                                 options);
        INFO("seed " << seed << ": " << out.reason);
        CHECK((out.verdict == Verdict::Equal || (out.verdict == Verdict::Different && out.kind == DataKind::Ties)));
    }
    // Where every row ties on plain data (counts of one row per group), the other end of the order is a cut of
    // the ties too: a difference of the ties kind, not "equal" (defog broker: the count DESC against ASC).
    SynthOutcome ends = judge("SELECT emp_id FROM (SELECT emp_id, COUNT(*) AS n FROM visit GROUP BY emp_id) ORDER BY n DESC LIMIT 1",
                              "SELECT emp_id FROM (SELECT emp_id, COUNT(*) AS n FROM visit GROUP BY emp_id) ORDER BY n ASC LIMIT 1");
    INFO(ends.reason);
    CHECK(ends.verdict == Verdict::Different);
    // A tie-breaker the expected query lacks picks one of its cuts on purpose, where real data shows the expected
    // query another: a difference of the ties kind (issue 29), either way round.
    for (uint64_t seed = 1; seed <= 6; ++seed) {  // (NULL days tie too: ties or nulls, whichever comes first)
        SynthOptions options;
        options.seed = seed;
        SynthOutcome out = judge("SELECT city FROM visit ORDER BY day LIMIT 1",
                                 "SELECT city FROM visit ORDER BY day, city DESC LIMIT 1", options);
        INFO("seed " << seed << ": " << out.reason);
        CHECK(out.verdict == Verdict::Different);
        CHECK(out.kind != DataKind::Plain);
    }
    check_kind("SELECT city FROM visit ORDER BY length(city) DESC LIMIT 1",
               "SELECT city FROM visit ORDER BY length(city) DESC, city DESC LIMIT 1", DataKind::Ties);
    // Not every cut: the other end of the order, and one row more, are differences.
    SynthOutcome other_end = judge("SELECT city FROM visit ORDER BY day ASC LIMIT 1", "SELECT city FROM visit ORDER BY day DESC LIMIT 1");
    INFO(other_end.reason);
    CHECK(other_end.verdict == Verdict::Different);
    CHECK(other_end.kind == DataKind::Plain);
    SynthOutcome longer = judge("SELECT city FROM visit ORDER BY day LIMIT 1", "SELECT city FROM visit ORDER BY day LIMIT 2");
    INFO(longer.reason);
    CHECK(longer.verdict == Verdict::Different);
    // Every tied row where the expected query keeps one: the ties data tells them apart.
    check_kind("SELECT name FROM emp ORDER BY age DESC LIMIT 1",
               "SELECT name FROM emp WHERE age = (SELECT max(age) FROM emp)", DataKind::Ties);
}

TEST_CASE("synth kinds: plain data spells a value one way, the case data the other ways", "[results][synth]") {
    // = 'paris' against LIKE '%Paris%': the same rows wherever the data writes it one way.
    check_kind("SELECT id FROM visit WHERE city = 'paris'", "SELECT id FROM visit WHERE city LIKE '%Paris%'",
               DataKind::Case);
    // = 'paris' against = 'Paris' differ on the data the expected query was written for: plain.
    SynthOutcome out = judge("SELECT id FROM visit WHERE city = 'paris'", "SELECT id FROM visit WHERE city = 'Paris'");
    INFO(out.reason);
    REQUIRE(out.verdict == Verdict::Different);
    CHECK(out.kind == DataKind::Plain);
}

TEST_CASE("synth kinds: the literal of an ordering comparison is a boundary value", "[results][synth]") {
    check_kind("SELECT name FROM emp WHERE age > 30", "SELECT name FROM emp WHERE age >= 30", DataKind::Boundary);
    // Its neighbours are plain: > 30 against < 30 differ on typical data.
    SynthOutcome out = judge("SELECT name FROM emp WHERE age > 30", "SELECT name FROM emp WHERE age < 30");
    REQUIRE(out.verdict == Verdict::Different);
    CHECK(out.kind == DataKind::Plain);
}

TEST_CASE("synth generator: a name holds a literal once, loose literals included", "[results][synth]") {
    // 'Sales' is compared with dept.name and is also a loose literal (drawn 5% of the time anywhere).
    LiteralHints hints = hints_of("SELECT id FROM dept WHERE name = 'Sales' OR budget > 3");
    for (uint64_t seed = 1; seed <= 40; ++seed)
        for (size_t index = 0; index < kPlainDatabases; ++index) {
            SynthDatabase db = generate_database(schema(), hints, seed, index);
            size_t sales = 0;
            for (const auto& row : table(db, "dept").rows) sales += row[1] == Value(std::string("Sales"));
            INFO("seed " << seed << ", database " << index);
            CHECK(sales <= 1);
        }
}

TEST_CASE("synth generator: an 11-way self-join through a declared foreign key runs in time", "[results][synth]") {
    // BIRD's european_football: eleven columns of Match refer to Player.player_api_id (a declared
    // foreign key to a column that is not the key). Repeated values there, or a plan of full scans,
    // multiplied rows past the timeout; the referenced column is unique and indexed.
    std::string ddl = "CREATE TABLE Player (id INTEGER PRIMARY KEY, player_api_id INTEGER, player_name TEXT);\n"
                      "CREATE TABLE Match (id INTEGER PRIMARY KEY, goals INTEGER";
    std::string joins, where;
    for (int i = 1; i <= 11; ++i) {
        ddl += ", p" + std::to_string(i) + " INTEGER REFERENCES Player(player_api_id)";
        joins += " JOIN Player AS P" + std::to_string(i) + " ON M.p" + std::to_string(i) + " = P" + std::to_string(i) +
                 ".player_api_id";
        where += std::string(i > 1 ? " OR " : "") + "P" + std::to_string(i) + ".player_name = 'Daan Smith'";
    }
    ddl += ");\n";
    SchemaLoadResult loaded = load_schema_text(ddl, "football.sql");
    REQUIRE(loaded.schema);
    const std::string expected =
        "SELECT SUM(M.goals) FROM Player AS P JOIN Match AS M ON P.player_api_id = M.p5 WHERE P.player_name = 'Daan Smith'";
    const std::string generated = "SELECT SUM(M.goals) FROM Match AS M" + joins + " WHERE " + where;
    ParseResult e = testing::sqlite(expected), g = testing::sqlite(generated);
    REQUIRE(e.ok());
    REQUIRE(g.ok());
    SynthOptions options;
    options.limits = ExecLimits{2, 10000};
    SynthOutcome out = compare_on_synthesized(*loaded.schema, expected, e, generated, g, false, {}, options);
    INFO(out.reason);
    CHECK_FALSE(out.timed_out);
    CHECK(out.verdict == Verdict::Different);  // any of eleven players against the fifth
    // The referenced column holds no value twice, on every kind.
    LiteralHints hints = hints_of(expected, generated);
    for (size_t index = 0; index < 12; ++index) {
        SynthDatabase db = generate_database(*loaded.schema, hints, 1, index);
        std::set<int64_t> ids;
        for (const auto& row : table(db, "Player").rows)
            if (const auto* id = std::get_if<int64_t>(&row[1])) CHECK(ids.insert(*id).second);
        CHECK(table(db, "Player").indexed == std::vector<std::string>{"player_api_id"});
    }
}

TEST_CASE("synth kinds: a key value against a name is a key-literal difference, not a plain one", "[results][synth]") {
    // Whether department 3 is 'Sales' is a fact of the real data: synthesized data only guesses.
    SynthOutcome out = judge("SELECT count(*) FROM emp AS e JOIN dept AS d ON e.dept_id = d.id WHERE d.name = 'Sales'",
                             "SELECT count(*) FROM emp WHERE dept_id = 3");
    INFO(out.reason);
    CHECK(out.verdict == Verdict::Different);
    CHECK(out.kind == DataKind::KeyLiteral);
    CHECK(out.edge_cases_only);
    CHECK_THAT(out.reason, Catch::Contains("dept_id = 3"));
    // Both queries name the key: the data decides as usual.
    SynthOutcome keys = judge("SELECT count(*) FROM emp WHERE dept_id = 4", "SELECT count(*) FROM emp WHERE dept_id = 3");
    INFO(keys.reason);
    CHECK(keys.verdict == Verdict::Different);
    CHECK(keys.kind == DataKind::Plain);
}

TEST_CASE("synth kinds: a percentage computed in another order agrees within the tolerance, and says so",
          "[results][synth]") {
    // 100 * s / n and s / n * 100 agree within any tolerance, not exactly (1 of 3: 33.333333333333336
    // against 33.333333333333329). BIRD's labels count such pairs right far more often than wrong (90 of
    // 101), so the verdict stays "equal" and the reason says what an exact comparison would see.
    const std::string times_first = "SELECT CAST(SUM(IIF(age > 3, 1, 0)) AS REAL) * 100 / COUNT(*) FROM emp";
    const std::string divide_first = "SELECT CAST(SUM(IIF(age > 3, 1, 0)) AS REAL) / COUNT(*) * 100 FROM emp";
    SynthOutcome out = judge(times_first, divide_first);
    CHECK(out.verdict == Verdict::Equal);
    CHECK_THAT(out.rounding, Catch::Contains("numbers agree within the tolerance 1e-06 but not exactly: expected "));
    CHECK_THAT(out.reason, Catch::Contains(out.rounding));
    // Exactly the same numbers (one query spelled two ways) say nothing of rounding.
    SynthOutcome same = judge(times_first, "SELECT 100 * CAST(SUM(CASE WHEN age > 3 THEN 1 ELSE 0 END) AS REAL) / "
                                           "COUNT(*) FROM emp");
    CHECK(same.verdict == Verdict::Equal);
    CHECK(same.rounding.empty());
    // With no tolerance the comparison itself is exact: a difference.
    SynthOptions exact;
    exact.tolerance = 0;
    SynthOutcome strict = judge(times_first, divide_first, exact);
    CHECK(strict.verdict == Verdict::Different);
    CHECK(strict.rounding.empty());
    // Rows that only tie at both queries' ORDER BY .. LIMIT are another cut, not a rounding.
    SynthOutcome cuts = judge("SELECT id FROM emp ORDER BY age DESC LIMIT 1",
                              "SELECT id FROM emp ORDER BY age DESC, name LIMIT 1");
    CHECK(cuts.rounding.empty());
}

TEST_CASE("synth generator: a table without a declared key keeps the one its name implies", "[results][synth]") {
    // defog's dumps declare no keys: course.course_id is still one course's, author.aid one author's.
    const Schema keyless = testing::schema_from_ddl(
        "CREATE TABLE course (course_id INTEGER, department TEXT, num_enrolled INTEGER);\n"
        "CREATE TABLE author (aid INTEGER, oid INTEGER, name TEXT);\n"
        "CREATE TABLE domain (did INTEGER, name TEXT);\n"
        "CREATE TABLE domain_author (did INTEGER, aid INTEGER);\n"
        "CREATE TABLE patient (id INTEGER PRIMARY KEY, sex TEXT);\n"
        "CREATE TABLE examination (id INTEGER, diagnosis TEXT, FOREIGN KEY (id) REFERENCES patient(id));\n",
        "keyless.sql");
    const Schema keyed = with_implied_keys(keyless);
    auto key_of = [&](const char* table) {
        for (const Table& t : keyed.tables)
            if (t.name == table) return t.primary_key.empty() ? std::string() : t.primary_key[0];
        return std::string("?");
    };
    CHECK(key_of("course") == "course_id");
    CHECK(key_of("author") == "aid");       // its initial and id; not oid (an organization's)
    CHECK(key_of("domain_author").empty());  // did is the domain's: a link table's name is no one word
    CHECK(key_of("patient") == "id");       // declared
    CHECK(key_of("examination").empty());  // id refers to the patient: several examinations each
    SynthOptions options;
    CHECK(testing::judge_on_synth(keyless, "SELECT department, COUNT(DISTINCT course_id) FROM course GROUP BY department",
                                  "SELECT department, COUNT(course_id) FROM course GROUP BY department", options)
              .verdict == Verdict::Equal);
    CHECK(testing::judge_on_synth(keyless, "SELECT course_id, SUM(num_enrolled) FROM course GROUP BY course_id",
                                  "SELECT course_id, AVG(num_enrolled) FROM course GROUP BY course_id", options)
              .verdict == Verdict::Equal);
    // Not a key: a patient has several examinations.
    CHECK(testing::judge_on_synth(keyless, "SELECT COUNT(DISTINCT id) FROM examination",
                                  "SELECT COUNT(id) FROM examination", options)
              .verdict == Verdict::Different);
}
