// Targeted rows (issue 29): rows that pass every filter of a query block ("goal rows"), and what each
// kind of database does with them; the plain differences that come from ties at a LIMIT's cut or a
// scalar subquery over several rows, reported as edge cases; aliases resolved within their own query.
// Each pair is one that only the named kind of row separates; a guard checks an equivalent pair.
#include <algorithm>

#include <catch2/catch.hpp>

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

// As BIRD's schemas: visit refers to emp and emp to dept (twice: dept_id, home_dept_id) with no
// declared foreign key (only the queries' joins say they are references); emp.age is nullable; dates
// are text.
const char* const kDdl =
    "CREATE TABLE dept (id INTEGER PRIMARY KEY, name TEXT NOT NULL, budget REAL);\n"
    "CREATE TABLE emp (id INTEGER PRIMARY KEY, name TEXT NOT NULL, age INTEGER, dept_id INTEGER, hired DATE,\n"
    "                  home_dept_id INTEGER);\n"
    "CREATE TABLE visit (id INTEGER PRIMARY KEY, emp_id INTEGER NOT NULL, city TEXT NOT NULL, day DATE,\n"
    "                    amount INTEGER NOT NULL);\n";

const Schema& schema() {
    static const Schema s = testing::schema_from_ddl(kDdl, "goals.sql");
    return s;
}

SynthOutcome judge(const std::string& expected, const std::string& generated, SynthOptions options = {},
                   bool as_sets = true) {
    options.as_sets = as_sets;  // BIRD's comparison
    return testing::judge_on_synth(schema(), expected, generated, options);
}

void check_kind(const std::string& expected, const std::string& generated, DataKind kind) {
    testing::check_separated_by(schema(), expected, generated, kind);
}

}  // namespace

TEST_CASE("synth goals: plain data holds rows that pass every filter of a joined query", "[results][synth]") {
    const std::string query =
        "SELECT count(*) FROM visit AS T1 JOIN emp AS T2 ON T1.emp_id = T2.id "
        "WHERE T1.city = 'Praha' AND T1.amount < 0 AND T2.age > 60 AND STRFTIME('%Y', T1.day) = '1995'";
    LiteralHints hints = hints_of(query);
    REQUIRE(hints.goals.size() == 1);
    CHECK(hints.goals[0].terms.size() == 4);
    for (size_t index = 0; index < kPlainDatabases; ++index) {
        SynthDatabase db = generate_database(schema(), hints, 1, index, DataKind::Plain);
        auto results = run_on(db, {query}, ExecLimits{2, 1000});
        REQUIRE(results[0].status == ExecStatus::Ok);
        INFO("plain database " << index);
        // Two visits pass (the goal's two rows), each under its own employee on plain data.
        CHECK(std::get<int64_t>(results[0].result.rows.at(0).at(0)) >= 2);
    }
}

TEST_CASE("synth goals: a filter's IS NULL gives the goal's rows a NULL, not an OR's branch", "[results][synth]") {
    // BIRD's `side IS NULL`, `ParentId IS NULL`: drawn data holds few NULLs, and plain data selected nothing.
    const std::string query = "SELECT count(*) FROM visit AS T1 JOIN emp AS T2 ON T1.emp_id = T2.id "
                              "WHERE T1.city = 'Praha' AND T2.age IS NULL";
    LiteralHints hints = hints_of(query);
    REQUIRE(hints.goals.size() == 1);
    REQUIRE(hints.goals[0].terms.size() == 2);
    CHECK(std::holds_alternative<Null>(hints.goals[0].terms[1].value));
    for (size_t index = 0; index < kPlainDatabases; ++index) {
        auto results = run_on(generate_database(schema(), hints, 1, index, DataKind::Plain), {query}, ExecLimits{2, 1000});
        REQUIRE(results[0].status == ExecStatus::Ok);
        INFO("plain database " << index);
        CHECK(std::get<int64_t>(results[0].result.rows.at(0).at(0)) >= 2);
    }
    // Where a NULL is one branch of an OR (`age > 60 OR age IS NULL`), it stays the nulls data's.
    for (const LiteralHints::Goal& goal : hints_of("SELECT id FROM emp WHERE age > 60 OR age IS NULL").goals)
        for (const auto& term : goal.terms) CHECK_FALSE(std::holds_alternative<Null>(term.value));
    // A column the schema declares NOT NULL gets no NULL (visit.city).
    SynthDatabase db = generate_database(schema(), hints_of("SELECT id FROM visit WHERE city IS NULL"), 1, 0);
    for (const auto& row : table(db, "visit").rows) CHECK_FALSE(std::holds_alternative<Null>(row[2]));
}

