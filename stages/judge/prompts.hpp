// The two judge prompts. Their texts take part in the cache key (through the rendered messages), so
// editing a prompt invalidates the replies cached for it.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "qdiff/stage.hpp"

namespace qdiff::judge {

enum class PromptKind : uint8_t {
    Similarity,  // question + expected + generated -> {"score": 0..1, "reasoning": "..."}
    Relevance,   // question + generated            -> {"score": 0..100, "reason": "..."}
};

std::optional<PromptKind> parse_prompt_name(std::string_view name);
std::string_view prompt_name(PromptKind kind);
// The top of the scale the prompt asks for: 1 or 100.
double score_scale(PromptKind kind);

struct ChatMessage {
    std::string role;  // "system" | "user"
    std::string content;
};

std::vector<ChatMessage> build_messages(PromptKind kind, const Case& c);

}  // namespace qdiff::judge
