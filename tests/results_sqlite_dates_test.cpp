// Dates, formats, T-SQL's string + and division by zero of other dialects, as SQLite runs them (to_sqlite,
// ast/print_sql.cpp, tables in ast/sqlite_dates.hpp): each query is spelled for SQLite and run there, and its
// value must be the one the source dialect's documentation gives (the examples are the docs' own where they
// have one). What SQLite cannot spell is named.
#include <sqlite3.h>
#include <catch2/catch.hpp>

#include "qdiff/parse.hpp"
#include "stages/results/sqlite_spelling.hpp"

using namespace qdiff;
using namespace qdiff::results;

namespace {

// The columns the database these tests stand for declares dates (d1, d2) and timestamps (t1, t2).
const SqliteDateColumns kDateColumns{{"d1", "d2"}, {"t1", "t2"}};

SqliteSpelling spelled(Dialect dialect, const std::string& sql, bool zero_divisor_fails = false) {
    ParseResult p = parse(sql, ParseOptions{.language = Language::Sql, .dialect = dialect});
    INFO(sql);
    REQUIRE(p.ok());
    return sqlite_spelling(sql, p, zero_divisor_fails, kDateColumns);
}

// The first value of each row of the query as SQLite gives it in SQLite's spelling (NULL as "NULL"), the
// rows' values joined by " | ", "no row" for none, or "error: ..." when SQLite fails.
std::string column_of(Dialect dialect, const std::string& sql, bool zero_divisor_fails = false) {
    SqliteSpelling s = spelled(dialect, sql, zero_divisor_fails);
    INFO(sql << "\n  -> " << s.sql << "\n  untranslatable: " << s.untranslatable);
    REQUIRE(s.untranslatable.empty());
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(":memory:", &db) == SQLITE_OK);
    sqlite3_stmt* statement = nullptr;
    std::string out;
    if (sqlite3_prepare_v2(db, s.sql.c_str(), -1, &statement, nullptr) != SQLITE_OK) {
        out = std::string("error: ") + sqlite3_errmsg(db);
    } else {
        int rc = SQLITE_ROW;
        for (size_t row = 0; (rc = sqlite3_step(statement)) == SQLITE_ROW; ++row)
            out += (row ? " | " : "") + std::string(sqlite3_column_type(statement, 0) == SQLITE_NULL
                                                        ? "NULL"
                                                        : reinterpret_cast<const char*>(sqlite3_column_text(statement, 0)));
        if (rc != SQLITE_DONE)
            out = std::string("error: ") + sqlite3_errmsg(db);
        else if (out.empty())
            out = "no row";
    }
    sqlite3_finalize(statement);
    sqlite3_close(db);
    return out;
}

// The first value of the query's first row (the query gives one row).
std::string value_of(Dialect dialect, const std::string& sql, bool zero_divisor_fails = false) {
    return column_of(dialect, sql, zero_divisor_fails);
}

std::string refusal(Dialect dialect, const std::string& sql) { return spelled(dialect, sql).untranslatable; }

}  // namespace

