// The one "did you mean" helper: the known name closest to what was written, when it is close enough
// to be a typo. Every suggestion of a name (columns, tables, keywords, schema members, databases,
// Weaviate operators) goes through it, so that they agree on what "close" means.
//
// Distance: case-insensitive edit distance with an adjacent transposition counted as one edit
// (support/edit_distance.hpp: FORM -> FROM is 1). Threshold, unless a caller says otherwise: at most a
// third of the written name's characters, at least 1 and at most 3 (typo_limit). The closest candidate
// wins, the first on ties. A candidate spelt exactly as written is never suggested; one differing only
// in case is (distance 0, so it comes first) unless the caller's names ignore case anyway.
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace qdiff::diagnostics {

struct SuggestOptions {
    std::optional<size_t> max_distance = {};  // unset: typo_limit(written)
    // False where names match in any case (SQL): a candidate differing only in case would have matched,
    // so it is no correction.
    bool case_variants = true;
};

// At most a third of the written name's characters, at least 1 and at most 3.
size_t typo_limit(std::string_view written);

class ClosestName {
public:
    explicit ClosestName(std::string_view written, SuggestOptions options = {});
    // Offers a candidate, within the threshold or within `limit` for this candidate.
    void consider(std::string_view candidate);
    void consider(std::string_view candidate, size_t limit);
    // The closest candidate offered; empty when none was close enough.
    const std::string& best() const { return best_; }

private:
    std::string written_;
    SuggestOptions options_;
    size_t limit_;
    std::string best_;
    size_t best_distance_ = SIZE_MAX;
};

// The closest of `candidates` (any range of things convertible to std::string_view), or empty.
template <class Range>
std::string closest_name(std::string_view written, const Range& candidates, SuggestOptions options = {}) {
    ClosestName closest(written, options);
    for (const auto& c : candidates) closest.consider(std::string_view(c));
    return closest.best();
}

}  // namespace qdiff::diagnostics
