// timespans: KQL timespans and SQL intervals of fixed length compare in seconds (60m is 1h is
// INTERVAL '1 hour'); calendar intervals in months ('1 year' is '12 months').
#include <cctype>
#include <charconv>
#include <map>

#include "ast/normalize/normalizer.hpp"
#include "ast/semantics/time_units.hpp"
#include "support/strings.hpp"

namespace qdiff::normalizing::rules {
namespace {

using namespace ast;

// Nanoseconds per unit of a timespan or interval (ast/semantics/time_units.def; whole numbers, so that
// 5000nanosecond and 5microsecond give the same double), any case, a plural's 's' optional ("5 mins");
// nullopt for calendar units (months, years).
std::optional<double> unit_nanoseconds(std::string_view written) {
    std::string unit = support::to_lower(written);
    const semantics::TimeUnit* u = semantics::find_time_unit(unit);
    if (!u && unit.size() > 1 && unit.back() == 's')
        u = semantics::find_time_unit(std::string_view(unit).substr(0, unit.size() - 1));
    if (!u) return std::nullopt;
    return static_cast<double>(u->nanoseconds);
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
    auto ns = unit_nanoseconds(unit);
    if (!ns) return std::nullopt;
    return (neg ? -v : v) * *ns / 1e9;
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