TEST_CASE("sqlite dates: date arithmetic keeps the operand's form and stops at the month's last day",
          "[results][dialect][dates]") {
    // T-SQL's DATEADD (learn.microsoft.com: a month's day the target month lacks is its last day).
    CHECK(value_of(Dialect::Tsql, "SELECT DATEADD(month, 1, '2024-08-31')") == "2024-09-30");
    CHECK(value_of(Dialect::Tsql, "SELECT DATEADD(day, -7, '2024-03-02')") == "2024-02-24");
    CHECK(value_of(Dialect::Tsql, "SELECT DATEADD(SECOND, 1447430881, '19700101')") == "2015-11-13 16:08:01");
    CHECK(value_of(Dialect::Tsql, "SELECT DATEADD(wk, 2, '2024-01-01 10:30:00')") == "2024-01-15 10:30:00");
    CHECK(value_of(Dialect::Tsql, "SELECT DATEADD(month, DATEDIFF(month, 0, '2024-05-17'), 0)") == "2024-05-01");
    CHECK(value_of(Dialect::Snowflake, "SELECT DATEADD('month', -1, '2024-03-31')") == "2024-02-29");
    // MySQL's DATE_ADD / DATE_SUB (dev.mysql.com examples) and BigQuery's.
    CHECK(value_of(Dialect::Mysql, "SELECT DATE_ADD('2018-05-01', INTERVAL 1 DAY)") == "2018-05-02");
    CHECK(value_of(Dialect::Mysql, "SELECT DATE_SUB('2018-05-01', INTERVAL 1 YEAR)") == "2017-05-01");
    CHECK(value_of(Dialect::Mysql, "SELECT DATE_ADD('2020-12-31 23:59:59', INTERVAL 1 SECOND)") ==
          "2021-01-01 00:00:00");
    CHECK(value_of(Dialect::Mysql, "SELECT DATE_ADD('2024-01-31', INTERVAL (2 - 1) MONTH)") == "2024-02-29");
    CHECK(value_of(Dialect::Bigquery, "SELECT DATE_ADD(DATE '2008-12-25', INTERVAL 5 DAY)") == "2008-12-30");
    CHECK(value_of(Dialect::Bigquery, "SELECT DATE_SUB(DATE '2008-12-25', INTERVAL 5 DAY)") == "2008-12-20");
    // INTERVAL arithmetic (PostgreSQL's docs: date '2001-09-28' + interval '1 hour' is 2001-09-28 01:00:00).
    CHECK(value_of(Dialect::Postgres, "SELECT DATE '2001-09-28' + INTERVAL '1 hour'") == "2001-09-28 01:00:00");
    CHECK(value_of(Dialect::Postgres, "SELECT DATE '2001-09-28' + 7") == "2001-10-05");
    CHECK(value_of(Dialect::Postgres, "SELECT DATE '2001-10-01' - 7") == "2001-09-24");
    CHECK(value_of(Dialect::Postgres, "SELECT DATE '2024-01-31' + INTERVAL '1 month 2 days'") == "2024-03-02");
    CHECK(value_of(Dialect::Postgres, "SELECT TIMESTAMP '2024-03-31 08:00:00' - INTERVAL '1 month'") ==
          "2024-02-29 08:00:00");
    CHECK(value_of(Dialect::Mysql, "SELECT '2024-02-29' + INTERVAL '1' YEAR") == "2025-02-28");
    CHECK(value_of(Dialect::Duckdb, "SELECT INTERVAL '2 weeks' + DATE '2024-01-01'") == "2024-01-15");
    // A column keeps the form its text has: a date stays a date, a timestamp a timestamp.
    CHECK(value_of(Dialect::Postgres, "SELECT d + INTERVAL '1 day' FROM (SELECT '2024-01-01' AS d) AS t") ==
          "2024-01-02");
    CHECK(value_of(Dialect::Postgres, "SELECT d + INTERVAL '1 day' FROM (SELECT '2024-01-01 10:00:00' AS d) AS t") ==
          "2024-01-02 10:00:00");
    CHECK(spelled(Dialect::Tsql, "SELECT DATEADD(day, -7, GETDATE())").sql ==
          "SELECT datetime(CURRENT_TIMESTAMP, '-7 days')");
    CHECK(spelled(Dialect::Mysql, "SELECT NOW() - INTERVAL 30 DAY").sql ==
          "SELECT datetime(CURRENT_TIMESTAMP, '-30 days')");
    CHECK(spelled(Dialect::Postgres, "SELECT CURRENT_DATE - INTERVAL '30 days'").sql ==
          "SELECT date(CURRENT_DATE, '-30 days')");
    CHECK(spelled(Dialect::Bigquery, "SELECT DATE_SUB(CURRENT_DATE(), INTERVAL 2 WEEK)").sql ==
          "SELECT date(CURRENT_DATE, '-14 days')");
    // An interval alone has no SQLite value.
    CHECK(refusal(Dialect::Postgres, "SELECT INTERVAL '1 day'") == "INTERVAL");
    CHECK(refusal(Dialect::Tsql, "SELECT DATEADD(weekday, 1, '2024-01-01')") == "DATEADD with this date part");
}