TEST_CASE("synth goals: SUBSTR(x, k, n) = a text puts the text at that place", "[results][synth]") {
    // BIRD's `SUBSTR(T2.atom_id, 7, 2) = '45'`: drawn texts never held it, and both queries were empty everywhere.
    const std::string query = "SELECT count(*) FROM visit WHERE SUBSTR(city, 7, 2) = '45'";
    LiteralHints hints = hints_of(query);
    REQUIRE(hints.goals.size() == 1);
    REQUIRE(hints.goals[0].terms.size() == 1);
    CHECK(hints.goals[0].terms[0].placed);
    CHECK(hints.goals[0].terms[0].value == Value(std::string("xxxxxx45")));
    for (size_t index = 0; index < kPlainDatabases; ++index) {
        auto results = run_on(generate_database(schema(), hints, 1, index, DataKind::Plain), {query}, ExecLimits{2, 1000});
        REQUIRE(results[0].status == ExecStatus::Ok);
        CHECK(std::get<int64_t>(results[0].result.rows.at(0).at(0)) >= 2);
    }
    // A year through SUBSTR stays a date term; a length other than the text's places nothing.
    CHECK_FALSE(hints_of("SELECT id FROM emp WHERE SUBSTR(hired, 1, 4) = '2012'").goals.at(0).terms.at(0).placed);
    for (const LiteralHints::Goal& goal : hints_of("SELECT id FROM visit WHERE SUBSTR(city, 1, 3) = '45'").goals)
        for (const auto& term : goal.terms) CHECK_FALSE(term.placed);
}

TEST_CASE("synth goals: two rows under one referenced row that both pass the filters separate count from "
          "count distinct",
          "[results][synth]") {
    check_kind("SELECT COUNT(T1.emp_id) FROM visit AS T1 JOIN emp AS T2 ON T1.emp_id = T2.id "
               "WHERE T1.amount < 0 AND T1.city = 'Praha' AND T2.age > 60",
               "SELECT COUNT(DISTINCT v.emp_id) FROM visit v JOIN emp e ON v.emp_id = e.id "
               "WHERE v.city = 'Praha' AND v.amount < 0 AND e.age > 60",
               DataKind::Duplicates);
}

TEST_CASE("synth goals: a NULL in the column an aggregate reads, on a row that passes the filters",
          "[results][synth]") {
    check_kind("SELECT COUNT(T2.age) FROM visit AS T1 JOIN emp AS T2 ON T1.emp_id = T2.id WHERE T1.city = 'Praha'",
               "SELECT COUNT(*) FROM visit AS v JOIN emp AS e ON v.emp_id = e.id WHERE v.city = 'Praha'",
               DataKind::Nulls);
}

TEST_CASE("synth goals: a value that holds the LIKE pattern's text and more, in a table joined twice",
          "[results][synth]") {
    // dept is joined twice (two aliases, two goal rows); the boundary data fills the pattern's
    // wildcards ('xsalesx') in a row the rest of the filters select. (Both sides ignore case: LIKE against =
    // alone is a difference the case data shows first, 'sales' beside 'Audit'.)
    check_kind("SELECT v.id FROM visit AS v JOIN emp AS e ON v.emp_id = e.id JOIN dept AS d1 ON e.dept_id = d1.id "
               "JOIN dept AS d2 ON e.home_dept_id = d2.id WHERE LOWER(d1.name) = 'sales' AND d2.name = 'Audit'",
               "SELECT v.id FROM visit AS v JOIN emp AS e ON v.emp_id = e.id JOIN dept AS d1 ON e.dept_id = d1.id "
               "JOIN dept AS d2 ON e.home_dept_id = d2.id WHERE LOWER(d1.name) LIKE '%sales%' AND d2.name = 'Audit'",
               DataKind::Boundary);
}

