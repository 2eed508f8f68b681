// KQL cases in the results stage (issue 30): both queries of a case on given tables (`--db
// tables:DIR`) or on synthesized ones (`--db synth`), with the same verdicts, details and
// counterexamples as SQL (synth/README.md). now() is pinned for both queries.
#pragma once
#include <string>
#include <vector>

#include "qdiff/stage.hpp"
#include "stages/results/kql/kql_exec.hpp"
#include "stages/results/results_stage.hpp"
#include "stages/results/synth/synth.hpp"

namespace qdiff::results::kql {

// Both KQL queries on N databases synthesized from `schema` (databases.hpp: synthesize_kql); the
// first database that separates them is shrunk (rows deleted while they still differ) into the
// counterexample.
synth::SynthOutcome compare_kql_on_synthesized(const Schema& schema, const ParseResult& expected,
                                               const ParseResult& generated, bool ordered,
                                               const std::vector<size_t>& order_keys,
                                               const synth::SynthOptions& options, int64_t now_ticks);
// The same on one given database (tables:DIR): equal, different (with the shrunk counterexample) or
// undecided when both results are empty.
synth::SynthOutcome compare_kql_on_tables(const KqlDatabase& db, const ParseResult& expected,
                                          const ParseResult& generated, bool ordered,
                                          const std::vector<size_t>& order_keys, const synth::SynthOptions& options,
                                          int64_t now_ticks);

// Whether the results stage hands this case to the KQL executor: a KQL case without result files,
// with `db` synth or tables:DIR.
bool handles(const Case& c, const std::string& db);
// The results stage's answer for such a case. tables:DIR: both results compared in the stage's mode,
// like SQL on a real database; synth: the verdicts of synth/stage_source.hpp.
StageResult evaluate_case(const Case& c, const StageContext& context, const std::string& db,
                          const ResultsOptions& options);

}  // namespace qdiff::results::kql
