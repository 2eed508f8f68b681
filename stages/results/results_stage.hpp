// The results matcher stage: runs (or reads) the expected and the generated result and compares them
// (compare.hpp has the matching rules, execute_sqlite.cpp / execute_postgres.cpp the safety rules).
//
// Where the results come from, per side: a result given with the case (expected_result /
// generated_result: a file or inline JSON) wins; otherwise the query runs on the case's `db`, or the
// options' `db` when the case has none. KQL queries run through the KQL executor (kql/judge.hpp) on
// `tables:DIR` (one CSV or JSON-lines file per table) and `synth`; Weaviate queries need result files. Without an expected result the stage is skipped (nothing to compare against); an
// expected query that fails is an Error; a generated query that fails or times out is an Error or a
// Timeout with score 0. The expected result counts as ordered when the case says so or when the
// expected query orders its result at the top level (SQL ORDER BY; KQL sort/order/top, also when a
// later project/extend/where wraps them).
//
// A result's reason is the comparison's explanation; its details (JSON values as text) are mode,
// ordered, columns (expected -> generated, null when unpaired), expected_rows, generated_rows, found,
// missing, extra, truncated, missing_examples and generated_seconds.
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "qdiff/stage.hpp"
#include "stages/results/compare.hpp"
#include "stages/results/result_set.hpp"

namespace qdiff {

struct ResultsOptions {
    std::string db;  // "sqlite:PATH" | "postgres:URI" | "synth[:N[:SEED]]" (synth/) | "tables:DIR" (KQL) | ""
    // With no database (here or in the case) and no result files, an SQL case that names a schema runs
    // on synthesized databases (`qdiff batch`'s default; `--db none` turns it off).
    bool synth_when_schema = false;
    std::string mode = "exact";  // | "set" | "recall" | "f1" (compare.hpp)
    bool positional_columns = false;  // pair columns by position, as BIRD compares tuples
    double timeout_seconds = 10;
    size_t row_cap = 100000;
    double tolerance = 1e-6;
};

// kind() == StageKind::Results.
std::unique_ptr<Stage> make_results_stage(const ResultsOptions& options);

namespace results {
// Whether the expected query orders its result (see above; false when it does not parse), and on which
// result columns: ORDER BY items that are a select-list position, alias or expression. `keys` is empty
// when any item is something else or the select list has a `*` (then every row's place counts).
struct ResultOrder {
    bool ordered = false;
    std::vector<size_t> keys;
};
ResultOrder result_order(const std::string& query, Language language, Dialect dialect);
ResultOrder result_order(const ParseResult& parsed);
// The dialect whose engine runs `db` (the dialect traits' `engine`: "sqlite:PATH" is SQLite's), if any.
std::optional<Dialect> engine_of(std::string_view db);
// The results stage's answer from two executed results' comparison: Ok, its score and explanation,
// and the details listed above (mode, ordered, columns, row counts, missing_examples, truncated).
void compared(StageResult& r, const Comparison& cmp, const std::string& mode, bool ordered, bool truncated);
// Runs one query on "sqlite:PATH" or "postgres:URI".
ExecResult execute_on(const std::string& db, const std::string& sql, const ExecLimits& limits);
}  // namespace results

}  // namespace qdiff