TEST_CASE("synth goals: patterns ANDed on one column give it a value that matches them all", "[results][synth]") {
    // No value matches '%mon%' or '%wed%' alone and the other: the goal row holds 'monwed' (the patterns' texts
    // joined), so the plain data selects a row and shows which column each query returns.
    const std::string expected = "SELECT v.city FROM visit AS v WHERE LOWER(v.city) LIKE '%mon%' AND LOWER(v.city) LIKE '%wed%'";
    LiteralHints hints = hints_of(expected);
    REQUIRE(hints.goals.size() == 1);
    REQUIRE(hints.goals[0].terms.size() == 1);
    CHECK(hints.goals[0].terms[0].value == Value(std::string("monwed")));
    check_kind(expected, "SELECT v.id FROM visit AS v WHERE LOWER(v.city) LIKE '%mon%' AND LOWER(v.city) LIKE '%wed%'",
               DataKind::Plain);
    // Patterns no value holds together leave the first one's value.
    LiteralHints apart = hints_of("SELECT id FROM visit WHERE city LIKE 'a%' AND city LIKE 'b%'");
    REQUIRE(apart.goals.size() == 1);
    REQUIRE(apart.goals[0].terms.size() == 1);
    CHECK(apart.goals[0].terms[0].value == Value(std::string("a")));
}

TEST_CASE("synth goals: a join through a CTE's or derived table's column links the base tables", "[results][synth]") {
    // As defog's broker: text keys, and no declared foreign key from the transactions to the customers.
    static const Schema broker = testing::schema_from_ddl(
        "CREATE TABLE customer (cust_id VARCHAR(20) PRIMARY KEY, name VARCHAR(100) NOT NULL);\n"
        "CREATE TABLE tx (tx_id VARCHAR(50) PRIMARY KEY, tx_cust_id VARCHAR(20) NOT NULL, kind VARCHAR(20) NOT NULL);\n",
        "broker.sql");
    const std::string expected =
        "WITH sells AS (SELECT tx_cust_id, COUNT(*) AS n FROM tx WHERE kind = 'sell' GROUP BY tx_cust_id) "
        "SELECT c.cust_id, st.n FROM customer AS c JOIN sells AS st ON c.cust_id = st.tx_cust_id";
    LiteralHints hints = hints_of(expected);
    bool linked = std::any_of(hints.links.begin(), hints.links.end(), [](const LiteralHints::Link& l) {
        return (l.left_table == "tx" && l.left_column == "tx_cust_id") ||
               (l.right_table == "tx" && l.right_column == "tx_cust_id");
    });
    CHECK(linked);
    // The customers' and the transactions' keys meet on plain data, which then shows the changed filter.
    for (const std::string& generated :
         {std::string("WITH sells AS (SELECT tx_cust_id, COUNT(*) AS n FROM tx WHERE kind <> 'sell' GROUP BY tx_cust_id) "
                      "SELECT c.cust_id, st.n FROM customer AS c JOIN sells AS st ON c.cust_id = st.tx_cust_id"),
          std::string("SELECT c.cust_id, st.n FROM customer AS c JOIN (SELECT tx_cust_id, COUNT(*) AS n FROM tx "
                      "WHERE kind <> 'sell' GROUP BY tx_cust_id) AS st ON c.cust_id = st.tx_cust_id")}) {
        SynthOptions options;
        SynthOutcome out = testing::judge_on_synth(broker, expected, generated, options);
        INFO(generated << ": " << out.reason);
        CHECK(out.verdict == Verdict::Different);
        CHECK(out.kind == DataKind::Plain);
    }
}

TEST_CASE("synth goals: a date compared with the clock gets days around today", "[results][synth]") {
    // date('now', '-7 days') is a literal as far as the data goes: the days around it are in the goal rows, so
    // that a week and a month back are told apart on plain data, and either query selects rows.
    check_kind("SELECT id FROM visit WHERE day >= date('now', '-7 days')",
               "SELECT id FROM visit WHERE day >= date('now', '-30 days')", DataKind::Plain);
    LiteralHints hints = hints_of("SELECT id FROM visit WHERE day >= DATE('now', '-' || 3 || ' days')");
    REQUIRE(hints.goals.size() == 1);
    REQUIRE(hints.goals[0].terms.size() == 1);
    const auto* day = std::get_if<std::string>(&hints.goals[0].terms[0].value);
    REQUIRE(day);
    CHECK(day->size() == 10);
    CHECK(day->substr(0, 2) == "20");
}

