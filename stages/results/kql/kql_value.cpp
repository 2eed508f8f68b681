#include "stages/results/kql/kql_value.hpp"

#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>

#include "ast/semantics/time_units.hpp"
#include "stages/results/kql/kql_time.hpp"
#include "support/strings.hpp"

namespace qdiff::results::kql {

std::string_view type_name(KType t) {
    switch (t) {
        case KType::Bool: return "bool";
        case KType::Int: return "int";
        case KType::Long: return "long";
        case KType::Real: return "real";
        case KType::Decimal: return "decimal";
        case KType::String: return "string";
        case KType::DateTime: return "datetime";
        case KType::TimeSpan: return "timespan";
        case KType::Dynamic: return "dynamic";
        case KType::Guid: return "guid";
    }
    return "string";
}

std::optional<KType> parse_type_name(std::string_view raw) {
    std::string n = support::to_lower(raw);
    if (n == "bool" || n == "boolean") return KType::Bool;
    if (n == "int" || n == "int32") return KType::Int;
    if (n == "long" || n == "int64") return KType::Long;
    if (n == "real" || n == "double") return KType::Real;
    if (n == "decimal") return KType::Decimal;
    if (n == "string") return KType::String;
    if (n == "datetime" || n == "date") return KType::DateTime;
    if (n == "timespan" || n == "time") return KType::TimeSpan;
    if (n == "dynamic") return KType::Dynamic;
    if (n == "guid" || n == "uniqueid") return KType::Guid;
    return std::nullopt;
}

KValue KValue::dynamic(nlohmann::json j) {
    KValue v;
    v.type = KType::Dynamic;
    v.null = j.is_null();
    if (!v.null) v.dyn = std::make_shared<const nlohmann::json>(std::move(j));
    return v;
}

std::string format_datetime_iso(int64_t ticks) {
    CivilTime c = civil_from_ticks(ticks);
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%04d-%02d-%02dT%02d:%02d:%02d", c.year, c.month, c.day, c.hour, c.minute,
                  c.second);
    std::string out = buffer;
    std::snprintf(buffer, sizeof buffer, ".%07lld", static_cast<long long>(c.fraction_ticks));
    out += buffer;
    return out + "Z";
}

std::string format_timespan(int64_t ticks) {
    std::string out;
    uint64_t t = ticks < 0 ? uint64_t(-(ticks + 1)) + 1 : uint64_t(ticks);
    if (ticks < 0) out += '-';
    uint64_t days = t / uint64_t(kTicksPerDay);
    uint64_t rest = t % uint64_t(kTicksPerDay);
    uint64_t seconds = rest / kTicksPerSecond, fraction = rest % kTicksPerSecond;
    char buffer[64];
    if (days) out += std::to_string(days) + ".";
    std::snprintf(buffer, sizeof buffer, "%02llu:%02llu:%02llu", static_cast<unsigned long long>(seconds / 3600),
                  static_cast<unsigned long long>(seconds / 60 % 60), static_cast<unsigned long long>(seconds % 60));
    out += buffer;
    if (fraction) {
        std::snprintf(buffer, sizeof buffer, ".%07llu", static_cast<unsigned long long>(fraction));
        out += buffer;
    }
    return out;
}

