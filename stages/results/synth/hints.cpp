// The literals of both queries, as values for the generator (the test-suite insight: data drawn from
// the queries' own constants makes their filters select something). A comparison `x > 30` gives 29,
// 30 and 31 for every column named x, so that both sides of the boundary exist; BETWEEN gives both
// bounds and their neighbours; a LIKE pattern gives strings it matches (the wildcards filled two
// ways); IN lists give their items. Columns are keyed by name alone: aliases (T1.x) are not resolved,
// and a value that reaches a same-named column of another table only adds variety.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <set>

#include "ast/semantics/operators.hpp"
#include "ast/semantics/scope.hpp"
#include "qdiff/ast.hpp"
#include "qdiff/ast_print.hpp"
#include "stages/results/synth/synth.hpp"
#include "support/strings.hpp"

namespace qdiff::results::synth {
namespace {

// A comparison whose literal is a value the column holds exactly: =~ is left out, its literal matches
// in any case (the KQL hints add a literal's case variants themselves).
bool compares_values(ast::BinaryOp op) {
    return semantics::is_comparison(op) && !semantics::binary_operator(op).ignores_case;
}

bool is_pattern(ast::BinaryOp op) {
    return op == ast::BinaryOp::Like || op == ast::BinaryOp::ILike || op == ast::BinaryOp::Glob;
}

bool is_arithmetic(ast::BinaryOp op) {
    return op == ast::BinaryOp::Add || op == ast::BinaryOp::Sub || op == ast::BinaryOp::Mul ||
           op == ast::BinaryOp::Div || op == ast::BinaryOp::IntDiv || op == ast::BinaryOp::Mod;
}

// The column an operand is about: itself, or the one inside lower(x), CAST(x AS ...), -x.
const ast::ColumnRef* column_of(const ast::Expr* e) {
    for (int depth = 0; e && depth < 4; ++depth) {
        if (const auto* ref = ast::dyn_cast<ast::ColumnRef>(e)) return ref->path.empty() ? nullptr : ref;
        if (const auto* call = ast::dyn_cast<ast::FunctionCall>(e); call && call->args.size() >= 1 && !call->over) {
            // COUNT(x) > 2 compares a count, no value of x (HAVING's goal makes the group: hints.cpp add_having)
            if (!call->name.empty() && support::iequals(call->name.back().text, "count")) return nullptr;
            // The first argument that is not a constant: strftime('%Y', d) is about d.
            e = call->args[0];
            for (const ast::Expr* arg : call->args)
                if (!ast::dyn_cast<ast::Literal>(arg)) {
                    e = arg;
                    break;
                }
        }
        else if (const auto* cast = ast::dyn_cast<ast::Cast>(e))
            e = cast->expr;
        else if (const auto* unary = ast::dyn_cast<ast::Unary>(e))
            e = unary->operand;
        else
            return nullptr;
    }
    return nullptr;
}

// Whether `e` is a constant that reads the clock (`date('now', '-7 days')`, `CURRENT_DATE`,
// `julianday('now') - 30`): no column, star or subquery, and a call that reads the current time.
bool reads_clock(const ast::Node& e, bool& clock) {
    if (ast::isa<ast::ColumnRef>(&e) || ast::isa<ast::Star>(&e) || ast::isa<ast::Query>(&e)) return false;
    if (const auto* call = ast::dyn_cast<ast::FunctionCall>(&e); call && !call->name.empty()) {
        std::string_view name = call->name.back().text;
        if (support::iequals(name, "current_date") || support::iequals(name, "current_timestamp") ||
            support::iequals(name, "current_time") || support::iequals(name, "now"))
            clock = true;
        for (const ast::Expr* arg : call->args)
            if (const auto* l = ast::dyn_cast<ast::Literal>(arg); l && l->type == ast::LiteralType::String &&
                                                                  support::iequals(l->text, "now"))
                clock = true;
    }
    if (const auto* l = ast::dyn_cast<ast::Literal>(&e); l && l->type == ast::LiteralType::Keyword &&
                                                         (support::iequals(l->text, "current_date") ||
                                                          support::iequals(l->text, "current_timestamp")))
        clock = true;
    bool constant = true;
    ast::for_each_child(e, [&](const ast::Node& child) { constant = constant && reads_clock(child, clock); });
    return constant;
}

// The value SQLite gives a constant that reads the clock, evaluated on an empty database: the dates a
// query relative to today compares with (`payment_date >= date('now', '-7 days')`) are then like
// literals, and the data holds days around them. Cached per text (a thread's own cache: the hints of a
// pair are built on one thread).
std::optional<Value> clock_value(const ast::Expr* e) {
    bool clock = false;
    if (!e || !reads_clock(*e, clock) || !clock) return std::nullopt;
    thread_local std::map<std::string, std::optional<Value>> cache;
    std::string sql = "SELECT " + to_sql(*e);
    if (auto it = cache.find(sql); it != cache.end()) return it->second;
    std::optional<Value> value;
    auto results = run_on(SynthDatabase{}, {sql}, ExecLimits{1, 1});
    if (results[0].status == ExecStatus::Ok && results[0].result.rows.size() == 1 &&
        results[0].result.rows[0].size() == 1 && !std::holds_alternative<Null>(results[0].result.rows[0][0]))
        value = results[0].result.rows[0][0];
    if (cache.size() < 256) cache.emplace(sql, value);
    return value;
}

std::optional<Value> literal_value(const ast::Expr* e) {
    // LOWER('%New York%'), UPPER(...), TRIM(...): the literal inside is what the data needs.
    if (const auto* call = ast::dyn_cast<ast::FunctionCall>(e); call && call->args.size() == 1 && !call->name.empty()) {
        std::string_view name = call->name.back().text;
        if (support::iequals(name, "lower") || support::iequals(name, "upper") || support::iequals(name, "trim"))
            e = call->args[0];
    }
    bool negate = false;
    if (const auto* unary = ast::dyn_cast<ast::Unary>(e); unary && unary->op == ast::UnaryOp::Negate) {
        negate = true;
        e = unary->operand;
    }
    // SQLite reads a double-quoted name that is no column as a string ("JetBlue Airways" in Spider's
    // gold): as a hint it costs nothing when it is a column after all.
    if (const auto* ref = ast::dyn_cast<ast::ColumnRef>(e);
        ref && !negate && ref->path.size() == 1 && ref->path[0].quoted)
        return Value(std::string(ref->path[0].text));
    const auto* literal = ast::dyn_cast<ast::Literal>(e);
    if (!literal || literal->type == ast::LiteralType::Keyword) return negate ? std::nullopt : clock_value(e);
    std::string text(literal->text);
    switch (literal->type) {
        case ast::LiteralType::Integer: {
            char* end = nullptr;
            long long v = std::strtoll(text.c_str(), &end, 10);
            if (end == text.c_str() || *end) return std::nullopt;
            return Value(int64_t(negate ? -v : v));
        }
        case ast::LiteralType::Decimal: {
            char* end = nullptr;
            double v = std::strtod(text.c_str(), &end);
            if (end == text.c_str()) return std::nullopt;
            return Value(negate ? -v : v);
        }
        case ast::LiteralType::Boolean: return Value(int64_t(support::iequals(text, "true") ? 1 : 0));
        case ast::LiteralType::String:
        case ast::LiteralType::Datetime: return negate ? std::nullopt : std::optional<Value>(Value(text));
        default: return std::nullopt;
    }
}

// A GROUP BY item as the select list gives it: GROUP BY 1 is the first select item's expression.
const ast::Expr* grouped_expression(const ast::Query& q, const ast::Expr* g) {
    if (auto position = literal_value(g); position && std::holds_alternative<int64_t>(*position)) {
        int64_t k = std::get<int64_t>(*position);
        if (k >= 1 && size_t(k) <= q.projection.size()) return q.projection[size_t(k - 1)]->expr;
    }
    return g;
}

// An ORDER BY key as the select list gives it: a select alias is its item's expression.
const ast::Expr* order_key(const ast::Query& q, const ast::Expr* key) {
    if (const auto* ref = key ? ast::dyn_cast<ast::ColumnRef>(key) : nullptr; ref && ref->path.size() == 1)
        for (const ast::SelectItem* s : q.projection)
            if (s->expr && support::iequals(s->alias.text, ref->path[0].text)) key = s->expr;
    return key;
}

bool all_digits(std::string_view s) {
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

}  // namespace

bool looks_like_whole_date(std::string_view s) {
    return s.size() == 10 && s[4] == '-' && s[7] == '-' && all_digits(s.substr(0, 4)) && all_digits(s.substr(5, 2)) &&
           all_digits(s.substr(8, 2));
}

namespace {

// '2012-08-24' gives the day before, itself and the day after (days kept within 1..28 around the
// month's ends); a year '2012' gives 2011, 2012, 2013; anything else nothing.
std::vector<Value> date_neighbours(const std::string& s) {
    if (s.size() == 4 && all_digits(s)) {
        int year = std::atoi(s.c_str());
        if (year < 1000 || year > 2999) return {};
        return {std::to_string(year - 1), s, std::to_string(year + 1)};
    }
    if (s.size() >= 10 && looks_like_whole_date(std::string_view(s).substr(0, 10))) {
        int day = std::atoi(s.substr(8, 2).c_str());
        std::string rest = s.substr(10);
        auto with_day = [&](int d) {
            char buffer[3];
            std::snprintf(buffer, sizeof buffer, "%02d", std::clamp(d, 1, 28));
            return Value(s.substr(0, 8) + buffer + rest);
        };
        return {with_day(day - 1), Value(s), with_day(day + 1)};
    }
    return {};
}

// v and the values just around it.
std::vector<Value> with_neighbours(const Value& v, bool ordering) {
    if (const auto* i = std::get_if<int64_t>(&v)) {
        // At the ends of the range a neighbour would overflow: it is left out.
        std::vector<Value> out;
        if (*i > INT64_MIN) out.push_back(*i - 1);
        out.push_back(*i);
        if (*i < INT64_MAX) out.push_back(*i + 1);
        return out;
    }
    if (const auto* d = std::get_if<double>(&v)) return {*d - 0.5, *d, *d + 0.5};
    if (const auto* s = std::get_if<std::string>(&v)) {
        // Dates and years as SQLite users store them ('2012-08-24', strftime('%Y', d) = '2012'): the
        // day or year on each side, which a text neighbour ("2012a") would not be.
        if (auto around = date_neighbours(*s); !around.empty()) return around;
        if (ordering) return {*s, *s + "a"};
    }
    return {v};
}

// Two strings a LIKE (or GLOB) pattern matches: the wildcards left empty, and filled.
std::vector<Value> pattern_matches(const std::string& pattern, bool glob) {
    std::string empty, filled;
    for (char c : pattern) {
        bool many = glob ? c == '*' : c == '%';
        bool one = glob ? c == '?' : c == '_';
        if (many)
            filled += "x";
        else if (one)
            empty += "a", filled += "b";
        else
            empty += c, filled += c;
    }
    return {empty, filled};
}

// Whether `text` matches a LIKE pattern, ASCII case ignored as SQLite's LIKE does.
bool like_holds(std::string_view pattern, std::string_view text) {
    auto same = [](char p, char t) {
        return std::tolower(static_cast<unsigned char>(p)) == std::tolower(static_cast<unsigned char>(t));
    };
    // Iterative matching with one backtrack point for the last '%' (linear in practice).
    size_t p = 0, t = 0, star = std::string_view::npos, mark = 0;
    while (t < text.size()) {
        if (p < pattern.size() && pattern[p] == '%') {
            star = p++;
            mark = t;
        } else if (p < pattern.size() && (pattern[p] == '_' || same(pattern[p], text[t]))) {
            ++p, ++t;
        } else if (star != std::string_view::npos) {
            p = star + 1;
            t = ++mark;
        } else {
            return false;
        }
    }
    while (p < pattern.size() && pattern[p] == '%') ++p;
    return p == pattern.size();
}

// One value for several LIKE patterns ANDed on one column (`d LIKE '%mon%' AND d LIKE '%wed%'`): the values
// that match each pattern alone, joined in order (empty wildcards, then filled), when that matches them
// all; nothing otherwise (`'a%'` and `'b%'` hold for no value).
std::optional<std::pair<Value, Value>> joint_matches(const std::vector<std::string>& patterns) {
    std::string empty, filled;
    for (const std::string& pattern : patterns) {
        std::vector<Value> matches = pattern_matches(pattern, false);
        empty += std::get<std::string>(matches[0]);
        filled += std::get<std::string>(matches[1]);
    }
    auto all = [&](const std::string& text) {
        return std::all_of(patterns.begin(), patterns.end(),
                           [&](const std::string& pattern) { return like_holds(pattern, text); });
    };
    if (!all(empty)) return std::nullopt;
    return std::pair<Value, Value>{empty, all(filled) ? filled : empty};
}

bool is_date_function(std::string_view name) {
    static const char* const names[] = {"strftime", "date", "datetime", "julianday", "time",       "year",
                                        "month",    "day",  "extract",  "date_part", "date_trunc", "unixepoch"};
    return std::any_of(std::begin(names), std::end(names), [&](const char* n) { return support::iequals(name, n); });
}

// SUBSTR(x, 1, 10) (or SUBSTRING, LEFT(x, 10)): the date part of a longer text.
bool takes_a_whole_date(const ast::FunctionCall& call) {
    std::string_view name = call.name.back().text;
    auto literal_is = [](const ast::Expr* e, std::string_view text) {
        const auto* l = ast::dyn_cast<ast::Literal>(e);
        return l && l->type == ast::LiteralType::Integer && l->text == text;
    };
    if (support::iequals(name, "left")) return call.args.size() == 2 && literal_is(call.args[1], "10");
    return (support::iequals(name, "substr") || support::iequals(name, "substring")) && call.args.size() == 3 &&
           literal_is(call.args[1], "1") && literal_is(call.args[2], "10");
}

// A call that reads its column as seconds since 1970: SQLite's date functions with the 'unixepoch'
// modifier, FROM_UNIXTIME(x) (MySQL), TO_TIMESTAMP(x) with one argument (PostgreSQL).
bool reads_epoch_seconds(const ast::FunctionCall& call) {
    std::string_view name = call.name.back().text;
    if (support::iequals(name, "from_unixtime") || (support::iequals(name, "to_timestamp") && call.args.size() == 1))
        return true;
    if (!is_date_function(name)) return false;
    return std::any_of(call.args.begin(), call.args.end(), [](const ast::Expr* arg) {
        const auto* literal = ast::dyn_cast<ast::Literal>(arg);
        return literal && literal->type == ast::LiteralType::String && support::iequals(literal->text, "unixepoch");
    });
}

void add_unique(std::vector<std::string>& names, std::string name) {
    if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(std::move(name));
}

std::string lower_name(const ast::ColumnRef& ref) { return support::to_lower(ref.path.back().text); }

// The qualifier a column is written with (lower case), "" when unqualified.
std::string qualifier_of(const ast::ColumnRef& ref) {
    return ref.path.size() < 2 ? "" : support::to_lower(ref.path[ref.path.size() - 2].text);
}

// Every column named inside `e` (subqueries included).
void columns_in(const ast::Node& e, std::vector<std::string>& out) {
    if (const auto* ref = ast::dyn_cast<ast::ColumnRef>(&e); ref && !ref->path.empty()) add_unique(out, lower_name(*ref));
    ast::for_each_child(e, [&](const ast::Node& child) { columns_in(child, out); });
}

bool has_call(const ast::Node& e) {
    if (ast::dyn_cast<ast::FunctionCall>(&e)) return true;
    bool found = false;
    ast::for_each_child(e, [&](const ast::Node& child) { found = found || has_call(child); });
    return found;
}

bool is_string_literal(const ast::Expr* e) {
    auto v = e ? literal_value(e) : std::nullopt;
    return v && std::holds_alternative<std::string>(*v);
}

bool is_number_function(std::string_view name) {
    static const char* const names[] = {"round", "cast", "ceil", "ceiling", "floor", "trunc", "printf", "format", "abs"};
    return std::any_of(std::begin(names), std::end(names), [&](const char* n) { return support::iequals(name, n); });
}

// A year, a year and month, or a date as text (or a year as a number): what a date column can be
// made to hold so that a date function or a text comparison of the column finds the literal.
bool date_literal(const Value& v) {
    if (const auto* i = std::get_if<int64_t>(&v)) return *i >= 1000 && *i <= 2999;
    const auto* s = std::get_if<std::string>(&v);
    return s && s->size() >= 4 && all_digits(s->substr(0, 4)) && (s->size() == 4 || (*s)[4] == '-');
}

// The column whose month `e` reads: SUBSTR(d, 6, 2) of 'YYYY-MM-DD', SUBSTR(d, 5, 2) of 'YYYYMM', strftime('%m', d).
const ast::ColumnRef* month_read(const ast::Expr* e) {
    const auto* call = ast::dyn_cast<ast::FunctionCall>(e);
    if (!call || call->over || call->name.empty() || call->args.size() < 2) return nullptr;
    std::string_view name = call->name.back().text;
    const ast::ColumnRef* column = nullptr;
    if ((support::iequals(name, "substr") || support::iequals(name, "substring")) && call->args.size() == 3) {
        auto from = literal_value(call->args[1]), length = literal_value(call->args[2]);
        if (from && length && (*from == Value(int64_t(5)) || *from == Value(int64_t(6))) && *length == Value(int64_t(2)))
            column = ast::dyn_cast<ast::ColumnRef>(call->args[0]);
    } else if (support::iequals(name, "strftime") && call->args.size() == 2) {
        auto format = literal_value(call->args[0]);
        if (format && *format == Value(std::string("%m"))) column = ast::dyn_cast<ast::ColumnRef>(call->args[1]);
    }
    return column && !column->path.empty() ? column : nullptr;
}

// A month as a query writes it ('06', '6' or 6): 1..12, or 0.
int month_number(const std::optional<Value>& v) {
    if (!v) return 0;
    int64_t month = 0;
    if (const auto* i = std::get_if<int64_t>(&*v)) month = *i;
    if (const auto* s = std::get_if<std::string>(&*v); s && !s->empty() && s->size() <= 2 && all_digits(*s))
        month = std::atoi(s->c_str());
    return month >= 1 && month <= 12 ? int(month) : 0;
}

// The column a filter term is about, through what keeps a value recognisable: CAST, lower/upper/trim,
// and date functions and SUBSTR when the literal is a date or a year (strftime('%Y', d) = '1997':
// d holds a day of 1997). `date` says the value must be a date for the column to satisfy it.
const ast::ColumnRef* goal_column(const ast::Expr* e, bool& date) {
    date = false;
    for (int depth = 0; e && depth < 4; ++depth) {
        if (const auto* ref = ast::dyn_cast<ast::ColumnRef>(e)) return ref->path.empty() ? nullptr : ref;
        if (const auto* cast = ast::dyn_cast<ast::Cast>(e)) {
            e = cast->expr;
            continue;
        }
        const auto* call = ast::dyn_cast<ast::FunctionCall>(e);
        if (!call || call->over || call->name.empty()) return nullptr;
        std::string_view name = call->name.back().text;
        bool by_date = is_date_function(name) || support::iequals(name, "substr") || support::iequals(name, "substring");
        if (!by_date && !support::iequals(name, "lower") && !support::iequals(name, "upper") &&
            !support::iequals(name, "trim"))
            return nullptr;
        date |= by_date;
        e = nullptr;
        for (const ast::Expr* arg : call->args)
            if (!ast::dyn_cast<ast::Literal>(arg)) {
                e = arg;
                break;
            }
    }
    return nullptr;
}

std::string year_text(int year) { return std::to_string(year); }

// The day after or before a date 'YYYY-MM-DD...' (across months and years; days kept within 1..28),
// or nothing for other text.
std::optional<std::string> day_beside(const std::string& s, bool after) {
    if (s.size() < 10 || !all_digits(s.substr(0, 4)) || s[4] != '-' || !all_digits(s.substr(5, 2)) || s[7] != '-' ||
        !all_digits(s.substr(8, 2)))
        return std::nullopt;
    int year = std::atoi(s.substr(0, 4).c_str()), month = std::atoi(s.substr(5, 2).c_str()),
        day = std::atoi(s.substr(8, 2).c_str());
    if (after) {
        if (day < 28) ++day;
        else if (month < 12) day = 1, ++month;
        else day = 1, month = 1, ++year;
    } else {
        if (day > 1) day = std::min(day - 1, 28);
        else if (month > 1) day = 28, --month;
        else day = 28, month = 12, --year;
    }
    char buffer[48];
    std::snprintf(buffer, sizeof buffer, "%04d-%02d-%02d", year, month, day);
    return std::string(buffer);  // (a time of day after the date is left out: the day alone satisfies)
}

// Two values x with `x op v` true (the second another one where the comparison allows), or nothing.
std::optional<std::pair<Value, Value>> satisfying(ast::BinaryOp op, const Value& v) {
    using ast::BinaryOp;
    if (op == BinaryOp::Eq) return std::pair{v, v};
    // `x <> 'Human'`: another value of the kind (the literal is a value of the column that real data holds,
    // and the generator draws it there half the time: the goal's rows would fail the filter as often)
    if (op == BinaryOp::NotEq) {
        if (const auto* i = std::get_if<int64_t>(&v)) return std::pair{Value(*i + 1), Value(*i + 2)};
        if (const auto* d = std::get_if<double>(&v)) return std::pair{Value(*d + 0.5), Value(*d + 1)};
        const auto* s = std::get_if<std::string>(&v);
        if (!s) return std::nullopt;
        if (auto day = day_beside(*s, true)) return std::pair{Value(*day), Value(*day)};
        return std::pair{Value(*s + " 2"), Value(*s + " 3")};
    }
    if (op != BinaryOp::Gt && op != BinaryOp::GtEq && op != BinaryOp::Lt && op != BinaryOp::LtEq) return std::nullopt;
    const bool up = op == BinaryOp::Gt || op == BinaryOp::GtEq;
    // Both strict and not past the literal: the literal itself is a boundary value (the edge), which
    // typical data seldom holds.
    if (const auto* i = std::get_if<int64_t>(&v)) {
        if (*i < -1000000000000LL || *i > 1000000000000LL) return std::nullopt;
        int64_t step = up ? 1 : -1;
        return std::pair{Value(*i + step), Value(*i + 2 * step)};
    }
    if (const auto* d = std::get_if<double>(&v)) {
        double step = up ? 0.5 : -0.5;
        return std::pair{Value(*d + step), Value(*d + 2 * step)};
    }
    const auto* s = std::get_if<std::string>(&v);
    if (!s) return std::nullopt;
    if (s->size() == 4 && all_digits(*s)) {
        // (a date of the year itself is after the year's text, '1997-05-03' > '1997': the year after
        // or before satisfies either way)
        int year = std::atoi(s->c_str()), step = up ? 1 : -1;
        return std::pair{Value(year_text(year + step)), Value(year_text(year + 2 * step))};
    }
    if (auto day = day_beside(*s, up)) return std::pair{Value(*day), Value(*day)};
    // A time of day ('13:00:00'): an hour later or earlier.
    if (s->size() >= 5 && all_digits(s->substr(0, 2)) && (*s)[2] == ':') {
        int hour = std::atoi(s->substr(0, 2).c_str()) + (up ? 1 : -1);
        if (hour < 0 || hour > 23) return std::nullopt;
        char buffer[4];
        std::snprintf(buffer, sizeof buffer, "%02d", hour);
        Value v = std::string(buffer) + s->substr(2);
        return std::pair{v, v};
    }
    if (up) return std::pair{Value(*s + "a"), Value(*s + "b")};
    // Any shorter start of a text sorts before it.
    if (s->size() > 1) return std::pair{Value(s->substr(0, s->size() - 1)), Value(s->substr(0, s->size() - 1))};
    return std::nullopt;
}

// The terms of a conjunction; an OR contributes its first branch (one way to satisfy it).
void conjuncts(const ast::Expr* e, std::vector<const ast::Expr*>& out) {
    if (!e) return;
    if (const auto* b = ast::dyn_cast<ast::Binary>(e); b && (b->op == ast::BinaryOp::And || b->op == ast::BinaryOp::Or)) {
        conjuncts(b->lhs, out);
        if (b->op == ast::BinaryOp::And) conjuncts(b->rhs, out);
        return;
    }
    out.push_back(e);
}

// The terms of a conjunction, with its top-level ORs kept whole in `ors` (their branches make a goal
// each: `(a OR b) AND (c OR d)` gives a goal for a and c, and one for b and d).
void conjuncts_and_or(const ast::Expr* e, std::vector<const ast::Expr*>& out, std::vector<const ast::Expr*>& ors) {
    if (!e) return;
    if (const auto* b = ast::dyn_cast<ast::Binary>(e); b && b->op == ast::BinaryOp::And) {
        conjuncts_and_or(b->lhs, out, ors);
        conjuncts_and_or(b->rhs, out, ors);
        return;
    }
    if (const auto* b = ast::dyn_cast<ast::Binary>(e); b && b->op == ast::BinaryOp::Or) {
        ors.push_back(e);
        return;
    }
    conjuncts(e, out);
}

// The branches of an OR chain (a OR b OR c), at most `limit`.
void or_branches(const ast::Expr* e, std::vector<const ast::Expr*>& out, size_t limit) {
    if (const auto* b = ast::dyn_cast<ast::Binary>(e); b && b->op == ast::BinaryOp::Or) {
        or_branches(b->lhs, out, limit);
        or_branches(b->rhs, out, limit);
    } else if (out.size() < limit)
        out.push_back(e);
}

// Values that fail `x op v` (`x > 30`: 30 and 29; `x = 3`: 4 and 2), for the no-match data; empty
// when any value of the column's domain fails (a text compared with =, a LIKE pattern).
std::vector<Value> failing(ast::BinaryOp op, const Value& v) {
    if (op == ast::BinaryOp::Eq) {
        std::vector<Value> out;
        if (std::holds_alternative<std::string>(v) && date_neighbours(std::get<std::string>(v)).empty()) return out;
        for (const Value& n : with_neighbours(v, false))
            if (!(n == v)) out.push_back(n);
        return out;
    }
    auto negated = semantics::negated(op);
    auto values = negated ? satisfying(*negated, v) : std::nullopt;
    if (!values) return {};
    return {values->first, values->second};
}

// A column of a simple arithmetic filter, by qualifier and name.
struct BoundColumn {
    const ast::ColumnRef* ref;
    std::string qualifier, name;
    Value value;
};

std::optional<double> as_number(const Value& v) {
    if (const auto* i = std::get_if<int64_t>(&v)) return double(*i);
    if (const auto* d = std::get_if<double>(&v)) return *d;
    return std::nullopt;
}

// The value of a numeric expression over bound columns, as SQLite computes it (integer arithmetic
// between integers: 7 / 2 is 3), or nothing (a function, text, a NULL, a division by zero).
std::optional<Value> evaluate(const ast::Expr* e, const std::vector<BoundColumn>& bound, int depth = 0) {
    if (!e || depth > 8) return std::nullopt;
    if (const auto* ref = ast::dyn_cast<ast::ColumnRef>(e)) {
        for (const BoundColumn& b : bound)
            if (!ref->path.empty() && b.name == lower_name(*ref) && b.qualifier == qualifier_of(*ref)) return b.value;
        return std::nullopt;
    }
    if (ast::dyn_cast<ast::Literal>(e)) {
        auto v = literal_value(e);
        return v && as_number(*v) ? v : std::nullopt;
    }
    if (const auto* unary = ast::dyn_cast<ast::Unary>(e)) {
        auto v = evaluate(unary->operand, bound, depth + 1);
        if (!v || unary->op == ast::UnaryOp::Plus) return v;
        if (unary->op != ast::UnaryOp::Negate) return std::nullopt;
        if (const auto* i = std::get_if<int64_t>(&*v)) return Value(-*i);
        return Value(-std::get<double>(*v));
    }
    if (const auto* cast = ast::dyn_cast<ast::Cast>(e)) {
        auto v = evaluate(cast->expr, bound, depth + 1);
        if (!v) return v;
        std::string type = support::to_lower(std::string(cast->type));
        if (type.find("int") != std::string::npos) {
            double x = *as_number(*v);
            return std::abs(x) < 1e15 ? std::optional<Value>(Value(int64_t(x))) : std::nullopt;
        }
        if (type.find("real") != std::string::npos || type.find("float") != std::string::npos ||
            type.find("double") != std::string::npos || type.find("numeric") != std::string::npos ||
            type.find("decimal") != std::string::npos)
            return Value(*as_number(*v));
        return std::nullopt;
    }
    const auto* b = ast::dyn_cast<ast::Binary>(e);
    if (!b) return std::nullopt;
    using ast::BinaryOp;
    if (b->op != BinaryOp::Add && b->op != BinaryOp::Sub && b->op != BinaryOp::Mul && b->op != BinaryOp::Div)
        return std::nullopt;
    auto x = evaluate(b->lhs, bound, depth + 1), y = evaluate(b->rhs, bound, depth + 1);
    if (!x || !y) return std::nullopt;
    const auto* xi = std::get_if<int64_t>(&*x);
    const auto* yi = std::get_if<int64_t>(&*y);
    if (xi && yi) {
        // (the values are small: a goal's numbers and a filter's literals)
        if (std::abs(*xi) > 1000000000LL || std::abs(*yi) > 1000000000LL) return std::nullopt;
        switch (b->op) {
            case BinaryOp::Add: return Value(*xi + *yi);
            case BinaryOp::Sub: return Value(*xi - *yi);
            case BinaryOp::Mul: return Value(*xi * *yi);
            default: return *yi == 0 ? std::nullopt : std::optional<Value>(Value(*xi / *yi));
        }
    }
    double p = *as_number(*x), q = *as_number(*y);
    switch (b->op) {
        case BinaryOp::Add: return Value(p + q);
        case BinaryOp::Sub: return Value(p - q);
        case BinaryOp::Mul: return Value(p * q);
        default: return q == 0 ? std::nullopt : std::optional<Value>(Value(p / q));
    }
}

bool holds(ast::BinaryOp op, double x, double y) {
    switch (op) {
        case ast::BinaryOp::Eq: return x == y;
        case ast::BinaryOp::Lt: return x < y;
        case ast::BinaryOp::LtEq: return x <= y;
        case ast::BinaryOp::Gt: return x > y;
        case ast::BinaryOp::GtEq: return x >= y;
        default: return false;
    }
}

// Whole numbers x, nearest to the boundary first, for which `lhs op rhs` holds (`passing`) or fails
// (`failing_values`) with `solved` bound to x and the other columns as `bound` holds them.
void solve(const ast::Binary& b, ast::BinaryOp op, std::vector<BoundColumn> bound, size_t solved,
           std::vector<int64_t>& passing, std::vector<int64_t>& failing_values) {
    auto at = [&](int64_t x) -> std::optional<std::pair<double, double>> {
        bound[solved].value = x;
        auto l = evaluate(b.lhs, bound), r = evaluate(b.rhs, bound);
        if (!l || !r) return std::nullopt;
        return std::pair{*as_number(*l), *as_number(*r)};
    };
    auto h0 = at(0), h1 = at(64);
    if (!h0 || !h1) return;
    double slope = ((h1->first - h1->second) - (h0->first - h0->second)) / 64;
    if (slope == 0) return;
    double x0 = -(h0->first - h0->second) / slope;
    if (!(std::abs(x0) < 1e9)) return;
    const int64_t center = int64_t(std::llround(x0));
    for (int64_t d = 0; d <= 40 && (passing.size() < 2 || failing_values.size() < 2); ++d)
        for (int64_t x : {center + d, center - d}) {
            if (d == 0 && x != center) continue;
            auto h = at(x);
            if (!h) return;
            auto& into = holds(op, h->first, h->second) ? passing : failing_values;
            if (into.size() < 2 && std::find(into.begin(), into.end(), x) == into.end()) into.push_back(x);
            if (d == 0) break;
        }
}

// Goals of both queries together: each adds rows to every database.
constexpr size_t kMaxGoals = 8;

bool is_aggregate(const ast::FunctionCall& call, std::string_view name) {
    return !call.over && !call.name.empty() && support::iequals(call.name.back().text, name);
}

// Table aliases first (a condition may come before the FROM that names its alias, in a subquery).
void collect_aliases(const ast::Node& n, LiteralHints& hints) {
    if (const auto* table = ast::dyn_cast<ast::TableRef>(&n); table && !table->name.empty()) {
        std::string name = support::to_lower(table->name.back().text);
        add_unique(hints.tables, name);
        if (std::find(hints.tables_by_query.begin(), hints.tables_by_query.end(), std::pair{hints.queries - 1, name}) ==
            hints.tables_by_query.end())
            hints.tables_by_query.emplace_back(hints.queries - 1, name);
        if (!table->alias.text.empty()) hints.aliases.emplace_back(support::to_lower(table->alias.text), name);
    }
    ast::for_each_child(n, [&](const ast::Node& child) { collect_aliases(child, hints); });
}

// A block's LIMIT up to this many rows gets one goal row more than it keeps (LIMIT 10: eleven), so that
// plain data, like real data, holds more rows than the LIMIT lets through.
constexpr int64_t kMaxLimitCopies = 20;

class Collector {
public:
    // `own_aliases`: where this query's aliases start in hints.aliases (both queries call their
    // tables T1, T2, ... and mean different ones).
    Collector(LiteralHints& hints, size_t own_aliases) : hints_(hints), own_aliases_(own_aliases) {}

