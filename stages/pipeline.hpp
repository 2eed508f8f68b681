// Evaluating one case: parse both queries, diff them, then the secondary stages, then the total.
// Nothing escapes as an exception: every failure becomes an error in the outcome.
#pragma once
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "qdiff/diff.hpp"
#include "qdiff/lint.hpp"
#include "qdiff/parse.hpp"
#include "qdiff/schema.hpp"
#include "qdiff/stage.hpp"
#include "scoring/total.hpp"
#include "stages/schema_cache.hpp"

namespace qdiff::stages {

struct PipelineOptions {
    // default: default_profile_name(..., ProfileUse::Batch) (compare.hpp). An execution profile is also the
    // verdict's model; with any other profile the verdict uses scoring::verdict_profile_name's.
    std::shared_ptr<const Profile> profile;
    scoring::TotalOptions total;
    std::vector<std::string> normalize_off;  // normalization rules switched off (`--normalize-off`)
    // `--positional-columns` (BIRD compares rows as tuples): without a database, a select list in another
    // order is a difference the verdict knows of (scoring::columns_out_of_position).
    bool positional_columns = false;
};

struct CaseOutcome {
    std::optional<ParseResult> expected;
    std::optional<ParseResult> generated;
    std::optional<DiffResult> diff;              // when both parsed
    // The diff under the verdict's model (an execution profile), when `diff` used another profile.
    std::optional<DiffResult> verdict_diff;
    std::optional<LintResult> lint;              // of the generated query (its diagnostics include the parse's)
    std::vector<Diagnostic> schema_diagnostics;  // the case's schema could not be loaded: lint ran without it
    std::vector<StageResult> stages;             // one per configured stage, in order
    scoring::VerdictInputs evidence;  // what the verdict was decided on (its diff pointer is not kept)
    scoring::Verdict verdict;
    scoring::Total total;
    std::vector<std::pair<std::string, double>> timings;  // step → seconds, in order
    std::string error;                                    // an internal failure of this case, "" when none
};

class Pipeline {
public:
    // The stages are owned by this pipeline and run one case at a time: a batch run builds one
    // pipeline per worker thread, so stages need not be thread-safe. The workers share `schemas`
    // (a pipeline of its own gets a cache of its own).
    Pipeline(PipelineOptions options, std::vector<std::unique_ptr<Stage>> stages,
             std::shared_ptr<SchemaCache> schemas = nullptr);
    CaseOutcome run(const Case& c);

private:
    PipelineOptions options_;
    std::shared_ptr<SchemaCache> schemas_;
    std::vector<std::unique_ptr<Stage>> stages_;
    // The facts of the schemas used lately (the schema is held so that its address is not reused).
    std::deque<std::pair<std::shared_ptr<const SchemaLoadResult>, std::shared_ptr<const SchemaFacts>>> facts_;
    std::shared_ptr<const SchemaFacts> facts_of(const std::shared_ptr<const SchemaLoadResult>& loaded);
    const Profile& verdict_model(Language expected, Language generated);
};

}  // namespace qdiff::stages
