// Targeted rows, continued (issue 29): goal rows for each branch of an OR and the later items of an IN
// list, for a HAVING (a group of 16 rows for COUNT(*) > 15, a share of the sum each for SUM(x) > 100),
// for simple arithmetic (`amount * 2 > 500`, `v.amount - e.age > 50`), and the no-match data (rows in
// every table, none passing a filter). Each kind of row has a pair only it separates and an equivalent
// pair that must stay equal.
#include <catch2/catch.hpp>

#include "qdiff/parse.hpp"
#include "qdiff/schema.hpp"
#include "stages/results/synth/synth.hpp"
#include "support/synth_fixture.hpp"

using namespace qdiff;
using namespace qdiff::results;
using namespace qdiff::results::synth;
using qdiff::testing::hints_of;
using qdiff::testing::table;

namespace {

// visit refers to emp with no declared foreign key (the queries' joins say so), as on BIRD.
const char* const kDdl =
    "CREATE TABLE emp (id INTEGER PRIMARY KEY, name TEXT NOT NULL, age INTEGER, hired DATE);\n"
    "CREATE TABLE visit (id INTEGER PRIMARY KEY, emp_id INTEGER NOT NULL, city TEXT NOT NULL, day DATE,\n"
    "                    amount INTEGER NOT NULL);\n";

const Schema& schema() {
    static const Schema s = testing::schema_from_ddl(kDdl, "targets.sql");
    return s;
}

SynthOutcome judge(const std::string& expected, const std::string& generated, uint64_t seed = 1) {
    SynthOptions options;
    options.as_sets = true;  // BIRD's comparison
    options.seed = seed;
    return testing::judge_on_synth(schema(), expected, generated, options);
}

void check_kind(const std::string& expected, const std::string& generated, DataKind kind) {
    testing::check_separated_by(schema(), expected, generated, kind);
}

// Equal on every database, for seeds 1..4, with rows in the expected result somewhere.
void check_equal(const std::string& expected, const std::string& generated) {
    INFO(expected << "  vs  " << generated);
    for (uint64_t seed = 1; seed <= 4; ++seed) {
        SynthOutcome out = judge(expected, generated, seed);
        INFO("seed " << seed << ": " << out.reason);
        CHECK(out.verdict == Verdict::Equal);
    }
}

// How many rows `count_query` (SELECT COUNT(*) ...) counts on each plain database of the query's hints.
std::vector<int64_t> counts_on_plain(const std::string& query, const std::string& count_query) {
    LiteralHints hints = hints_of(query);
    std::vector<int64_t> out;
    for (size_t index = 0; index < kPlainDatabases; ++index) {
        SynthDatabase db = generate_database(schema(), hints, 1, index, DataKind::Plain);
        auto results = run_on(db, {count_query}, ExecLimits{2, 1000});
        REQUIRE(results[0].status == ExecStatus::Ok);
        out.push_back(std::get<int64_t>(results[0].result.rows.at(0).at(0)));
    }
    return out;
}

const char* const kJoin = "FROM visit AS v JOIN emp AS e ON v.emp_id = e.id ";

}  // namespace

TEST_CASE("synth targets: each branch of an OR has rows that pass it", "[results][synth]") {
    const std::string second_branch = "v.city = 'Brno' AND v.amount > 500 AND e.age > 60 AND "
                                      "STRFTIME('%Y', v.day) = '1995'";
    const std::string query = std::string("SELECT v.id ") + kJoin + "WHERE (v.city = 'Praha' AND v.amount < 0) OR (" +
                              second_branch + ")";
    LiteralHints hints = hints_of(query);
    REQUIRE(hints.goals.size() == 2);
    CHECK(hints.goals[0].block == hints.goals[1].block);
    CHECK(hints.goals[1].terms.size() == 4);
    for (int64_t n : counts_on_plain(query, std::string("SELECT COUNT(*) ") + kJoin + "WHERE " + second_branch))
        CHECK(n >= 2);
    // Leaving the second branch out is a difference of typical data.
    check_kind(query, std::string("SELECT v.id ") + kJoin + "WHERE v.city = 'Praha' AND v.amount < 0",
               DataKind::Plain);
    check_equal(query, std::string("SELECT v.id ") + kJoin + "WHERE v.city = 'Praha' AND v.amount < 0 UNION SELECT v.id " +
                           kJoin + "WHERE " + second_branch);
}