    void walk(const ast::Node& n) {
        visit(n);
        const auto* query = ast::dyn_cast<ast::Query>(&n);
        if (query) enclosing_.push_back(query);
        ast::for_each_child(n, [&](const ast::Node& child) { walk(child); });
        if (query) enclosing_.pop_back();
    }

private:
    // A few dozen values per column are all the generator draws from; more (a 200,000-item IN list) would
    // only cost a linear search each.
    static constexpr size_t kMaxValuesPerColumn = 64;
    static void add_to(std::vector<std::pair<std::string, std::vector<Value>>>& to, const std::string& name,
                       const std::vector<Value>& values) {
        auto it = std::find_if(to.begin(), to.end(), [&](const auto& p) { return p.first == name; });
        if (it == to.end()) it = to.insert(to.end(), {name, {}});
        for (const Value& v : values)
            if (it->second.size() < kMaxValuesPerColumn &&
                std::find(it->second.begin(), it->second.end(), v) == it->second.end())
                it->second.push_back(v);
    }

    // `values` (a literal with its neighbours) for the column; `literals` are the ones the query wrote.
    void add(const ast::ColumnRef* column, const std::vector<Value>& values, const std::vector<Value>& literals) {
        if (!column) return;
        std::string name = lower_name(*column);
        add_to(hints_.by_column, name, values);
        add_to(hints_.literals, name, literals);
    }
    void add(const ast::ColumnRef* column, const std::vector<Value>& values) { add(column, values, values); }

