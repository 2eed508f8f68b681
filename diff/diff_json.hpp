// The JSON form of a diff result, shared by `qdiff diff --format json` and the Python module's diff():
// {"score", "ok", "gated", "profile", "components": {NAME: {...}}, [hybrid fields], "statements", "edits",
//  "tree_distance", "tree_distance_exact", "edits_truncated"} (README.md, "qdiff diff").
#pragma once
#include <nlohmann/json.hpp>

#include "qdiff/diff.hpp"

namespace qdiff {

// Spans are reported as byte ranges and line/column of the text each atom or node came from.
nlohmann::ordered_json diff_json(const DiffResult& result, const SourceText& expected, const SourceText& generated);

// {"expected": [...], "generated": [...]}: the diagnostics of both queries, as `render_json` gives them.
nlohmann::ordered_json diff_diagnostics_json(const ParseResult& expected, const ParseResult& generated);

}  // namespace qdiff