TEST_CASE("sqlite dates: truncation, last days, differences and week days", "[results][dialect][dates]") {
    // A cut to a day or longer is a midnight, printed as its date (compared with a date column's text).
    CHECK(value_of(Dialect::Postgres, "SELECT date_trunc('hour', TIMESTAMP '2001-02-16 20:38:40')") ==
          "2001-02-16 20:00:00");
    CHECK(value_of(Dialect::Postgres, "SELECT date_trunc('year', TIMESTAMP '2001-02-16 20:38:40')") == "2001-01-01");
    CHECK(value_of(Dialect::Postgres, "SELECT date_trunc('week', DATE '2024-05-19')") == "2024-05-13");  // Monday
    CHECK(value_of(Dialect::Postgres, "SELECT date_trunc('quarter', DATE '2024-05-19')") == "2024-04-01");
    CHECK(value_of(Dialect::Bigquery, "SELECT DATE_TRUNC(DATE '2008-12-25', MONTH)") == "2008-12-01");
    CHECK(value_of(Dialect::Bigquery, "SELECT DATE_TRUNC(DATE '2024-05-22', WEEK)") == "2024-05-19");  // Sunday
    CHECK(value_of(Dialect::Bigquery, "SELECT TIMESTAMP_TRUNC(TIMESTAMP '2024-05-22 10:11:12', ISOWEEK)") ==
          "2024-05-20");
    CHECK(value_of(Dialect::Snowflake, "SELECT DATE_TRUNC('MONTH', '2024-05-22')") == "2024-05-01");
    CHECK(value_of(Dialect::Snowflake, "SELECT DATE_TRUNC(year, '2024-05-22')") == "2024-01-01");
    CHECK(value_of(Dialect::Mysql, "SELECT LAST_DAY('2004-02-05')") == "2004-02-29");
    CHECK(value_of(Dialect::Bigquery, "SELECT LAST_DAY(DATE '2008-11-25', YEAR)") == "2008-12-31");
    CHECK(value_of(Dialect::Snowflake, "SELECT LAST_DAY('2024-05-22', 'quarter')") == "2024-06-30");
    CHECK(value_of(Dialect::Tsql, "SELECT EOMONTH('2011-12-01')") == "2011-12-31");
    CHECK(value_of(Dialect::Tsql, "SELECT EOMONTH('2011-12-01', 2)") == "2012-02-29");
    CHECK(refusal(Dialect::Postgres, "SELECT date_trunc('decade', DATE '2024-05-19')") == "DATE_TRUNC to this unit");
    // Boundaries crossed (T-SQL's DATEDIFF; weeks from Sunday) against whole units elapsed (MySQL's TIMESTAMPDIFF).
    CHECK(value_of(Dialect::Tsql, "SELECT DATEDIFF(week, '2024-05-18', '2024-05-19')") == "1");
    CHECK(value_of(Dialect::Tsql, "SELECT DATEDIFF(quarter, '2023-12-31', '2024-01-01')") == "1");
    CHECK(value_of(Dialect::Tsql, "SELECT DATEDIFF(hour, '2024-01-01 10:59:00', '2024-01-01 11:00:00')") == "1");
    CHECK(value_of(Dialect::Mysql, "SELECT TIMESTAMPDIFF(MONTH, '2003-02-01', '2003-05-01')") == "3");
    CHECK(value_of(Dialect::Mysql, "SELECT TIMESTAMPDIFF(YEAR, '2002-05-01', '2001-01-01')") == "-1");
    CHECK(value_of(Dialect::Mysql, "SELECT TIMESTAMPDIFF(MINUTE, '2003-02-01', '2003-05-01 12:05:55')") == "128885");
    CHECK(value_of(Dialect::Mysql, "SELECT TIMESTAMPDIFF(MONTH, '2024-01-31', '2024-02-29')") == "0");
    CHECK(value_of(Dialect::Bigquery,
                   "SELECT TIMESTAMP_DIFF(TIMESTAMP '2010-07-07 10:20:00', TIMESTAMP '2008-12-25 15:30:00', HOUR)") ==
          "13410");
    CHECK(value_of(Dialect::Bigquery,
                   "SELECT TIMESTAMP_DIFF(TIMESTAMP '2001-02-01 01:00:00', TIMESTAMP '2001-02-01 00:00:01', HOUR)") ==
          "0");
    // Days of the week: MySQL's DAYOFWEEK('2007-02-03') is 7 and WEEKDAY('2008-02-03 22:23:00') 6 (dev.mysql.com).
    CHECK(value_of(Dialect::Mysql, "SELECT DAYOFWEEK('2007-02-03')") == "7");
    CHECK(value_of(Dialect::Mysql, "SELECT WEEKDAY('2008-02-03 22:23:00')") == "6");
    CHECK(value_of(Dialect::Tsql, "SELECT DATEPART(weekday, '2024-05-19')") == "1");
    CHECK(value_of(Dialect::Postgres, "SELECT EXTRACT(ISODOW FROM DATE '2024-05-19')") == "7");
    CHECK(value_of(Dialect::Postgres, "SELECT EXTRACT(EPOCH FROM TIMESTAMP '2001-02-16 20:38:40')") == "982355920");
    // A difference of timestamps is an interval: its seconds, its whole days.
    CHECK(value_of(Dialect::Postgres,
                   "SELECT EXTRACT(EPOCH FROM TIMESTAMP '2024-01-02 00:00:30' - TIMESTAMP '2024-01-01 00:00:00')") ==
          "86430");
    CHECK(value_of(Dialect::Postgres,
                   "SELECT date_part('day', TIMESTAMP '2024-01-03 20:00:00' - TIMESTAMP '2024-01-01 00:00:00')") == "2");
    CHECK(refusal(Dialect::Postgres, "SELECT EXTRACT(HOUR FROM TIMESTAMP '2024-01-03' - TIMESTAMP '2024-01-01')") ==
          "EXTRACT of this field of an interval");
    CHECK(refusal(Dialect::Postgres, "SELECT EXTRACT(YEAR FROM AGE(TIMESTAMP '2024-01-03'))") == "AGE (an interval)");
    CHECK(value_of(Dialect::Snowflake, "SELECT DATE_PART(month, '2024-05-19')") == "5");
    CHECK(value_of(Dialect::Tsql, "SELECT DATENAME(month, '2024-05-19')") == "May");
    CHECK(value_of(Dialect::Snowflake, "SELECT DAYNAME('2024-05-19')") == "Sun");
}

