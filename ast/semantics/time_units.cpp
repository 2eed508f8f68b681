// The table of ast/semantics/time_units.def.
#include "ast/semantics/time_units.hpp"

namespace qdiff::semantics {
namespace {

constexpr TimeUnit kUnits[] = {
#define QDIFF_TIME_UNIT(spelling, nanoseconds, kql) {spelling, nanoseconds, kql},
#include "ast/semantics/time_units.def"
#undef QDIFF_TIME_UNIT
};

}  // namespace

std::span<const TimeUnit> time_units() { return kUnits; }

const TimeUnit* find_time_unit(std::string_view spelling) {
    for (const TimeUnit& u : kUnits)
        if (u.spelling == spelling) return &u;
    return nullptr;
}

}  // namespace qdiff::semantics