TEST_CASE("synth goals: a number read as seconds since 1970 holds such seconds, its date literals too",
          "[results][synth]") {
    // visit.amount read by datetime(x, 'unixepoch'): a departure time as defog's flights store it. Small numbers
    // there are all the first minute of 1970: the earliest and the latest flight leave at one time of day.
    check_kind("SELECT STRFTIME('%H:%M', datetime(amount, 'unixepoch')) FROM visit ORDER BY amount ASC LIMIT 1",
               "SELECT STRFTIME('%H:%M', datetime(amount, 'unixepoch')) FROM visit ORDER BY amount DESC LIMIT 1",
               DataKind::Plain);
    const std::string on_day = "SELECT id FROM visit WHERE date(amount, 'unixepoch') = '2012-05-01'";
    LiteralHints hints = hints_of(on_day);
    CHECK(hints.is_epoch_column("amount"));
    CHECK_FALSE(hints.is_date_column("amount"));
    SynthDatabase db = generate_database(schema(), hints, 1, 0);
    const auto& visits = table(db, "visit");
    size_t amount = 0;
    while (amount < visits.columns.size() && visits.columns[amount] != "amount") ++amount;
    REQUIRE(amount < visits.columns.size());
    size_t on_the_day = 0;
    for (const auto& row : visits.rows) {
        const auto* seconds = std::get_if<int64_t>(&row[amount]);
        REQUIRE(seconds);
        CHECK(*seconds >= 1104537600);  // 2005-01-01
        on_the_day += *seconds >= 1335830400 && *seconds < 1335830400 + 86400;  // 2012-05-01
    }
    CHECK(on_the_day >= 1);  // the goal rows: the filter selects rows
}

TEST_CASE("synth goals: groups ordered by a count hold different numbers of rows, through a CTE too",
          "[results][synth]") {
    // defog's broker: the customer with the most sell transactions on a day, counted in a CTE. The filter
    // selects only the goal rows; one row per customer made every count 1, and DESC against ASC equal.
    const std::string cte = "WITH s AS (SELECT emp_id, COUNT(*) AS n FROM visit WHERE city = 'Paris' GROUP BY emp_id) "
                            "SELECT e.name, s.n FROM emp AS e JOIN s ON e.id = s.emp_id ORDER BY s.n ";
    check_kind(cte + "DESC LIMIT 1", cte + "ASC LIMIT 1", DataKind::Plain);
    const std::string derived = "SELECT e.name, s.total FROM emp AS e JOIN (SELECT emp_id, SUM(amount) AS total FROM "
                                "visit WHERE city = 'Paris' GROUP BY emp_id) AS s ON e.id = s.emp_id ORDER BY total ";
    check_kind(derived + "DESC LIMIT 1", derived + "ASC LIMIT 1", DataKind::Plain);
    const std::string direct = "SELECT emp_id FROM visit WHERE city = 'Paris' GROUP BY emp_id ORDER BY COUNT(*) ";
    check_kind(direct + "DESC LIMIT 1", direct + "ASC LIMIT 1", DataKind::Plain);
    // The hints: beside the filter's goal, a group of two rows under one employee.
    LiteralHints hints = hints_of(cte + "DESC LIMIT 1");
    REQUIRE(hints.goals.size() == 2);
    CHECK_FALSE(hints.goals[0].group_of_two);
    CHECK(hints.goals[1].group_of_two);
    CHECK(hints.goals[1].group_rows == 2);
    REQUIRE(hints.goals[1].group_columns.size() == 1);
    CHECK(hints.goals[1].group_columns[0].second == "emp_id");
    // Not without an ordering by the aggregate before a LIMIT.
    CHECK(hints_of("SELECT emp_id, COUNT(*) FROM visit WHERE city = 'Paris' GROUP BY emp_id").goals.size() == 1);
    CHECK(hints_of(cte + "DESC").goals.size() == 1);
}

