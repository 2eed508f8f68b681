// A diff result rendered for people and programs: what `qdiff diff` prints, for any caller of diff().
// Spans become line:column positions of the texts the two queries came from.
#pragma once
#include <string>

#include "qdiff/diff.hpp"

namespace qdiff {

// The JSON document of `qdiff diff --format json` without its "diagnostics" (README.md, "qdiff diff").
std::string to_json(const DiffResult& result, const SourceText& expected, const SourceText& generated);

// The text of `qdiff diff`: the score, each component's atoms (matched, changed, missing, extra) with
// their positions, and the first node edits.
std::string to_text(const DiffResult& result, const SourceText& expected, const SourceText& generated);

}  // namespace qdiff