TEST_CASE("synth targets: the third item of an IN list has rows of its own", "[results][synth]") {
    const std::string query = "SELECT id FROM visit WHERE city IN ('Praha', 'Brno', 'Olomouc') AND amount > 500";
    LiteralHints hints = hints_of(query);
    REQUIRE(hints.goals.size() == 2);
    CHECK(hints.goals[1].terms[0].value == Value(std::string("Olomouc")));
    for (int64_t n : counts_on_plain(query, "SELECT COUNT(*) FROM visit WHERE city = 'Olomouc' AND amount > 500"))
        CHECK(n >= 1);
    check_kind(query, "SELECT id FROM visit WHERE city IN ('Praha', 'Brno') AND amount > 500", DataKind::Plain);
    check_equal(query, "SELECT id FROM visit WHERE (city = 'Praha' OR city = 'Brno' OR city = 'Olomouc') AND amount > 500");
}

TEST_CASE("synth targets: HAVING COUNT(*) > 15 has a group of 16 rows", "[results][synth]") {
    const std::string query = std::string("SELECT e.name ") + kJoin + "GROUP BY e.id HAVING COUNT(*) > 15";
    LiteralHints hints = hints_of(query);
    REQUIRE(hints.goals.size() == 1);
    CHECK(hints.goals[0].group_rows == 16);
    for (int64_t n : counts_on_plain(query, std::string("SELECT COUNT(*) FROM (SELECT e.id ") + kJoin +
                                                "GROUP BY e.id HAVING COUNT(*) > 15)"))
        CHECK(n >= 1);
    // A filter on the visits that the group's rows do not all pass.
    check_kind(query, std::string("SELECT e.name ") + kJoin + "WHERE v.amount > 0 GROUP BY e.id HAVING COUNT(*) > 15",
               DataKind::Plain);
    check_equal(query, std::string("SELECT e.name ") + kJoin + "GROUP BY e.id HAVING COUNT(v.id) >= 16");
    // Two employees of one name with 8 visits each: 16 by name, 8 and 8 by key (the duplicates data).
    check_kind(std::string("SELECT DISTINCT e.name ") + kJoin + "GROUP BY e.name HAVING COUNT(*) > 15", query,
               DataKind::Duplicates);
}

TEST_CASE("synth targets: HAVING SUM(x) > 100 has a group whose rows share the sum", "[results][synth]") {
    const std::string query = "SELECT city FROM visit GROUP BY city HAVING SUM(amount) > 100";
    LiteralHints hints = hints_of(query);
    REQUIRE(hints.goals.size() == 1);
    CHECK(hints.goals[0].group_rows == 2);
    for (int64_t n : counts_on_plain(query, "SELECT COUNT(*) FROM (" + query + ")")) CHECK(n >= 1);
    // No one visit is over 100: the sum is, the largest is not.
    check_kind(query, "SELECT city FROM visit GROUP BY city HAVING MAX(amount) > 100", DataKind::Plain);
    check_equal(query, "SELECT city FROM visit GROUP BY city HAVING TOTAL(amount) > 100");
}

TEST_CASE("synth targets: arithmetic on one column, and its boundary", "[results][synth]") {
    const std::string query = "SELECT id FROM visit WHERE amount * 2 > 500";
    LiteralHints hints = hints_of(query);
    REQUIRE(hints.goals.size() == 1);
    REQUIRE(hints.goals[0].terms.size() == 1);
    CHECK(hints.goals[0].terms[0].value == Value(int64_t(251)));
    CHECK(hints.goals[0].terms[0].edge == Value(int64_t(250)));
    for (int64_t n : counts_on_plain(query, "SELECT COUNT(*) FROM visit WHERE amount * 2 > 500")) CHECK(n >= 2);
    // Only an amount of exactly 250 separates them: the boundary data's.
    check_kind(query, "SELECT id FROM visit WHERE amount * 2 >= 500", DataKind::Boundary);
    check_equal(query, "SELECT id FROM visit WHERE amount > 250");
}

TEST_CASE("synth targets: arithmetic between two tables' columns", "[results][synth]") {
    const std::string query = std::string("SELECT v.id ") + kJoin + "WHERE v.amount - e.age > 50";
    for (int64_t n : counts_on_plain(query, std::string("SELECT COUNT(*) ") + kJoin + "WHERE v.amount - e.age > 50"))
        CHECK(n >= 2);
    check_kind(query, std::string("SELECT v.id ") + kJoin + "WHERE v.amount - e.age >= 50", DataKind::Boundary);
    check_equal(query, std::string("SELECT v.id ") + kJoin + "WHERE v.amount > e.age + 50");
}

