// The JSON forms of a diff result. The full one, shared by `qdiff diff --format json`, to_json() and the
// Python module's diff(): {"score", "ok", "gated", "profile", "components": {NAME: {...}}, [hybrid fields],
// "statements", "edits", "tree_distance", "tree_distance_exact", "edits_truncated"} (README.md, "qdiff diff").
#pragma once
#include <nlohmann/json.hpp>

#include "qdiff/compare.hpp"
#include "qdiff/diff.hpp"

namespace qdiff {

// Spans are reported as byte ranges and line/column of the text each atom or node came from.
nlohmann::ordered_json diff_json(const DiffResult& result, const SourceText& expected, const SourceText& generated);

// The compact form of a batch record's "structural" (README.md, "Batch"): per component the matched count,
// the texts of the missing, extra and changed atoms and their byte spans; the execution profile's features.
nlohmann::ordered_json diff_record_json(const DiffResult& result);

// Terms of a logistic model, each with its share of the log-odds: [{name, value, coefficient,
// contribution, detail}] (the execution profile's features, the verdict's evidence).
nlohmann::ordered_json features_json(const std::vector<FeatureContribution>& features);

// {"expected": [...], "generated": [...]}: the diagnostics of both queries, as `render_json` gives them.
nlohmann::ordered_json diff_diagnostics_json(const ParseResult& expected, const ParseResult& generated);

// The document to_json(Comparison) writes, for callers that add to it (`qdiff diff --db synth`).
nlohmann::ordered_json comparison_json(const Comparison& comparison);

}  // namespace qdiff