TEST_CASE("synth goals: dates lie around the years the literals name, before and after a range", "[results][synth]") {
    // defog's car dealership: the latest snapshot of March 2023 against the latest of all. Dates drawn from
    // 2005-2020 all lay before March 2023, so the latest of all was March's.
    const std::string range = "SELECT MAX(day) FROM visit WHERE day BETWEEN '2023-03-01' AND '2023-03-31'";
    check_kind(range, "SELECT MAX(day) FROM visit WHERE 1 = 1 OR day BETWEEN '2023-03-01' AND '2023-03-31'",
               DataKind::Plain);
    SynthDatabase db = generate_database(schema(), hints_of(range), 1, 0);
    const auto& visits = table(db, "visit");
    size_t day = 0;
    while (day < visits.columns.size() && visits.columns[day] != "day") ++day;
    REQUIRE(day < visits.columns.size());
    for (const auto& row : visits.rows) {
        const auto* text = std::get_if<std::string>(&row[day]);
        REQUIRE(text);
        CHECK(*text >= "2021");
        CHECK(*text < "2026");
    }
}

TEST_CASE("synth goals: a text read as a date and more holds a date and a time", "[results][synth]") {
    // BIRD's european football data writes '2010-02-22 00:00:00': SUBSTR(date, 1, 10) or LIKE '2010-02-22%'
    // find the day, `date = '2010-02-22'` nothing.
    const std::string day = "SELECT id FROM visit WHERE SUBSTR(city, 1, 10) = '2010-02-22'";
    check_kind(day, "SELECT id FROM visit WHERE city = '2010-02-22'", DataKind::Plain);
    CHECK(judge(day, "SELECT id FROM visit WHERE city = '2010-02-22 00:00:00'").verdict == Verdict::Equal);
    CHECK(judge(day, "SELECT id FROM visit WHERE city LIKE '2010-02-22%'").verdict == Verdict::Equal);
    CHECK(hints_of("SELECT id FROM visit WHERE city LIKE '2010-02-22%'").datetime_columns ==
          std::vector<std::string>{"city"});
    CHECK(hints_of("SELECT id FROM visit WHERE SUBSTR(city, 1, 4) = '2010'").datetime_columns.empty());
    CHECK(hints_of("SELECT id FROM visit WHERE city LIKE '2010-02%'").datetime_columns.empty());
    // A datetime column (BIRD's codebase_community: '2010-07-19 19:12:12.0'): the day's rows hold times.
    const Schema posts = testing::schema_from_ddl("CREATE TABLE post (id INTEGER PRIMARY KEY, created DATETIME);\n",
                                                  "posts.sql");
    SynthOptions options;
    options.as_sets = true;
    SynthOutcome on_the_day = testing::judge_on_synth(posts, "SELECT id FROM post WHERE date(created) = '2010-07-19'",
                                                      "SELECT id FROM post WHERE created = '2010-07-19'", options);
    CHECK(on_the_day.verdict == Verdict::Different);
    CHECK(on_the_day.kind == DataKind::Plain);
    // (the boundary data's '2010-07-19x', the pattern's wildcard filled, is no date: an edge case at most)
    SynthOutcome like_day = testing::judge_on_synth(posts, "SELECT id FROM post WHERE date(created) = '2010-07-19'",
                                                    "SELECT id FROM post WHERE created LIKE '2010-07-19%'", options);
    CHECK((like_day.verdict == Verdict::Equal || like_day.edge_cases_only));
}

TEST_CASE("synth goals: a row one query looks for is missing on the empty data only", "[results][synth]") {
    // Plain data holds employees 3 and 5 (each subquery's goal): the scalar subqueries and the sums
    // agree there, with NULL ages (COALESCE, TOTAL) and with duplicates (keys are unique); the first
    // empty database leaves employee 5 out.
    check_kind("SELECT (SELECT COALESCE(age, 0) FROM emp WHERE id = 3) - (SELECT COALESCE(age, 0) FROM emp WHERE id = 5)",
               "SELECT TOTAL(IIF(id = 3, age, 0)) - TOTAL(IIF(id = 5, age, 0)) FROM emp", DataKind::Empty);
}