TEST_CASE("synth targets: the no-match data keeps its rows and selects none", "[results][synth]") {
    // SUM over the rows a WHERE selects is NULL where none is selected; SUM(CASE .. ELSE 0) is 0.
    // One query filters on city and amount, the other on neither: the first round of kinds has two
    // empty databases, one with an empty table and one with no match.
    LiteralHints hints = hints_of("SELECT SUM(amount) FROM visit WHERE city = 'Praha' AND amount > 5",
                                  "SELECT SUM(CASE WHEN city = 'Praha' AND amount > 5 THEN amount ELSE 0 END) FROM visit");
    size_t empty_tables = 0, no_match = 0;
    for (size_t index = kPlainDatabases; index < kPlainDatabases + kinds_for(hints).size(); ++index) {
        if (kind_of_database(hints, index) != DataKind::Empty) continue;
        SynthDatabase db = generate_database(schema(), hints, 1, index);
        auto results = run_on(db, {"SELECT COUNT(*) FROM visit", "SELECT COUNT(*) FROM visit WHERE city = 'Praha'",
                                   "SELECT COUNT(*) FROM visit WHERE amount > 5"},
                              ExecLimits{2, 1000});
        int64_t rows = std::get<int64_t>(results[0].result.rows.at(0).at(0));
        empty_tables += rows == 0;
        no_match += rows > 0 && std::get<int64_t>(results[1].result.rows.at(0).at(0)) == 0 &&
                    std::get<int64_t>(results[2].result.rows.at(0).at(0)) == 0;
    }
    CHECK(empty_tables == 1);
    CHECK(no_match == 1);
    // With the same filters in both queries, one empty database per round: the empty table first.
    CHECK(kinds_for(hints_of("SELECT SUM(amount) FROM visit WHERE city = 'Praha'",
                             "SELECT TOTAL(amount) FROM visit WHERE city = 'Praha'")).size() ==
          kinds_for(hints).size() - 1);
    // COUNT(*) over the rows a WHERE selects against SUM of the condition: 0 against NULL on an empty
    // table (and 0 against 0 where no row matches).
    check_kind("SELECT COUNT(*) FROM visit WHERE city = 'Praha'", "SELECT SUM(city = 'Praha') FROM visit",
               DataKind::Empty);
    check_kind("SELECT SUM(amount) FROM visit WHERE city = 'Praha'",
               "SELECT SUM(CASE WHEN city = 'Praha' THEN amount ELSE 0 END) FROM visit", DataKind::Empty);
    check_equal("SELECT SUM(amount) FROM visit WHERE city = 'Praha'",
                "SELECT SUM(CASE WHEN city = 'Praha' THEN amount END) FROM visit");
}

TEST_CASE("synth targets: a PostgreSQL ORDER BY runs with PostgreSQL's NULL order", "[results][synth]") {
    auto postgres = [](const std::string& text) {
        ParseResult parsed = parse(text, ParseOptions{.language = Language::Sql, .dialect = Dialect::Postgres});
        REQUIRE(parsed.ok());
        return with_stated_null_order(text, parsed);
    };
    CHECK(postgres("SELECT name FROM emp ORDER BY age LIMIT 3") ==
          std::optional<std::string>("SELECT name FROM emp ORDER BY age NULLS LAST LIMIT 3"));
    CHECK(postgres("SELECT name FROM emp ORDER BY age DESC, name NULLS FIRST") ==
          std::optional<std::string>("SELECT name FROM emp ORDER BY age DESC NULLS FIRST, name NULLS FIRST"));
    CHECK(postgres("SELECT name FROM emp ORDER BY age NULLS FIRST") == std::nullopt);
    CHECK(postgres("SELECT name FROM emp") == std::nullopt);
    // SQLite's own order needs no statement.
    CHECK(with_stated_null_order("SELECT name FROM emp ORDER BY age", testing::sqlite("SELECT name FROM emp ORDER BY age")) ==
          std::nullopt);
    // On SQLite, PostgreSQL's `ORDER BY age` against its NULLS FIRST differs where age is NULL.
    const std::string expected = *postgres("SELECT name FROM emp ORDER BY age LIMIT 3");
    check_kind(expected, "SELECT name FROM emp ORDER BY age NULLS FIRST LIMIT 3", DataKind::Nulls);
    check_equal(expected, "SELECT name FROM emp ORDER BY age NULLS LAST LIMIT 3");
}