    // The table a qualified column belongs to (its alias resolved); "" when unqualified.
    std::string table_of(const ast::ColumnRef& ref) const {
        if (ref.path.size() < 2) return "";
        std::string qualifier = support::to_lower(ref.path[ref.path.size() - 2].text);
        for (size_t i = own_aliases_; i < hints_.aliases.size(); ++i)
            if (hints_.aliases[i].first == qualifier) return hints_.aliases[i].second;
        for (const auto& [alias, table] : hints_.aliases)
            if (alias == qualifier) return table;
        return qualifier;
    }

    static std::string qualifier(const ast::ColumnRef& ref) { return qualifier_of(ref); }

    // The base table and column a reference reads: through a CTE or derived table over one table whose
    // select list names the column (`JOIN st ON c.id = st.cust_id` with `st AS (SELECT cust_id, COUNT(*) ..
    // FROM tx ..)` reads tx.cust_id), so that the join links the base tables' columns.
    std::pair<std::string, std::string> base_column(const ast::ColumnRef& ref) const {
        std::pair<std::string, std::string> out{table_of(ref), lower_name(ref)};
        for (int depth = 0; depth < 4; ++depth) {
            auto relation = derived_.find(out.first);
            if (relation == derived_.end()) break;
            auto column = relation->second.find(out.second);
            if (column == relation->second.end()) break;
            out = column->second;
        }
        return out;
    }

