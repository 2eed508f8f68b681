// timespans: KQL timespans and SQL intervals of fixed length compare in seconds (60m is 1h is
// INTERVAL '1 hour'); calendar intervals in months ('1 year' is '12 months').
#include <cctype>
#include <charconv>
#include <map>

#include "ast/normalize/normalizer.hpp"
#include "support/strings.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

// Seconds per unit of a timespan or interval; nullopt for calendar units (months, years).
std::optional<double> unit_seconds(std::string unit) {
    unit = support::to_lower(unit);
    if (unit.size() > 1 && unit.back() == 's' && unit != "ms" && unit != "s") unit.pop_back();
    static const std::map<std::string, double> units = {
        {"d", 86400},    {"day", 86400}, {"h", 3600},           {"hr", 3600},    {"hour", 3600},
        {"m", 60},       {"min", 60},    {"minute", 60},        {"s", 1},        {"sec", 1},
        {"second", 1},   {"ms", 1e-3},   {"millisecond", 1e-3}, {"milli", 1e-3}, {"microsecond", 1e-6},
        {"micro", 1e-6}, {"tick", 1e-7}, {"week", 604800},      {"w", 604800}};
    auto it = units.find(unit);
    if (it == units.end()) return std::nullopt;
    return it->second;
}

// "1h", "60m", "1.5d", "100ms", "1 hour", "2 days"; nullopt for calendar units or other forms.
std::optional<double> timespan_seconds(std::string_view text) {
    std::string t = support::fold_whitespace(text);
    size_t i = 0;
    bool neg = false;
    if (i < t.size() && (t[i] == '-' || t[i] == '+')) neg = t[i++] == '-';
    size_t start = i;
    while (i < t.size() && (std::isdigit(static_cast<unsigned char>(t[i])) || t[i] == '.')) ++i;
    if (i == start) return std::nullopt;
    double v = 0;
    if (std::from_chars(t.data() + start, t.data() + i, v).ec != std::errc()) return std::nullopt;
    while (i < t.size() && t[i] == ' ') ++i;
    std::string unit = t.substr(i);
    if (unit.empty()) return std::nullopt;
    auto s = unit_seconds(unit);
    if (!s) return std::nullopt;
    return (neg ? -v : v) * *s;
}

// Calendar intervals in months: "1 month", "2 years" (24), "1 quarter" (3); nullopt otherwise.
std::optional<double> interval_months(std::string_view text) {
    std::string t = support::to_lower(support::fold_whitespace(text));
    double v = 0;
    auto r = std::from_chars(t.data(), t.data() + t.size(), v);
    if (r.ec != std::errc()) return std::nullopt;
    std::string unit(support::fold_whitespace(std::string_view(r.ptr, t.data() + t.size() - r.ptr)));
    if (unit.size() > 1 && unit.back() == 's') unit.pop_back();
    static const std::map<std::string, double> months = {{"month", 1}, {"mon", 1}, {"mo", 1}, {"quarter", 3},
                                                         {"year", 12}, {"yr", 12}, {"y", 12}};
    auto it = months.find(unit);
    if (it == months.end()) return std::nullopt;
    return v * it->second;
}

Expr* in_seconds(Normalizer& n, Expr* e) {
    auto* l = dyn_cast<Literal>(e);
    if (!l || (l->type != LiteralType::Timespan && l->type != LiteralType::Interval)) return e;
    if (auto seconds = timespan_seconds(l->text)) {
        l->type = LiteralType::Timespan;
        l->text = n.arena().copy(format_number(*seconds) + "s");
    } else if (auto months = interval_months(l->text)) {
        l->type = LiteralType::Interval;
        l->text = n.arena().copy(format_number(*months) + " month");
    }
    return l;
}

}  // namespace

const RuleHooks timespans = {.expr = &in_seconds};

}  // namespace qdiff::normalizing::rules