namespace {

bool read_int(std::string_view& s, int digits_min, int digits_max, int& out) {
    int n = 0, value = 0;
    while (n < digits_max && n < int(s.size()) && std::isdigit(static_cast<unsigned char>(s[size_t(n)]))) {
        value = value * 10 + (s[size_t(n)] - '0');
        ++n;
    }
    if (n < digits_min) return false;
    s.remove_prefix(size_t(n));
    out = value;
    return true;
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return s;
}

int month_of(std::string_view name) {
    static const char* const months[] = {"jan", "feb", "mar", "apr", "may", "jun",
                                         "jul", "aug", "sep", "oct", "nov", "dec"};
    std::string n = support::to_lower(name.substr(0, 3));
    for (int i = 0; i < 12; ++i)
        if (n == months[i]) return i + 1;
    return 0;
}

// hh:mm[:ss[.fffffff]] and an optional zone (Z, +hh:mm, GMT/UTC).
bool read_time(std::string_view& s, CivilTime& c, int64_t& offset_ticks) {
    if (!read_int(s, 1, 2, c.hour) || s.empty() || s[0] != ':') return false;
    s.remove_prefix(1);
    if (!read_int(s, 2, 2, c.minute)) return false;
    if (!s.empty() && s[0] == ':') {
        s.remove_prefix(1);
        if (!read_int(s, 2, 2, c.second)) return false;
        if (!s.empty() && (s[0] == '.' || s[0] == ',')) {
            s.remove_prefix(1);
            int64_t fraction = 0, scale = kTicksPerSecond;
            size_t n = 0;
            while (n < s.size() && std::isdigit(static_cast<unsigned char>(s[n]))) {
                if (scale > 1) {
                    scale /= 10;
                    fraction += (s[n] - '0') * scale;
                }
                ++n;
            }
            if (n == 0) return false;
            s.remove_prefix(n);
            c.fraction_ticks = fraction;
        }
    }
    s = trim(s);
    // 1:50PM, 09:22:06 AM
    if (s.size() >= 2 && (support::iequals(s.substr(0, 2), "AM") || support::iequals(s.substr(0, 2), "PM"))) {
        bool pm = support::iequals(s.substr(0, 2), "PM");
        if (c.hour < 1 || c.hour > 12) return false;
        c.hour = c.hour % 12 + (pm ? 12 : 0);
        s = trim(s.substr(2));
    }
    if (s.empty()) return true;
    if (s == "Z" || s == "z" || support::iequals(s, "GMT") || support::iequals(s, "UTC")) {
        s = {};
        return true;
    }
    if (s[0] == '+' || s[0] == '-') {
        int sign = s[0] == '-' ? -1 : 1;
        s.remove_prefix(1);
        int hours = 0, minutes = 0;
        if (!read_int(s, 2, 2, hours)) return false;
        if (!s.empty() && s[0] == ':') s.remove_prefix(1);
        if (!s.empty() && !read_int(s, 2, 2, minutes)) return false;
        offset_ticks = sign * (int64_t(hours) * 3600 + minutes * 60) * kTicksPerSecond;
        return s.empty();
    }
    return false;
}

}  // namespace

std::optional<int64_t> parse_datetime(std::string_view text) {
    std::string_view s = trim(text);
    CivilTime c;
    int64_t offset = 0;
    if (!s.empty() && std::isalpha(static_cast<unsigned char>(s[0]))) {
        // RFC 822: "Sat, 8 Nov 2014 15:05:02 GMT" (the day name is optional).
        size_t comma = s.find(',');
        if (comma != std::string_view::npos) s = trim(s.substr(comma + 1));
        if (!read_int(s, 1, 2, c.day)) return std::nullopt;
        s = trim(s);
        size_t space = s.find(' ');
        if (space == std::string_view::npos || !(c.month = month_of(s.substr(0, space)))) return std::nullopt;
        s = trim(s.substr(space));
        if (!read_int(s, 2, 4, c.year)) return std::nullopt;
        if (c.year < 100) c.year += 2000;
        s = trim(s);
        if (!s.empty() && !read_time(s, c, offset)) return std::nullopt;
        return ticks_from_civil(c) - offset;
    }
    // US order: MM-dd-yyyy, MM/dd/yyyy.
    if (s.size() >= 8 && (s[1] == '-' || s[1] == '/' || s[2] == '-' || s[2] == '/')) {
        std::string_view t = s;
        char sep = s[1] == '-' || s[1] == '/' ? s[1] : s[2];
        if (read_int(t, 1, 2, c.month) && !t.empty() && t[0] == sep) {
            t.remove_prefix(1);
            if (read_int(t, 1, 2, c.day) && !t.empty() && t[0] == sep) {
                t.remove_prefix(1);
                if (read_int(t, 4, 4, c.year) && c.month >= 1 && c.month <= 12 && c.day >= 1 && c.day <= 31) {
                    t = trim(t);
                    if (t.empty()) return ticks_from_civil(c);
                    if (read_time(t, c, offset) && t.empty()) return ticks_from_civil(c) - offset;
                }
            }
        }
        return std::nullopt;
    }
    if (!read_int(s, 4, 4, c.year) || s.empty() || (s[0] != '-' && s[0] != '/')) return std::nullopt;
    char sep = s[0];
    s.remove_prefix(1);
    if (!read_int(s, 1, 2, c.month) || s.empty() || s[0] != sep) return std::nullopt;
    s.remove_prefix(1);
    if (!read_int(s, 1, 2, c.day)) return std::nullopt;
    if (c.month < 1 || c.month > 12 || c.day < 1 || c.day > 31) return std::nullopt;
    if (!s.empty()) {
        if (s[0] != 'T' && s[0] != 't' && s[0] != ' ') return std::nullopt;
        s.remove_prefix(1);
        s = trim(s);
        if (!s.empty() && !read_time(s, c, offset)) return std::nullopt;
        if (!s.empty()) return std::nullopt;
    }
    if (c.hour > 23 || c.minute > 59 || c.second > 59) return std::nullopt;
    return ticks_from_civil(c) - offset;
}