TEST_CASE("sqlite dates: a difference of two date columns as the database's types make it", "[results][dialect][dates]") {
    // (kDateColumns: d1, d2 are DATE columns, t1, t2 TIMESTAMP ones; x is neither.)
    const std::string days = " FROM (SELECT '2024-03-01' AS d1, '2023-02-28' AS d2, '2024-03-01 10:00:00' AS t1, "
                             "'2024-02-28 22:30:00' AS t2, '2024-03-01' AS x) AS t";
    // PostgreSQL, Snowflake, DuckDB: DATE - DATE is the days between them (2024 is a leap year: 367 days).
    CHECK(value_of(Dialect::Postgres, "SELECT d1 - d2" + days) == "367");
    CHECK(value_of(Dialect::Postgres, "SELECT MAX(d1) - MIN(d2)" + days) == "367");
    CHECK(value_of(Dialect::Postgres, "SELECT d1 - DATE '2024-02-01'" + days) == "29");
    CHECK(value_of(Dialect::Postgres, "SELECT CAST(t1 AS DATE) - d2" + days) == "367");
    CHECK(value_of(Dialect::Snowflake, "SELECT d1 - d2" + days) == "367");
    CHECK(value_of(Dialect::Duckdb, "SELECT d1 - d2" + days) == "367");
    // A DATE column ± an integer moves it by days (PostgreSQL, DuckDB).
    CHECK(value_of(Dialect::Postgres, "SELECT d1 - 1" + days) == "2024-02-29");
    CHECK(value_of(Dialect::Duckdb, "SELECT d2 + 1" + days) == "2023-03-01");
    // MySQL: the numbers a date and a datetime stand for, YYYYMMDD and YYYYMMDDhhmmss (dev.mysql.com:
    // CURDATE() + 0 is 20080616).
    CHECK(value_of(Dialect::Mysql, "SELECT d1 - d2" + days) == "10073");
    CHECK(value_of(Dialect::Mysql, "SELECT t1 - t2" + days) == "72877000");  // 20240301100000 - 20240228223000
    // A difference that is an interval (timestamps in PostgreSQL, dates in BigQuery) is named.
    CHECK(refusal(Dialect::Postgres, "SELECT t1 - t2 FROM t") == "a difference of dates or timestamps that is an interval");
    CHECK(refusal(Dialect::Bigquery, "SELECT d1 - d2 FROM t") == "a difference of dates or timestamps that is an interval");
    // A column the database does not declare a date stays SQLite's subtraction, as a string literal does.
    CHECK(spelled(Dialect::Postgres, "SELECT x - d2 FROM t").sql == "SELECT x - d2 FROM t");
    CHECK(spelled(Dialect::Mysql, "SELECT '2024-03-01' - d2 FROM t").sql == "SELECT '2024-03-01' - d2 FROM t");
}

