// A fake OpenAI-compatible chat-completions server for the judge tests: plain sockets on 127.0.0.1,
// an ephemeral port, one thread answering one connection at a time with scripted replies, and a record
// of every request it received.
#pragma once
#include <chrono>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace qdiff::testing {

struct ScriptedReply {
    int status = 200;  // 0: close the connection without answering
    std::string body;
    std::vector<std::string> headers;  // extra header lines, e.g. "Retry-After: 1"
    double delay_seconds = 0;          // waits this long before answering (a slow judge)
};

// An OpenAI chat completion whose message content is `content`, answered with status 200.
ScriptedReply chat_reply(std::string_view content);

struct RecordedRequest {
    std::string request_line;  // "POST /v1/chat/completions HTTP/1.1"
    std::string headers;       // the raw header block
    std::string body;
    std::chrono::steady_clock::time_point received;
};

class FakeLlmServer {
public:
    // Request i gets script[i], and every request after the last gets the last entry.
    explicit FakeLlmServer(std::vector<ScriptedReply> script);
    ~FakeLlmServer();
    FakeLlmServer(const FakeLlmServer&) = delete;
    FakeLlmServer& operator=(const FakeLlmServer&) = delete;

    std::string base_url() const;  // http://127.0.0.1:PORT/v1
    size_t request_count() const;
    std::vector<RecordedRequest> requests() const;

private:
    void serve();
    void answer(int client);
    bool wait_for_stop(int milliseconds) const;  // true when the server is being stopped

    std::vector<ScriptedReply> script_;
    int listen_fd_ = -1;
    int stop_pipe_[2] = {-1, -1};
    int port_ = 0;
    mutable std::mutex mutex_;
    std::vector<RecordedRequest> requests_;
    std::thread thread_;
};

// A loopback port nothing listens on (bound, then released).
int unused_loopback_port();

}  // namespace qdiff::testing
