// PostgreSQL value expressions of a dump, as SQLite expressions (the list is in postgres_dump.hpp).
// Each translated expression carries its PostgreSQL type class, because `t - INTERVAL '1 day'` means
// date arithmetic only when t is a date or timestamp.
#include <cstdio>
#include <stdexcept>

#include "stages/results/postgres_tokens.hpp"
#include "support/strings.hpp"

namespace qdiff::results::dump {
namespace {

enum class Type : uint8_t { Literal, Date, Timestamp, Interval, Other };

struct Typed {
    std::string sql;
    Type type = Type::Other;
    std::vector<std::string> modifiers;  // an interval as SQLite date modifiers: "+1 months"
};

[[noreturn]] void fail(const std::string& what) { throw std::runtime_error(what); }

// "3 days", "1 year 2 months", "15 min" -> {"+3 days"}, {"+1 years", "+2 months"}, {"+15 minutes"}
std::vector<std::string> interval_modifiers(const std::string& text) {
    std::vector<std::string> out;
    auto words = support::fold_whitespace(text);
    size_t i = 0;
    while (i < words.size()) {
        size_t space = words.find(' ', i);
        if (space == std::string::npos) fail("interval '" + text + "' has a number without a unit");
        long n = std::stol(words.substr(i, space - i));
        size_t end = words.find(' ', space + 1);
        std::string unit =
            support::to_lower(words.substr(space + 1, end == std::string::npos ? std::string::npos : end - space - 1));
        if (!unit.empty() && unit.back() == 's') unit.pop_back();
        if (unit == "week")
            n *= 7, unit = "day";
        else if (unit == "min" || unit == "minute")
            unit = "minute";
        else if (unit == "sec")
            unit = "second";
        else if (unit == "mon")
            unit = "month";
        if (unit != "day" && unit != "month" && unit != "year" && unit != "hour" && unit != "minute" &&
            unit != "second")
            fail("interval unit '" + unit + "' in '" + text + "'");
        out.push_back((n < 0 ? "" : "+") + std::to_string(n) + " " + unit + "s");
        i = end == std::string::npos ? words.size() : end + 1;
    }
    return out;
}

std::vector<std::string> negated(std::vector<std::string> modifiers) {
    for (auto& m : modifiers) m[0] = m[0] == '+' ? '-' : '+';  // every modifier starts with its sign
    return modifiers;
}

std::string datetime_call(const std::string& value, const std::vector<std::string>& modifiers) {
    std::string sql = "datetime(" + value;
    for (const auto& m : modifiers) sql += ", " + quote_string(m);
    return sql + ")";
}

// TO_CHAR patterns PostgreSQL documents (those the dumps use), as strftime pieces; other characters
// are copied.
std::string to_char(const std::string& value, const std::string& format) {
    static const char* const months[] = {"January", "February", "March",     "April",   "May",      "June",
                                         "July",    "August",   "September", "October", "November", "December"};
    std::vector<std::string> parts;
    std::string literal;
    auto flush = [&] {
        if (!literal.empty()) parts.push_back(quote_string(literal));
        literal.clear();
    };
    auto strftime = [&](const char* spec) {
        flush();
        parts.push_back(std::string("strftime('") + spec + "', " + value + ")");
    };
    auto month_names = [&](bool padded, size_t length) {
        flush();
        std::string sql = "CASE strftime('%m', " + value + ")";
        for (int m = 0; m < 12; ++m) {
            std::string name = std::string(months[m]).substr(0, length);
            if (padded) name.resize(9, ' ');
            char number[3];
            std::snprintf(number, sizeof number, "%02d", m + 1);
            sql += std::string(" WHEN '") + number + "' THEN " + quote_string(name);
        }
        parts.push_back(sql + " END");
    };
    auto piece = [&](const std::string& sql) {
        flush();
        parts.push_back(sql);
    };
    // Longest pattern first; PostgreSQL matches these case-insensitively, so '%Y%m%d' reads Y (last
    // digit of the year) and d (day of the week), while m alone is no pattern.
    for (size_t i = 0; i < format.size();) {
        auto at = [&](std::string_view p) { return support::iequals(std::string_view(format).substr(i, p.size()), p); };
        if (format.compare(i, 5, "Month") == 0)
            month_names(true, 9), i += 5;
        else if (format.compare(i, 3, "Mon") == 0)
            month_names(false, 3), i += 3;
        else if (at("YYYY"))
            strftime("%Y"), i += 4;
        else if (at("HH24"))
            strftime("%H"), i += 4;
        else if (at("MM"))
            strftime("%m"), i += 2;
        else if (at("DD"))
            strftime("%d"), i += 2;
        else if (at("MI"))
            strftime("%M"), i += 2;
        else if (at("SS"))
            strftime("%S"), i += 2;
        // The ISO year's last digit is taken as the calendar year's (they differ only around 1 January).
        else if (at("Y") || at("I"))
            piece("substr(strftime('%Y', " + value + "), 4, 1)"), i += 1;
        else if (at("D"))
            piece("CAST(strftime('%w', " + value + ") + 1 AS TEXT)"), i += 1;
        else
            literal += format[i++];
    }
    flush();
    if (parts.empty()) return "''";
    std::string sql = "(" + parts[0];
    for (size_t i = 1; i < parts.size(); ++i) sql += " || " + parts[i];
    return sql + ")";
}

class ValueParser {
public:
    ValueParser(const std::vector<Token>& tokens, size_t& pos) : t_(tokens), pos_(pos) {}