    void link(const ast::ColumnRef& a, const ast::ColumnRef& b) {
        auto [a_table, a_column] = base_column(a);
        auto [b_table, b_column] = base_column(b);
        hints_.links.push_back({a_table, a_column, b_table, b_column});
    }

    // A CTE or derived table over one base table: its output columns that are plain columns of that table.
    void record_derived(std::string_view name, const ast::Query* q) {
        if (name.empty() || !q || q->sources.size() != 1 || !q->joins.empty() || !q->set_ops.empty()) return;
        const auto* table = ast::dyn_cast<ast::TableRef>(q->sources[0]);
        if (!table || table->name.empty()) return;
        std::string base = support::to_lower(table->name.back().text);
        auto& columns = derived_[support::to_lower(name)];
        for (const ast::SelectItem* item : q->projection) {
            const auto* ref = item && item->expr ? ast::dyn_cast<ast::ColumnRef>(item->expr) : nullptr;
            if (!ref || ref->path.empty()) continue;
            std::string output = item->alias.text.empty() ? lower_name(*ref) : support::to_lower(item->alias.text);
            columns.emplace(output, std::pair{base, lower_name(*ref)});
        }
    }

    // `x > (SELECT AVG(y) FROM t ...)`: x and y hold one value on the boundary data (a row equal to
    // the average). MIN and MAX need nothing: some row always equals them.
    void compared_with_average(const ast::Expr* column_side, const ast::Expr* subquery_side) {
        const auto* sub = ast::dyn_cast<ast::SubqueryExpr>(subquery_side);
        const ast::ColumnRef* x = column_of(column_side);
        if (!sub || !x || !sub->query || sub->query->projection.size() != 1) return;
        const auto* call = ast::dyn_cast<ast::FunctionCall>(sub->query->projection[0]->expr);
        if (!call || !is_aggregate(*call, "avg") || call->args.size() != 1) return;
        const auto* y = ast::dyn_cast<ast::ColumnRef>(call->args[0]);
        if (!y || y->path.empty()) return;
        add_unique(hints_.average_columns, lower_name(*x));
        add_unique(hints_.average_columns, lower_name(*y));
    }

    // `column = literal` inside an aggregate's argument: the condition of a conditional count or sum.
    void conditions_in(const ast::Node& n) {
        if (auto condition = column_equals_literal(n))
            add_to(hints_.conditional_values, lower_name(*condition->first), {condition->second});
        ast::for_each_child(n, [&](const ast::Node& child) { conditions_in(child); });
    }

    // `x = 'a'`, either way round (through lower(x), CAST ..): the column and the literal.
    static std::optional<std::pair<const ast::ColumnRef*, Value>> column_equals_literal(const ast::Node& n) {
        if (const auto* b = ast::dyn_cast<ast::Binary>(&n); b && b->op == ast::BinaryOp::Eq)
            for (auto [column_side, literal_side] : {std::pair{b->lhs, b->rhs}, {b->rhs, b->lhs}})
                if (auto v = literal_value(literal_side); v && column_of(column_side))
                    return std::pair{column_of(column_side), *v};
        return std::nullopt;
    }

    // Whether the block's select list aggregates a condition on a column (`SUM(CASE WHEN x = 'a' ..)`,
    // `SUM(x = 'a')`, IIF), its subqueries aside.
    static bool computes_conditional_aggregate(const ast::Query& q) {
        std::function<bool(const ast::Node&, bool)> conditional = [&](const ast::Node& n, bool aggregated) {
            if (ast::dyn_cast<ast::Query>(&n)) return false;
            if (const auto* call = ast::dyn_cast<ast::FunctionCall>(&n); call && is_summary(*call)) aggregated = true;
            if (aggregated && column_equals_literal(n)) return true;
            bool found = false;
            ast::for_each_child(n, [&](const ast::Node& child) { found = found || conditional(child, aggregated); });
            return found;
        };
        return std::any_of(q.projection.begin(), q.projection.end(),
                           [&](const ast::SelectItem* item) { return item && item->expr && conditional(*item->expr, false); });
    }

    // A string compared with a text column: the column gets case variants in the "case" databases.
    void case_compared(const ast::Expr* column_side, const ast::Expr* literal_side) {
        if (!is_string_literal(literal_side)) return;
        if (const auto* ref = column_of(column_side)) add_unique(hints_.case_columns, lower_name(*ref));
    }

    // Whether a block orders its groups by an aggregate before a LIMIT (`GROUP BY c ORDER BY COUNT(*) DESC
    // LIMIT 1`), or an outer block orders by an aggregate the block computes over its groups (through a CTE
    // or derived table: `WITH s AS (SELECT c, COUNT(*) AS n .. GROUP BY c) .. ORDER BY s.n DESC LIMIT 1`).
    bool orders_groups_by_aggregate(const ast::Query& q) const {
        if (q.group_by.empty()) return false;
        if (ordered_from_outside_.count(&q)) return true;
        if (!q.limit) return false;
        return std::any_of(q.order_by.begin(), q.order_by.end(), [&](const ast::OrderItem* item) {
            const ast::Expr* key = item ? order_key(q, item->expr) : nullptr;
            const auto* call = key ? ast::dyn_cast<ast::FunctionCall>(key) : nullptr;
            return call && !call->over && is_summary(*call);
        });
    }

    static bool is_summary(const ast::FunctionCall& call) {
        return is_aggregate(call, "count") || is_aggregate(call, "sum") || is_aggregate(call, "total") ||
               is_aggregate(call, "avg");
    }

    // The CTE and derived-table blocks an ORDER BY .. LIMIT of `q` orders by an aggregate of (see above).
    void mark_ordered_groups(const ast::Query& q) {
        if (!q.limit || q.order_by.empty()) return;
        std::map<std::string, const ast::Query*> ctes, relations;  // lower-case names and aliases
        for (const ast::Cte* cte : q.ctes)
            if (cte && cte->query && cte->columns.empty()) ctes[support::to_lower(cte->name.text)] = cte->query;
        for (const semantics::FromItem& item : semantics::from_items(q)) {
            if (const auto* derived = ast::dyn_cast<ast::DerivedTable>(item.relation);
                derived && derived->query && derived->column_aliases.empty())
                relations[support::to_lower(derived->alias.text)] = derived->query;
            if (const auto* table = ast::dyn_cast<ast::TableRef>(item.relation); table && table->name.size() == 1)
                if (auto cte = ctes.find(support::to_lower(table->name.back().text)); cte != ctes.end()) {
                    std::string_view alias = table->alias.text.empty() ? table->name.back().text : table->alias.text;
                    relations[support::to_lower(alias)] = cte->second;
                }
        }
        for (const ast::OrderItem* item : q.order_by) {
            const ast::Expr* key = item ? order_key(q, item->expr) : nullptr;
            const auto* ref = key ? ast::dyn_cast<ast::ColumnRef>(key) : nullptr;
            if (!ref || ref->path.empty()) continue;
            const std::string qualifier = qualifier_of(*ref), column = lower_name(*ref);
            for (const auto& [alias, block] : relations) {
                if ((!qualifier.empty() && qualifier != alias) || block->group_by.empty()) continue;
                for (const ast::SelectItem* s : block->projection) {
                    const auto* call = s && s->expr ? ast::dyn_cast<ast::FunctionCall>(s->expr) : nullptr;
                    if (call && !call->over && is_summary(*call) && support::iequals(s->alias.text, column))
                        ordered_from_outside_.insert(block);
                }
            }
        }
    }