TEST_CASE("synth targets: arithmetic through CAST, a function or a subquery in a filter", "[results][synth]") {
    // Integer division against real division: amount 2 under emp_id 3 passes one, not the other.
    const std::string real_division = "SELECT id FROM visit WHERE CAST(amount AS REAL) / emp_id > 0.5";
    for (int64_t n : counts_on_plain(real_division, "SELECT COUNT(*) FROM visit WHERE CAST(amount AS REAL) / emp_id > 0.5"))
        CHECK(n >= 1);
    check_kind(real_division, "SELECT id FROM visit WHERE amount / emp_id > 0.5", DataKind::Plain);
    check_equal(real_division, "SELECT id FROM visit WHERE amount * 1.0 / emp_id > 0.5");
    check_kind("SELECT id FROM visit WHERE ABS(amount - emp_id) > 3", "SELECT id FROM visit WHERE amount - emp_id > 3",
               DataKind::Plain);
    // Against an aggregate of the table: twice the average is a filter of its own.
    const std::string over_average = "SELECT id FROM visit WHERE amount > (SELECT AVG(amount) FROM visit)";
    check_kind(over_average, "SELECT id FROM visit WHERE amount > (SELECT AVG(amount) FROM visit) * 2", DataKind::Plain);
    check_equal(over_average, "SELECT id FROM visit WHERE amount > (SELECT SUM(amount) * 1.0 / COUNT(*) FROM visit)");
}

TEST_CASE("synth targets: rows equal to an average on the boundary data", "[results][synth]") {
    const std::string query = "SELECT id FROM visit WHERE amount > (SELECT AVG(amount) FROM visit)";
    LiteralHints hints = hints_of(query);
    CHECK(hints.average_columns == std::vector<std::string>{"amount"});
    // Typical data holds a row equal to the average by chance only (some seeds' plain data does); the
    // boundary data always does: `>` against `>=` is separated on every seed.
    for (const auto& [strict, loose] :
         {std::pair<std::string, std::string>{query, "SELECT id FROM visit WHERE amount >= (SELECT AVG(amount) FROM visit)"},
          {"SELECT e.name FROM emp AS e WHERE e.age < (SELECT AVG(age) FROM emp)",
           "SELECT e.name FROM emp AS e WHERE e.age <= (SELECT AVG(age) FROM emp)"}}) {
        INFO(strict << "  vs  " << loose);
        for (uint64_t seed = 1; seed <= 6; ++seed) {
            SynthOutcome out = judge(strict, loose, seed);
            INFO("seed " << seed << ": " << out.reason);
            CHECK(out.verdict == Verdict::Different);
        }
        // The boundary database alone separates them.
        LiteralHints pair = hints_of(strict, loose);
        size_t boundary = 0;
        for (size_t index = kPlainDatabases; index < kPlainDatabases + kinds_for(pair).size(); ++index) {
            if (kind_of_database(pair, index) != DataKind::Boundary) continue;
            ++boundary;
            auto results = run_on(generate_database(schema(), pair, 1, index), {strict, loose}, ExecLimits{2, 1000});
            REQUIRE(results[1].status == ExecStatus::Ok);
            CHECK(results[0].result.rows.size() < results[1].result.rows.size());
        }
        CHECK(boundary == 1);
    }
    check_equal(query, "SELECT id FROM visit WHERE (SELECT AVG(amount) FROM visit) < amount");
}