std::optional<int64_t> parse_timespan(std::string_view text) {
    std::string_view s = trim(text);
    if (s.empty()) return std::nullopt;
    bool negative = false;
    if (s[0] == '-') {
        negative = true;
        s.remove_prefix(1);
    }
    if (s.find(':') != std::string_view::npos) {
        // [d.]hh:mm[:ss[.fffffff]]
        int64_t days = 0;
        size_t colon = s.find(':');
        size_t dot = s.substr(0, colon).find('.');
        if (dot != std::string_view::npos) {
            auto [p, ec] = std::from_chars(s.data(), s.data() + dot, days);
            if (ec != std::errc() || p != s.data() + dot) return std::nullopt;
            s.remove_prefix(dot + 1);
        }
        CivilTime c;
        int64_t offset = 0;
        if (!read_time(s, c, offset) || !s.empty() || offset) return std::nullopt;
        int64_t t = days * kTicksPerDay + (int64_t(c.hour) * 3600 + c.minute * 60 + c.second) * kTicksPerSecond +
                    c.fraction_ticks;
        return negative ? -t : t;
    }
    size_t n = 0;
    while (n < s.size() && (std::isdigit(static_cast<unsigned char>(s[n])) || s[n] == '.')) ++n;
    if (n == 0) return std::nullopt;
    double amount = 0;
    auto [p, ec] = std::from_chars(s.data(), s.data() + n, amount);
    if (ec != std::errc() || p != s.data() + n) return std::nullopt;
    std::string unit = support::to_lower(trim(s.substr(n)));
    double scale = 0;
    if (unit.empty()) {
        scale = double(kTicksPerDay);  // time(2) is two days
    } else if (const semantics::TimeUnit* u = semantics::find_time_unit(unit); u && u->kql) {
        scale = double(u->nanoseconds) / semantics::kNanosecondsPerTick;
    } else {
        return std::nullopt;
    }
    int64_t t = int64_t(std::llround(amount * scale));
    return negative ? -t : t;
}

namespace {

std::string format_real(double d) {
    if (std::isnan(d)) return "NaN";
    if (std::isinf(d)) return d > 0 ? "Infinity" : "-Infinity";
    if (d == std::floor(d) && std::fabs(d) < 1e15) {
        char buffer[32];
        std::snprintf(buffer, sizeof buffer, "%.0f", d);
        return buffer;
    }
    // The shortest text that reads back as the same double.
    char buffer[32];
    for (int precision = 15; precision <= 17; ++precision) {
        std::snprintf(buffer, sizeof buffer, "%.*g", precision, d);
        if (std::strtod(buffer, nullptr) == d) break;
    }
    return buffer;
}

// A whole real prints without a fraction in a dynamic value, as KQL prints it (118.0 -> 118).
nlohmann::json whole_reals_as_integers(const nlohmann::json& j) {
    if (j.is_number_float()) {
        double d = j.get<double>();
        if (d == std::floor(d) && std::fabs(d) < 9e15) return int64_t(d);
        return j;
    }
    if (j.is_array() || j.is_object()) {
        nlohmann::json out = j;
        for (auto& e : out) e = whole_reals_as_integers(e);
        return out;
    }
    return j;
}

}  // namespace

