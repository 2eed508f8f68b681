// Evaluating a stream of cases on N worker threads and handing their records back in input order.
// At most threads × cases_per_thread cases are in flight, so memory stays flat however long the input
// is. `qdiff batch` (cli/batch_command.cpp) drives it with the lines of a JSONL file; a language
// binding can drive it with ready cases.
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "stages/pipeline.hpp"
#include "stages/pipeline_record.hpp"

namespace qdiff::stages {

struct BatchInput {
    size_t line = 0;  // 1-based position in the input: default ids and error records name it
    // A JSONL line (read by read_case on a worker, so a bad line becomes an error record) or a ready case.
    std::variant<std::string, Case> content;
};

// What a batch hands back for each record, made on the workers.
enum class RecordFormat : uint8_t {
    Dom,    // the record as a DOM (`record`), no text
    Jsonl,  // `text`: the record's JSON on one line, without the line break (written without a DOM)
    Csv,    // `text`: the record's CSV row, with its line break (csv_row)
};

struct BatchOutput {
    size_t line = 0;
    std::string id;            // the case's id (for a bad line: its readable id, else the default one)
    std::string renamed_from;  // the id the input gave, when it repeated an earlier one (see run)
    size_t first_line = 0;     // then: the line that has that id
    bool skipped = false;      // already_done said so: not evaluated, no record
    Record record;             // with RecordFormat::Dom
    std::string text;          // with RecordFormat::Jsonl or Csv
    RecordFacts facts;         // what the run's summary takes from the record
};

struct BatchRunnerOptions {
    size_t threads = 1;
    size_t cases_per_thread = 32;  // in flight per worker: enough to keep workers busy while one case is slow
    CaseDefaults defaults;         // for JSONL lines
    // Ids whose records already exist (a resumed run): those cases are skipped. Called on the calling
    // thread, with the id after renaming.
    std::function<bool(const std::string& id)> already_done;
    RecordFormat format = RecordFormat::Dom;
};

class BatchRunner {
public:
    // Builds one pipeline per thread up front, so that a failure to build one reaches the caller
    // instead of ending a worker.
    BatchRunner(BatchRunnerOptions options, const std::function<std::unique_ptr<Pipeline>()>& make_pipeline);

    // Takes inputs from `next` until it returns nothing, and gives `emit` exactly one output per input,
    // in input order; a case that fails in any way becomes an error record. `next`, `emit` and
    // `already_done` run only on the calling thread, one at a time (a binding may take its interpreter
    // lock inside them). An exception from any of them stops the workers and is rethrown once they are
    // joined.
    // Ids are unique in the output: a case whose id an earlier case of this run has is renamed ID#2
    // (ID#3, ...; the next free one), its record says `renamed_from`. The renaming depends only on
    // the input's order, so a resumed run renames alike and skips the same cases.
    // Input lines are read (JSON) on the calling thread, since ids are needed in order; cases are
    // evaluated on the workers.
    void run(const std::function<std::optional<BatchInput>()>& next, const std::function<void(BatchOutput&&)>& emit);

    size_t window() const { return options_.threads * options_.cases_per_thread; }

private:
    struct Slot;
    void prepare(Slot& slot, std::map<std::string, size_t>& first_lines) const;
    // `text_size`: the room this worker reserves for its next record's text (from its last one).
    void evaluate(Slot& slot, Pipeline& pipeline, size_t& text_size) const;

    BatchRunnerOptions options_;
    std::vector<std::unique_ptr<Pipeline>> pipelines_;
};

}  // namespace qdiff::stages