TEST_CASE("synth goals: ties among the rows the filters select, on a date read by STRFTIME", "[results][synth]") {
    check_kind("SELECT emp_id FROM visit WHERE STRFTIME('%Y', day) = '1995' ORDER BY day ASC LIMIT 1",
               "SELECT DISTINCT emp_id FROM visit WHERE day = (SELECT MIN(day) FROM visit WHERE "
               "STRFTIME('%Y', day) = '1995')",
               DataKind::Ties);
}

TEST_CASE("synth goals: tied counts at a LIMIT's cut make a plain difference a ties difference",
          "[results][synth]") {
    // Counts per department tie easily on small data: the LIMIT 1 keeps one of the tied departments,
    // the other query all of them. That is the ties kind's difference, not typical data's.
    check_kind("SELECT d.name FROM emp AS e JOIN dept AS d ON e.dept_id = d.id GROUP BY d.name "
               "ORDER BY COUNT(e.id) DESC LIMIT 1",
               "SELECT d.name FROM emp AS e JOIN dept AS d ON e.dept_id = d.id GROUP BY d.id HAVING COUNT(*) = "
               "(SELECT MAX(c) FROM (SELECT COUNT(*) AS c FROM emp GROUP BY dept_id))",
               DataKind::Ties);
}

TEST_CASE("synth goals: a scalar subquery over several rows makes a plain difference a scalar-subquery difference",
          "[results][synth]") {
    // The goal's two visits in Praha: SQLite's scalar subquery takes the first, the join both.
    check_kind("SELECT e.name FROM emp AS e JOIN visit AS v ON v.emp_id = e.id WHERE v.city = 'Praha'",
               "SELECT name FROM emp WHERE id = (SELECT emp_id FROM visit WHERE city = 'Praha')",
               DataKind::ScalarSubquery);
}

TEST_CASE("synth goals: a LIMIT without the other query's needs more rows than the LIMIT", "[results][synth]") {
    LiteralHints hints = hints_of("SELECT name FROM emp WHERE age > 60 LIMIT 3");
    REQUIRE(hints.goals.size() == 1);
    CHECK(hints.goals[0].copies == 4);
    check_kind("SELECT name FROM emp WHERE age > 60 LIMIT 3", "SELECT name FROM emp WHERE age > 60", DataKind::LimitCut);
    // The LIMIT of a derived table the outer query only projects bounds the result as well.
    check_kind("SELECT name FROM (SELECT name, age FROM emp WHERE age > 60 LIMIT 3)", "SELECT name FROM emp WHERE age > 60",
               DataKind::LimitCut);
}

TEST_CASE("synth goals: each query's aliases are its own", "[results][synth]") {
    // Both call their second table T2, and mean dept and visit: each join is a reference to its own table.
    LiteralHints hints = hints_of("SELECT T1.name FROM emp AS T1 JOIN dept AS T2 ON T1.dept_id = T2.id",
                                  "SELECT T1.name FROM emp AS T1 JOIN visit AS T2 ON T1.id = T2.emp_id");
    REQUIRE(hints.links.size() == 2);
    CHECK(hints.links[0].right_table == "dept");
    CHECK(hints.links[1].right_table == "visit");
    CHECK(hints.links[1].left_table == "emp");
}

TEST_CASE("synth goals: a name that two aliases look for is one row", "[results][synth]") {
    // d1.name = 'Sales' and d2.name = 'Sales': one Sales department on all but the duplicates and ties
    // data, so that the two joins meet the same row, as on real data.
    LiteralHints hints = hints_of("SELECT e.name FROM emp AS e JOIN dept AS d1 ON e.dept_id = d1.id JOIN dept AS d2 "
                                  "ON e.home_dept_id = d2.id WHERE d1.name = 'Sales' AND d2.name = 'Sales'");
    for (size_t index = 0; index < kPlainDatabases; ++index) {
        SynthDatabase db = generate_database(schema(), hints, 1, index, DataKind::Plain);
        size_t sales = 0;
        for (const auto& row : table(db, "dept").rows) sales += row[1] == Value(std::string("Sales"));
        CHECK(sales == 1);
    }
}