    // The block's goals (LiteralHints::Goal): a satisfying value per column its filters compare with a
    // literal; a goal per branch of its first OR (at most 3), or, without an OR, a second goal for the
    // third and fourth items of its first IN list of three or more.
    void add_goal(const ast::Query& q) {
        // The tables the block reads itself (not its subqueries'), by name.
        std::vector<std::string> tables;
        for (const semantics::FromItem& item : semantics::from_items(q))
            if (const auto* table = ast::dyn_cast<ast::TableRef>(item.relation); table && !table->name.empty())
                add_unique(tables, support::to_lower(table->name.back().text));
        std::vector<const ast::Expr*> terms, ors;
        conjuncts_and_or(q.filter, terms, ors);
        for (const ast::Join* j : q.joins) conjuncts_and_or(j->condition, terms, ors);
        std::vector<std::string> outer;  // columns the conditions of outer joins compare
        for (const ast::Join* j : q.joins)
            if (j->condition &&
                (j->join == ast::JoinKind::Left || j->join == ast::JoinKind::Right || j->join == ast::JoinKind::Full))
                columns_in(*j->condition, outer);
        std::vector<std::vector<const ast::Expr*>> branches;
        const ast::InList* shifted = nullptr;
        std::vector<std::vector<const ast::Expr*>> alternatives(ors.size());
        if (!ors.empty()) {
            // Goal n takes branch n of each OR (the last where an OR has fewer): every branch of every
            // OR has rows that pass through it, at most 3 goals.
            size_t goals = 0;
            for (size_t i = 0; i < ors.size(); ++i) {
                or_branches(ors[i], alternatives[i], 3);
                goals = std::max(goals, alternatives[i].size());
            }
            for (size_t n = 0; n < goals; ++n) {
                branches.push_back(terms);
                for (const auto& alternative : alternatives)
                    if (!alternative.empty()) conjuncts(alternative[std::min(n, alternative.size() - 1)], branches.back());
            }
        } else {
            branches.push_back(terms);
            for (const ast::Expr* term : terms)
                if (const auto* in = ast::dyn_cast<ast::InList>(term); in && in->items.size() >= 3 && !shifted) {
                    shifted = in;
                    branches.push_back(terms);
                }
        }
        const size_t block = hints_.goals.empty() ? 0 : hints_.goals.back().block + 1;
        for (size_t n = 0; n < branches.size(); ++n) {
            LiteralHints::Goal goal;
            goal.tables = tables;
            goal.block = block;
            goal.query = hints_.queries - 1;
            if (auto limit = q.limit ? literal_value(q.limit) : std::nullopt)
                if (const auto* k = std::get_if<int64_t>(&*limit); k && *k >= 2 && *k <= kMaxLimitCopies) goal.copies = size_t(*k) + 1;
            fill_goal(goal, branches[n], n > 0 ? shifted : nullptr, terms);
            // ... and fails the OR's other branches where a value does (`x > 30` with 30): its rows
            // pass through that branch alone, so that leaving it out shows on typical data.
            for (const auto& alternative : alternatives)
                for (size_t j = 0; j < alternative.size(); ++j)
                    if (j != std::min(n, alternative.size() - 1)) fail_branch(goal, alternative[j]);
            add_having(q, goal);  // (after the copies: a sum's share is of the group's rows)
            if (!goal.group_rows) add_regroup(q, goal);
            for (const auto& t : goal.terms) hints_.filtered_columns.emplace_back(hints_.queries - 1, t.column);
            // (an outer join keeps the row whose reference is NULL: it is no join that drops rows alike)
            for (const auto& [column, alias] : goal.joined)
                if (!LiteralHints::reads(outer, column)) hints_.joined_by_query.emplace_back(goal.query, column);
            if (goal.terms.empty() && !goal.group_rows && goal.regroup && hints_.regroup_goals.empty()) {
                hints_.regroup_goals.push_back(std::move(goal));
                return;
            }
            // A LIMIT over rows that other blocks' filters select (`WHERE race_id IN (SELECT id FROM race
            // WHERE race = 'Demi-God') LIMIT 5`, against the join): the goals of its tables get one row
            // more than it keeps (collect_hints), as a goal of its own would.
            if (goal.terms.empty() && !goal.group_rows && goal.copies > 2)
                hints_.limited_blocks.emplace_back(goal.tables, goal.copies);
            // (a block without a filter that computes a conditional aggregate has a goal for the case data alone,
            // whose copies hold the condition's literals: `SUM(IIF(A3 = 'east Bohemia', A16, 0)) - SUM(IIF(A3 = ..))`)
            if (goal.terms.empty() && !goal.group_rows && computes_conditional_aggregate(q) && hints_.case_goals.empty())
                hints_.case_goals.push_back(goal);
            if ((goal.terms.empty() && !goal.group_rows) || hints_.goals.size() >= kMaxGoals) return;
            // Groups the ordering compares hold different numbers of rows, as on real data (equal counts
            // are the ties data's): Goal::group_of_two.
            std::optional<LiteralHints::Goal> group_of_two;
            if (n == 0 && !goal.group_rows && orders_groups_by_aggregate(q)) {
                group_of_two = goal;
                group_of_two->group_of_two = true;
                group_of_two->group_rows = 2;
                group_of_two->regroup = false;
                for (const ast::Expr* g : q.group_by)
                    if (const auto* ref = column_of(grouped_expression(q, g)))
                        group_of_two->group_columns.emplace_back(table_of(*ref), lower_name(*ref));
                if (group_of_two->group_columns.empty()) group_of_two.reset();
            }
            add_or_merge(std::move(goal));
            if (group_of_two) add_or_merge(std::move(*group_of_two));
        }
    }

    // A goal another block's (the other query's) has already asked for: one set of rows, as many as
    // either's LIMIT needs to show.
    void add_or_merge(LiteralHints::Goal goal) {
        bool known = false;
        for (LiteralHints::Goal& g : hints_.goals) {
            bool same = g.terms.size() == goal.terms.size() && g.group_rows == goal.group_rows &&
                        g.group_of_two == goal.group_of_two;
            for (size_t i = 0; same && i < g.terms.size(); ++i)
                same = g.terms[i].table == goal.terms[i].table && g.terms[i].column == goal.terms[i].column &&
                       g.terms[i].value == goal.terms[i].value && g.terms[i].edge == goal.terms[i].edge;
            if (same) g.copies = std::max(g.copies, goal.copies);
            known |= same;
        }
        if (!known && hints_.goals.size() < kMaxGoals) hints_.goals.push_back(std::move(goal));
    }

    // The term added, or null where none is (no column, no date for a date term, a term there already).
    LiteralHints::Goal::Term* add_term(LiteralHints::Goal& goal, const ast::ColumnRef* column, bool date,
                                       const Value& value, const Value& other, const Value& edge,
                                       std::vector<Value> misses, bool numeric = false, bool dated = false) {
        if (!column || (date && !date_literal(value))) return nullptr;
        std::string table = table_of(*column), name = lower_name(*column), alias = qualifier(*column);
        // The first term wins (a dated term and another one stand side by side: which applies
        // depends on whether the column holds dates, which the generator knows)
        for (const auto& t : goal.terms)
            if (t.column == name && t.alias == alias && t.dated == dated) return nullptr;
        LiteralHints::Goal::Term term{table, name, alias, value, other, edge, std::move(misses), numeric};
        term.dated = dated;
        return &goal.terms.emplace_back(std::move(term));
    }

    // `SUBSTR(x, 7, 2) = '45'` (SUBSTRING too), a text that is no date or year: x holds the literal from the
    // seventh character on ('xxxxxx45'; BIRD's `SUBSTR(atom_id, 7, 2)`), where drawn texts never matched.
    bool add_placed_term(LiteralHints::Goal& goal, const ast::Expr* side, const Value& literal) {
        const auto* call = ast::dyn_cast<ast::FunctionCall>(side);
        const auto* text = std::get_if<std::string>(&literal);
        if (!call || call->over || call->name.empty() || !text || text->empty() || date_literal(literal) ||
            call->args.size() < 2 ||
            !(support::iequals(call->name.back().text, "substr") || support::iequals(call->name.back().text, "substring")))
            return false;
        const auto* column = ast::dyn_cast<ast::ColumnRef>(call->args[0]);
        auto start = literal_value(call->args[1]);
        const auto* from = start ? std::get_if<int64_t>(&*start) : nullptr;
        if (!column || column->path.empty() || !from || *from < 1 || *from > 64) return false;
        if (call->args.size() > 2) {
            auto length = literal_value(call->args[2]);
            const auto* n = length ? std::get_if<int64_t>(&*length) : nullptr;
            if (!n || *n != int64_t(text->size())) return false;
        }
        const Value placed = std::string(size_t(*from - 1), 'x') + *text;
        if (LiteralHints::Goal::Term* term = add_term(goal, column, false, placed, placed, placed, {})) term->placed = true;
        return true;
    }

    static const LiteralHints::Goal::Term* term_of(const LiteralHints::Goal& goal, const ast::ColumnRef& column,
                                                   bool dated = false) {
        for (const auto& t : goal.terms)
            if (t.column == lower_name(column) && t.alias == qualifier(column) && t.dated == dated) return &t;
        return nullptr;
    }

    // A comparison of a column with a literal the goal's rows fail (the column's first term wins: a
    // value another branch or term gives it stands).
    void fail_branch(LiteralHints::Goal& goal, const ast::Expr* branch) {
        const auto* b = ast::dyn_cast<ast::Binary>(branch);
        if (!b || !compares_values(b->op)) return;
        for (bool flip : {false, true}) {
            auto v = literal_value(flip ? b->lhs : b->rhs);
            auto op = flip ? semantics::flipped(b->op) : std::optional<ast::BinaryOp>(b->op);
            if (!v || !op) continue;
            std::vector<Value> misses = failing(*op, *v);
            bool date = false;
            // (numbers and dates only: a text that fails an ordering, 'terminala' for `< 'terminal'`,
            // would be a text in what may be a number column)
            if (!misses.empty() && (as_number(misses[0]) || date_literal(misses[0])))
                // (its values fail the branch: they are the no-match data's misses too)
                add_term(goal, goal_column(flip ? b->rhs : b->lhs, date), date, misses[0], misses.back(), misses[0], misses);
        }
    }

    // `x > y` with two columns, as dates where they hold dates (`v.day > e.hired`): y a day (the one
    // another such term gave it, or 2012-06-15), x the days past it; the edge (the boundary data's)
    // the same day, where `>` and `>=` part; the misses the days before.
    void add_date_pair(LiteralHints::Goal& goal, const ast::ColumnRef& x, ast::BinaryOp op, const ast::ColumnRef& y) {
        const bool up = op == ast::BinaryOp::Gt || op == ast::BinaryOp::GtEq;
        if (!up && op != ast::BinaryOp::Lt && op != ast::BinaryOp::LtEq) return;
        if (lower_name(x) == lower_name(y) && qualifier(x) == qualifier(y)) return;
        const LiteralHints::Goal::Term* fixed = term_of(goal, y, true);
        const Value day = fixed ? fixed->value : Value(std::string("2012-06-15"));
        const auto* text = std::get_if<std::string>(&day);
        if (!text) return;
        auto past = day_beside(*text, up), before = day_beside(*text, !up);
        if (!past || !before) return;
        auto further = day_beside(*past, up), earlier = day_beside(*before, !up);
        if (!fixed) add_term(goal, &y, false, day, day, day, {*past, *further}, false, true);
        add_term(goal, &x, false, Value(*past), Value(*further), day, {*before, *earlier}, false, true);
    }