TEST_CASE("sqlite dates: formats, parsing and seconds since 1970", "[results][dialect][dates]") {
    CHECK(value_of(Dialect::Postgres, "SELECT to_char(TIMESTAMP '2002-04-20 17:31:12', 'HH12:MI:SS')") == "05:31:12");
    CHECK(value_of(Dialect::Postgres, "SELECT to_char(DATE '2024-03-05', 'Month DD, YYYY')") == "March     05, 2024");
    CHECK(value_of(Dialect::Postgres, "SELECT to_char(DATE '2024-03-05', 'FMMonth FMDD, \"Q\"YY')") == "March 5, Q24");
    CHECK(value_of(Dialect::Postgres, "SELECT to_char(DATE '2024-03-05', 'DY MON')") == "TUE MAR");
    CHECK(value_of(Dialect::Snowflake, "SELECT TO_CHAR('2024-03-05 14:07:00', 'MMMM DD HH24:MI')") ==
          "March 05 14:07");
    CHECK(value_of(Dialect::Mysql, "SELECT DATE_FORMAT('2009-10-04 22:23:00', '%W %M %Y')") == "Sunday October 2009");
    CHECK(value_of(Dialect::Mysql, "SELECT DATE_FORMAT('2007-10-04 22:23:00', '%H:%i:%s')") == "22:23:00");
    CHECK(value_of(Dialect::Mysql, "SELECT DATE_FORMAT('2009-10-04 22:23:00', '%y %a %d %c %e %b %j %p %h')") ==
          "09 Sun 04 10 4 Oct 277 PM 10");
    CHECK(value_of(Dialect::Bigquery, "SELECT FORMAT_DATE('%b-%d-%Y', DATE '2008-12-25')") == "Dec-25-2008");
    CHECK(value_of(Dialect::Bigquery, "SELECT EXTRACT(DATE FROM TIMESTAMP '2008-12-25 15:30:00')") == "2008-12-25");
    CHECK(value_of(Dialect::Duckdb, "SELECT strftime(DATE '1992-03-02', '%d/%m/%Y')") == "02/03/1992");
    CHECK(value_of(Dialect::Duckdb, "SELECT strptime('02/03/1992', '%d/%m/%Y')") == "1992-03-02 00:00:00");
    CHECK(value_of(Dialect::Snowflake, "SELECT TO_VARCHAR('2024-03-05', 'DD.MM.YYYY')") == "05.03.2024");
    CHECK(value_of(Dialect::Bigquery, "SELECT FORMAT_TIMESTAMP('%H:%M', TIMESTAMP_SECONDS(1447430881))") == "16:08");
    CHECK(value_of(Dialect::Tsql, "SELECT FORMAT(CAST('2024-03-05 14:07:00' AS DATETIME), 'yyyy-MM-dd HH:mm')") ==
          "2024-03-05 14:07");
    // Parsing: the ISO layouts, fixed-width numeric layouts, a month's name alone.
    CHECK(value_of(Dialect::Postgres, "SELECT to_date('05 Dec 2000', 'DD Mon YYYY')") == "2000-12-05");
    CHECK(value_of(Dialect::Mysql, "SELECT STR_TO_DATE('5 May 2013', '%d %M %Y')") == "2013-05-05");
    CHECK(value_of(Dialect::Mysql, "SELECT STR_TO_DATE('2013-5-7 9:05:01', '%Y-%m-%d %H:%i:%s')") ==
          "2013-05-07 09:05:01");
    CHECK(value_of(Dialect::Mysql, "SELECT STR_TO_DATE('5 \"May 2013', '%d %M %Y')") == "NULL");
    CHECK(value_of(Dialect::Mysql, "SELECT STR_TO_DATE('7,5, 2013', '%d,%m, %Y')") == "2013-05-07");
    CHECK(value_of(Dialect::Postgres, "SELECT to_timestamp('March 7, 2024 18:30', 'FMMonth DD, YYYY HH24:MI')") ==
          "2024-03-07 18:30:00");
    CHECK(value_of(Dialect::Postgres, "SELECT to_date('2000-12-05', 'YYYY-MM-DD')") == "2000-12-05");
    CHECK(value_of(Dialect::Postgres, "SELECT to_timestamp('05/12/2000 10:30', 'DD/MM/YYYY HH24:MI')") ==
          "2000-12-05 10:30:00");
    CHECK(value_of(Dialect::Postgres, "SELECT EXTRACT(MONTH FROM to_date('March', 'Month'))") == "3");
    CHECK(value_of(Dialect::Mysql, "SELECT STR_TO_DATE('01,05,2013', '%d,%m,%Y')") == "2013-05-01");
    CHECK(value_of(Dialect::Mysql, "SELECT MONTH(STR_TO_DATE('October', '%M'))") == "10");
    CHECK(value_of(Dialect::Bigquery, "SELECT PARSE_DATE('%Y%m%d', '20081225')") == "2008-12-25");
    CHECK(value_of(Dialect::Bigquery, "SELECT PARSE_DATE('%F', '2000-12-30')") == "2000-12-30");
    CHECK(value_of(Dialect::Bigquery, "SELECT FORMAT_DATE('%m', PARSE_DATE('%B', 'June'))") == "06");
    // Seconds since 1970 (read in UTC).
    CHECK(value_of(Dialect::Mysql, "SELECT FROM_UNIXTIME(1447430881)") == "2015-11-13 16:08:01");
    CHECK(value_of(Dialect::Mysql, "SELECT UNIX_TIMESTAMP('2015-11-13 10:20:19')") == "1447410019");
    CHECK(value_of(Dialect::Postgres, "SELECT to_timestamp(1284352323)") == "2010-09-13 04:32:03");
    CHECK(value_of(Dialect::Snowflake, "SELECT TO_TIMESTAMP(1284352323)") == "2010-09-13 04:32:03");
    CHECK(value_of(Dialect::Snowflake, "SELECT TO_TIMESTAMP('2010-09-13 04:32:03')") == "2010-09-13 04:32:03");
    CHECK(value_of(Dialect::Tsql, "SELECT DATEFROMPARTS(2024, 2, 9)") == "2024-02-09");
    CHECK(value_of(Dialect::Bigquery, "SELECT DATE(2016, 12, 25)") == "2016-12-25");
    CHECK(value_of(Dialect::Bigquery, "SELECT TIMESTAMP('2008-12-25 15:30:00')") == "2008-12-25 15:30:00");
    CHECK(value_of(Dialect::Postgres, "SELECT date_part('epoch', TIMESTAMP '2001-02-16 20:38:40')") == "982355920");
    // Formats SQLite has no spelling for are named.
    CHECK(refusal(Dialect::Postgres, "SELECT to_char(DATE '2024-03-05', 'IYYY-IW')") ==
          "TO_CHAR with the format 'IYYY-IW'");
    CHECK(refusal(Dialect::Postgres, "SELECT to_char(12.5, '999D9')") == "TO_CHAR with the format '999D9'");
    CHECK(refusal(Dialect::Mysql, "SELECT STR_TO_DATE('Sunday 5 May 2013', '%W %d %M %Y')") ==
          "STR_TO_DATE with the format '%W %d %M %Y'");
    CHECK(refusal(Dialect::Bigquery, "SELECT FORMAT_DATE('%x', DATE '2008-12-25')") ==
          "FORMAT_DATE with the format '%x'");
    CHECK(refusal(Dialect::Tsql, "SELECT CONVERT(VARCHAR(30), GETDATE(), 121)") == "CONVERT with the style 121");
    CHECK(refusal(Dialect::Tsql, "SELECT CONVERT(DATE, '03/05/24', 1)") == "CONVERT to DATE with the style 1");
    CHECK(refusal(Dialect::Tsql, "SELECT FORMAT(GETDATE(), 'd')") == "FORMAT with the format 'd'");
    CHECK(refusal(Dialect::Tsql, "SELECT FORMAT(1234.5, 'N2')") == "FORMAT with the format 'N2'");
}

