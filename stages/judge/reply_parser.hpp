// Reads a score out of what a judge replied. Real replies wrap their JSON in prose or ``` fences,
// send several objects, spell the score "0.8" or "80%", leave out fields or stop mid-object.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace qdiff::judge {

struct ParsedReply {
    std::optional<double> score;     // on the prompt's scale [0, scale]; empty when none could be read
    std::string reasoning;           // empty when the judge gave none
    std::string error;               // why there is no score
    std::vector<std::string> notes;  // how the score was read when the reply was not clean JSON
};

// The first JSON object of the text that has a "score" (key case ignored) wins; its reasoning is
// "reasoning", "reason" or "explanation". Without a complete object (a truncated reply), the score is
// read from the text after `"score":`, with a note. A score outside [0, scale] is rejected, not
// clamped: a judge that answers 85 on a 0..1 scale misread the scale, and clamping would turn that into
// a perfect score. A percentage ("80%") is converted to the scale.
ParsedReply parse_judge_reply(std::string_view text, double scale);

}  // namespace qdiff::judge
