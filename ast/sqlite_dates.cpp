#include "ast/sqlite_dates.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <map>

#include "support/strings.hpp"

namespace qdiff::sqlite_dates {
namespace {

constexpr DateStep kYear{"years", 1}, kQuarter{"months", 3}, kMonth{"months", 1}, kWeek{"days", 7}, kDay{"days", 1},
    kHour{"hours", 1}, kMinute{"minutes", 1}, kSecond{"seconds", 1};

struct PartName {
    std::string_view name;
    DateStep step;
};

// The names every dialect here reads, singular and plural, and PostgreSQL's interval abbreviations
// (postgresql.org/docs/current/datatype-datetime.html, "Interval Input").
constexpr PartName kCommonParts[] = {
    {"year", kYear},     {"years", kYear},     {"quarter", kQuarter}, {"quarters", kQuarter}, {"month", kMonth},
    {"months", kMonth},  {"mon", kMonth},      {"mons", kMonth},      {"week", kWeek},        {"weeks", kWeek},
    {"day", kDay},       {"days", kDay},       {"hour", kHour},       {"hours", kHour},       {"minute", kMinute},
    {"minutes", kMinute}, {"min", kMinute},    {"mins", kMinute},     {"second", kSecond},    {"seconds", kSecond},
    {"sec", kSecond},    {"secs", kSecond},    {"yr", kYear},         {"yrs", kYear},         {"hr", kHour},
    {"hrs", kHour},
};
// T-SQL's abbreviations (learn.microsoft.com, DATEADD: "datepart" table).
constexpr PartName kTsqlParts[] = {
    {"yy", kYear}, {"yyyy", kYear}, {"qq", kQuarter}, {"q", kQuarter}, {"mm", kMonth}, {"m", kMonth},
    {"wk", kWeek}, {"ww", kWeek},   {"dd", kDay},     {"d", kDay},     {"hh", kHour},  {"mi", kMinute},
    {"n", kMinute}, {"ss", kSecond}, {"s", kSecond},
};
// Snowflake's (docs.snowflake.com, "Supported date and time parts").
constexpr PartName kSnowflakeParts[] = {
    {"y", kYear},     {"yy", kYear},     {"yyy", kYear},   {"yyyy", kYear},   {"q", kQuarter}, {"qtr", kQuarter},
    {"qtrs", kQuarter}, {"mm", kMonth},  {"w", kWeek},     {"wk", kWeek},     {"d", kDay},     {"dd", kDay},
    {"dayofmonth", kDay}, {"h", kHour},  {"hh", kHour},    {"m", kMinute},    {"mi", kMinute}, {"s", kSecond},
};

}  // namespace

std::optional<DateStep> date_step(std::string_view part, Dialect dialect) {
    const std::string name = support::to_lower(part);
    for (const PartName& p : kCommonParts)
        if (p.name == name) return p.step;
    if (dialect == Dialect::Tsql)
        for (const PartName& p : kTsqlParts)
            if (p.name == name) return p.step;
    if (dialect == Dialect::Snowflake)
        for (const PartName& p : kSnowflakeParts)
            if (p.name == name) return p.step;
    return std::nullopt;
}

std::optional<std::vector<IntervalStep>> interval_steps(std::string_view text, Dialect dialect) {
    std::vector<IntervalStep> out;
    size_t i = 0;
    auto skip_spaces = [&] {
        while (i < text.size() && text[i] == ' ') ++i;
    };
    skip_spaces();
    while (i < text.size()) {
        size_t start = i;
        if (text[i] == '+' || text[i] == '-') ++i;
        while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) ++i;
        long long count = 0;
        const char* first = text.data() + start + (text[start] == '+' ? 1 : 0);
        auto [end, error] = std::from_chars(first, text.data() + i, count);
        if (error != std::errc() || end != text.data() + i) return std::nullopt;
        skip_spaces();
        size_t word = i;
        while (i < text.size() && std::isalpha(static_cast<unsigned char>(text[i]))) ++i;
        std::optional<DateStep> step = date_step(text.substr(word, i - word), dialect);
        if (!step || (i < text.size() && text[i] != ' ')) return std::nullopt;
        out.push_back({count, *step});
        skip_spaces();
    }
    if (out.empty()) return std::nullopt;
    return out;
}

