// Batch input and output: a JSONL line → a Case, an evaluated case → its JSONL record, and the
// summary of many records (README.md, "qdiff batch", documents the fields).
#pragma once
#include <cstddef>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "qdiff/stage.hpp"
#include "stages/pipeline.hpp"

namespace qdiff::stages {

struct CaseDefaults {
    Language language = Language::Auto;
    Dialect dialect = Dialect::Generic;
    std::string base_dir;  // relative paths in a case (schema, db, result files) are taken from here
};

// The id a case without one gets: its line number, so that a resumed run finds it again.
std::string default_case_id(size_t line);

struct BadLine {
    std::string id;  // when the line had a readable id
    std::string message;
};
// The fields of a case line, each of the kind read_case reads it as: the one list that read_case and
// misspelt_case_fields share (read_case can name no field outside it, see pipeline_record.cpp), so a
// new field is known to the typo check the moment it can be read.
enum class CaseFieldKind : uint8_t {
    Id,      // a string or an integer
    Query,   // a required string: the expected and the generated query
    Text,    // an optional string
    Label,   // true, false, 1 or 0: whether the generated query is right
    Tag,     // a string or number kept in the record, that a report breaks agreement down by
    Result,  // a result set: a file path or inline JSON
};
struct CaseField {
    std::string_view name;
    CaseFieldKind kind;
};
inline constexpr CaseField kCaseFields[] = {
    {"id", CaseFieldKind::Id},
    {"question", CaseFieldKind::Text},
    {"lang", CaseFieldKind::Text},
    {"dialect", CaseFieldKind::Text},
    {"expected", CaseFieldKind::Query},
    {"generated", CaseFieldKind::Query},
    {"schema", CaseFieldKind::Text},
    {"db", CaseFieldKind::Text},
    {"expected_result", CaseFieldKind::Result},
    {"generated_result", CaseFieldKind::Result},
    {"label", CaseFieldKind::Label},
    {"res", CaseFieldKind::Label},  // BIRD's name for it
    {"db_id", CaseFieldKind::Tag},
    {"difficulty", CaseFieldKind::Tag},
    {"hardness", CaseFieldKind::Tag},
    {"category", CaseFieldKind::Tag},
    {"setup", CaseFieldKind::Tag},
    {"source", CaseFieldKind::Tag},
};

// A case, or why the line is not one (not JSON, not an object, a missing or mistyped field).
std::variant<Case, BadLine> read_case(const std::string& line, size_t line_number, const CaseDefaults& defaults);
// The fields of a case line that read_case does not read but that are a typo or two away from one it
// does ("dialet" for "dialect"), each as `"dialet" (did you mean "dialect"?)`: read_case ignores them, so
// the case would run without what was meant. Other fields (a benchmark's own, BIRD's evidence) are not
// named; nor is anything in a line that is not a JSON object.
std::vector<std::string> misspelt_case_fields(const std::string& line);
// nlohmann::json::parse(line) for the common case line, a flat object whose values are strings (with
// no \u escape), true, false or null, without nlohmann's parser (which cost more than the record); nothing
// for any other line, which read_case gives to that parser.
std::optional<nlohmann::json> read_flat_object(std::string_view line);

using Record = nlohmann::ordered_json;
Record outcome_record(size_t line_number, const Case& c, const CaseOutcome& outcome);
Record bad_line_record(size_t line_number, const BadLine& bad);

// What the summary of a run takes from a record (BatchSummary::add).
struct RecordFacts {
    std::string id;
    bool pass = false;
    bool error = false;  // "status": "error"
    double total = 0;
    // The scores that are averaged, by name: "total", "query_similarity", "results_match", "structural",
    // "structural.COMPONENT" (a component present on either side), a stage's name, "confidence".
    std::vector<std::pair<std::string, double>> scores;
    std::vector<std::string> diagnostic_codes;  // of every side
};
// Throws nlohmann::json's exception for a record of another shape (a resumed file's line).
RecordFacts record_facts(const Record& record);

// outcome_record(...).dump(-1, ' ', false, Record::error_handler_t::replace), appended to `text`
// without building the DOM, and the record's facts. False when that text cannot be written directly:
// a string of the record is not well-formed UTF-8 (which the DOM replaces, or rejects in diagnostics),
// or a name repeats where the DOM keeps one key. `text` and `facts` are then to be discarded, and the
// DOM path taken. An exception is the one that outcome_record would throw.
bool write_outcome_record(std::string& text, RecordFacts& facts, size_t line_number, const Case& c,
                          const CaseOutcome& outcome);
// That text, by write_outcome_record or else the DOM.
std::string outcome_record_text(size_t line_number, const Case& c, const CaseOutcome& outcome);

// The CSV form of records (`qdiff batch --output-format csv`): one row of scalar fields per record.
// Lists are joined: diagnostics as their codes separated by spaces, reasons by "; ".
std::string csv_header();
std::string csv_row(const Record& record);

// Aggregates records (new ones, and those of a resumed output file) with bounded memory.
class BatchSummary {
public:
    explicit BatchSummary(size_t worst_kept = 5) : worst_kept_(worst_kept) {}
    void add(const RecordFacts& facts);
    void add(const Record& record) { add(record_facts(record)); }

    size_t cases() const { return cases_; }
    size_t passed() const { return passed_; }
    size_t errors() const { return errors_; }
    Record to_json() const;
    std::string to_text() const;

private:
    struct Mean {
        double sum = 0;
        size_t count = 0;
    };
    size_t worst_kept_;
    size_t cases_ = 0, passed_ = 0, errors_ = 0;
    std::map<std::string, Mean> means_;                // score name → running mean
    std::map<std::string, size_t> diagnostic_counts_;  // code → occurrences
    std::set<std::pair<double, std::string>> worst_;   // (total, id), the lowest totals
};

}  // namespace qdiff::stages
