// The judge stage: prompt -> cache or transport -> reply parser -> StageResult.
#include "stages/judge/judge_stage.hpp"

#include <fmt/format.h>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <nlohmann/json.hpp>

#include "stages/judge/prompts.hpp"
#include "stages/judge/reply_cache.hpp"
#include "stages/judge/reply_parser.hpp"
#include "stages/judge/transport.hpp"
#include "support/json_writer.hpp"

namespace qdiff {
namespace judge {
namespace {

std::string json_string(std::string_view s) {
    std::string out = "\"";
    support::JsonWriter::escape(out, s);
    return out + "\"";
}

template <class T>
std::string json_array(const std::vector<T>& values) {
    std::string out;
    support::JsonWriter json(out);
    json.begin_array();
    for (const T& v : values) json.value(v);
    json.end_array();
    return out;
}

void write_messages(support::JsonWriter& json, const std::vector<ChatMessage>& messages) {
    json.key("messages").begin_array();
    for (const ChatMessage& m : messages)
        json.begin_object().field("role", m.role).field("content", m.content).end_object();
    json.end_array();
}

// The reply text of an OpenAI chat completion (choices[0].message.content), or nothing when `body` is
// not one.
std::optional<std::string> chat_completion_content(std::string_view body) {
    nlohmann::json doc = nlohmann::json::parse(body, nullptr, false);
    if (!doc.is_object()) return std::nullopt;
    auto choices = doc.find("choices");
    if (choices == doc.end() || !choices->is_array() || choices->empty()) return std::nullopt;
    const nlohmann::json& choice = (*choices)[0];
    if (!choice.is_object() || !choice.contains("message")) return std::nullopt;
    const nlohmann::json& message = choice["message"];
    if (!message.is_object() || !message.contains("content") || !message["content"].is_string()) return std::nullopt;
    return message["content"].get<std::string>();
}

// Relevance verdicts (seeds/001): < 30 error, 30-49 low-quality warning, >= 50 ok, >= 80 high confidence.
void add_relevance_verdict(double relevance, StageResult& result) {
    if (relevance < 30) {
        result.details["verdict"] = json_string("error");
        result.details["verdict_message"] = json_string("data does not exist");
    } else if (relevance < 50) {
        result.details["verdict"] = json_string("low_quality");
        result.details["verdict_message"] = json_string("low-quality query");
    } else {
        result.details["verdict"] = json_string(relevance >= 80 ? "high_confidence" : "ok");
    }
}

class JudgeStage final : public Stage {
public:
    explicit JudgeStage(const JudgeOptions& options) : options_(options) {
        kind_ = parse_prompt_name(options.prompt);
        if (!kind_) config_error_ = "unknown judge prompt '" + options.prompt + "' (similarity or relevance)";
        if (options.target.rfind("cmd:", 0) == 0) {
            split_command_line(std::string_view(options.target).substr(4), command_, config_error_);
        } else if (options.target.rfind("http://", 0) == 0 || options.target.rfind("https://", 0) == 0) {
            url_ = options.target;
            while (!url_.empty() && url_.back() == '/') url_.pop_back();
            if (!url_.ends_with("/chat/completions")) url_ += "/chat/completions";
        } else {
            config_error_ = "judge target '" + options.target + "' is neither http(s)://BASE_URL nor cmd:PROGRAM";
        }
        // A zero timeout would mean "wait forever" to libcurl.
        if (!(options.timeout_seconds > 0) || !std::isfinite(options.timeout_seconds))
            config_error_ = "the judge timeout must be a positive number of seconds";
        if (!(options.backoff_seconds >= 0) || !std::isfinite(options.backoff_seconds))
            config_error_ = "the judge back-off must be a non-negative number of seconds";
        // Read once: getenv is not safe against a concurrent setenv, and runs happen on many threads.
        if (const char* key = std::getenv(options.api_key_env.c_str())) api_key_ = key;
        if (!options.cache_dir.empty()) cache_.emplace(options.cache_dir);
    }

    StageKind kind() const override { return kind_ == PromptKind::Relevance ? StageKind::Relevance : StageKind::Judge; }

