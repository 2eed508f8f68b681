// The "did you mean" helper (suggest.hpp).
#include "diagnostics/suggest.hpp"

#include <algorithm>

#include "support/edit_distance.hpp"
#include "support/strings.hpp"

namespace qdiff::diagnostics {

size_t typo_limit(std::string_view written) { return std::clamp<size_t>(written.size() / 3, 1, 3); }

ClosestName::ClosestName(std::string_view written, SuggestOptions options)
    : written_(written), options_(options), limit_(options.max_distance.value_or(typo_limit(written))) {}

void ClosestName::consider(std::string_view candidate) { consider(candidate, limit_); }

void ClosestName::consider(std::string_view candidate, size_t limit) {
    if (candidate == written_) return;
    if (!options_.case_variants && support::iequals(candidate, written_)) return;
    size_t distance = support::edit_distance(written_, candidate, {.limit = limit});
    if (distance <= limit && distance < best_distance_) {
        best_distance_ = distance;
        best_ = std::string(candidate);
    }
}

}  // namespace qdiff::diagnostics