namespace {

// A derived table of the values 0 .. 13 (column x) beside the group `k` ('a'), and 5, 3 and NULL in group 'b':
// spelled in every dialect here as SELECT .. UNION ALL.
std::string numbers(const std::string& alias = "t") {
    std::string out = "(SELECT 'a' AS k, 0 AS x";
    for (int i = 1; i <= 13; ++i) out += " UNION ALL SELECT 'a', " + std::to_string(i);
    return out + " UNION ALL SELECT 'b', 5 UNION ALL SELECT 'b', 3 UNION ALL SELECT 'b', NULL) AS " + alias;
}

}  // namespace

TEST_CASE("sqlite spelling: PERCENTILE_CONT and PERCENTILE_DISC as aggregates and over partitions",
          "[results][dialect]") {
    // The continuous percentile interpolates at p * (n - 1) (0-based): 0 .. 13 at 0.25 is 3.25, and 9.75 in
    // descending order; the discrete one is the first value whose share of the rows reaches p (the 7th of 14).
    const std::string a = " FROM " + numbers() + " WHERE k = 'a'";
    CHECK(value_of(Dialect::Postgres, "SELECT PERCENTILE_CONT(0.25) WITHIN GROUP (ORDER BY x)" + a) == "3.25");
    CHECK(value_of(Dialect::Postgres, "SELECT PERCENTILE_CONT(0.25) WITHIN GROUP (ORDER BY x DESC)" + a) == "9.75");
    CHECK(value_of(Dialect::Postgres, "SELECT PERCENTILE_CONT(1) WITHIN GROUP (ORDER BY x)" + a) == "13.0");
    CHECK(value_of(Dialect::Postgres, "SELECT PERCENTILE_DISC(0.5) WITHIN GROUP (ORDER BY x)" + a) == "6");
    CHECK(value_of(Dialect::Postgres, "SELECT PERCENTILE_DISC(0) WITHIN GROUP (ORDER BY x)" + a) == "0");
    CHECK(value_of(Dialect::Snowflake, "SELECT PERCENTILE_DISC(0.3) WITHIN GROUP (ORDER BY x)" + a) == "4");
    // An aggregate keeps its SELECT one row: beside other aggregates, over no row (NULL), NULLs left out.
    CHECK(value_of(Dialect::Postgres, "SELECT COUNT(*) + PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY x)" + a) ==
          "20.5");
    CHECK(value_of(Dialect::Postgres, "SELECT PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY x) FROM " + numbers() +
                                          " WHERE k = 'none'") == "NULL");
    CHECK(value_of(Dialect::Snowflake, "SELECT MEDIAN(x) FROM " + numbers() + " WHERE k = 'b'") == "4.0");
    // In ORDER BY and in a subquery: each its own SELECT's rows.
    CHECK(column_of(Dialect::Postgres, "SELECT k FROM " + numbers() + " GROUP BY k ORDER BY (SELECT PERCENTILE_DISC(0.5) "
                                       "WITHIN GROUP (ORDER BY u.x) FROM " + numbers("u") + " WHERE u.k <> t.k) DESC") ==
          "b | a");  // (b: the median of 0 .. 13, 6; a: of 3 and 5, 3)
    CHECK(value_of(Dialect::Postgres, "SELECT COUNT(*) FROM " + numbers() + " ORDER BY PERCENTILE_CONT(0.5) WITHIN "
                                      "GROUP (ORDER BY x)") == "17");
    // In a correlated subquery, each outer row its own set (and the outer SELECT keeps its rows).
    CHECK(column_of(Dialect::Postgres, "SELECT (SELECT PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY u.x) FROM " +
                                           numbers("u") + " WHERE u.k = t.k) FROM (SELECT 'a' AS k UNION ALL SELECT "
                                           "'b' UNION ALL SELECT 'c') AS t ORDER BY t.k") == "6.5 | 4.0 | NULL");
    // Over partitions (T-SQL, Snowflake; BigQuery's PERCENTILE_CONT(x, p)): each row gets its partition's.
    CHECK(column_of(Dialect::Tsql, "SELECT DISTINCT k, PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY x) OVER "
                                   "(PARTITION BY k) FROM " + numbers() + " ORDER BY k") == "a | b");
    CHECK(column_of(Dialect::Tsql, "SELECT DISTINCT PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY x) OVER "
                                   "(PARTITION BY k) AS m FROM " + numbers() + " ORDER BY m") == "4.0 | 6.5");
    CHECK(column_of(Dialect::Tsql, "SELECT DISTINCT PERCENTILE_DISC(0.5) WITHIN GROUP (ORDER BY x) OVER "
                                   "(PARTITION BY k) AS m FROM " + numbers() + " ORDER BY m") == "3 | 6");
    CHECK(column_of(Dialect::Bigquery, "SELECT DISTINCT PERCENTILE_CONT(x, 0.5) OVER (PARTITION BY k) AS m FROM " +
                                           numbers() + " ORDER BY m") == "4.0 | 6.5");
    // (all 16 values: 0 .. 13, 3 and 5; halfway between the 8th and the 9th, 5 and 6)
    CHECK(column_of(Dialect::Bigquery, "SELECT DISTINCT PERCENTILE_CONT(x, 0.5) OVER () AS m FROM " + numbers()) ==
          "5.5");
    // Per GROUP BY group (by expression or position), also in HAVING; a group of NULLs alone has none.
    CHECK(column_of(Dialect::Postgres, "SELECT PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY x) FROM " + numbers() +
                                           " GROUP BY k ORDER BY k") == "6.5 | 4.0");
    CHECK(column_of(Dialect::Postgres, "SELECT upper(k), PERCENTILE_DISC(0.5) WITHIN GROUP (ORDER BY x DESC) AS m FROM " +
                                           numbers() + " GROUP BY 1 HAVING PERCENTILE_DISC(0.5) WITHIN GROUP (ORDER BY "
                                           "x DESC) > 5") == "A");
    CHECK(column_of(Dialect::Postgres, "SELECT PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY x) FROM " + numbers() +
                                           " GROUP BY x IS NULL ORDER BY x IS NULL") == "5.5 | NULL");
    CHECK(refusal(Dialect::Postgres, "SELECT k, PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY x) FROM t GROUP BY ROLLUP(k)") ==
          "PERCENTILE_CONT with ROLLUP, CUBE, GROUPING SETS or GROUP BY ALL");
    CHECK(refusal(Dialect::Tsql, "SELECT PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY x) OVER (ORDER BY y) FROM t") ==
          "PERCENTILE_CONT over a window with ORDER BY, a frame or a name");
    CHECK(refusal(Dialect::Postgres, "SELECT PERCENTILE_CONT(ARRAY[0.25, 0.5]) WITHIN GROUP (ORDER BY x) FROM t") ==
          "PERCENTILE_CONT in this form (a fraction other than a number from 0 to 1, several ORDER BY keys)");
    CHECK(refusal(Dialect::Postgres, "SELECT PERCENTILE_DISC(1.5) WITHIN GROUP (ORDER BY x) FROM t") ==
          "PERCENTILE_DISC in this form (a fraction other than a number from 0 to 1, several ORDER BY keys)");
}

