// The time-unit table (ast/semantics/time_units.def): what `1h`, `100ms` or INTERVAL '2 weeks' mean.
#pragma once
#include <cstdint>
#include <span>
#include <string_view>

namespace qdiff::semantics {

struct TimeUnit {
    std::string_view spelling;  // lower case
    int64_t nanoseconds;
    bool kql;  // KQL's lexer reads it after a number
};

std::span<const TimeUnit> time_units();
// The unit spelt exactly `spelling` (the table's spellings are lower case), or null.
const TimeUnit* find_time_unit(std::string_view spelling);

// KQL counts time in ticks of 100 ns.
constexpr double kNanosecondsPerTick = 100;

}  // namespace qdiff::semantics
