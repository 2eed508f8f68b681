// `--db synth[:N[:SEED]]` in the results stage (results_stage.cpp hands such cases over).
#pragma once
#include <optional>
#include <string>
#include <string_view>

#include "qdiff/stage.hpp"
#include "stages/results/results_stage.hpp"
#include "stages/results/synth/synth.hpp"

namespace qdiff::results::synth {

bool is_synth_db(std::string_view db);
// "synth" (8 to 16 databases, seed 1), "synth:N" (N to 2N), "synth:N:SEED"; false with `error` set
// when malformed.
bool parse_synth_db(std::string_view db, SynthOptions& options, std::string& error);
// The synthesized databases' options for the results stage, SQL and KQL alike: `db` as parse_synth_db
// reads it, the stage's limits (at most 10,000 rows), tolerance and comparison (`set` mode compares
// sets of rows, positional_columns pairs columns by position); false with `error` set when `db` is
// malformed.
bool stage_synth_options(std::string_view db, const ResultsOptions& stage, SynthOptions& options, std::string& error);

// The results stage's answer from synthesized databases. equal -> Ok, score 1; different -> Ok,
// score 0, with the counterexample in details; undecided -> Skipped (no results_match: it counts
// neither way); the generated query failing -> Error or Timeout, score 0; the expected query failing
// -> Skipped (undecided: its failure says nothing about the generated one).
// details: synth_verdict, synth_databases and synth_databases_tried (both: how many databases ran),
// synth_seed; for different, synth_kind (the separating database's kind: plain, nulls, duplicates,
// ties, empty, dangling, case, boundary, cast), synth_edge_cases_only (kind is not plain) and
// counterexample (counterexample_json); for undecided, synth_undecided_cause (expected_fails,
// both_empty, expected_constant, dialect).
StageResult evaluate_synthesized(const Case& c, const StageContext& context, const SynthOptions& options);
// The tables to synthesize: the schema earlier stages loaded, else the case's own (kept in `loaded`);
// null with `why_not` set when there is none.
const Schema* case_schema(const Case& c, const StageContext& context, std::optional<SchemaLoadResult>& loaded,
                          std::string& why_not);
// Both SQL queries on synthesized databases as SQLite runs them: each with its engine's NULL order and
// case-sensitive LIKE stated (null_order.cpp, like_case.cpp), a query of another dialect than SQLite's in
// SQLite's spelling (../sqlite_spelling.hpp); one that uses what SQLite cannot spell, or that SQLite
// cannot run, is undecided with the cause `dialect`. `expected_text` parsed is `expected`, and so on.
SynthOutcome compare_sql_as_sqlite_runs_it(const Schema& schema, const std::string& expected_text,
                                           const ParseResult& expected, const std::string& generated_text,
                                           const ParseResult& generated, bool ordered,
                                           const std::vector<size_t>& order_keys, const SynthOptions& options);
// The stage's answer above from a verdict on synthesized (or given) data, for SQL and KQL alike.
StageResult outcome_result(const SynthOutcome& outcome, uint64_t seed);

}  // namespace qdiff::results::synth
