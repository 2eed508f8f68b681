// The LLM judge stage: asks an OpenAI-compatible chat-completions endpoint, or a local program, to
// grade a generated query (prompts.hpp), reads a score out of whatever it replies (reply_parser.hpp),
// and caches replies on disk (reply_cache.hpp). `qdiff batch` builds it from `--judge`.
#pragma once
#include <memory>
#include <string>

#include "qdiff/stage.hpp"

namespace qdiff {

struct JudgeOptions {
    // "http(s)://BASE_URL" (an OpenAI-style ".../v1" base: requests go to {base}/chat/completions)
    // | "cmd:PROGRAM args" (request JSON on stdin, reply JSON on stdout; arguments split like a shell
    // without expansion: quotes and backslashes only).
    std::string target;
    std::string model = "gpt-4o-mini";
    std::string api_key_env = "OPENAI_API_KEY";  // unset or empty variable: no Authorization header
    std::string prompt = "similarity";           // | "relevance"
    std::string cache_dir;                       // "" = no cache
    double timeout_seconds = 60;                 // per request (per attempt); the program is killed after it
    int max_retries = 4;                         // on 429, 5xx and dropped connections (HTTP only)
    double backoff_seconds = 1;                  // first wait; doubles per retry; Retry-After wins when longer
};

// kind() is Judge for the similarity prompt and Relevance for the relevance prompt. The stage is
// thread-safe. An invalid option (unknown prompt, target of another scheme) does not throw: every
// run() then returns an Error result saying so.
std::unique_ptr<qdiff::Stage> make_judge_stage(const JudgeOptions& options);

}  // namespace qdiff