TEST_CASE("synth targets: dates compared with each other, and date ranges", "[results][synth]") {
    const std::string later = std::string("SELECT v.id ") + kJoin + "WHERE v.day > e.hired";
    LiteralHints hints = hints_of(later);
    REQUIRE(hints.goals.size() == 1);
    size_t dated = 0;
    for (const auto& term : hints.goals[0].terms)
        if (term.dated) {
            ++dated;
            CHECK(std::holds_alternative<std::string>(term.value));
        }
    CHECK(dated == 2);
    for (int64_t n : counts_on_plain(later, std::string("SELECT COUNT(*) ") + kJoin + "WHERE v.day > e.hired"))
        CHECK(n >= 2);
    // A visit on the day of the hiring: the boundary data's.
    check_kind(later, std::string("SELECT v.id ") + kJoin + "WHERE v.day >= e.hired", DataKind::Boundary);
    check_kind(later, std::string("SELECT v.id ") + kJoin + "WHERE v.day < e.hired", DataKind::Plain);
    check_equal(later, std::string("SELECT v.id ") + kJoin + "WHERE e.hired < v.day");
    // Text-stored dates inside a year's range: the range, its year and its prefix agree on realistic
    // dates; the range's last day is a boundary value.
    const std::string year = "SELECT id FROM visit WHERE day BETWEEN '2012-01-01' AND '2012-12-31'";
    for (int64_t n : counts_on_plain(year, "SELECT COUNT(*) FROM visit WHERE day BETWEEN '2012-01-01' AND '2012-12-31'"))
        CHECK(n >= 2);
    check_equal(year, "SELECT id FROM visit WHERE STRFTIME('%Y', day) = '2012'");
    check_equal(year, "SELECT id FROM visit WHERE day LIKE '2012%'");
    check_kind(year, "SELECT id FROM visit WHERE day BETWEEN '2012-01-01' AND '2012-06-30'", DataKind::Plain);
    check_kind(year, "SELECT id FROM visit WHERE STRFTIME('%Y', day) = '2013'", DataKind::Plain);
    // A month beside the year, in either order: the goal's days are in that month (drawn, June 2012 seldom came up).
    for (const char* month : {"SELECT id FROM visit WHERE SUBSTR(day, 6, 2) = '06' AND SUBSTR(day, 1, 4) = '2012'",
                              "SELECT id FROM visit WHERE STRFTIME('%Y', day) = '2012' AND STRFTIME('%m', day) = '06'"}) {
        INFO(month);
        const LiteralHints month_hints = hints_of(month);
        REQUIRE(month_hints.goals.size() == 1);
        REQUIRE(month_hints.goals[0].terms.size() == 1);
        CHECK(month_hints.goals[0].terms[0].value == Value(std::string("2012-06")));
        for (int64_t n : counts_on_plain(month, "SELECT COUNT(*) FROM visit WHERE day LIKE '2012-06-%'")) CHECK(n >= 2);
    }
    check_kind("SELECT id FROM visit WHERE STRFTIME('%Y', day) = '2012' AND STRFTIME('%m', day) = '06'",
               "SELECT id FROM visit WHERE STRFTIME('%Y', day) = '2012' AND STRFTIME('%m', day) = '07'", DataKind::Plain);
    // Without a year, SUBSTR's characters there (a text column that holds no dates: 'xxxxx06').
    const LiteralHints placed = hints_of("SELECT id FROM visit WHERE SUBSTR(city, 6, 2) = '06'");
    REQUIRE(placed.goals.size() == 1);
    CHECK(placed.goals[0].terms.at(0).placed);
}

TEST_CASE("synth targets: HAVING COUNT(DISTINCT x) > n has a group of n + 1 values", "[results][synth]") {
    const std::string query = "SELECT city FROM visit GROUP BY city HAVING COUNT(DISTINCT emp_id) > 2";
    LiteralHints hints = hints_of(query);
    REQUIRE(hints.goals.size() == 1);
    CHECK(hints.goals[0].group_rows == 3);
    REQUIRE(hints.goals[0].distinct_columns.size() == 1);
    CHECK(hints.goals[0].distinct_columns[0].second == "emp_id");
    for (int64_t n : counts_on_plain(query, "SELECT COUNT(*) FROM (" + query + ")")) CHECK(n >= 1);
    check_kind(query, "SELECT city FROM visit GROUP BY city HAVING COUNT(DISTINCT emp_id) > 3", DataKind::Plain);
    check_equal(query, "SELECT city FROM visit GROUP BY city HAVING COUNT(DISTINCT emp_id) >= 3");
    // The same employee twice in a group: the duplicates data has it, and plain data often (visits of
    // a city, a category, repeat an employee).
    for (uint64_t seed = 1; seed <= 6; ++seed) {
        SynthOutcome out = judge(query, "SELECT city FROM visit GROUP BY city HAVING COUNT(emp_id) > 2", seed);
        INFO("seed " << seed << ": " << out.reason);
        CHECK(out.verdict == Verdict::Different);
    }
}