namespace {

using Kind = FormatPiece::Kind;
using Case = FormatPiece::Case;

struct Token {
    std::string_view spelling;
    Kind kind;
    std::string_view strftime = {};  // Kind::Strftime
    Case letter_case = Case::AsIs;
    bool padded = false;
    bool exact_case = false;  // the spelling's case matters (a name's case is the output's)
};

// PostgreSQL's template patterns (postgresql.org/docs/current/functions-formatting.html, Table 9.26):
// longest first. A name's case is its output's: Month, MONTH, month.
constexpr Token kPostgresTokens[] = {
    {"HH24", Kind::Strftime, "%H"}, {"HH12", Kind::Hour12}, {"HH", Kind::Hour12},
    {"MONTH", Kind::MonthName, {}, Case::Upper, true, true}, {"Month", Kind::MonthName, {}, Case::AsIs, true, true},
    {"month", Kind::MonthName, {}, Case::Lower, true, true}, {"MON", Kind::MonthAbbrev, {}, Case::Upper, false, true},
    {"Mon", Kind::MonthAbbrev, {}, Case::AsIs, false, true}, {"mon", Kind::MonthAbbrev, {}, Case::Lower, false, true},
    {"DAY", Kind::DayName, {}, Case::Upper, true, true},     {"Day", Kind::DayName, {}, Case::AsIs, true, true},
    {"day", Kind::DayName, {}, Case::Lower, true, true},     {"DY", Kind::DayAbbrev, {}, Case::Upper, false, true},
    {"Dy", Kind::DayAbbrev, {}, Case::AsIs, false, true},    {"dy", Kind::DayAbbrev, {}, Case::Lower, false, true},
    {"YYYY", Kind::Strftime, "%Y"}, {"YY", Kind::Year2},     {"MM", Kind::Strftime, "%m"},
    {"MI", Kind::Strftime, "%M"},   {"SS", Kind::Strftime, "%S"}, {"DDD", Kind::Strftime, "%j"},
    {"DD", Kind::Strftime, "%d"},   {"AM", Kind::Meridiem},  {"PM", Kind::Meridiem},
};
// Snowflake's (docs.snowflake.com, "Date and time formats in conversion functions"); case-insensitive.
constexpr Token kSnowflakeTokens[] = {
    {"YYYY", Kind::Strftime, "%Y"}, {"YY", Kind::Year2}, {"MMMM", Kind::MonthName}, {"MON", Kind::MonthAbbrev},
    {"MM", Kind::Strftime, "%m"},   {"DD", Kind::Strftime, "%d"}, {"DY", Kind::DayAbbrev},
    {"HH24", Kind::Strftime, "%H"}, {"HH12", Kind::Hour12}, {"AM", Kind::Meridiem}, {"PM", Kind::Meridiem},
    {"MI", Kind::Strftime, "%M"},   {"SS", Kind::Strftime, "%S"},
};
// MySQL's DATE_FORMAT specifiers (dev.mysql.com, DATE_FORMAT()).
constexpr Token kMysqlTokens[] = {
    {"%Y", Kind::Strftime, "%Y"}, {"%y", Kind::Year2},         {"%m", Kind::Strftime, "%m"}, {"%c", Kind::MonthNoPad},
    {"%d", Kind::Strftime, "%d"}, {"%e", Kind::DayNoPad},      {"%H", Kind::Strftime, "%H"}, {"%h", Kind::Hour12},
    {"%I", Kind::Hour12},         {"%i", Kind::Strftime, "%M"}, {"%s", Kind::Strftime, "%S"}, {"%S", Kind::Strftime, "%S"},
    {"%M", Kind::MonthName},      {"%b", Kind::MonthAbbrev},   {"%W", Kind::DayName},        {"%a", Kind::DayAbbrev},
    {"%j", Kind::Strftime, "%j"}, {"%p", Kind::Meridiem},      {"%T", Kind::Strftime, "%H:%M:%S"},
    {"%%", Kind::Strftime, "%%"},
};
// BigQuery's format elements (cloud.google.com/bigquery, "Format elements for date and time parts").
constexpr Token kStrftimeTokens[] = {
    {"%Y", Kind::Strftime, "%Y"}, {"%y", Kind::Year2},         {"%m", Kind::Strftime, "%m"}, {"%d", Kind::Strftime, "%d"},
    {"%H", Kind::Strftime, "%H"}, {"%I", Kind::Hour12},        {"%M", Kind::Strftime, "%M"}, {"%S", Kind::Strftime, "%S"},
    {"%B", Kind::MonthName},      {"%b", Kind::MonthAbbrev},   {"%h", Kind::MonthAbbrev},    {"%A", Kind::DayName},
    {"%a", Kind::DayAbbrev},      {"%j", Kind::Strftime, "%j"}, {"%p", Kind::Meridiem},
    {"%F", Kind::Strftime, "%Y-%m-%d"}, {"%T", Kind::Strftime, "%H:%M:%S"}, {"%%", Kind::Strftime, "%%"},
};
// .NET's custom date and time format strings, which T-SQL's FORMAT reads (learn.microsoft.com); case-sensitive.
constexpr Token kDotnetTokens[] = {
    {"yyyy", Kind::Strftime, "%Y"}, {"yy", Kind::Year2},        {"MMMM", Kind::MonthName},     {"MMM", Kind::MonthAbbrev},
    {"MM", Kind::Strftime, "%m"},   {"M", Kind::MonthNoPad},    {"dddd", Kind::DayName},       {"ddd", Kind::DayAbbrev},
    {"dd", Kind::Strftime, "%d"},   {"d", Kind::DayNoPad},      {"HH", Kind::Strftime, "%H"},  {"hh", Kind::Hour12},
    {"mm", Kind::Strftime, "%M"},   {"ss", Kind::Strftime, "%S"}, {"tt", Kind::Meridiem},
};

template <size_t N>
const Token* match(const Token (&tokens)[N], std::string_view rest, bool case_sensitive) {
    const Token* best = nullptr;
    for (const Token& t : tokens) {
        if (rest.size() < t.spelling.size() || (best && best->spelling.size() >= t.spelling.size())) continue;
        std::string_view head = rest.substr(0, t.spelling.size());
        if (case_sensitive || t.exact_case ? head == t.spelling : support::iequals(head, t.spelling)) best = &t;
    }
    return best;
}

void add_text(std::vector<FormatPiece>& out, std::string_view text) {
    if (out.empty() || out.back().kind != Kind::Strftime) out.push_back({});
    for (char c : text) {
        if (c == '%') out.back().text += '%';
        out.back().text += c;
    }
}

void add_token(std::vector<FormatPiece>& out, const Token& t, bool fill_mode) {
    if (t.kind == Kind::Strftime) {
        if (out.empty() || out.back().kind != Kind::Strftime) out.push_back({});
        out.back().text += t.strftime;
        return;
    }
    out.push_back({t.kind, {}, t.letter_case, t.padded && !fill_mode});
}

}  // namespace

