#include "stages/results/normalize_value.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "support/strings.hpp"

namespace qdiff::results {
namespace {

std::string_view trim(std::string_view s) {
    size_t b = s.find_first_not_of(" \t\r\n");
    if (b == std::string_view::npos) return {};
    size_t e = s.find_last_not_of(" \t\r\n");
    return s.substr(b, e - b + 1);
}

// A decimal number and nothing else (no hex, inf or nan: those stay texts).
bool parse_number(std::string_view s, double& out) {
    if (s.empty() || s.size() > 64) return false;
    size_t i = 0;
    if (s[i] == '+' || s[i] == '-') ++i;
    bool digits = false;
    while (i < s.size() && std::isdigit((unsigned char)s[i])) {
        ++i;
        digits = true;
    }
    if (i < s.size() && s[i] == '.') {
        ++i;
        while (i < s.size() && std::isdigit((unsigned char)s[i])) {
            ++i;
            digits = true;
        }
    }
    if (!digits) return false;
    if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
        ++i;
        if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
        if (i == s.size() || !std::isdigit((unsigned char)s[i])) return false;
        while (i < s.size() && std::isdigit((unsigned char)s[i])) ++i;
    }
    if (i != s.size()) return false;
    out = std::strtod(std::string(s).c_str(), nullptr);
    return true;
}

bool digits_at(std::string_view s, size_t pos, size_t count) {
    if (pos + count > s.size()) return false;
    for (size_t i = pos; i < pos + count; ++i)
        if (!std::isdigit((unsigned char)s[i])) return false;
    return true;
}

}  // namespace

std::string canonical_datetime(std::string_view s) {
    // YYYY-MM-DD or YYYY/MM/DD
    if (!digits_at(s, 0, 4) || s.size() < 10 || (s[4] != '-' && s[4] != '/') || s[7] != s[4] || !digits_at(s, 5, 2) ||
        !digits_at(s, 8, 2))
        return {};
    std::string date =
        std::string(s.substr(0, 4)) + "-" + std::string(s.substr(5, 2)) + "-" + std::string(s.substr(8, 2));
    if (s.size() == 10) return date;
    // [T ]HH:MM[:SS[.fraction]][Z|±HH[:MM]]
    if ((s[10] != 'T' && s[10] != ' ') || !digits_at(s, 11, 2) || s.size() < 16 || s[13] != ':' || !digits_at(s, 14, 2))
        return {};
    std::string time = std::string(s.substr(11, 5));
    size_t i = 16;
    std::string seconds = ":00", fraction;
    if (i < s.size() && s[i] == ':') {
        if (!digits_at(s, i + 1, 2)) return {};
        seconds = ":" + std::string(s.substr(i + 1, 2));
        i += 3;
        if (i < s.size() && s[i] == '.') {
            size_t start = ++i;
            while (i < s.size() && std::isdigit((unsigned char)s[i])) ++i;
            fraction = std::string(s.substr(start, i - start));
            while (!fraction.empty() && fraction.back() == '0') fraction.pop_back();
        }
    }
    std::string zone(s.substr(i));
    if (zone == "Z" || zone == "+00" || zone == "+00:00" || zone == "+0000" || zone == "-00" || zone == "-00:00")
        zone.clear();
    else if (!zone.empty() && !((zone[0] == '+' || zone[0] == '-') && digits_at(zone, 1, 2)))
        return {};
    std::string clock = time + seconds + (fraction.empty() ? "" : "." + fraction);
    if (clock == "00:00:00" && zone.empty()) return date;
    return date + " " + clock + zone;
}

NormalValue normalize_value(const Value& v) {
    NormalValue out;
    if (std::holds_alternative<Null>(v)) return out;
    if (auto* i = std::get_if<int64_t>(&v)) {
        out.kind = NormalValue::Kind::Number;
        out.number = double(*i);
        return out;
    }
    if (auto* d = std::get_if<double>(&v)) {
        out.kind = NormalValue::Kind::Number;
        out.number = *d;
        return out;
    }
    std::string_view text = trim(std::get<std::string>(v));
    if (parse_number(text, out.number)) {
        out.kind = NormalValue::Kind::Number;
        return out;
    }
    if (support::iequals(text, "true") || support::iequals(text, "false")) {
        out.kind = NormalValue::Kind::Number;
        out.number = support::iequals(text, "true") ? 1 : 0;
        return out;
    }
    out.kind = NormalValue::Kind::Text;
    std::string date = canonical_datetime(text);
    out.text = date.empty() ? std::string(text) : date;
    return out;
}

std::string value_key(const NormalValue& v, int significant_digits) {
    switch (v.kind) {
        case NormalValue::Kind::Null: return "N";
        case NormalValue::Kind::Number: {
            char buffer[64];
            double x = v.number == 0 ? 0 : v.number;  // -0 and 0 share a key
            std::snprintf(buffer, sizeof buffer, "#%.*g", significant_digits, x);
            return buffer;
        }
        case NormalValue::Kind::Text: return "'" + v.text;
    }
    return {};
}

bool values_equal(const NormalValue& a, const NormalValue& b, double tolerance) {
    if (a.kind != b.kind) return false;
    switch (a.kind) {
        case NormalValue::Kind::Null: return true;
        case NormalValue::Kind::Number: {
            double scale = std::max({1.0, std::fabs(a.number), std::fabs(b.number)});
            return std::fabs(a.number - b.number) <= tolerance * scale;
        }
        case NormalValue::Kind::Text: return a.text == b.text;
    }
    return false;
}

}  // namespace qdiff::results