TEST_CASE("synth goals: an equivalent pair over the goal rows stays equal", "[results][synth]") {
    // A join to a key against IN over the same filters: the goal rows reach both, and no kind separates them.
    SynthOutcome out = judge("SELECT e.name FROM emp AS e JOIN dept AS d ON e.dept_id = d.id "
                             "WHERE d.name = 'Sales' AND e.age > 40 AND STRFTIME('%Y', e.hired) >= '2010'",
                             "SELECT name FROM emp WHERE age > 40 AND STRFTIME('%Y', hired) >= '2010' AND dept_id IN "
                             "(SELECT id FROM dept WHERE name = 'Sales')",
                             {}, false);
    INFO(out.reason);
    CHECK(out.verdict == Verdict::Equal);
    CHECK(out.nonempty_results > 0);
}

// A huge IN list (a model's 200,000 ids) keeps a few dozen values per column: the hints were quadratic in
// its length (a minute per case, past --timeout), and the generator draws from a few values only.
TEST_CASE("synth goals: a huge IN list keeps a bounded set of values per column", "[synth]") {
    std::string ids;
    for (int i = 0; i < 5000; ++i) ids += (i ? "," : "") + std::to_string(i);
    LiteralHints hints = hints_of("SELECT name FROM emp WHERE id IN (" + ids + ")");
    const std::vector<Value>* values = hints.find("id");
    REQUIRE(values);
    CHECK(values->size() <= 64);
    CHECK(values->size() >= 3);
    SynthOutcome out = judge("SELECT name FROM emp WHERE id < 3", "SELECT name FROM emp WHERE id IN (" + ids + ")");
    CHECK(out.verdict == Verdict::Different);
}

// A LIMIT of ten against none, on either side: plain data holds eleven rows that pass the filter, and the
// difference is the LIMIT's cut (whether the real data holds more rows than the LIMIT keeps is its fact);
// with another difference beside the LIMIT, plain.
TEST_CASE("synth goals: a LIMIT up to twenty gets one more goal row than it keeps", "[synth]") {
    for (const char* limit : {"3", "10", "20"}) {
        INFO(limit);
        const std::string limited = std::string("SELECT name FROM emp WHERE age > 60 LIMIT ") + limit;
        testing::check_separated_by(schema(), "SELECT name FROM emp WHERE age > 60", limited, DataKind::LimitCut);
        testing::check_separated_by(schema(), limited, "SELECT name FROM emp WHERE age > 60", DataKind::LimitCut);
    }
    testing::check_separated_by(schema(), "SELECT name FROM emp WHERE age > 60",
                                "SELECT name FROM emp WHERE age > 61 LIMIT 10", DataKind::Plain);
    CHECK(judge("SELECT name FROM emp WHERE age > 60 LIMIT 10", "SELECT e.name FROM emp e WHERE 60 < e.age LIMIT 10")
              .verdict == Verdict::Equal);
}

TEST_CASE("synth goals: a LIMIT over rows another block's filter selects gets one more goal row", "[results][synth]") {
    // BIRD 12404: the heroes of one race by a join, against the same through IN (subquery) with LIMIT 5.
    // The LIMIT's block has no filter of its own: the join's goal rows (of its table, emp) are six, each
    // a distinct name, so that the LIMIT cuts on plain data (the duplicates data's alike copies collapse
    // as sets, and two goal rows never reach a LIMIT of 5).
    const std::string joined = "SELECT e.name FROM emp AS e JOIN dept AS d ON e.dept_id = d.id WHERE d.name = 'Sales'";
    const std::string limited = "SELECT name FROM emp WHERE dept_id IN (SELECT id FROM dept WHERE name = 'Sales') LIMIT 5";
    LiteralHints hints = hints_of(joined, limited);
    REQUIRE(hints.limited_blocks.size() == 1);
    size_t six = 0;
    for (const auto& goal : hints.goals) six += goal.copies == 6 && LiteralHints::reads(goal.tables, "emp");
    CHECK(six >= 1);
    check_kind(joined, limited, DataKind::LimitCut);
    check_kind(limited, joined, DataKind::LimitCut);
    // Without the LIMIT, or with one that keeps every row, equal.
    const std::string unlimited = "SELECT name FROM emp WHERE dept_id IN (SELECT id FROM dept WHERE name = 'Sales')";
    CHECK(judge(joined, unlimited).verdict == Verdict::Equal);
    CHECK(hints_of(joined, unlimited).limited_blocks.empty());
}