std::optional<std::vector<FormatPiece>> format_pieces(std::string_view format, FormatStyle style) {
    std::vector<FormatPiece> out;
    // .NET reads a format of one character as a standard format ('d': the culture's short date), not a custom one.
    if (style == FormatStyle::Dotnet && format.size() == 1) return std::nullopt;
    const bool percent_style = style == FormatStyle::Mysql || style == FormatStyle::Strftime;
    for (size_t i = 0; i < format.size();) {
        std::string_view rest = format.substr(i);
        const Token* t = nullptr;
        bool fill_mode = false;  // PostgreSQL's FM prefix: no padding, no leading zeros
        switch (style) {
            case FormatStyle::Postgres:
                if (rest.size() > 2 && support::iequals(rest.substr(0, 2), "FM")) {
                    fill_mode = true;
                    rest.remove_prefix(2);
                    i += 2;
                }
                t = match(kPostgresTokens, rest, false);
                break;
            case FormatStyle::Snowflake: t = match(kSnowflakeTokens, rest, false); break;
            case FormatStyle::Mysql: t = match(kMysqlTokens, rest, true); break;
            case FormatStyle::Strftime: t = match(kStrftimeTokens, rest, true); break;
            case FormatStyle::Dotnet: t = match(kDotnetTokens, rest, true); break;
        }
        if (t) {
            Token token = *t;
            if (fill_mode && token.kind == Kind::Strftime && token.strftime == "%m") token = {"MM", Kind::MonthNoPad};
            if (fill_mode && token.kind == Kind::Strftime && token.strftime == "%d") token = {"DD", Kind::DayNoPad};
            add_token(out, token, fill_mode);
            i += t->spelling.size();
            continue;
        }
        if (fill_mode) return std::nullopt;
        char c = rest[0];
        // Quoted text is literal: "of" in PostgreSQL and Snowflake, 'of' in .NET.
        char quote = style == FormatStyle::Dotnet ? '\'' : '"';
        if (!percent_style && c == quote) {
            size_t close = rest.find(quote, 1);
            if (close == std::string_view::npos) return std::nullopt;
            add_text(out, rest.substr(1, close - 1));
            i += close + 1;
            continue;
        }
        if (style == FormatStyle::Dotnet && c == '\\' && rest.size() > 1) {
            add_text(out, rest.substr(1, 1));
            i += 2;
            continue;
        }
        // A field this does not know: a letter outside quotes (PostgreSQL, Snowflake, .NET), a % specifier.
        if (percent_style ? c == '%' : std::isalpha(static_cast<unsigned char>(c)) != 0) return std::nullopt;
        add_text(out, rest.substr(0, 1));
        ++i;
    }
    return out;
}