    Typed expression() {
        Typed left = term();
        while (pos_ < t_.size() && (peek().is("+") || peek().is("-") || peek().is("||"))) {
            std::string op = t_[pos_++].text;
            Typed right = term();
            bool temporal = left.type == Type::Date || left.type == Type::Timestamp;
            if (temporal && right.type == Type::Interval && op != "||") {
                left = {datetime_call(left.sql, op == "+" ? right.modifiers : negated(right.modifiers)),
                        Type::Timestamp,
                        {}};
            } else if (left.type == Type::Interval && right.type == Type::Interval && op != "||") {
                auto more = op == "+" ? right.modifiers : negated(right.modifiers);
                left.modifiers.insert(left.modifiers.end(), more.begin(), more.end());
            } else if (left.type == Type::Interval || right.type == Type::Interval) {
                fail("interval arithmetic that is not date +/- interval");
            } else {
                left = {left.sql + " " + op + " " + right.sql, Type::Other, {}};
            }
        }
        return left;
    }

private:
    const Token& peek() const {
        if (pos_ >= t_.size()) fail("the value ends early");
        return t_[pos_];
    }
    void expect(std::string_view punct) {
        if (!peek().is(punct)) fail("expected '" + std::string(punct) + "' before '" + peek().text + "'");
        ++pos_;
    }

    Typed term() {
        Typed left = postfix();
        while (pos_ < t_.size() && (peek().is("*") || peek().is("/"))) {
            std::string op = t_[pos_++].text;
            Typed right = postfix();
            left = {left.sql + " " + op + " " + right.sql, Type::Other, {}};
        }
        return left;
    }

    Typed postfix() {
        Typed value = primary();
        while (pos_ < t_.size() && peek().is("::")) {
            ++pos_;
            std::string type = support::to_lower(peek().text);
            ++pos_;
            if (pos_ < t_.size() && peek().is("(")) {
                while (!peek().is(")")) ++pos_;
                ++pos_;
            }
            while (pos_ < t_.size() &&
                   (peek().is_word("WITHOUT") || peek().is_word("WITH") || peek().is_word("TIME") ||
                    peek().is_word("ZONE") || peek().is_word("VARYING") || peek().is_word("PRECISION")))
                ++pos_;
            if (type == "date")
                value = {"date(" + value.sql + ")", Type::Date, {}};
            else if (type.rfind("timestamp", 0) == 0)
                value = {"datetime(" + value.sql + ")", Type::Timestamp, {}};
            else if (type == "interval" && value.type == Type::Literal && value.sql.front() == '\'')
                value = {"", Type::Interval, interval_modifiers(string_value({Token::Kind::String, value.sql}))};
            // Other casts: the column affinity converts the value.
        }
        return value;
    }

    std::vector<Typed> arguments() {
        std::vector<Typed> args;
        expect("(");
        if (peek().is(")")) {
            ++pos_;
            return args;
        }
        while (true) {
            args.push_back(expression());
            if (peek().is(")")) {
                ++pos_;
                return args;
            }
            expect(",");
        }
    }

