// Dates of other dialects in SQLite's terms, for to_sqlite (print_sql.cpp): the units of date arithmetic as
// SQLite's date modifiers count them, INTERVAL quantities as modifiers, and date format strings as
// strftime formats (sqlite.org/lang_datefunc.html). Tables only: print_sql.cpp prints the SQL.
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

}  // namespace qdiff::sqlite_dates