TEST_CASE("synth targets: each branch of a later OR has rows that pass through it alone", "[results][synth]") {
    const std::string query =
        "SELECT id FROM visit WHERE (city = 'Brno' OR amount > 50) AND (day > '2015-01-01' OR city = 'Ostrava')";
    LiteralHints hints = hints_of(query);
    REQUIRE(hints.goals.size() == 2);
    for (int64_t n : counts_on_plain(query, "SELECT COUNT(*) FROM visit WHERE amount > 50 AND city = 'Ostrava' AND "
                                            "day <= '2015-01-01'"))
        CHECK(n >= 1);
    check_kind(query, "SELECT id FROM visit WHERE (city = 'Brno' OR amount > 50) AND day > '2015-01-01'", DataKind::Plain);
    check_equal(query,
                "SELECT id FROM visit WHERE (amount > 50 OR city = 'Brno') AND (city = 'Ostrava' OR day > '2015-01-01')");
}

TEST_CASE("synth targets: a table met through two references has a goal row for each", "[results][synth]") {
    // BIRD's superhero: colour as eye and as hair colour, no foreign key declared.
    static const Schema heroes = testing::schema_from_ddl(
        "CREATE TABLE colour (id INTEGER PRIMARY KEY, colour TEXT);\n"
        "CREATE TABLE hero (id INTEGER PRIMARY KEY, full_name TEXT, eye_colour_id INTEGER, hair_colour_id INTEGER);\n",
        "heroes.sql");
    const std::string eyes = "SELECT T2.colour FROM hero AS T1 JOIN colour AS T2 ON T1.eye_colour_id = T2.id "
                             "WHERE T1.full_name = 'Karen Beecher-Duncan'";
    // The hair colour where the eye colour was asked for: the hero's two colours differ on typical data.
    testing::check_separated_by(heroes, eyes,
                                "SELECT T3.colour FROM hero AS T1 JOIN colour AS T2 ON T1.eye_colour_id = T2.id "
                                "JOIN colour AS T3 ON T1.hair_colour_id = T3.id WHERE T1.full_name = 'Karen Beecher-Duncan'",
                                DataKind::Plain);
    testing::check_separated_by(heroes, eyes,
                                "SELECT c.colour FROM hero AS h JOIN colour AS c ON h.hair_colour_id = c.id "
                                "WHERE h.full_name = 'Karen Beecher-Duncan'",
                                DataKind::Plain);
    for (uint64_t seed = 1; seed <= 4; ++seed) {
        SynthOptions options;
        options.as_sets = true;
        options.seed = seed;
        SynthOutcome out = testing::judge_on_synth(
            heroes, eyes,
            "SELECT c.colour FROM hero AS h JOIN colour AS c ON h.eye_colour_id = c.id JOIN colour AS x "
            "ON h.hair_colour_id = x.id WHERE h.full_name = 'Karen Beecher-Duncan'",
            options);
        INFO("seed " << seed << ": " << out.reason);
        // (the hair colour's join drops the hero only where the reference dangles or is NULL: the
        // dangling and the nulls data's)
        CHECK((out.verdict == Verdict::Equal ||
               (out.verdict == Verdict::Different && (out.kind == DataKind::Dangling || out.kind == DataKind::Nulls))));
    }
}

TEST_CASE("synth targets: a text the queries group by is a category on plain data", "[results][synth]") {
    const std::string query = "SELECT city, COUNT(*) FROM visit GROUP BY city";
    CHECK(hints_of(query).grouped_columns == std::vector<std::string>{"city"});
    // Real data groups a category: several visits share a city on every plain database.
    for (int64_t n : counts_on_plain(query, "SELECT COUNT(*) - COUNT(DISTINCT city) FROM visit")) CHECK(n >= 1);
    check_kind(query, "SELECT city, COUNT(*) FROM visit GROUP BY city, id", DataKind::Plain);
    check_equal(query, "SELECT city, COUNT(id) FROM visit GROUP BY 1");
    // A name stays one entity's: GROUP BY name against GROUP BY id is the duplicates data's.
    for (int64_t n : counts_on_plain("SELECT name, COUNT(*) FROM emp GROUP BY name",
                                     "SELECT COUNT(*) - COUNT(DISTINCT name) FROM emp"))
        CHECK(n == 0);
}

