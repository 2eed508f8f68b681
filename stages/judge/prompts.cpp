// Prompt texts are templates with {placeholders}, filled in one pass so that braces inside the
// queries (Weaviate JSON, KQL dynamic literals) are never taken for placeholders.
#include "stages/judge/prompts.hpp"

namespace qdiff::judge {
namespace {

constexpr std::string_view kSimilaritySystem =
    "You review database queries written by a text-to-query model. You compare a generated query "
    "with a reference query that is known to answer the user's question, and you reply with JSON only.";

constexpr std::string_view kSimilarityUser = R"(Question: {question}
Query language: {language}

Reference query (answers the question correctly):
{expected}

Generated query (to grade):
{generated}

Grade the generated query against the reference on:
1. tables: does it read the same tables or collections?
2. filters: are its conditions equivalent (columns, operators, values, time ranges)?
3. aggregations and transformations: the same grouping, aggregates, projected columns, order and limit?
4. results: would it return the same rows and columns as the reference on any data?
5. logic and efficiency: is it correct, and free of needless work?
Differences that cannot change the result (aliases, formatting, clause order, ago(1h) against
ago(60m)) cost nothing.

Reply with one JSON object and nothing else:
{"score": <a number from 0 to 1>, "reasoning": "<one or two sentences>"}
1 means equivalent to the reference; 0 means unrelated or wrong.)";

constexpr std::string_view kRelevanceSystem =
    "You judge whether a database query answers a user's question. You reply with JSON only.";

constexpr std::string_view kRelevanceUser = R"(Question: {question}
Query language: {language}

Generated query:
{generated}

Rate from 0 to 100 how well the query answers the question:
- 80 to 100: it answers the question, with at most minor issues (an extra column, a needless sort);
- 50 to 79: acceptable, but it may miss part of what was asked;
- 30 to 49: weak: wrong emphasis, a missing filter or aggregation;
- 0 to 29: it does not answer the question, or asks for data the database does not seem to hold.

Reply with one JSON object and nothing else:
{"score": <an integer from 0 to 100>, "reason": "<one or two sentences>"})";

std::string_view language_label(const Case& c) {
    Language language = c.language == Language::Auto ? detect_language(c.generated) : c.language;
    return language == Language::Auto ? "unknown" : traits(language).label;
}

std::string fill(std::string_view text, const Case& c) {
    const std::pair<std::string_view, std::string_view> values[] = {
        {"{question}", c.question},
        {"{language}", language_label(c)},
        {"{expected}", c.expected},
        {"{generated}", c.generated},
    };
    std::string out;
    out.reserve(text.size() + c.question.size() + c.expected.size() + c.generated.size());
    for (size_t i = 0; i < text.size();) {
        bool replaced = false;
        for (const auto& [placeholder, value] : values) {
            if (text.substr(i, placeholder.size()) == placeholder) {
                out += value;
                i += placeholder.size();
                replaced = true;
                break;
            }
        }
        if (!replaced) out += text[i++];
    }
    return out;
}

}  // namespace

std::optional<PromptKind> parse_prompt_name(std::string_view name) {
    if (name == "similarity") return PromptKind::Similarity;
    if (name == "relevance") return PromptKind::Relevance;
    return std::nullopt;
}

std::string_view prompt_name(PromptKind kind) { return kind == PromptKind::Similarity ? "similarity" : "relevance"; }

double score_scale(PromptKind kind) { return kind == PromptKind::Similarity ? 1.0 : 100.0; }

std::vector<ChatMessage> build_messages(PromptKind kind, const Case& c) {
    if (kind == PromptKind::Similarity)
        return {{"system", std::string(kSimilaritySystem)}, {"user", fill(kSimilarityUser, c)}};
    return {{"system", std::string(kRelevanceSystem)}, {"user", fill(kRelevanceUser, c)}};
}

}  // namespace qdiff::judge