std::optional<std::string> tsql_style_format(long long style) {
    struct Style {
        long long number;
        std::string_view format;
    };
    static constexpr Style kStyles[] = {
        {101, "%m/%d/%Y"}, {102, "%Y.%m.%d"}, {103, "%d/%m/%Y"}, {104, "%d.%m.%Y"}, {105, "%d-%m-%Y"},
        {106, "%d %b %Y"}, {107, "%b %d, %Y"}, {108, "%H:%M:%S"}, {110, "%m-%d-%Y"}, {111, "%Y/%m/%d"},
        {112, "%Y%m%d"},   {120, "%Y-%m-%d %H:%M:%S"}, {20, "%Y-%m-%d %H:%M:%S"}, {23, "%Y-%m-%d"},
        {8, "%H:%M:%S"},   {24, "%H:%M:%S"},
    };
    for (const Style& s : kStyles)
        if (s.number == style) return std::string(s.format);
    // A style below 100 is the one 100 more with the year in two digits (where that one writes a year).
    if ((style >= 1 && style <= 7) || (style >= 10 && style <= 12))
        for (const Style& s : kStyles)
            if (s.number == style + 100) {
                std::string format(s.format);
                format.replace(format.find("%Y"), 2, "%y");
                return format;
            }
    return std::nullopt;
}

std::optional<std::vector<ParseField>> parse_fields(const std::vector<FormatPiece>& pieces) {
    std::vector<ParseField> out;
    auto literal = [&](char c) {
        if (out.empty() || out.back().field != 0) out.push_back({});
        out.back().literal += c;
    };
    for (const FormatPiece& p : pieces) {
        switch (p.kind) {
            case Kind::Strftime:
                for (size_t k = 0; k < p.text.size(); ++k) {
                    if (p.text[k] != '%') {
                        literal(p.text[k]);
                        continue;
                    }
                    char f = p.text[++k];
                    if (f == '%') {
                        literal('%');
                    } else if (std::string_view("YmdHMS").find(f) != std::string_view::npos) {
                        out.push_back({f, true, {}});
                    } else {
                        return std::nullopt;  // %j, %w
                    }
                }
                break;
            case Kind::MonthName:
            case Kind::MonthAbbrev: out.push_back({'N', false, {}}); break;
            case Kind::MonthNoPad: out.push_back({'m', false, {}}); break;
            case Kind::DayNoPad: out.push_back({'d', false, {}}); break;
            default: return std::nullopt;
        }
    }
    return out;
}

// ---- SQLite's text of date constructs ----

namespace {

// CAST(strftime('%Y', e) AS INTEGER)
std::string field_number(std::string_view format, const std::string& e) {
    return "CAST(strftime('" + std::string(format) + "', " + e + ") AS INTEGER)";
}

// The months from `from`'s month to `to`'s.
std::string months_between(const std::string& from, const std::string& to) {
    return "((" + field_number("%Y", to) + " - " + field_number("%Y", from) + ") * 12 + " + field_number("%m", to) +
           " - " + field_number("%m", from) + ")";
}

// The modifiers back to the first month of `operand`'s quarter.
std::string to_quarter_start(const std::string& operand) {
    return ", 'start of month', '-' || ((" + field_number("%m", operand) + " - 1) % 3) || ' months'";
}

const std::string kMonthOfName = "(instr('JANFEBMARAPRMAYJUNJULAUGSEPOCTNOVDEC', upper(substr(trim(";

}  // namespace

