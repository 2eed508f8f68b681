// What evaluate() and Batch (include/qdiff/evaluate.hpp) build from their options, for the in-tree front
// end that needs more than the records' text (`qdiff batch`: their facts for its summary, CSV rows).
#pragma once
#include <functional>
#include <memory>
#include <string>

#include "qdiff/evaluate.hpp"
#include "stages/batch_runner.hpp"
#include "stages/batch_stages.hpp"

namespace qdiff::stages {

// Throws std::invalid_argument when the options cannot run (set_evaluate_option's message).
void check(const EvaluateOptions& options);
PipelineOptions pipeline_options(const EvaluateOptions& options);
BatchStageOptions stage_options(const EvaluateOptions& options);
// A runner with one pipeline per thread, sharing one schema cache. `format` and `already_done` as
// BatchRunnerOptions has them.
std::unique_ptr<BatchRunner> make_runner(const EvaluateOptions& options, RecordFormat format,
                                         std::function<bool(const std::string& id)> already_done);

}  // namespace qdiff::stages