    // `shifted`: the IN list whose third and fourth items this goal takes (its first two are the first goal's).
    // `and_terms`: the block's own conjuncts (not an OR's branches).
    void fill_goal(LiteralHints::Goal& goal, const std::vector<const ast::Expr*>& terms, const ast::InList* shifted,
                   const std::vector<const ast::Expr*>& and_terms) {
        std::vector<const ast::Binary*> arithmetic;
        // The patterns of each column (by its qualified name), so that the column's value matches them all.
        std::map<std::pair<std::string, std::string>, std::vector<std::string>> patterns;
        for (const ast::Expr* term : terms)
            if (const auto* b = ast::dyn_cast<ast::Binary>(term); b && is_pattern(b->op) && b->op != ast::BinaryOp::Glob) {
                bool date = false;
                auto v = literal_value(b->rhs);
                const ast::ColumnRef* column = goal_column(b->lhs, date);
                if (const auto* s = v ? std::get_if<std::string>(&*v) : nullptr; s && column)
                    patterns[{qualifier(*column), lower_name(*column)}].push_back(*s);
            }
        for (const ast::Expr* term : terms) {
            bool date = false;
            if (const auto* b = ast::dyn_cast<ast::Binary>(term); b && b->op == ast::BinaryOp::Eq) {
                const auto* x = ast::dyn_cast<ast::ColumnRef>(b->lhs);
                const auto* y = ast::dyn_cast<ast::ColumnRef>(b->rhs);
                if (x && y && !x->path.empty() && !y->path.empty()) {
                    goal.joined.emplace_back(lower_name(*x), qualifier(*y));
                    goal.joined.emplace_back(lower_name(*y), qualifier(*x));
                    continue;
                }
            }
            if (const auto* b = ast::dyn_cast<ast::Binary>(term)) {
                if (is_pattern(b->op)) {
                    auto v = literal_value(b->rhs);
                    if (const auto* s = v ? std::get_if<std::string>(&*v) : nullptr) {
                        std::vector<Value> matches = pattern_matches(*s, b->op == ast::BinaryOp::Glob);
                        const ast::ColumnRef* column = goal_column(b->lhs, date);
                        auto same_column = column ? patterns.find({qualifier(*column), lower_name(*column)}) : patterns.end();
                        if (same_column != patterns.end() && same_column->second.size() > 1)
                            if (auto joint = joint_matches(same_column->second))
                                matches = {joint->first, joint->second};
                        add_term(goal, column, date, matches[0], matches[0], matches[1], {});
                    }
                    continue;
                }
                if (!compares_values(b->op)) continue;
                if (b->op == ast::BinaryOp::Eq && (month_of_column(b->lhs, b->rhs) || month_of_column(b->rhs, b->lhs)))
                    continue;  // (below, once the year has its term)
                size_t before = goal.terms.size();
                for (bool flip : {false, true}) {
                    const ast::Expr* column_side = flip ? b->rhs : b->lhs;
                    auto v = literal_value(flip ? b->lhs : b->rhs);
                    auto op = flip ? semantics::flipped(b->op) : std::optional<ast::BinaryOp>(b->op);
                    if (!v || !op) continue;
                    // The boundary data's row: the literal itself for an ordering, a neighbour for an equality.
                    Value edge = *v;
                    if (*op == ast::BinaryOp::Eq) edge = with_neighbours(*v, false).back();
                    if (*op == ast::BinaryOp::Eq && add_placed_term(goal, column_side, *v)) continue;
                    if (auto values = satisfying(*op, *v))
                        add_term(goal, goal_column(column_side, date), date, values->first, values->second, edge,
                                 failing(*op, *v));
                }
                // Not a column against a literal: arithmetic (`a * 2 > 10`, `a - b > 0`), once the
                // plain terms have given their columns values; two columns also as dates.
                if (goal.terms.size() == before && b->op != ast::BinaryOp::NotEq) {
                    arithmetic.push_back(b);
                    bool through_date = false;
                    const ast::ColumnRef* x = goal_column(b->lhs, through_date);
                    const ast::ColumnRef* y = goal_column(b->rhs, through_date);
                    if (x && y) add_date_pair(goal, *x, b->op, *y);
                }
            } else if (const auto* test = ast::dyn_cast<ast::Unary>(term); test && test->op == ast::UnaryOp::IsNull) {
                // `x IS NULL`: the goal's rows hold NULL there (drawn data seldom does, and plain data then
                // selected nothing: `side IS NULL`, `ParentId IS NULL` on BIRD); any value fails it. Not an OR's
                // branch (`x <> 'a' OR x IS NULL`): a NULL there is the nulls data's, an edge case.
                const bool and_term = std::find(and_terms.begin(), and_terms.end(), term) != and_terms.end();
                if (const auto* column = ast::dyn_cast<ast::ColumnRef>(test->operand); column && !column->path.empty() && and_term)
                    add_term(goal, column, false, Null{}, Null{}, Null{}, {});
            } else if (const auto* between = ast::dyn_cast<ast::Between>(term)) {
                auto low = literal_value(between->low), high = literal_value(between->high);
                if (low && high) {
                    // Inside the range, away from its bounds (which are the boundary data's).
                    Value first = *low, second = *high;
                    const auto* a = std::get_if<int64_t>(&*low);
                    const auto* b = std::get_if<int64_t>(&*high);
                    if (a && b && *b - *a >= 2 && *b - *a < INT64_MAX / 2) first = *a + 1, second = *b - 1;
                    // Dates: the days inside the bounds ('2012-01-02' and '2012-12-30' for the year 2012)
                    const auto* from = std::get_if<std::string>(&*low);
                    const auto* to = std::get_if<std::string>(&*high);
                    if (from && to && *from < *to) {
                        auto after = day_beside(*from, true), before = day_beside(*to, false);
                        if (after && before && *after <= *before) first = *after, second = *before;
                    }
                    add_term(goal, goal_column(between->expr, date), date, first, second, *low,
                             failing(ast::BinaryOp::GtEq, *low));
                }
            } else if (const auto* in = ast::dyn_cast<ast::InList>(term); in && !in->items.empty()) {
                const size_t from = in == shifted ? 2 : 0, last = in->items.size() - 1;
                auto first = literal_value(in->items[std::min(from, last)]);
                auto second = literal_value(in->items[std::min(from + 1, last)]);
                // Numbers past the largest item fail it; a text any other does.
                std::vector<Value> misses;
                std::optional<int64_t> largest;
                for (const ast::Expr* item : in->items)
                    if (auto v = literal_value(item); v && std::holds_alternative<int64_t>(*v))
                        largest = std::max(largest.value_or(INT64_MIN), std::get<int64_t>(*v));
                if (largest && *largest < 1000000000LL) misses = {Value(*largest + 1), Value(*largest + 2)};
                if (first && second) add_term(goal, goal_column(in->expr, date), date, *first, *second, *second, misses);
            }
        }
        // A month compared through SUBSTR(d, 6, 2) or strftime('%m', d) = '06' beside the year's term (`SUBSTR(d, 1, 4) =
        // '2013'`, in either order): the goal's date is in that month ('2013-06'); without a year, a text column's
        // characters there (SUBSTR's placed term).
        for (const ast::Expr* term : terms) {
            const auto* b = ast::dyn_cast<ast::Binary>(term);
            if (!b || b->op != ast::BinaryOp::Eq) continue;
            for (bool flip : {false, true}) {
                const ast::Expr* side = flip ? b->rhs : b->lhs;
                const ast::Expr* literal = flip ? b->lhs : b->rhs;
                const int month = month_of_column(side, literal);
                if (!month) continue;
                const ast::ColumnRef* column = month_read(side);
                bool dated = false;
                for (LiteralHints::Goal::Term& t : goal.terms) {
                    if (t.column != lower_name(*column) || t.alias != qualifier(*column) || t.dated || t.placed) continue;
                    std::string year;
                    if (const auto* i = std::get_if<int64_t>(&t.value); i && *i >= 1000 && *i <= 2999) year = std::to_string(*i);
                    if (const auto* text = std::get_if<std::string>(&t.value); text && text->size() == 4 && all_digits(*text))
                        year = *text;
                    if (year.empty()) continue;
                    char year_month[16];
                    std::snprintf(year_month, sizeof year_month, "%s-%02d", year.c_str(), month);
                    t.value = t.other = std::string(year_month);
                    dated = true;
                }
                if (!dated) add_placed_term(goal, side, *literal_value(literal));
            }
        }
        for (const ast::Binary* b : arithmetic) add_arithmetic(goal, *b);
    }

    // The month `side` reads of a column compared with `literal` (1..12), or 0.
    static int month_of_column(const ast::Expr* side, const ast::Expr* literal) {
        return month_read(side) ? month_number(literal_value(literal)) : 0;
    }

    // `a * 2 > 10`, `a - b > 0`, `T1.x > T2.y`: one or two columns under + - * / and CAST against a
    // literal or each other. A second column keeps the value a term gave it, or 3; the first is solved
    // for whole numbers that pass (the nearest two to the boundary) and fail (the edge, the misses).
    void add_arithmetic(LiteralHints::Goal& goal, const ast::Binary& b) {
        std::vector<const ast::ColumnRef*> refs;
        std::function<bool(const ast::Node&)> gather = [&](const ast::Node& n) {
            if (ast::dyn_cast<ast::Query>(&n) || ast::dyn_cast<ast::FunctionCall>(&n)) return false;
            if (const auto* ref = ast::dyn_cast<ast::ColumnRef>(&n)) {
                if (ref->path.empty()) return false;
                bool seen = std::any_of(refs.begin(), refs.end(), [&](const ast::ColumnRef* r) {
                    return lower_name(*r) == lower_name(*ref) && qualifier(*r) == qualifier(*ref);
                });
                if (!seen) refs.push_back(ref);
            }
            bool ok = true;
            ast::for_each_child(n, [&](const ast::Node& child) { ok = ok && gather(child); });
            return ok;
        };
        if (!gather(b) || refs.empty() || refs.size() > 2) return;
        // Which column is solved: the first without a term (a term's values stand).
        size_t solved = refs.size();
        for (size_t i = 0; i < refs.size() && solved == refs.size(); ++i)
            if (!term_of(goal, *refs[i])) solved = i;
        if (solved == refs.size()) return;
        const ast::ColumnRef* fixed = refs.size() == 2 ? refs[1 - solved] : nullptr;
        const LiteralHints::Goal::Term* fixed_term = fixed ? term_of(goal, *fixed) : nullptr;
        const Value three = int64_t(3);
        auto with_fixed = [&](const Value& v) {
            std::vector<BoundColumn> bound{{refs[solved], qualifier(*refs[solved]), lower_name(*refs[solved]), int64_t(0)}};
            if (fixed) bound.push_back({fixed, qualifier(*fixed), lower_name(*fixed), v});
            return bound;
        };
        // The first row with the fixed column's value, the second with its other, the boundary row with
        // its edge. As for a literal, both `>` and `>=` pass past the boundary, which is the edge (the
        // boundary data's); the misses fail the comparison itself.
        ast::BinaryOp strict = b.op == ast::BinaryOp::GtEq ? ast::BinaryOp::Gt
                               : b.op == ast::BinaryOp::LtEq ? ast::BinaryOp::Lt
                                                             : b.op;
        std::vector<int64_t> pass_value, fail_value, pass_other, fail_other, pass_edge, fail_edge, pass, fail;
        solve(b, strict, with_fixed(fixed_term ? fixed_term->value : three), 0, pass_value, fail_value);
        if (pass_value.empty()) return;
        solve(b, strict, with_fixed(fixed_term ? fixed_term->other : three), 0, pass_other, fail_other);
        solve(b, strict, with_fixed(fixed_term ? fixed_term->edge : three), 0, pass_edge, fail_edge);
        // (the misses pass the comparison's strict opposite: `> 500` misses 249 and 248, not 250,
        // which `>= 500` would select: a boundary is the boundary data's)
        if (auto negated = semantics::negated(b.op); negated && *negated != ast::BinaryOp::NotEq) {
            ast::BinaryOp away = *negated == ast::BinaryOp::GtEq ? ast::BinaryOp::Gt
                                 : *negated == ast::BinaryOp::LtEq ? ast::BinaryOp::Lt
                                                                   : *negated;
            solve(b, away, with_fixed(fixed_term ? fixed_term->value : three), 0, fail, pass);
        } else
            solve(b, b.op, with_fixed(fixed_term ? fixed_term->value : three), 0, pass, fail);
        Value other = pass_other.empty() ? Value(pass_value[0]) : Value(pass_other.back());
        Value edge = fail_edge.empty() ? Value(pass_value[0]) : Value(fail_edge[0]);
        std::vector<Value> misses(fail.begin(), fail.end());
        if (fixed && !fixed_term) add_term(goal, fixed, false, three, three, three, {three}, true);
        add_term(goal, refs[solved], false, Value(pass_value[0]), other, edge, std::move(misses), true);
    }

