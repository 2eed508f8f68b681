// Calendar arithmetic on 100-ns ticks since 1970-01-01 UTC (the proleptic Gregorian calendar, as
// KQL's datetime has it).
#pragma once
#include <cstdint>

namespace qdiff::results::kql {

struct CivilTime {
    int year = 1970, month = 1, day = 1, hour = 0, minute = 0, second = 0;
    int64_t fraction_ticks = 0;  // below a second
};

int64_t days_from_civil(int year, int month, int day);
void civil_from_days(int64_t days, int& year, int& month, int& day);
int64_t ticks_from_civil(const CivilTime& c);
CivilTime civil_from_ticks(int64_t ticks);
// Floor division that rounds towards minus infinity (bin() of negative values and dates before 1970).
inline int64_t floor_div(int64_t a, int64_t b) {
    int64_t q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

}  // namespace qdiff::results::kql