std::string in_form(DateForm form, const std::string& operand, const std::string& modifiers) {
    switch (form) {
        case DateForm::Date: return "date(" + operand + modifiers + ")";
        case DateForm::Timestamp: return "datetime(" + operand + modifiers + ")";
        case DateForm::Unknown: break;
    }
    return "strftime(CASE WHEN length(" + operand + ") > 10 THEN '%Y-%m-%d %H:%M:%S' ELSE '%Y-%m-%d' END, " + operand +
           modifiers + ")";
}

std::string modifier_text(long long count, const DateStep& step) {
    count *= step.per_unit;
    return std::string("'") + (count < 0 ? "" : "+") + std::to_string(count) + " " + std::string(step.modifier) + "'";
}

std::string shifted(const std::string& operand, DateForm form, const std::vector<Modifier>& modifiers) {
    std::string calendar, others;
    bool clock = false;
    for (const Modifier& m : modifiers) {
        (m.step.calendar() ? calendar : others) += ", " + m.text;
        clock = clock || m.step.clock();
    }
    std::string all = calendar;
    if (!calendar.empty())
        all += ", CASE WHEN strftime('%d', " + operand + calendar + ") <> strftime('%d', " + operand +
               ") THEN '-' || strftime('%d', " + operand + calendar + ") || ' days' ELSE '+0 days' END";
    return in_form(clock ? DateForm::Timestamp : form, operand, all + others);
}

std::optional<std::string> truncated(std::string_view unit_name, const std::string& operand, int week_start) {
    const std::string unit = support::to_lower(unit_name);
    std::string_view clock = unit == "hour"     ? "%Y-%m-%d %H:00:00"
                             : unit == "minute" ? "%Y-%m-%d %H:%M:00"
                             : unit == "second" ? "%Y-%m-%d %H:%M:%S"
                                                : "";
    if (!clock.empty()) return "strftime('" + std::string(clock) + "', " + operand + ")";
    if (unit == "year") return in_form(DateForm::Date, operand, ", 'start of year'");
    if (unit == "quarter") return in_form(DateForm::Date, operand, to_quarter_start(operand));
    if (unit == "month") return in_form(DateForm::Date, operand, ", 'start of month'");
    if (unit == "day") return in_form(DateForm::Date, operand, ", 'start of day'");
    if (unit == "week" || unit == "isoweek")
        // the week's first day: back 6 days, then on to the first `week_start` day (sqlite.org: 'weekday N'
        // moves to the next day that is weekday N, or stays)
        return in_form(DateForm::Date, operand,
                       ", 'start of day', '-6 days', 'weekday " + std::to_string(unit == "isoweek" ? 1 : week_start) + "'");
    return std::nullopt;
}

std::optional<std::string> last_day(std::string_view part, const std::string& operand) {
    std::string start = part == "year"      ? ", 'start of year', '+1 years'"
                        : part == "quarter" ? to_quarter_start(operand) + ", '+3 months'"
                        : part == "month"   ? ", 'start of month', '+1 months'"
                                            : "";
    if (start.empty()) return std::nullopt;
    return in_form(DateForm::Date, operand, start + ", '-1 days'");
}

std::string boundaries_between(const DateStep& step, const std::string& from, const std::string& to, int week_start) {
    auto seconds_between = [&](std::string_view cut) {
        return "(strftime('%s', strftime('" + std::string(cut) + "', " + to + ")) - strftime('%s', strftime('" +
               std::string(cut) + "', " + from + ")))";
    };
    const std::string_view m = step.modifier;
    if (m == "years") return "(" + field_number("%Y", to) + " - " + field_number("%Y", from) + ")";
    if (m == "months" && step.per_unit == 1) return months_between(from, to);
    if (m == "months")  // quarters
        return "((" + field_number("%Y", to) + " - " + field_number("%Y", from) + ") * 4 + (" + field_number("%m", to) +
               " + 2) / 3 - (" + field_number("%m", from) + " + 2) / 3)";
    if (m == "days" && step.per_unit == 1)
        return "CAST(julianday(date(" + to + ")) - julianday(date(" + from + ")) AS INTEGER)";
    if (m == "days") {  // weeks
        std::string first_day = "'-6 days', 'weekday " + std::to_string(week_start) + "'";
        return "CAST((julianday(date(" + to + ", " + first_day + ")) - julianday(date(" + from + ", " + first_day +
               "))) / 7 AS INTEGER)";
    }
    if (m == "hours") return "(" + seconds_between("%Y-%m-%d %H:00:00") + " / 3600)";
    if (m == "minutes") return "(" + seconds_between("%Y-%m-%d %H:%M:00") + " / 60)";
    return seconds_between("%Y-%m-%d %H:%M:%S");
}