    // HAVING over the goal's rows: `COUNT(*) > 15` makes 16 rows of one group; SUM(x) > 100 gives x
    // its share of the sum in each (51 in each of two); AVG, MIN and MAX compare x itself.
    void add_having(const ast::Query& q, LiteralHints::Goal& goal) {
        std::vector<const ast::Expr*> terms;
        conjuncts(q.having, terms);
        struct Sum {
            const ast::ColumnRef* column;
            ast::BinaryOp op;
            double limit;
            bool whole;
        };
        std::vector<Sum> sums;
        bool grouped = false;
        for (const ast::Expr* term : terms) {
            const auto* b = ast::dyn_cast<ast::Binary>(term);
            if (!b || !compares_values(b->op)) continue;
            for (bool flip : {false, true}) {
                const auto* call = ast::dyn_cast<ast::FunctionCall>(flip ? b->rhs : b->lhs);
                auto v = literal_value(flip ? b->lhs : b->rhs);
                auto op = flip ? semantics::flipped(b->op) : std::optional<ast::BinaryOp>(b->op);
                if (!call || !v || !op || !as_number(*v) || call->args.size() != 1) continue;
                if (call->distinct && !is_aggregate(*call, "count")) continue;
                const double limit = *as_number(*v);
                const bool whole = std::holds_alternative<int64_t>(*v);
                if (is_aggregate(*call, "count")) {
                    if (!whole || goal.group_rows) continue;
                    // COUNT(DISTINCT x): as many rows, each with its own x
                    const ast::ColumnRef* distinct = call->distinct ? column_of(call->args[0]) : nullptr;
                    if (call->distinct && !distinct) continue;
                    int64_t n = std::get<int64_t>(*v), rows = 0;
                    switch (*op) {
                        case ast::BinaryOp::Gt: rows = n + 1; break;
                        case ast::BinaryOp::GtEq:
                        case ast::BinaryOp::Eq: rows = n; break;
                        case ast::BinaryOp::Lt: rows = std::min<int64_t>(2, n - 1); break;
                        case ast::BinaryOp::LtEq: rows = std::min<int64_t>(2, n); break;
                        default: break;
                    }
                    // (one row is a group of its own: only two or more need placing)
                    if (rows >= 2 && rows <= 20) {
                        goal.group_rows = size_t(rows), grouped = true;
                        if (distinct) goal.distinct_columns.emplace_back(table_of(*distinct), lower_name(*distinct));
                    }
                    continue;
                }
                const ast::ColumnRef* column = column_of(call->args[0]);
                if (!column) continue;
                if (is_aggregate(*call, "sum") || is_aggregate(*call, "total")) {
                    sums.push_back({column, *op, limit, whole});
                    grouped = true;
                } else if (is_aggregate(*call, "avg") || is_aggregate(*call, "min") || is_aggregate(*call, "max")) {
                    if (auto values = satisfying(*op, *v)) {
                        add_term(goal, column, false, values->first, values->second, values->first, failing(*op, *v));
                        add_unique(hints_.goal_null_columns, lower_name(*column));
                        goal.having_average = grouped = true;
                    }
                }
            }
        }
        if (!grouped) return;
        if (!goal.group_rows) goal.group_rows = goal.copies;
        for (const ast::Expr* g : q.group_by)
            if (const auto* ref = column_of(grouped_expression(q, g)))
                goal.group_columns.emplace_back(table_of(*ref), lower_name(*ref));
        // Each of the group's rows holds an even share of the sum, a little past it.
        const double rows = double(std::max(goal.group_rows, goal.copies));
        for (const Sum& s : sums) {
            double share = s.limit / rows, value = 0;
            switch (s.op) {
                case ast::BinaryOp::Gt: value = s.whole ? std::floor(share) + 1 : share + 0.5; break;
                case ast::BinaryOp::GtEq: value = s.whole ? std::ceil(share) : share; break;
                case ast::BinaryOp::Lt: value = s.whole ? std::ceil(share) - 1 : share - 0.5; break;
                case ast::BinaryOp::LtEq: value = s.whole ? std::floor(share) : share; break;
                case ast::BinaryOp::Eq:
                    if (s.whole && std::floor(share) != share) continue;
                    value = share;
                    break;
                default: continue;
            }
            if (!(std::abs(value) < 1e12)) continue;
            const std::vector<Value> share_value{s.whole ? Value(int64_t(value)) : Value(value)};
            add_term(goal, s.column, false, share_value[0], share_value[0], share_value[0], {}, true);
        }
    }

    // GROUP BY with ORDER BY an aggregate before a LIMIT (Goal::regroup): the GROUP BY columns (GROUP
    // BY 1 read through the select list) and the columns the ordering's SUM or TOTAL reads.
    void add_regroup(const ast::Query& q, LiteralHints::Goal& goal) {
        if (q.group_by.empty() || !q.limit || q.order_by.empty()) return;
        bool aggregate_key = false;
        for (const ast::OrderItem* item : q.order_by) {
            const ast::Expr* key = order_key(q, item ? item->expr : nullptr);
            const auto* call = key ? ast::dyn_cast<ast::FunctionCall>(key) : nullptr;
            if (call && is_aggregate(*call, "count") && !call->distinct) {
                const ast::ColumnRef* counted = call->args.size() == 1 ? column_of(call->args[0]) : nullptr;
                hints_.ordered_aggregates.emplace_back(hints_.queries - 1, counted ? lower_name(*counted) : "*");
            }
            if (!call || call->args.size() != 1) continue;
            if (is_aggregate(*call, "count")) aggregate_key = true;
            if (is_aggregate(*call, "sum") || is_aggregate(*call, "total")) {
                aggregate_key = true;
                if (const auto* ref = column_of(call->args[0])) {
                    goal.regroup_summed.emplace_back(table_of(*ref), lower_name(*ref));
                    hints_.ordered_aggregates.emplace_back(hints_.queries - 1, lower_name(*ref));
                }
            }
        }
        if (!aggregate_key) return;
        for (const ast::Expr* g : q.group_by)
            if (const auto* ref = column_of(grouped_expression(q, g)))
                goal.regroup_by.emplace_back(table_of(*ref), lower_name(*ref));
        goal.regroup = !goal.regroup_by.empty();
    }

    void visit_query(const ast::Query& q) {
        const size_t goals_before = hints_.goals.size();
        add_goal(q);
        if (hints_.goals.size() > goals_before) {
            const size_t block = hints_.goals.back().block;
            blocks_.emplace_back(&q, block);
            // (the subquery of an enclosing block's `x IN (..)`: that block's goals refer to this one's rows)
            for (const InFeed& feed : in_feeds_)
                if (feed.subquery == &q)
                    for (LiteralHints::Goal& outer : hints_.goals)
                        if (outer.block == feed.outer_block) outer.in_links.emplace_back(feed.column, block);
        }
        if (q.distinct != ast::DistinctKind::None || !q.group_by.empty() || !q.set_ops.empty()) hints_.groups = true;
        for (const ast::Expr* g : q.group_by)
            if (const auto* ref = ast::dyn_cast<ast::ColumnRef>(g); ref && !ref->path.empty()) {
                add_unique(hints_.grouped_columns, lower_name(*ref));
                hints_.grouped_by_query.emplace_back(hints_.queries - 1, lower_name(*ref));
            }
        if (!q.joins.empty() || q.sources.size() > 1) hints_.joins = true;
        if (!q.limit || q.order_by.empty()) return;
        hints_.ordered_limit = true;
        // Ties on the ORDER BY keys before a LIMIT: the columns under the keys (through a select
        // alias), and the GROUP BY columns when a key is an aggregate (equal counts tie).
        for (const ast::OrderItem* item : q.order_by) {
            if (!item->expr) continue;
            const ast::Expr* key = order_key(q, item->expr);
            columns_in(*key, hints_.order_columns);
            columns_in(*key, hints_.order_key_columns);
            const ast::Expr* ranked = key;
            if (const auto* call = ast::dyn_cast<ast::FunctionCall>(key);
                call && call->args.size() == 1 &&
                (is_aggregate(*call, "sum") || is_aggregate(*call, "total") || is_aggregate(*call, "avg") ||
                 is_aggregate(*call, "max") || is_aggregate(*call, "min")))
                ranked = call->args[0];
            if (const auto* ref = ast::dyn_cast<ast::ColumnRef>(ranked); ref && !ref->path.empty())
                hints_.ranked_columns.emplace_back(lower_name(*ref), item->dir == ast::SortDir::Desc);
            if (has_call(*key))
                for (const ast::Expr* g : q.group_by) columns_in(*g, hints_.order_columns);
        }
    }