    StageResult run(const Case& c, const StageContext&) override {
        auto start = std::chrono::steady_clock::now();
        StageResult result;
        try {
            result = evaluate(c);
        } catch (const std::exception& e) {
            result.status = StageStatus::Error;
            result.reason = std::string("internal error in the judge stage: ") + e.what();
        }
        result.stage = kind();
        result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        return result;
    }

private:
    StageResult evaluate(const Case& c) const {
        StageResult result;
        auto fail = [&result](StageStatus status, std::string reason) {
            result.status = status;
            result.reason = std::move(reason);
            return result;
        };
        if (!config_error_.empty()) return fail(StageStatus::Error, config_error_);
        if (c.generated.empty()) return fail(StageStatus::Skipped, "the case has no generated query");
        if (*kind_ == PromptKind::Similarity && c.expected.empty())
            return fail(StageStatus::Skipped, "the case has no expected query to compare with");
        if (*kind_ == PromptKind::Relevance && c.question.empty())
            return fail(StageStatus::Skipped, "the case has no question to judge relevance against");

        std::vector<ChatMessage> messages = build_messages(*kind_, c);
        std::string key = cache_key(messages);
        result.details["prompt"] = json_string(prompt_name(*kind_));
        result.details["model"] = json_string(options_.model);

        std::optional<std::string> reply_text = cache_ ? cache_->find(key) : std::nullopt;
        bool cached = reply_text.has_value();
        result.details["cached"] = cached ? "true" : "false";
        if (!cached) {
            TransportReply reply = ask(c, messages);
            result.details["attempts"] = std::to_string(reply.attempts);
            if (!reply.waits.empty()) result.details["retry_waits"] = json_array(reply.waits);
            if (reply.status != StageStatus::Ok) return fail(reply.status, reply.error);
            reply_text = std::move(reply.body);
        }

        double scale = score_scale(*kind_);
        ParsedReply parsed = parse_judge_reply(*reply_text, scale);
        if (!parsed.notes.empty()) result.details["notes"] = json_array(parsed.notes);
        if (!parsed.score) return fail(StageStatus::Error, parsed.error);
        // Only replies that gave a score are kept: a malformed one is asked again on the next run.
        if (cache_ && !cached) cache_->store(key, *reply_text);

        result.status = StageStatus::Ok;
        result.score = *parsed.score / scale;
        result.reason = parsed.reasoning.empty() ? "the judge gave no reasoning" : parsed.reasoning;
        result.details["judge_score"] = fmt::format("{}", *parsed.score);
        if (*kind_ == PromptKind::Relevance) add_relevance_verdict(*parsed.score, result);
        return result;
    }

    // Everything that determines the reply: a different model, prompt text or case is another entry.
    // A program judge is its own model, so its command line counts too.
    std::string cache_key(const std::vector<ChatMessage>& messages) const {
        std::string key;
        support::JsonWriter json(key);
        json.begin_object().field("model", options_.model).field("prompt", prompt_name(*kind_));
        if (!command_.empty()) json.field("command", options_.target);
        write_messages(json, messages);
        json.end_object();
        return key;
    }

    TransportReply ask(const Case& c, const std::vector<ChatMessage>& messages) const {
        std::string body;
        support::JsonWriter json(body);
        json.begin_object();
        if (!command_.empty()) json.field("prompt", prompt_name(*kind_));
        json.field("model", options_.model);
        write_messages(json, messages);
        json.field("temperature", 0);
        if (!command_.empty()) {
            json.key("case").begin_object();
            json.field("id", c.id).field("question", c.question).field("lang", language_name(c.language));
            json.field("expected", c.expected).field("generated", c.generated);
            json.end_object();
        }
        json.end_object();

        if (!command_.empty()) {
            TransportReply reply = run_command(command_, body, options_.timeout_seconds);
            // A program may answer with a bare {"score": ...} or with a whole chat completion.
            if (reply.status == StageStatus::Ok)
                if (auto content = chat_completion_content(reply.body)) reply.body = std::move(*content);
            return reply;
        }
        TransportReply reply =
            post_json({url_, body, api_key_, options_.timeout_seconds, options_.max_retries, options_.backoff_seconds});
        if (reply.status != StageStatus::Ok) return reply;
        if (auto content = chat_completion_content(reply.body)) {
            reply.body = std::move(*content);
        } else {
            reply.status = StageStatus::Error;
            reply.error = "the judge's HTTP response is not a chat completion (no choices[0].message.content): " +
                          reply.body.substr(0, 200);
        }
        return reply;
    }

    JudgeOptions options_;
    std::optional<PromptKind> kind_;
    std::string config_error_;
    std::vector<std::string> command_;  // a cmd: judge
    std::string url_;                   // an HTTP judge
    std::string api_key_;
    std::optional<ReplyCache> cache_;
};

}  // namespace
}  // namespace judge

std::unique_ptr<Stage> make_judge_stage(const JudgeOptions& options) {
    return std::make_unique<judge::JudgeStage>(options);
}

}  // namespace qdiff