TEST_CASE("synth targets: a date column whose literals write a year and month together holds that form", "[results][synth]") {
    // BIRD's yearmonth.Date: '201309', a text column.
    static const Schema months = testing::schema_from_ddl(
        "CREATE TABLE ym (customer_id INTEGER, date TEXT, consumption REAL);\n", "months.sql");
    const std::string year = "SELECT SUM(consumption) FROM ym WHERE SUBSTR(date, 1, 4) = '2013'";
    const std::string range = "SELECT SUM(consumption) FROM ym WHERE date BETWEEN '201301' AND '201312'";
    LiteralHints hints = hints_of(year, range);
    for (size_t index = 0; index < 8; ++index) {
        SynthDatabase db = generate_database(months, hints, 1, index);
        auto results = run_on(db, {"SELECT COUNT(*) FROM ym WHERE LENGTH(date) <> 6 OR date GLOB '*[^0-9]*'",
                                   "SELECT COUNT(*) FROM ym WHERE SUBSTR(date, 1, 4) = '2013'"},
                              ExecLimits{2, 1000});
        INFO("database " << index << " (" << kind_name(kind_of_database(hints, index)) << ")");
        CHECK(std::get<int64_t>(results[0].result.rows.at(0).at(0)) == 0);
        if (is_plain_database(index)) CHECK(std::get<int64_t>(results[1].result.rows.at(0).at(0)) >= 1);
    }
    // The year and the year's months agree on such data; half a year does not.
    for (uint64_t seed = 1; seed <= 4; ++seed) {
        SynthOptions options;
        options.as_sets = true;
        options.seed = seed;
        SynthOutcome out = testing::judge_on_synth(months, year, range, options);
        INFO("seed " << seed << ": " << out.reason);
        CHECK(out.verdict == Verdict::Equal);
    }
    testing::check_separated_by(months, range, "SELECT SUM(consumption) FROM ym WHERE date BETWEEN '201301' AND '201306'",
                                DataKind::Plain);
    // A month read as SUBSTR(date, 5, 2) says the same without such a literal (in 'YYYY-MM-DD' it is at 6): grouped
    // by it, the year's months are those a GROUP BY of the whole text makes (with '2013-04-17', SUBSTR gave '-0').
    const std::string by_month = "SELECT SUM(consumption) FROM ym WHERE SUBSTR(date, 1, 4) = '2013' GROUP BY "
                                 "SUBSTR(date, 5, 2) ORDER BY SUM(consumption) DESC LIMIT 1";
    const std::string by_text = "SELECT MAX(total) FROM (SELECT SUM(consumption) AS total FROM ym WHERE date LIKE "
                                "'2013%' GROUP BY date)";
    const LiteralHints by_hints = hints_of(by_month, by_text);
    CHECK(LiteralHints::reads(by_hints.month_at_five_columns, "date"));
    for (size_t index = 0; index < kPlainDatabases; ++index) {
        auto results = run_on(generate_database(months, by_hints, 1, index),
                              {"SELECT COUNT(*) FROM ym WHERE LENGTH(date) <> 6 OR date GLOB '*[^0-9]*'"}, ExecLimits{2, 1000});
        INFO("database " << index);
        CHECK(std::get<int64_t>(results[0].result.rows.at(0).at(0)) == 0);
    }
    // (one month per row: the groups are alike)
    static const Schema one_per_month = testing::schema_from_ddl(
        "CREATE TABLE ym (customer_id INTEGER, date TEXT, consumption REAL, PRIMARY KEY (date));\n", "months.sql");
    SynthOptions options;
    options.as_sets = true;
    CHECK(testing::judge_on_synth(one_per_month, by_month, by_text, options).verdict != Verdict::Different);
}

TEST_CASE("synth targets: a HAVING's groups of several rows are plain data", "[results][synth]") {
    // A sum per employee against the same bound per visit: they part where an employee has several
    // visits, which is what a HAVING over the visits reads; on typical data, not only on duplicates.
    const std::string per_employee = std::string("SELECT e.name ") + kJoin + "GROUP BY e.id HAVING SUM(v.amount) < 30";
    check_kind(per_employee, std::string("SELECT e.name ") + kJoin + "WHERE v.amount < 30 GROUP BY e.id", DataKind::Plain);
    check_equal(per_employee, std::string("SELECT e.name ") + kJoin + "GROUP BY e.id HAVING TOTAL(v.amount) < 30");
}
