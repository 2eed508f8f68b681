// The LLM judge's reply parser (the first byte picks the prompt's scale); a score it reads must be on
// the scale.
#include "stages/judge/reply_parser.hpp"
#include "tests/fuzz/targets.hpp"

namespace qdiff::fuzz {

void run_judge_reply(std::string_view data) {
    static constexpr double scales[] = {1, 5, 10, 100};
    Selected in = select(data, std::size(scales));
    judge::ParsedReply r = judge::parse_judge_reply(in.text, scales[in.mode]);
    if (r.score && !(*r.score >= 0 && *r.score <= scales[in.mode]))
        violated("a judge score outside the scale: " + std::to_string(*r.score), data);
    if (!r.score && r.error.empty()) violated("no score and no error", data);
}

}  // namespace qdiff::fuzz