TEST_CASE("sqlite dates: T-SQL's CONVERT with a style reads and writes the style's layout", "[results][dialect][dates]") {
    // learn.microsoft.com, CAST and CONVERT: 106 dd mon yyyy, 103 dd/mm/yyyy, 112 yyyymmdd, 120 yyyy-mm-dd
    // hh:mi:ss, 107 Mon dd, yyyy, 101 mm/dd/yyyy and 1 the same with a two-digit year.
    CHECK(value_of(Dialect::Tsql, "SELECT TRY_CONVERT(DATE, '01 ' + m + ' 2000', 106) FROM (SELECT 'January' AS m) AS t") ==
          "2000-01-01");
    CHECK(value_of(Dialect::Tsql, "SELECT MONTH(TRY_CONVERT(DATE, '01 Sep 2000', 106))") == "9");
    CHECK(value_of(Dialect::Tsql, "SELECT TRY_CONVERT(DATE, 'no date', 106)") == "NULL");
    CHECK(value_of(Dialect::Tsql, "SELECT CONVERT(DATETIME, '05/03/2024', 103)") == "2024-03-05 00:00:00");
    CHECK(value_of(Dialect::Tsql, "SELECT CONVERT(DATE, '20240305', 112)") == "2024-03-05");
    // A date value (SQLite's ISO text) keeps its date: T-SQL ignores the style converting a date.
    CHECK(value_of(Dialect::Tsql, "SELECT CONVERT(DATE, d, 103) FROM (SELECT '2024-03-05' AS d) AS t") == "2024-03-05");
    const std::string when = "CAST('2024-03-05 14:07:09' AS DATETIME)";
    CHECK(value_of(Dialect::Tsql, "SELECT CONVERT(VARCHAR(10), " + when + ", 120)") == "2024-03-05");
    CHECK(value_of(Dialect::Tsql, "SELECT CONVERT(VARCHAR, " + when + ", 120)") == "2024-03-05 14:07:09");
    CHECK(value_of(Dialect::Tsql, "SELECT CONVERT(VARCHAR, " + when + ", 103)") == "05/03/2024");
    CHECK(value_of(Dialect::Tsql, "SELECT CONVERT(NVARCHAR(20), " + when + ", 107)") == "Mar 05, 2024");
    CHECK(value_of(Dialect::Tsql, "SELECT CONVERT(VARCHAR(8), " + when + ", 1)") == "03/05/24");
    CHECK(value_of(Dialect::Tsql, "SELECT CONVERT(CHAR(8), " + when + ", 108)") == "14:07:09");
    // Text converted to text keeps itself.
    CHECK(value_of(Dialect::Tsql, "SELECT CONVERT(VARCHAR, 'abc', 101)") == "abc");
}

