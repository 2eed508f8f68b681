#include "ast/sqlite_dates.hpp"

#include <cctype>
#include <charconv>

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

}  // namespace qdiff::sqlite_dates