    Typed primary() {
        const Token& token = peek();
        ++pos_;
        switch (token.kind) {
            case Token::Kind::String:
            case Token::Kind::Number: return {token.text, Type::Literal, {}};
            case Token::Kind::QuotedName: fail("a quoted name as a value: " + token.text);
            case Token::Kind::Punct:
                if (token.is("(")) {
                    Typed inner = expression();
                    expect(")");
                    if (inner.type != Type::Interval) inner.sql = "(" + inner.sql + ")";
                    return inner;
                }
                if (token.is("-") || token.is("+")) {
                    Typed operand = postfix();
                    return {token.text + operand.sql, operand.type == Type::Literal ? Type::Literal : Type::Other, {}};
                }
                fail("unexpected '" + token.text + "' in a value");
            case Token::Kind::Word: break;
        }
        if (token.is_word("NULL")) return {"NULL", Type::Literal, {}};
        if (token.is_word("TRUE")) return {"1", Type::Literal, {}};
        if (token.is_word("FALSE")) return {"0", Type::Literal, {}};
        if (token.is_word("CURRENT_DATE")) return {"date('now')", Type::Date, {}};
        if (token.is_word("CURRENT_TIMESTAMP") || token.is_word("LOCALTIMESTAMP"))
            return {"datetime('now')", Type::Timestamp, {}};
        if (token.is_word("INTERVAL")) {
            if (peek().kind != Token::Kind::String) fail("INTERVAL without a string");
            return {"", Type::Interval, interval_modifiers(string_value(t_[pos_++]))};
        }
        if (token.is_word("DATE") && peek().kind == Token::Kind::String)
            return {"date(" + t_[pos_++].text + ")", Type::Date, {}};
        if (token.is_word("TIMESTAMP") && peek().kind == Token::Kind::String)
            return {"datetime(" + t_[pos_++].text + ")", Type::Timestamp, {}};
        if (token.is_word("EXTRACT")) {
            expect("(");
            std::string field = support::to_upper(peek().text);
            ++pos_;
            if (!peek().is_word("FROM")) fail("EXTRACT without FROM");
            ++pos_;
            Typed from = expression();
            expect(")");
            if (field == "EPOCH") return {"((julianday(" + from.sql + ") - 2440587.5) * 86400.0)", Type::Other, {}};
            const char* spec = field == "YEAR"     ? "%Y"
                               : field == "MONTH"  ? "%m"
                               : field == "DAY"    ? "%d"
                               : field == "HOUR"   ? "%H"
                               : field == "MINUTE" ? "%M"
                               : field == "DOW"    ? "%w"
                                                   : nullptr;
            if (!spec) fail("EXTRACT(" + field + " FROM ...)");
            return {"CAST(strftime('" + std::string(spec) + "', " + from.sql + ") AS INTEGER)", Type::Other, {}};
        }
        if (pos_ < t_.size() && peek().is("(")) {
            std::string name = support::to_lower(token.text);
            auto args = arguments();
            if (name == "now" && args.empty()) return {"datetime('now')", Type::Timestamp, {}};
            if (name == "date_trunc" && args.size() == 2 && args[0].type == Type::Literal) {
                std::string unit = support::to_lower(string_value({Token::Kind::String, args[0].sql}));
                std::vector<std::string> modifiers;
                if (unit == "day")
                    modifiers = {"start of day"};
                else if (unit == "week")
                    modifiers = {"-6 days", "weekday 1", "start of day"};
                else if (unit == "month")
                    modifiers = {"start of month"};
                else if (unit == "year")
                    modifiers = {"start of year"};
                else
                    fail("date_trunc('" + unit + "', ...)");
                return {datetime_call(args[1].sql, modifiers), Type::Timestamp, {}};
            }
            if (name == "to_char" && args.size() == 2 && args[1].type == Type::Literal)
                return {to_char(args[0].sql, string_value({Token::Kind::String, args[1].sql})), Type::Other, {}};
            std::string sql = name + "(";
            for (size_t i = 0; i < args.size(); ++i) sql += (i ? ", " : "") + args[i].sql;
            return {sql + ")", Type::Other, {}};
        }
        fail("unknown word '" + token.text + "' in a value");
    }

    const std::vector<Token>& t_;
    size_t& pos_;
};

bool is_integer_type(std::string_view type) {
    return type == "int" || type == "integer" || type == "bigint" || type == "smallint" || type == "int4" ||
           type == "int8" || type == "serial" || type == "bigserial";
}

}  // namespace

std::string translate_value(const std::vector<Token>& tokens, size_t& pos, std::string_view column_type) {
    Typed v = ValueParser(tokens, pos).expression();
    if (v.type == Type::Interval) fail("an interval as a stored value");
    // PostgreSQL converts on assignment: a timestamp into a DATE column loses its time of day, a
    // computed number into an integer column is rounded.
    if (column_type == "date" && (v.type == Type::Date || v.type == Type::Timestamp)) return "date(" + v.sql + ")";
    if (is_integer_type(column_type) && v.type == Type::Other) return "CAST(round(" + v.sql + ") AS INTEGER)";
    return v.sql;
}

}  // namespace qdiff::results::dump
