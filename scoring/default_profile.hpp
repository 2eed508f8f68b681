// Which built-in profile scores a pair when none is named: decided here only, for `qdiff diff`,
// `qdiff serve`, `qdiff batch` and the Python module alike.
#pragma once
#include <cstdint>
#include <string_view>

#include "qdiff/parse.hpp"

namespace qdiff::scoring {

// What the score is for: a diff explains every component; a batch verdict estimates whether the
// generated query returns the expected rows.
enum class ProfileUse : uint8_t { Diff, Batch };

// weaviate-ast for two Weaviate queries (the published metric's components); otherwise `full` for a
// diff (SQL and KQL have the projection, joins, order and limit that weaviate-ast leaves out) and
// `execution` for a batch verdict (SCORING.md, "The execution profile").
std::string_view default_profile_name(Language expected, Language generated, ProfileUse use);

// The built-in execution profile the verdict's probability comes from (SCORING.md, "The verdict"):
// `weaviate-execution` for two Weaviate queries, `execution` otherwise.
std::string_view verdict_profile_name(Language expected, Language generated);

}  // namespace qdiff::scoring
