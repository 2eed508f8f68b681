// How a judge is reached: an OpenAI-compatible HTTP endpoint (http_transport.cpp) or a local program
// (command_transport.cpp). Both return the raw reply text and never throw.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "qdiff/stage.hpp"

namespace qdiff::judge {

struct TransportReply {
    StageStatus status = StageStatus::Error;  // Ok: `body` holds what the judge sent back
    std::string body;
    std::string error;  // why not Ok
    int attempts = 0;
    std::vector<double> waits;  // seconds slept before each retry
};

struct HttpRequest {
    std::string url;      // the full chat-completions URL
    std::string body;     // JSON
    std::string api_key;  // empty: no Authorization header
    double timeout_seconds = 60;
    int max_retries = 4;
    double backoff_seconds = 1;
};

// POSTs with retries: 429, 5xx and connections dropped before a reply are retried after
// backoff_seconds x 2^n (Retry-After when longer; each wait at most kMaxWaitSeconds); a timeout is
// a Timeout, other 4xx and connection failures an Error at once.
TransportReply post_json(const HttpRequest& request);
inline constexpr double kMaxWaitSeconds = 60;

// Runs argv[0] (looked up on PATH) with `input` on its standard input; Ok with its standard output
// when it exits 0 within the timeout, otherwise it is killed and the reply says why (with the end
// of its standard error).
TransportReply run_command(const std::vector<std::string>& argv, std::string_view input, double timeout_seconds);

// Splits a command line like a shell without any expansion: white space separates words, single
// quotes keep everything, double quotes keep everything but \" and \\, a backslash escapes one
// character. Returns false (with `error`) on an unterminated quote or an empty command.
bool split_command_line(std::string_view line, std::vector<std::string>& words, std::string& error);

}  // namespace qdiff::judge
