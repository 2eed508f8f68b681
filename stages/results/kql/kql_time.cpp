#include "stages/results/kql/kql_time.hpp"

#include "stages/results/kql/kql_value.hpp"

namespace qdiff::results::kql {

// The days-from-civil algorithm (era of 400 years, March-based years), written from its description.
int64_t days_from_civil(int year, int month, int day) {
    int64_t y = int64_t(year) - (month <= 2 ? 1 : 0);
    int64_t era = floor_div(y, 400);
    int64_t year_of_era = y - era * 400;
    int64_t month_index = month > 2 ? month - 3 : month + 9;
    int64_t day_of_year = (153 * month_index + 2) / 5 + day - 1;
    int64_t day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    return era * 146097 + day_of_era - 719468;
}

void civil_from_days(int64_t days, int& year, int& month, int& day) {
    days += 719468;
    int64_t era = floor_div(days, 146097);
    int64_t day_of_era = days - era * 146097;
    int64_t year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36524 - day_of_era / 146096) / 365;
    int64_t day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    int64_t month_index = (5 * day_of_year + 2) / 153;
    day = int(day_of_year - (153 * month_index + 2) / 5 + 1);
    month = int(month_index < 10 ? month_index + 3 : month_index - 9);
    year = int(year_of_era + era * 400 + (month <= 2 ? 1 : 0));
}

int64_t ticks_from_civil(const CivilTime& c) {
    return days_from_civil(c.year, c.month, c.day) * kTicksPerDay +
           (int64_t(c.hour) * 3600 + int64_t(c.minute) * 60 + c.second) * kTicksPerSecond + c.fraction_ticks;
}

CivilTime civil_from_ticks(int64_t ticks) {
    CivilTime c;
    int64_t days = floor_div(ticks, kTicksPerDay);
    int64_t rest = ticks - days * kTicksPerDay;
    civil_from_days(days, c.year, c.month, c.day);
    int64_t seconds = rest / kTicksPerSecond;
    c.fraction_ticks = rest % kTicksPerSecond;
    c.hour = int(seconds / 3600);
    c.minute = int(seconds / 60 % 60);
    c.second = int(seconds % 60);
    return c;
}

}  // namespace qdiff::results::kql
