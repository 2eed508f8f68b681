// Which built-in profile decides the verdict (the default profile of a score: default_profile_name in
// include/qdiff/compare.hpp).
#pragma once
#include <cstdint>
#include <string_view>

#include "qdiff/parse.hpp"

namespace qdiff::scoring {

// The built-in execution profile the verdict's probability comes from (SCORING.md, "The verdict"):
// `weaviate-execution` for two Weaviate queries, `execution` otherwise.
std::string_view verdict_profile_name(Language expected, Language generated);

}  // namespace qdiff::scoring
