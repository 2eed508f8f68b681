// KQL's scalar values as the executor (kql_exec.hpp) keeps them: every value has one of KQL's types,
// also when it is null (KQL's nulls are typed), and strings are never null (an absent string is "").
// README.md in this directory lists how each type's rules are kept.
#pragma once
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "stages/results/result_set.hpp"

namespace qdiff::results::kql {

// int and long are both kept as 64-bit integers (the type name is kept for typeof/getschema); decimal
// is kept as a real.
enum class KType : uint8_t { Bool, Int, Long, Real, Decimal, String, DateTime, TimeSpan, Dynamic, Guid };
std::string_view type_name(KType t);
// "long", "int64", "string", "datetime", "date", "timespan", "time", "real", "double", "bool", ...
std::optional<KType> parse_type_name(std::string_view name);

// A 100-nanosecond tick, KQL's datetime and timespan resolution.
constexpr int64_t kTicksPerSecond = 10'000'000;
constexpr int64_t kTicksPerDay = 86400 * kTicksPerSecond;

struct KValue {
    KType type = KType::String;
    bool null = false;
    int64_t i = 0;   // Bool (0/1), Int, Long, DateTime (ticks since 1970-01-01), TimeSpan (ticks)
    double d = 0;    // Real, Decimal
    std::string s;   // String, Guid
    std::shared_ptr<const nlohmann::json> dyn;  // Dynamic (null when the value is null)

    static KValue null_of(KType t) {
        KValue v;
        v.type = t;
        v.null = t != KType::String;
        return v;
    }
    static KValue boolean(bool b) { return integer_of(KType::Bool, b ? 1 : 0); }
    static KValue integer(int64_t x) { return integer_of(KType::Long, x); }
    static KValue integer_of(KType t, int64_t x) {
        KValue v;
        v.type = t;
        v.i = x;
        return v;
    }
    static KValue real(double x) {
        KValue v;
        v.type = KType::Real;
        v.d = x;
        return v;
    }
    static KValue string(std::string x) {
        KValue v;
        v.type = KType::String;
        v.s = std::move(x);
        return v;
    }
    static KValue datetime(int64_t ticks) { return integer_of(KType::DateTime, ticks); }
    static KValue timespan(int64_t ticks) { return integer_of(KType::TimeSpan, ticks); }
    static KValue dynamic(nlohmann::json j);
    bool is_numeric() const { return type == KType::Int || type == KType::Long || type == KType::Real || type == KType::Decimal; }
    bool is_integral() const { return type == KType::Int || type == KType::Long; }
    bool is_real() const { return type == KType::Real || type == KType::Decimal; }
    double as_double() const { return is_real() ? d : double(i); }
};

// An error in the query's meaning (a column that does not exist, a wrong argument): the query fails.
struct KqlError : std::runtime_error {
    using std::runtime_error::runtime_error;
};
// Something outside the executor's core: the query is refused, naming it.
struct KqlUnsupported : std::runtime_error {
    explicit KqlUnsupported(std::string what_) : std::runtime_error("unsupported: " + what_), construct(std::move(what_)) {}
    std::string construct;
};

// ---- text forms ---------------------------------------------------------------------------------

// ISO 8601 in UTC with 7 fractional digits, as KQL's tostring() prints it: 2024-01-05T10:00:00.0000000Z.
std::string format_datetime_iso(int64_t ticks);
// [-][d.]hh:mm:ss[.fffffff], as KQL prints a timespan.
std::string format_timespan(int64_t ticks);
// The many spellings datetime() and todatetime() accept (ISO 8601, "2024-01-05 10:00", RFC 822
// "Sat, 8 Nov 2014 15:05:02 GMT", ...); nullopt when the text is not a date.
std::optional<int64_t> parse_datetime(std::string_view text);
// 1d, 2h, 30m, 10s, 100ms, 5microsecond, 10tick, 1.5h (every KQL unit of ast/semantics/time_units.def,
// any case), and [-][d.]hh:mm[:ss[.f]].
std::optional<int64_t> parse_timespan(std::string_view text);

// The text tostring() gives: numbers as KQL prints them, datetimes ISO, dynamic as compact JSON,
// null -> "".
std::string to_text(const KValue& v);
// A dynamic value's JSON text, compact, whole reals without a fraction.
std::string dynamic_text(const nlohmann::json& j);
// The value as a dynamic's JSON element (datetimes and timespans become their texts).
nlohmann::json to_json(const KValue& v);
// A JSON element read back into the executor: numbers -> long/real, strings -> string, else dynamic.
KValue from_json_scalar(const nlohmann::json& j);
// A result cell: null -> NULL; bool -> "true"/"false"; numbers; everything else as to_text.
Value to_result_value(const KValue& v);

// ---- comparisons --------------------------------------------------------------------------------

// Equality as == has it: null never equals anything (callers check), numbers across int/long/real by
// value, strings case-sensitively, dynamic by JSON equality.
bool values_equal(const KValue& a, const KValue& b);
// A total order for sort/min/max/arg_max over one column's values: nulls first; -1/0/1.
int compare_values(const KValue& a, const KValue& b);
// A key for grouping (summarize by, distinct, join keys, dcount): equal values, equal keys.
std::string group_key(const KValue& v);

}  // namespace qdiff::results::kql