std::string elapsed_between(const DateStep& step, const std::string& from, const std::string& to) {
    if (!step.calendar()) {
        long long seconds = step.modifier == "days" ? 86400 : step.modifier == "hours" ? 3600
                            : step.modifier == "minutes"                               ? 60
                                                                                       : 1;
        return "((strftime('%s', " + to + ") - strftime('%s', " + from + ")) / " +
               std::to_string(seconds * step.per_unit) + ")";
    }
    std::string months = months_between(from, to);
    std::string to_rest = "strftime('%d %H:%M:%f', " + to + ")", from_rest = "strftime('%d %H:%M:%f', " + from + ")";
    return "((" + months + " - CASE WHEN " + months + " > 0 AND " + to_rest + " < " + from_rest + " THEN 1 WHEN " +
           months + " < 0 AND " + to_rest + " > " + from_rest + " THEN -1 ELSE 0 END) / " +
           std::to_string(step.modifier == "years" ? 12 * step.per_unit : step.per_unit) + ")";
}

std::string weekday_number(const std::string& operand, WeekNumbering numbering) {
    std::string day = field_number("%w", operand);
    switch (numbering) {
        case WeekNumbering::SundayOne: return "(" + day + " + 1)";
        case WeekNumbering::MondayZero: return "((" + day + " + 6) % 7)";
        case WeekNumbering::MondayOne: break;
    }
    return "((" + day + " + 6) % 7 + 1)";
}

std::string formatted(const std::vector<FormatPiece>& pieces, const std::string& operand) {
    auto field = [&](std::string_view format) { return "strftime('" + std::string(format) + "', " + operand + ")"; };
    auto named = [&](std::string_view format, const std::vector<std::string_view>& names, int first) {
        std::string s = "CASE " + field(format);
        for (size_t k = 0; k < names.size(); ++k) {
            std::string number = std::to_string(first + int(k));
            if (format == "%m" && number.size() == 1) number = "0" + number;
            s += " WHEN '" + number + "' THEN '" + std::string(names[k]) + "'";
        }
        return s + " END";
    };
    static const std::vector<std::string_view> months = {"January", "February", "March",     "April",
                                                          "May",     "June",     "July",      "August",
                                                          "September", "October", "November", "December"};
    static const std::vector<std::string_view> days = {"Sunday",   "Monday", "Tuesday", "Wednesday",
                                                       "Thursday", "Friday", "Saturday"};
    std::string out;
    for (size_t k = 0; k < pieces.size(); ++k) {
        const FormatPiece& p = pieces[k];
        if (k) out += " || ";
        std::string piece;
        switch (p.kind) {
            case Kind::Strftime: {
                std::string format;
                for (char c : p.text) format += c == '\'' ? std::string("''") : std::string(1, c);
                piece = field(format);
                break;
            }
            case Kind::MonthName: piece = named("%m", months, 1); break;
            case Kind::MonthAbbrev:
                piece = "substr('JanFebMarAprMayJunJulAugSepOctNovDec', 3 * " + field("%m") + " - 2, 3)";
                break;
            case Kind::DayName: piece = named("%w", days, 0); break;
            case Kind::DayAbbrev: piece = "substr('SunMonTueWedThuFriSat', 3 * " + field("%w") + " + 1, 3)"; break;
            case Kind::Year2: piece = "substr(" + field("%Y") + ", 3)"; break;
            case Kind::MonthNoPad: piece = "CAST(" + field("%m") + " AS INTEGER)"; break;
            case Kind::DayNoPad: piece = "CAST(" + field("%d") + " AS INTEGER)"; break;
            case Kind::Hour12: piece = "printf('%02d', (" + field("%H") + " + 11) % 12 + 1)"; break;
            case Kind::Meridiem: piece = "CASE WHEN " + field("%H") + " < '12' THEN 'AM' ELSE 'PM' END"; break;
        }
        if (p.padded) piece = "printf('%-9s', " + piece + ")";
        if (p.letter_case == Case::Upper) piece = "upper(" + piece + ")";
        if (p.letter_case == Case::Lower) piece = "lower(" + piece + ")";
        out += piece;
    }
    return pieces.size() == 1 ? out : "(" + out + ")";
}

