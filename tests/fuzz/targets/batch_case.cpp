// One line of `qdiff batch` input: read as a case, evaluated (parse, diff, lint, total), written as
// its JSONL record. Paths in the case are cleared: a fuzzer must not read or write files. The shortcuts
// of batch (issue 32) must agree with what they stand for: the flat reader with nlohmann's parse of the
// line, the record written directly with its DOM's dump.
#include "stages/pipeline.hpp"
#include "stages/pipeline_record.hpp"
#include "tests/fuzz/targets.hpp"

namespace qdiff::fuzz {

void run_batch_case(std::string_view data) {
    if (std::optional<nlohmann::json> flat = stages::read_flat_object(data)) {
        nlohmann::json parsed = nlohmann::json::parse(data, nullptr, false);
        if (parsed.is_discarded() || parsed != *flat) violated("the flat reader differs from json::parse", data);
    }
    stages::CaseDefaults defaults{.base_dir = "/nonexistent-fuzz-dir"};
    auto read = stages::read_case(std::string(data), 1, defaults);
    if (auto* bad = std::get_if<stages::BadLine>(&read)) {
        if (bad->message.empty()) violated("a bad line without a message", data);
        (void)stages::bad_line_record(1, *bad).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
        return;
    }
    Case c = std::get<Case>(read);
    c.schema.clear();
    c.db.clear();
    c.expected_result.clear();
    c.generated_result.clear();
    static stages::Pipeline pipeline({}, {});
    stages::CaseOutcome outcome = pipeline.run(c);
    std::string dom = stages::outcome_record(1, c, outcome).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    std::string text;
    stages::RecordFacts facts;
    if (stages::write_outcome_record(text, facts, 1, c, outcome) && text != dom)
        violated("the record written directly differs from its DOM's dump", data);
}

}  // namespace qdiff::fuzz
