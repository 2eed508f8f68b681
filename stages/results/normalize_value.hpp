// Values brought to one comparable form (the rules are listed in compare.hpp).
#pragma once
#include <string>

#include "stages/results/result_set.hpp"

namespace qdiff::results {

struct NormalValue {
    enum class Kind : uint8_t { Null, Number, Text } kind = Kind::Null;
    double number = 0;
    std::string text;  // texts, with dates in the canonical spelling
};

NormalValue normalize_value(const Value& v);
// A hashable key: equal keys mean equal values. Numbers are rounded to `significant_digits`, so two
// values within the tolerance may still get different keys: values_equal decides those.
std::string value_key(const NormalValue& v, int significant_digits);
bool values_equal(const NormalValue& a, const NormalValue& b, double tolerance);
// "2024-01-05", "2024-01-05 10:00:00.5" from the common spellings; empty when `s` is not a date.
std::string canonical_datetime(std::string_view s);

}  // namespace qdiff::results
