// Dates of other dialects in SQLite's terms, for to_sqlite (print_sql.cpp): the units of date arithmetic as
// SQLite's date modifiers count them, INTERVAL quantities as modifiers, date format strings as strftime
// formats (sqlite.org/lang_datefunc.html), and SQLite's text of each date construct built from its operands'
// texts. print_sql.cpp decides which construct a call is, in which dialect, and prints the operands.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "qdiff/dialect.hpp"

namespace qdiff::sqlite_dates {

// A unit of date arithmetic as an SQLite modifier counts it: a week is 7 "days", a quarter 3 "months".
struct DateStep {
    std::string_view modifier;  // "years" | "months" | "days" | "hours" | "minutes" | "seconds"
    int per_unit = 1;
    // Months and years: SQLite's '+1 months' carries a day the target month lacks into the next month
    // (2023-01-31 + 1 month is 2023-03-03), where every other engine here stops at the month's last day.
    bool calendar() const { return modifier == "years" || modifier == "months"; }
    // Shorter than a day: the result has a time of day even when the operand is a date.
    bool clock() const { return modifier == "hours" || modifier == "minutes" || modifier == "seconds"; }
};

// The unit a date part names in `dialect` ("day", "DD", "months", "WEEK"; case-insensitive); nullopt for
// a part that is no fixed step (weekday, dayofyear) or that `dialect` does not name. `m` is a month in
// T-SQL and a minute in Snowflake.
std::optional<DateStep> date_step(std::string_view part, Dialect dialect);

struct IntervalStep {
    long long count = 0;
    DateStep step;
};
// The quantity of an INTERVAL literal as the parser keeps it: '7 days', '1 year 2 months', '70 DAY' (from
// INTERVAL '70' DAY or INTERVAL 70 DAY), '-3 WEEK'; nullopt for another form ('1-2' YEAR TO MONTH,
// '10:30', fractions).
std::optional<std::vector<IntervalStep>> interval_steps(std::string_view text, Dialect dialect);

// How a dialect spells a date format.
enum class FormatStyle {
    Postgres,   // PostgreSQL's TO_CHAR / TO_DATE / TO_TIMESTAMP: YYYY, MM, DD, HH24, MI, SS, Mon, Month, FM...
    Snowflake,  // Snowflake's: YYYY, MM, MON, MMMM, DD, DY, HH24, MI, SS
    Mysql,      // MySQL's DATE_FORMAT / STR_TO_DATE: %Y, %m, %d, %H, %i, %s, %M, %b, ...
    Strftime,   // BigQuery's FORMAT_DATE / PARSE_DATE: %Y, %m, %d, %H, %M, %S, %B, %b, %F, %T, ...
    Dotnet,     // T-SQL's FORMAT: yyyy, MM, dd, HH, mm, ss, MMM, MMMM
};

// T-SQL's CONVERT styles of dates (learn.microsoft.com, "CAST and CONVERT", date and time styles) as a format in
// FormatStyle::Strftime's elements: 101 mm/dd/yyyy, 102 yyyy.mm.dd, 103 dd/mm/yyyy, 104 dd.mm.yyyy, 105 dd-mm-yyyy,
// 106 dd mon yyyy, 107 Mon dd, yyyy, 108 hh:mi:ss, 110 mm-dd-yyyy, 111 yyyy/mm/dd, 112 yyyymmdd, 120 (and 20)
// yyyy-mm-dd hh:mi:ss, 23 yyyy-mm-dd; 1 .. 7 and 10 .. 12 as 100 more with a two-digit year; 8 and 24 as 108.
// nullopt for another style: 0, 100, 9, 109, 13, 113 (a 12-hour clock or milliseconds), 21, 121, 126, 127
// (milliseconds), 130, 131 (Hijri), and the styles of numbers.
std::optional<std::string> tsql_style_format(long long style);

// One piece of a format: strftime text (SQLite's specifiers and literal text, '%' doubled), or a field
// strftime lacks, spelled from the date's parts.
struct FormatPiece {
    enum class Kind {
        Strftime,
        MonthName,    // January
        MonthAbbrev,  // Jan
        DayName,      // Monday
        DayAbbrev,    // Mon
        Year2,        // 23
        MonthNoPad,   // 1..12
        DayNoPad,     // 1..31
        Hour12,       // 01..12
        Meridiem,     // AM / PM
    };
    Kind kind = Kind::Strftime;
    std::string text;  // Strftime: the format text
    enum class Case { AsIs, Upper, Lower } letter_case = Case::AsIs;
    bool padded = false;  // PostgreSQL's Month and Day: blank-padded to 9 characters
};

// The pieces of `format`, or nullopt when it has a field this does not know.
std::optional<std::vector<FormatPiece>> format_pieces(std::string_view format, FormatStyle style);

// A format read back: its fields and the literal text between them.
struct ParseField {
    char field = 0;  // 'Y', 'm', 'd', 'H', 'M', 'S', 'N' (a month's name or its first three letters); 0: literal
    bool fixed_width = true;  // written with all its digits (not MySQL's %e, PostgreSQL's FMDD, a name)
    std::string literal;
};
// The fields of `pieces` (format_pieces) in order, or nullopt when one cannot be read back (a day's name,
// a two-digit year, a 12-hour clock).
std::optional<std::vector<ParseField>> parse_fields(const std::vector<FormatPiece>& pieces);

// ---- SQLite's text of date constructs, from their operands' texts ----

// What a date expression gives in the source dialect: a date ('2020-01-01' in SQLite), a timestamp
// ('2020-01-01 10:00:00'), or unknown (a column: the text SQLite holds says which).
enum class DateForm { Date, Timestamp, Unknown };

// `operand` through SQLite's date function that keeps `form`, with `modifiers` (", 'start of month'"):
// date(), datetime(), or for an unknown form strftime() with the format of the text SQLite holds (a date's
// 10 characters or more).
std::string in_form(DateForm form, const std::string& operand, const std::string& modifiers);

// One step of date arithmetic as an SQLite modifier's text ('+7 days', or a computed one) and its unit.
struct Modifier {
    std::string text;
    DateStep step;
};
// '+7 days' for 7 steps of a week... (`count` whole units of `step`, negative backwards).
std::string modifier_text(long long count, const DateStep& step);
// `operand` moved by the modifiers, in `form` (a clock step makes it a timestamp). Months and years stop at the
// target month's last day, as PostgreSQL, MySQL, T-SQL, BigQuery and Snowflake do (2023-01-31 + 1 month is
// 2023-02-28): where SQLite carried the day over into the next month, the days it went over are taken back.
std::string shifted(const std::string& operand, DateForm form, const std::vector<Modifier>& modifiers);

// The start of the `unit` (year, quarter, month, week, isoweek, day, hour, minute, second; any case) holding
// `operand`, a week starting on `week_start` (0 Sunday, 1 Monday); nullopt for another unit. A cut to a day or
// longer is a midnight, which prints as its date whether the source calls it a date or a timestamp: the
// results comparison reads '2020-01-01' and '2020-01-01 00:00:00' as one value, and SQLite, comparing texts,
// finds a date column's '2020-01-01' less than the second spelling (PostgreSQL's `d >= date_trunc('week', ..)`).
std::optional<std::string> truncated(std::string_view unit, const std::string& operand, int week_start);
// The last day of the month, quarter or year (`part`, lower case) holding `operand`; nullopt for another part.
std::optional<std::string> last_day(std::string_view part, const std::string& operand);

// The number of `step` boundaries from `from` to `to`, as T-SQL's and Snowflake's DATEDIFF and BigQuery's
// DATE_DIFF and DATETIME_DIFF count them: between the years, quarters, months of the two; days between the
// dates; weeks between the weeks' first days (`week_start` as above); hours, minutes between the times cut to
// the hour, the minute.
std::string boundaries_between(const DateStep& step, const std::string& from, const std::string& to, int week_start);
// The whole `step`s elapsed from `from` to `to`, truncated toward zero, as MySQL's TIMESTAMPDIFF and BigQuery's
// TIMESTAMP_DIFF count them: a month has elapsed when the day and time of day reach the start's again.
std::string elapsed_between(const DateStep& step, const std::string& from, const std::string& to);

// The day of the week as a number: 1 for Sunday .. 7 (T-SQL's DATEPART(weekday) under the default DATEFIRST 7,
// MySQL's DAYOFWEEK, BigQuery's EXTRACT(DAYOFWEEK)), 0 for Monday .. 6 (MySQL's WEEKDAY), 1 for Monday .. 7
// (PostgreSQL's ISODOW).
enum class WeekNumbering { SundayOne, MondayZero, MondayOne };
std::string weekday_number(const std::string& operand, WeekNumbering numbering);

// `operand` written by the format's pieces: strftime() for what it spells, the date's parts for the rest.
std::string formatted(const std::vector<FormatPiece>& pieces, const std::string& operand);
// `text` read by the format (TO_DATE, STR_TO_DATE, PARSE_DATE) as SQLite's date or datetime text, or nullopt
// for a format this cannot read: a month's name alone (its first three letters) as that month's first day in
// `default_year`; fields with text between them (a name among them, numbers with or without their leading
// zeros, as MySQL and PostgreSQL read them: '2013-5-7' by '%Y-%m-%d') cut at that text, as a JSON array of the
// pieces ('5 May 2013' read by '%d %M %Y': ["5","May","2013"]); fields side by side ('%Y%m%d') by their widths.
std::optional<std::string> parsed(const std::vector<FormatPiece>& pieces, const std::string& text, bool timestamp,
                                  std::string_view default_year);
// Whether the format writes a time of day (MySQL's STR_TO_DATE then gives a datetime).
bool has_clock_field(const std::vector<FormatPiece>& pieces);

}  // namespace qdiff::sqlite_dates
