// Secondary stages (results matcher, LLM judge) behind one interface, and the case they evaluate.
#pragma once
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "qdiff/diagnostic.hpp"
#include "qdiff/enum_names.hpp"
#include "qdiff/parse.hpp"
#include "qdiff/schema.hpp"

namespace qdiff {

// One benchmark case (a line of `qdiff batch` input).
struct Case {
    std::string id;
    std::string question;
    Language language = Language::Auto;
    std::optional<Language> expected_language;  // the expected query's, when not `language` (diff --expected-lang)
    Dialect dialect = Dialect::Generic;
    std::string expected;
    std::string generated;
    std::string schema;  // path[#selector], or empty
    std::string db;      // "sqlite:PATH" | "postgres:URI", or empty (the run's --db applies)
    // Result sets given with the case, for engines we cannot reach: paths to JSON/CSV files, or
    // inline JSON (an array of row objects, or {"columns": [...], "rows": [[...]]}).
    std::string expected_result;
    std::string generated_result;
    bool expected_ordered = false;  // set by the matcher from the expected query when it can tell
    // A known answer, for measuring agreement (`label`, or BIRD's `res`): the generated query returns
    // the expected rows. Never read by any stage.
    std::optional<bool> label;
    // Fields a report breaks agreement down by (db_id, difficulty, ...), as the case gave them.
    std::vector<std::pair<std::string, std::string>> tags;
};

// The secondary stages (stages.def).
enum class StageKind : uint8_t {
#define QDIFF_STAGE(id, name) id,
#include "qdiff/stages.def"
#undef QDIFF_STAGE
};
inline constexpr std::string_view kStageKindNames[] = {
#define QDIFF_STAGE(id, name) name,
#include "qdiff/stages.def"
#undef QDIFF_STAGE
};
constexpr std::string_view stage_kind_name(StageKind k) { return enum_name_in(kStageKindNames, k); }
constexpr std::optional<StageKind> parse_stage_kind_name(std::string_view name) {
    return enum_named_in<StageKind>(kStageKindNames, name);
}

enum class StageStatus : uint8_t { Ok, Skipped, Error, Timeout };
std::string_view stage_status_name(StageStatus s);

// What earlier stages found, for later ones.
struct StageContext {
    const ParseResult* expected = nullptr;  // null when it did not parse
    const ParseResult* generated = nullptr;
    std::optional<double> structural_score;
    std::optional<int> confidence;
    const Schema* schema = nullptr;  // the case's schema, when it loaded (the results stage's `--db synth`)
};

struct StageResult {
    StageKind stage = StageKind::Results;
    StageStatus status = StageStatus::Skipped;
    double score = 0;  // in [0, 1]; meaningful when status is Ok
    std::string reason;
    std::map<std::string, std::string> details;  // stage-specific facts for the record (JSON values as text)
    double seconds = 0;
};

class Stage {
public:
    virtual ~Stage() = default;
    virtual StageKind kind() const = 0;
    // Never throws: failures become an Error/Timeout result with a reason.
    virtual StageResult run(const Case& c, const StageContext& context) = 0;
};

}  // namespace qdiff