    void visit(const ast::Node& n) {
        if (const auto* unary = ast::dyn_cast<ast::Unary>(&n); unary && unary->op == ast::UnaryOp::Not && unary->operand)
            negated_.push_back(unary->operand);
        if (const auto* derived = ast::dyn_cast<ast::DerivedTable>(&n); derived && derived->column_aliases.empty())
            record_derived(derived->alias.text, derived->query);
        if (const auto* ref = ast::dyn_cast<ast::ColumnRef>(&n); ref && !ref->path.empty()) {
            add_unique(hints_.read_columns, lower_name(*ref));
        } else if (const auto* literal = ast::dyn_cast<ast::Literal>(&n)) {
            if (auto v = literal_value(literal); v && hints_.loose.size() < 64) hints_.loose.push_back(*v);
        } else if (const auto* query = ast::dyn_cast<ast::Query>(&n)) {
            for (const ast::Cte* cte : query->ctes)
                if (cte && cte->columns.empty()) record_derived(cte->name.text, cte->query);
            mark_ordered_groups(*query);
            visit_query(*query);
        } else if (const auto* binary = ast::dyn_cast<ast::Binary>(&n)) {
            if (is_arithmetic(binary->op))
                for (const ast::Expr* side : {binary->lhs, binary->rhs}) add_number_column(side);
            bool ordering = binary->op != ast::BinaryOp::Eq && binary->op != ast::BinaryOp::NotEq;
            if (compares_values(binary->op)) {
                // An ordering comparison needs its neighbours on plain data (`balance < 0` selects
                // -1); an equality's neighbours are boundary values.
                for (auto [column_side, literal_side] : {std::pair{binary->lhs, binary->rhs}, {binary->rhs, binary->lhs}}) {
                    auto v = literal_value(literal_side);
                    const ast::ColumnRef* column = v ? column_of(column_side) : nullptr;
                    if (!column) continue;
                    if (binary->op == ast::BinaryOp::NotEq) add_unique(hints_.goal_null_columns, lower_name(*column));
                    if (ordering) {
                        // The literal itself is a boundary value: `x > 30` against `x >= 30` differ
                        // only where x is exactly 30, which typical data seldom holds.
                        std::vector<Value> around;
                        for (const Value& n : with_neighbours(*v, true))
                            if (!(n == *v)) around.push_back(n);
                        add(column, around.empty() ? std::vector<Value>{*v} : around, {*v});
                        add_to(hints_.edge_values, lower_name(*column), {*v});
                    } else {
                        add(column, {*v});
                        add_to(hints_.edge_values, lower_name(*column), with_neighbours(*v, false));
                    }
                }
                if (ordering) compared_with_average(binary->lhs, binary->rhs), compared_with_average(binary->rhs, binary->lhs);
                if (!ordering) case_compared(binary->lhs, binary->rhs), case_compared(binary->rhs, binary->lhs);
                const auto* a = ast::dyn_cast<ast::ColumnRef>(binary->lhs);
                const auto* b = ast::dyn_cast<ast::ColumnRef>(binary->rhs);
                if (binary->op == ast::BinaryOp::Eq && a && b && !a->path.empty() && !b->path.empty()) link(*a, *b);
            } else if (is_pattern(binary->op)) {
                auto v = literal_value(binary->rhs);
                if (const auto* s = v ? std::get_if<std::string>(&*v) : nullptr)
                if (s) {
                    // The pattern with its wildcards left empty is what real data holds ('%Jesenik%'
                    // finds 'Jesenik'); filled ('xJesenikx') it is a boundary value.
                    // ('2010-02-22%': the column holds more than the date, a time)
                    if (const auto* column = column_of(binary->lhs);
                        column && s->size() == 11 && s->back() == '%' && looks_like_whole_date(s->substr(0, 10)))
                        add_unique(hints_.datetime_columns, lower_name(*column));
                    std::vector<Value> matches = pattern_matches(*s, binary->op == ast::BinaryOp::Glob);
                    add(column_of(binary->lhs), {matches[0]});
                    if (const auto* column = column_of(binary->lhs))
                        add_to(hints_.edge_values, lower_name(*column), {matches[1]});
                }
                case_compared(binary->lhs, binary->rhs);
            } else if (binary->op == ast::BinaryOp::Div || binary->op == ast::BinaryOp::IntDiv ||
                       binary->op == ast::BinaryOp::Mod) {
                hints_.casts = true;
                columns_in(*binary, hints_.cast_columns);
            }
        } else if (const auto* between = ast::dyn_cast<ast::Between>(&n)) {
            std::vector<Value> values, literals;
            for (const ast::Expr* bound : {between->low, between->high})
                if (auto v = literal_value(bound)) {
                    literals.push_back(*v);
                    for (Value& x : with_neighbours(*v, true)) values.push_back(std::move(x));
                }
            add(column_of(between->expr), values, literals);
        } else if (const auto* in = ast::dyn_cast<ast::InList>(&n)) {
            std::vector<Value> values;
            for (const ast::Expr* item : in->items) {
                if (auto v = literal_value(item)) values.push_back(*v);
                case_compared(in->expr, item);
            }
            add(column_of(in->expr), values);
        } else if (const auto* sub = ast::dyn_cast<ast::InSubquery>(&n)) {
            // x IN (SELECT y FROM t): x refers to t.y as a foreign key would.
            const auto* x = ast::dyn_cast<ast::ColumnRef>(sub->expr);
            if (x && !x->path.empty() && sub->query && !enclosing_.empty() &&
                std::find(negated_.begin(), negated_.end(), &n) == negated_.end())
                for (const auto& [query, block] : blocks_)
                    if (query == enclosing_.back()) in_feeds_.push_back({sub->query, block, lower_name(*x)});
            if (x && !x->path.empty() && sub->query && sub->query->projection.size() == 1 &&
                sub->query->sources.size() == 1) {
                const auto* y = ast::dyn_cast<ast::ColumnRef>(sub->query->projection[0]->expr);
                const auto* from = ast::dyn_cast<ast::TableRef>(sub->query->sources[0]);
                if (y && !y->path.empty() && from && !from->name.empty())
                    hints_.links.push_back({table_of(*x), lower_name(*x), support::to_lower(from->name.back().text),
                                            lower_name(*y)});
            }
            hints_.joins = true;
        } else if (const auto* cast = ast::dyn_cast<ast::Cast>(&n)) {
            hints_.casts = true;
            if (cast->expr) columns_in(*cast->expr, hints_.cast_columns);
        } else if (const auto* call = ast::dyn_cast<ast::FunctionCall>(&n); call && !call->name.empty()) {
            std::string_view name = call->name.back().text;
            if (takes_a_whole_date(*call))
                if (const auto* ref = ast::dyn_cast<ast::ColumnRef>(call->args[0]); ref && !ref->path.empty())
                    add_unique(hints_.datetime_columns, lower_name(*ref));
            const bool epoch = reads_epoch_seconds(*call);
            if (is_date_function(name) || support::iequals(name, "substr") || support::iequals(name, "substring") ||
                epoch) {
                // strftime('%Y', d), SUBSTR(d, 1, 4): the column holds dates as text; datetime(d, 'unixepoch'):
                // seconds since 1970.
                std::vector<std::string>& columns = epoch                    ? hints_.epoch_columns
                                                    : is_date_function(name)   ? hints_.date_columns
                                                                               : hints_.substr_columns;
                for (const ast::Expr* arg : call->args)
                    if (const auto* ref = ast::dyn_cast<ast::ColumnRef>(arg); ref && !ref->path.empty()) {
                        columns.push_back(lower_name(*ref));
                        break;
                    }
                // (SUBSTR's month at 5, not at 6: 'YYYYMM')
                if (const ast::ColumnRef* ref = month_read(call);
                    ref && !is_date_function(name) && literal_value(call->args[1]) == std::optional<Value>(int64_t(5)))
                    add_unique(hints_.month_at_five_columns, lower_name(*ref));
            } else if (is_number_function(name)) {
                hints_.casts = true;
                for (const ast::Expr* arg : call->args) columns_in(*arg, hints_.cast_columns);
            } else if (support::iequals(name, "count") || support::iequals(name, "sum") ||
                       support::iequals(name, "avg") || support::iequals(name, "total")) {
                hints_.groups = true;
                for (const ast::Expr* arg : call->args) {
                    columns_in(*arg, hints_.aggregated_columns);
                    conditions_in(*arg);
                    if (!support::iequals(name, "count")) add_number_column(arg);
                }
            }
        }
    }

    // A column summed, averaged or computed with (`SUM(fastestLapSpeed)`, `CAST(price AS REAL) * 2`).
    void add_number_column(const ast::Expr* e) {
        if (const auto* cast = ast::dyn_cast<ast::Cast>(e)) e = cast->expr;
        if (const auto* ref = ast::dyn_cast<ast::ColumnRef>(e); ref && !ref->path.empty())
            add_unique(hints_.number_columns, lower_name(*ref));
    }

    LiteralHints& hints_;
    size_t own_aliases_ = 0;
    std::vector<const ast::Query*> enclosing_;                   // the blocks around the node visited
    std::vector<std::pair<const ast::Query*, size_t>> blocks_;   // a block that has goals, and their number
    struct InFeed {
        const ast::Query* subquery;
        size_t outer_block;
        std::string column;
    };
    std::vector<InFeed> in_feeds_;          // `x IN (subquery)` of a block with goals, the subquery not read yet
    std::vector<const ast::Node*> negated_;  // operands of NOT: `NOT x IN (..)` links nothing
    // CTE and derived-table blocks whose aggregate an outer block orders by before a LIMIT (mark_ordered_groups).
    std::set<const ast::Query*> ordered_from_outside_;
    // CTE names and derived-table aliases (lower case) -> output column -> (base table, column).
    std::map<std::string, std::map<std::string, std::pair<std::string, std::string>>> derived_;
};

}  // namespace

const std::vector<Value>* LiteralHints::find(const std::string& column) const {
    for (const auto& [name, values] : by_column)
        if (support::iequals(name, column)) return &values;
    return nullptr;
}

const std::vector<Value>* LiteralHints::find_edge(const std::string& column) const {
    for (const auto& [name, values] : edge_values)
        if (support::iequals(name, column)) return &values;
    return nullptr;
}

const std::vector<Value>* LiteralHints::find_literals(const std::string& column) const {
    for (const auto& [name, values] : literals)
        if (support::iequals(name, column)) return &values;
    return nullptr;
}

bool LiteralHints::is_epoch_column(const std::string& column) const { return reads(epoch_columns, column); }

bool LiteralHints::is_date_column(const std::string& column) const {
    return std::any_of(date_columns.begin(), date_columns.end(),
                       [&](const std::string& c) { return support::iequals(c, column); });
}

// Both queries read, and a block of them orders its groups by an aggregate before a LIMIT (Goal::regroup).
bool LiteralHints::regrouping_block() const {
    return queries >= 2 && (!regroup_goals.empty() ||
                            std::any_of(goals.begin(), goals.end(), [](const Goal& g) { return g.regroup; }));
}

bool LiteralHints::regroups() const {
    if (!regrouping_block()) return false;
    auto columns = [&](size_t query) {
        std::vector<std::string> out;
        for (const auto& [from, column] : grouped_by_query)
            if (from == query) out.push_back(column);
        std::sort(out.begin(), out.end());
        out.erase(std::unique(out.begin(), out.end()), out.end());
        return out;
    };
    return columns(0) != columns(1);
}

std::vector<std::string> LiteralHints::regroup_nulls() const {
    std::vector<std::string> out;
    if (!regrouping_block()) return out;
    auto in = [&](size_t query, const std::string& column) {
        return std::any_of(ordered_aggregates.begin(), ordered_aggregates.end(),
                           [&](const auto& a) { return a.first == query && a.second == column; });
    };
    for (const auto& [query, column] : ordered_aggregates)
        if (column != "*" && !in(1 - query, column) && std::find(out.begin(), out.end(), column) == out.end())
            out.push_back(column);
    return out;
}

bool LiteralHints::reads(const std::vector<std::string>& columns, const std::string& column) {
    return std::any_of(columns.begin(), columns.end(), [&](const std::string& c) { return support::iequals(c, column); });
}

void collect_hints(const ParseResult& parsed, LiteralHints& hints) {
    ++hints.queries;
    if (!parsed.ok() || !parsed.script()) return;
    size_t own_aliases = hints.aliases.size();
    collect_aliases(*parsed.script(), hints);
    Collector(hints, own_aliases).walk(*parsed.script());
    // (after every query's blocks: the goal may be the other query's, read before or after)
    for (const auto& [tables, copies] : hints.limited_blocks)
        for (LiteralHints::Goal& goal : hints.goals)
            if (std::any_of(goal.tables.begin(), goal.tables.end(),
                            [&](const std::string& t) { return LiteralHints::reads(tables, t); }))
                goal.copies = std::max(goal.copies, copies);
}

namespace {

// How a query reads its columns where that decides which rows count: the functions (aggregates
// above all), arithmetic, patterns, NULL tests, NOT IN and DISTINCTs over them. Two queries that read
// the same columns and literals through other such operations (AVG(x) against SUM(x) / COUNT(*), `=`
// against LIKE, COUNT(x) against COUNT(*), a dropped `x IS NOT NULL`, NOT IN against NOT EXISTS) part
// only on some rows: the adaptive effort goes on for them. Comparisons, AND, OR and NOT are left out:
// `age > 3` against `NOT age <= 3`, a join against IN (subquery), are the same reads.
void operations_in(const ast::Node& n, std::vector<std::string>& out) {
    auto columns = [](const ast::Node* e) {
        std::vector<std::string> names;
        if (e) columns_in(*e, names);
        std::sort(names.begin(), names.end());
        std::string joined;
        for (const std::string& name : names) joined += " " + name;
        return joined;
    };
    if (const auto* call = ast::dyn_cast<ast::FunctionCall>(&n); call && !call->name.empty()) {
        std::string read = "call " + support::to_lower(call->name.back().text) + (call->distinct ? " distinct" : "");
        for (const ast::Expr* arg : call->args) read += ast::dyn_cast<ast::Star>(arg) ? " *" : columns(arg);
        out.push_back(std::move(read));
    } else if (const auto* binary = ast::dyn_cast<ast::Binary>(&n);
               binary && (is_pattern(binary->op) || is_arithmetic(binary->op))) {
        out.push_back("operator " + std::string(ast::enum_name(binary->op)) + columns(binary->lhs) + " |" +
                      columns(binary->rhs));
    } else if (const auto* unary = ast::dyn_cast<ast::Unary>(&n)) {
        if (unary->op == ast::UnaryOp::IsNull) out.push_back("operator IS NULL" + columns(unary->operand));
        if (const auto* in = ast::dyn_cast<ast::InSubquery>(unary->operand); in && unary->op == ast::UnaryOp::Not)
            out.push_back("operator NOT IN" + columns(in->expr));
    } else if (const auto* query = ast::dyn_cast<ast::Query>(&n); query && query->distinct != ast::DistinctKind::None) {
        out.push_back("distinct");
    }
    ast::for_each_child(n, [&](const ast::Node& child) { operations_in(child, out); });
}

}  // namespace

std::vector<std::string> read_signature(const ParseResult& parsed) {
    LiteralHints hints;
    collect_hints(parsed, hints);
    std::vector<std::string> out;
    if (parsed.ok() && parsed.script()) operations_in(*parsed.script(), out);
    for (const std::string& t : hints.tables) out.push_back("table " + t);
    for (const std::string& c : hints.read_columns) out.push_back("column " + c);
    for (const auto& [column, values] : hints.by_column)
        for (const Value& v : values) out.push_back("value " + column + " " + format_value(v));
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

}  // namespace qdiff::results::synth
