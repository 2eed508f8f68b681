// The secondary stages of a batch run, built from the run's options: what `qdiff batch` and the
// Python module's score_cases() both configure, so that both give the same records.
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "qdiff/stage.hpp"

namespace qdiff::stages {

struct BatchStageOptions {
    std::string db;                      // --db: "sqlite:PATH" | "postgres:URI" | "synth[:N[:SEED]]" | ""
    bool synth_when_schema = true;       // cases with a schema and no database run on synthesized ones
    std::string results_mode = "exact";  // --results-mode: "exact" | "set" | "recall" | "f1"
    bool positional_columns = false;     // --positional-columns
    std::string judge;                   // --judge: URL | "cmd:PROGRAM" | "" (no judge)
    std::string judge_model;             // "" = the judge's default
    std::string judge_cache;             // a folder, "" = no cache
    std::optional<double> timeout;       // seconds per query run and per judge request
};

// The results stage always runs: a case may bring its own database or result files, and the stage
// reports itself skipped when there is nothing to compare. The judge runs when one is named.
// Each worker owns its own stages (see Pipeline).
std::vector<std::unique_ptr<Stage>> make_batch_stages(const BatchStageOptions& options);

}  // namespace qdiff::stages
