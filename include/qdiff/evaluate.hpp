// evaluate() and Batch: benchmark cases through every stage (the diff, lint, results on a real or a
// synthesized database, the judge) to one record each, with the verdict (README.md, "Batch evaluation").
// `qdiff batch` and Python's score_cases are adapters over these. Link qdiff::stages (or qdiff::qdiff).
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "qdiff/compare.hpp"
#include "qdiff/stage.hpp"

namespace qdiff {

// How `pass` is decided (SCORING.md, "The verdict" and "The seed's total").
enum class VerdictMode : uint8_t {
    Evidence,   // total = the verdict's probability; pass = probability >= the model's threshold
    SeedTotal,  // seed 000: total = w × query_similarity + (1 − w) × results_match; pass = total >= 0.9
};

struct EvaluateOptions {
    // The comparison's options: its profile (null: `execution`, or weaviate-ast for two Weaviate queries:
    // `use` is ProfileUse::Batch whatever it says) and normalization switches; its language and dialect
    // are the defaults of cases that name none.
    CompareOptions compare;
    std::string db;                 // "" | sqlite:PATH | postgres:URI | synth[:N[:SEED]] | tables:DIR
    bool synth_when_schema = true;  // cases with a schema and no database run on synthesized ones ("none": off)
    std::string results_mode = "exact";
    bool positional_columns = false;
    std::optional<double> timeout;  // seconds per query run and per judge request
    std::string judge, judge_model, judge_cache;
    VerdictMode verdict = VerdictMode::Evidence;
    double blend = 0.5;
    std::optional<double> pass_threshold;  // unset: the verdict model's threshold (evidence), 0.9 (seed)
    size_t threads = 1;                    // Batch's workers
    size_t cases_per_thread = 32;          // in flight per worker: memory stays flat however long the input
    std::string base_dir;                  // relative paths in a case (schema, db, result files) are taken from here
};

enum class EvaluateOption : uint8_t {
#define QDIFF_EVALUATE_OPTION(Id, name, value, help) Id,
#include "qdiff/evaluate_options.def"
};
struct EvaluateOptionInfo {
    EvaluateOption option;
    std::string name;   // `--name`; `name` with '_' for '-' in Python
    std::string value;  // the form of its value; "" for a switch
    std::string help;
};
const std::vector<EvaluateOptionInfo>& evaluate_option_infos();
const EvaluateOptionInfo* find_evaluate_option(std::string_view name);  // by either spelling; null if none
// Sets one option from its text ("" or "true"/"false" for a switch); returns "" or what is wrong,
// naming the values allowed ("must be a number from 0 to 1").
std::string set_evaluate_option(EvaluateOptions& options, EvaluateOption option, std::string_view value);

// One case, as one line of `qdiff batch` would be: its record as JSON text (no newline). Never throws
// for a case: what fails is in the record. Throws std::invalid_argument for options that are wrong.
std::string evaluate(const Case& c, const EvaluateOptions& options = {});

// A stream of cases on options.threads workers, records handed back in input order.
class Batch {
public:
    struct Input {
        size_t line = 0;                          // 1-based: default ids and error records name it
        std::variant<std::string, Case> content;  // a JSONL line (a bad one becomes an error record) or a case
    };
    struct Output {
        size_t line = 0;
        std::string id;
        std::string renamed_from;  // the id the input gave, when an earlier case of the run had it
        size_t first_line = 0;     // then: the line that has that id
        bool skipped = false;      // already_done said so: not evaluated, no record
        std::string record;        // the record's JSON text
    };

    // Throws std::invalid_argument for options that are wrong (a database file that is not there).
    explicit Batch(EvaluateOptions options, std::function<bool(const std::string& id)> already_done = {});
    ~Batch();
    Batch(const Batch&) = delete;
    Batch& operator=(const Batch&) = delete;

    // Takes inputs from `next` until it returns nothing and gives `emit` exactly one output per input, in
    // input order. `next` and `emit` run on the calling thread only. Ids are unique in the output: a
    // repeated one becomes ID#2 (ID#3, ...). An exception from `next` or `emit` stops the workers and is
    // rethrown once they are joined.
    void run(const std::function<std::optional<Input>()>& next, const std::function<void(Output&&)>& emit);
    size_t window() const;  // how many cases are in flight at most

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace qdiff