std::string dynamic_text(const nlohmann::json& j) {
    return whole_reals_as_integers(j).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string to_text(const KValue& v) {
    if (v.null) return "";
    switch (v.type) {
        case KType::Bool: return v.i ? "true" : "false";
        case KType::Int:
        case KType::Long: return std::to_string(v.i);
        case KType::Real:
        case KType::Decimal: return format_real(v.d);
        case KType::String:
        case KType::Guid: return v.s;
        case KType::DateTime: return format_datetime_iso(v.i);
        case KType::TimeSpan: return format_timespan(v.i);
        case KType::Dynamic:
            if (v.dyn->is_string()) return v.dyn->get<std::string>();
            return dynamic_text(*v.dyn);
    }
    return "";
}

nlohmann::json to_json(const KValue& v) {
    if (v.null) return nullptr;
    switch (v.type) {
        case KType::Bool: return bool(v.i);
        case KType::Int:
        case KType::Long: return v.i;
        case KType::Real:
        case KType::Decimal: return v.d;
        case KType::Dynamic: return *v.dyn;
        default: return to_text(v);
    }
}

KValue from_json_scalar(const nlohmann::json& j) {
    if (j.is_boolean()) return KValue::boolean(j.get<bool>());
    if (j.is_number_integer()) return KValue::integer(j.get<int64_t>());
    if (j.is_number()) return KValue::real(j.get<double>());
    if (j.is_string()) return KValue::string(j.get<std::string>());
    return KValue::dynamic(j);
}

Value to_result_value(const KValue& v) {
    if (v.null) return Null{};
    switch (v.type) {
        case KType::Int:
        case KType::Long: return v.i;
        case KType::Real:
        case KType::Decimal:
            // NaN and the infinities as KQL prints them: a result cell holds no such double.
            if (!std::isfinite(v.d)) return to_text(v);
            return v.d;
        default: return to_text(v);
    }
}

bool values_equal(const KValue& a, const KValue& b) {
    if (a.null || b.null) return a.null && b.null;
    if (a.is_numeric() && b.is_numeric()) {
        if (a.is_integral() && b.is_integral()) return a.i == b.i;
        return a.as_double() == b.as_double();
    }
    if (a.type == KType::Dynamic || b.type == KType::Dynamic) return to_json(a) == to_json(b);
    if ((a.type == KType::String || a.type == KType::Guid) && (b.type == KType::String || b.type == KType::Guid))
        return a.s == b.s;
    if (a.type != b.type) {
        if (a.type == KType::Bool && b.is_integral()) return a.i == b.i;
        if (b.type == KType::Bool && a.is_integral()) return a.i == b.i;
        return false;
    }
    return a.i == b.i;
}

int compare_values(const KValue& a, const KValue& b) {
    if (a.null || b.null) return a.null == b.null ? 0 : a.null ? -1 : 1;
    if (a.is_numeric() && b.is_numeric()) {
        if (a.is_integral() && b.is_integral()) return a.i < b.i ? -1 : a.i > b.i ? 1 : 0;
        double x = a.as_double(), y = b.as_double();
        return x < y ? -1 : x > y ? 1 : 0;
    }
    if (a.type == KType::String || a.type == KType::Guid || a.type == KType::Dynamic || a.type != b.type) {
        std::string x = to_text(a), y = to_text(b);
        return x < y ? -1 : x > y ? 1 : 0;
    }
    return a.i < b.i ? -1 : a.i > b.i ? 1 : 0;
}

std::string group_key(const KValue& v) {
    if (v.null) return "\x01null";
    if (v.is_numeric()) {
        if (v.is_integral()) return "n" + std::to_string(v.i);
        if (v.d == std::floor(v.d) && std::fabs(v.d) < 9e15) return "n" + std::to_string(int64_t(v.d));
        return "r" + format_real(v.d);
    }
    return std::string(1, char('A' + int(v.type))) + to_text(v);
}

}  // namespace qdiff::results::kql