TEST_CASE("synth goals: a block's goal rows refer to the goal rows of its IN subquery", "[results][synth]") {
    // BIRD's card_games: the translations of one set named in a subquery. The outer goal's rows refer to the
    // subquery's goal row, so that both filters select rows together on plain data (drawn, the Mirrodin set
    // seldom had a Chinese translation: 0 or 1 row), and the case data's set in another case has its own
    // translation in that language (the subquery's text varied, the outer one as written).
    const Schema cards = testing::schema_from_ddl(
        "CREATE TABLE sets (id INTEGER PRIMARY KEY, code TEXT NOT NULL UNIQUE, name TEXT, block TEXT, releaseDate DATE,\n"
        "                   type TEXT);\n"
        "CREATE TABLE set_translations (id INTEGER PRIMARY KEY, language TEXT, setCode TEXT REFERENCES sets (code),\n"
        "                               translation TEXT);\n",
        "cards.sql");
    const std::string in = "SELECT translation FROM set_translations WHERE setCode IN (SELECT code FROM sets WHERE name "
                           "= 'Mirrodin') AND language = 'Chinese Simplified'";
    const LiteralHints hints = hints_of(in);
    REQUIRE(hints.goals.size() == 2);
    REQUIRE(hints.goals[0].in_links.size() == 1);
    CHECK(hints.goals[0].in_links[0].first == "setcode");
    CHECK(hints.goals[0].in_links[0].second == hints.goals[1].block);
    for (uint64_t seed = 1; seed <= 6; ++seed) {
        auto results = run_on(generate_database(with_implied_keys(cards), hints, seed, 0), {in}, ExecLimits{2, 1000});
        INFO("seed " << seed);
        REQUIRE(results[0].status == ExecStatus::Ok);
        CHECK(results[0].result.rows.size() >= 2);  // both copies of the goal
    }
    std::string like = in;
    like.replace(like.find("name = "), 7, "name LIKE ");
    testing::check_separated_by(cards, in, like, DataKind::Case, /*as_sets=*/true);
    // NOT IN links nothing: its rows are those that meet no subquery row.
    CHECK(hints_of("SELECT translation FROM set_translations WHERE setCode NOT IN (SELECT code FROM sets WHERE name = "
                   "'Mirrodin') AND language = 'Chinese Simplified'")
              .goals[0]
              .in_links.empty());
}

TEST_CASE("synth goals: a name is one entity's on the ties data, but under ORDER BY", "[results][synth]") {
    // BIRD 5000: the heaviest hero of one publisher by a join, against the same through a scalar
    // subquery over the publisher's name. The ties data ties the weights; with the name repeated there
    // too, the scalar subquery took one of two publishers and the tie cut the other: a ties difference
    // that was a scalar subquery's over a repeated name (the duplicates data's).
    const std::string joined = "SELECT e.name FROM emp AS e JOIN dept AS d ON e.dept_id = d.id WHERE d.name = 'Sales' "
                               "ORDER BY e.age DESC LIMIT 1";
    const std::string scalar = "SELECT name FROM emp WHERE dept_id = (SELECT id FROM dept WHERE name = 'Sales') "
                               "ORDER BY age DESC LIMIT 1";
    LiteralHints hints = hints_of(joined, scalar);
    size_t ties = kPlainDatabases;
    while (kind_of_database(hints, ties) != DataKind::Ties) ++ties;
    for (uint64_t seed = 1; seed <= 6; ++seed) {
        SynthDatabase db = generate_database(schema(), hints, seed, ties, DataKind::Ties);
        size_t sales = 0;
        for (const auto& row : table(db, "dept").rows) sales += row[1] == Value(std::string("Sales"));
        CHECK(sales == 1);
    }
    for (uint64_t seed = 1; seed <= 6; ++seed) {
        SynthOptions options;
        options.seed = seed;
        SynthOutcome out = judge(joined, scalar, options);
        INFO("seed " << seed << ": " << out.reason);
        CHECK_FALSE((out.verdict == Verdict::Different && out.kind == DataKind::Ties));
    }
    // A name under ORDER BY still ties there.
    check_kind("SELECT id FROM dept ORDER BY name LIMIT 1", "SELECT id FROM dept WHERE name = (SELECT min(name) FROM dept)",
               DataKind::Ties);
}