std::optional<std::string> parsed(const std::vector<FormatPiece>& pieces, const std::string& text, bool timestamp,
                                  std::string_view default_year) {
    const std::string function = timestamp ? "datetime(" : "date(";
    if (pieces.size() == 1 && (pieces[0].kind == Kind::MonthName || pieces[0].kind == Kind::MonthAbbrev))
        return function + "printf('" + std::string(default_year) + "-%02d-01', " + kMonthOfName + text +
               "), 1, 3))) + 2) / 3))";
    auto fields = parse_fields(pieces);
    if (!fields || fields->empty()) return std::nullopt;
    std::map<char, std::string> value;  // field -> its SQL
    auto date_text = [&] {
        auto part = [&](char f, std::string_view otherwise) {
            auto it = value.find(f);
            return it == value.end() ? std::string(otherwise) : it->second;
        };
        std::string s = function + "printf('%04d-%02d-%02d" + (timestamp ? " %02d:%02d:%02d" : "") + "', " +
                        part('Y', default_year) + ", " + part('m', "1") + ", " + part('d', "1");
        if (timestamp) s += ", " + part('H', "0") + ", " + part('M', "0") + ", " + part('S', "0");
        return s + "))";
    };
    // Fields and text alternating, from a field to a field: cut at the text.
    bool alternating = fields->front().field && fields->back().field;
    std::vector<std::string> separators;
    for (size_t k = 0; k < fields->size(); ++k) {
        bool literal = (*fields)[k].field == 0;
        if (literal != (k % 2 == 1) || (literal && (*fields)[k].literal.find_first_of("\\\"'") != std::string::npos))
            alternating = false;
        if (literal) separators.push_back((*fields)[k].literal);
    }
    if (alternating && !separators.empty()) {
        // Each separator (the longest first: ', ' before ' ') becomes char(31), which becomes the JSON text
        // between two strings (a separator ',' would cut that text's own comma).
        std::sort(separators.begin(), separators.end(), [](const std::string& a, const std::string& b) {
            return a.size() != b.size() ? a.size() > b.size() : a < b;
        });
        separators.erase(std::unique(separators.begin(), separators.end()), separators.end());
        std::string array = text;
        for (const std::string& separator : separators) array = "replace(" + array + ", '" + separator + "', char(31))";
        array = "('[\"' || replace(" + array + ", char(31), '\",\"') || '\"]')";
        for (size_t k = 0; k < fields->size(); k += 2) {
            char f = (*fields)[k].field;
            if (value.count(f == 'N' ? 'm' : f)) return std::nullopt;
            std::string piece = "json_extract(" + array + ", '$[" + std::to_string(k / 2) + "]')";
            if (f == 'N')
                value['m'] = kMonthOfName + piece + "), 1, 3))) + 2) / 3";
            else
                value[f] = piece;
        }
        // (text with a quote or a backslash is no JSON array: NULL, as for text the format does not match)
        return "CASE WHEN json_valid(" + array + ") THEN " + date_text() + " END";
    }
    // Fields side by side: each where its width puts it (1-based).
    size_t position = 1;
    for (const ParseField& f : *fields) {
        if (f.field == 0) {
            position += f.literal.size();
            continue;
        }
        if (!f.fixed_width || value.count(f.field)) return std::nullopt;
        size_t width = f.field == 'Y' ? 4 : 2;
        value[f.field] = "substr(" + text + ", " + std::to_string(position) + ", " + std::to_string(width) + ")";
        position += width;
    }
    return date_text();
}

bool has_clock_field(const std::vector<FormatPiece>& pieces) {
    for (const FormatPiece& p : pieces)
        if (p.kind == Kind::Hour12 ||
            (p.kind == Kind::Strftime && (p.text.find("%H") != std::string::npos || p.text.find("%M") != std::string::npos ||
                                          p.text.find("%S") != std::string::npos)))
            return true;
    return false;
}

}  // namespace qdiff::sqlite_dates