TEST_CASE("sqlite spelling: T-SQL's + joins texts where an operand is text by its spelling", "[results][dialect]") {
    CHECK(value_of(Dialect::Tsql, "SELECT 'a' + 'b'") == "ab");
    CHECK(value_of(Dialect::Tsql, "SELECT CAST(2024 AS VARCHAR(4)) + '-' + CASE 1 WHEN 1 THEN '01' END + '-01'") ==
          "2024-01-01");
    CHECK(value_of(Dialect::Tsql, "SELECT '01 ' + m + ' 2000' FROM (SELECT 'May' AS m) AS t") == "01 May 2000");
    // A number stays a number: '1' + 1 is 2 in T-SQL (the text converts to the number's type).
    CHECK(value_of(Dialect::Tsql, "SELECT '1' + 1") == "2");
    CHECK(spelled(Dialect::Tsql, "SELECT a + b FROM t").sql == "SELECT a + b FROM t");
    // Other dialects' + adds.
    CHECK(spelled(Dialect::Postgres, "SELECT 'a' + 1 FROM t").sql == "SELECT 'a' + 1 FROM t");
}

TEST_CASE("sqlite spelling: a division by zero fails on a real database where the source engine fails",
          "[results][dialect]") {
    for (Dialect d : {Dialect::Postgres, Dialect::Tsql, Dialect::Bigquery, Dialect::Snowflake}) {
        INFO(dialect_name(d));
        CHECK(value_of(d, "SELECT 1 / n FROM (SELECT 0 AS n) AS t", true) ==
              "error: JSON path error near 'division by zero'");
        CHECK(value_of(d, "SELECT 6 / n FROM (SELECT 3 AS n) AS t", true).starts_with("2"));
        // On synthesized data, SQLite's NULL: a zero the data invented says nothing of the real data.
        CHECK(value_of(d, "SELECT 1 / n FROM (SELECT 0 AS n) AS t", false) == "NULL");
    }
    // MySQL's and DuckDB's division by zero is NULL, as SQLite's.
    CHECK(value_of(Dialect::Mysql, "SELECT 1 / n FROM (SELECT 0 AS n) AS t", true) == "NULL");
    CHECK(value_of(Dialect::Duckdb, "SELECT 1 / n FROM (SELECT 0 AS n) AS t", true) == "NULL");
    // A divisor that is a number other than 0 is not checked.
    CHECK(spelled(Dialect::Tsql, "SELECT age / 2 FROM emp", true).sql == "SELECT age / 2 FROM emp");
    CHECK(spelled(Dialect::Postgres, "SELECT age / n FROM emp", true).sql ==
          "SELECT age / CASE WHEN (n) = 0 THEN json_extract('{}', 'division by zero') ELSE (n) END FROM emp");
}
