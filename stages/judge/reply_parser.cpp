#include "stages/judge/reply_parser.hpp"

#include <charconv>
#include <cmath>
#include <nlohmann/json.hpp>

#include "support/strings.hpp"

namespace qdiff::judge {
namespace {

// Bounds on the scan (at most candidates x length steps); a grading reply is a few hundred bytes, but
// one that quotes Weaviate queries has many braces before its verdict.
constexpr size_t kMaxReplyChars = 64 * 1024;
constexpr int kMaxObjectCandidates = 512;

std::string excerpt(std::string_view text) {
    std::string folded = support::fold_whitespace(text.substr(0, 400));
    if (folded.size() > 160) folded = folded.substr(0, 160) + "...";
    return folded.empty() ? "(empty reply)" : "\"" + folded + "\"";
}

// The end (one past '}') of the object that opens at `start`, or npos when the text ends first.
size_t end_of_object(std::string_view text, size_t start) {
    int depth = 0;
    bool in_string = false, escaped = false;
    for (size_t i = start; i < text.size(); ++i) {
        char c = text[i];
        if (in_string) {
            if (escaped)
                escaped = false;
            else if (c == '\\')
                escaped = true;
            else if (c == '"')
                in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (c == '{') {
            ++depth;
        } else if (c == '}' && --depth == 0) {
            return i + 1;
        }
    }
    return std::string_view::npos;
}

const nlohmann::json* find_key(const nlohmann::json& object, std::string_view key) {
    for (auto it = object.begin(); it != object.end(); ++it)
        if (support::iequals(it.key(), key)) return &it.value();
    return nullptr;
}

// "0.8", " 80% ", "95" -> the number on the scale; a percentage is converted.
std::optional<double> number_from_text(std::string_view text, double scale, ParsedReply& reply) {
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
    bool percent = !text.empty() && text.back() == '%';
    if (percent) text.remove_suffix(1);
    if (!text.empty() && text.front() == '+') text.remove_prefix(1);
    double value = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
    if (percent) {
        reply.notes.push_back("score given as a percentage");
        value = value / 100.0 * scale;
    }
    return value;
}

void read_score(const nlohmann::json& value, double scale, ParsedReply& reply) {
    if (value.is_number()) {
        reply.score = value.get<double>();
    } else if (value.is_string()) {
        reply.score = number_from_text(value.get<std::string>(), scale, reply);
        if (reply.score) reply.notes.push_back("score given as a string");
    }
    if (!reply.score) reply.error = "the judge's score is not a number: " + value.dump();
}

void read_reasoning(const nlohmann::json& object, ParsedReply& reply) {
    for (std::string_view key : {"reasoning", "reason", "explanation"}) {
        if (const nlohmann::json* value = find_key(object, key)) {
            reply.reasoning = value->is_string() ? value->get<std::string>() : value->dump();
            return;
        }
    }
}

// After a key's colon: the value token (a number, or the contents of a string that may be cut off).
std::optional<std::string_view> value_after_key(std::string_view text, std::string_view key, bool* cut_off) {
    size_t at = text.find(key);
    if (at == std::string_view::npos) return std::nullopt;
    size_t i = at + key.size();
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    if (i >= text.size() || text[i] != ':') return std::nullopt;
    ++i;
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    if (i < text.size() && text[i] == '"') {
        size_t close = ++i;
        while (close < text.size() && text[close] != '"') close += text[close] == '\\' ? 2 : 1;
        if (cut_off) *cut_off = close >= text.size();
        return text.substr(i, std::min(close, text.size()) - i);
    }
    size_t end = i;
    while (end < text.size() && (std::isalnum(static_cast<unsigned char>(text[end])) || text[end] == '.' ||
                                 text[end] == '-' || text[end] == '+' || text[end] == '%'))
        ++end;
    return text.substr(i, end - i);
}

// A reply cut off inside its JSON: take the score (and what there is of the reasoning) from the text.
void read_from_text(std::string_view text, double scale, ParsedReply& reply) {
    std::optional<std::string_view> token = value_after_key(text, "\"score\"", nullptr);
    if (!token) return;
    reply.score = number_from_text(*token, scale, reply);
    if (!reply.score) {
        reply.error = "the judge's score is not a number: " + std::string(*token);
        return;
    }
    reply.notes.push_back("reply is not complete JSON; score read from the text");
    for (std::string_view key : {"\"reasoning\"", "\"reason\"", "\"explanation\""}) {
        bool cut_off = false;
        if (auto reasoning = value_after_key(text, key, &cut_off)) {
            reply.reasoning = std::string(*reasoning) + (cut_off ? "..." : "");
            break;
        }
    }
}

}  // namespace

ParsedReply parse_judge_reply(std::string_view text, double scale) {
    ParsedReply reply;
    text = text.substr(0, kMaxReplyChars);
    bool saw_object = false, found = false;
    int candidates = 0;
    for (size_t start = text.find('{'); start != std::string_view::npos && !found && candidates < kMaxObjectCandidates;
         start = text.find('{', start + 1), ++candidates) {
        size_t end = end_of_object(text, start);
        if (end == std::string_view::npos) continue;
        nlohmann::json object = nlohmann::json::parse(text.substr(start, end - start), nullptr, false);
        if (!object.is_object()) continue;
        saw_object = true;
        if (const nlohmann::json* score = find_key(object, "score")) {
            found = true;
            read_score(*score, scale, reply);
            read_reasoning(object, reply);
        }
    }
    if (!found) read_from_text(text, scale, reply);
    if (!reply.score) {
        if (reply.error.empty())
            reply.error = saw_object ? "the judge's reply has no \"score\": " + excerpt(text)
                                     : "the judge's reply holds no JSON object: " + excerpt(text);
        return reply;
    }
    double score = *reply.score;
    if (!std::isfinite(score) || score < 0 || score > scale) {
        char range[64];
        std::snprintf(range, sizeof range, "%g is outside 0..%g", score, scale);
        reply.error = std::string("the judge's score ") + range;
        reply.score.reset();
    }
    return reply;
}

}  // namespace qdiff::judge
