// The secondary stages of a batch run (stages/batch_stages.hpp).
#include "stages/batch_stages.hpp"

#include "stages/judge/judge_stage.hpp"
#include "stages/results/results_stage.hpp"

namespace qdiff::stages {

std::vector<std::unique_ptr<Stage>> make_batch_stages(const BatchStageOptions& o) {
    std::vector<std::unique_ptr<Stage>> stages;
    ResultsOptions results{.db = o.db, .synth_when_schema = o.synth_when_schema, .mode = o.results_mode};
    results.positional_columns = o.positional_columns;
    if (o.timeout) results.timeout_seconds = *o.timeout;
    stages.push_back(make_results_stage(results));
    if (!o.judge.empty()) {
        JudgeOptions judge{.target = o.judge, .cache_dir = o.judge_cache};
        if (!o.judge_model.empty()) judge.model = o.judge_model;
        if (o.timeout) judge.timeout_seconds = *o.timeout;
        stages.push_back(make_judge_stage(judge));
    }
    return stages;
}

}  // namespace qdiff::stages
