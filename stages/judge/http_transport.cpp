// The judge over HTTP, through libcurl: one easy handle per attempt, so the stage stays thread-safe.
#include <curl/curl.h>
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <mutex>
#include <thread>

#include "stages/judge/transport.hpp"

namespace qdiff::judge {
namespace {

constexpr size_t kMaxResponseBytes = 8 * 1024 * 1024;

void global_init_once() {
    // curl_global_init is not thread-safe; the stage may be built and run from several threads.
    static std::once_flag once;
    std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

size_t append_body(char* data, size_t size, size_t count, void* user) {
    auto* body = static_cast<std::string*>(user);
    size_t bytes = size * count;
    if (body->size() + bytes > kMaxResponseBytes) return 0;  // makes curl fail with CURLE_WRITE_ERROR
    body->append(data, bytes);
    return bytes;
}

struct Attempt {
    CURLcode code = CURLE_OK;
    long http_status = 0;
    double retry_after = 0;  // seconds, 0 when the server did not say
    std::string body;
    std::string curl_error;
};

Attempt attempt_once(const HttpRequest& request) {
    Attempt attempt;
    CURL* curl = curl_easy_init();
    if (!curl) {
        attempt.code = CURLE_FAILED_INIT;
        attempt.curl_error = "curl_easy_init failed";
        return attempt;
    }
    char error_buffer[CURL_ERROR_SIZE] = {};
    curl_slist* headers = curl_slist_append(nullptr, "Content-Type: application/json");
    if (!request.api_key.empty())
        headers = curl_slist_append(headers, ("Authorization: Bearer " + request.api_key).c_str());
    curl_easy_setopt(curl, CURLOPT_URL, request.url.c_str());
    curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
    curl_easy_setopt(curl, CURLOPT_POSTFIELDS, request.body.data());
    curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(request.body.size()));
    curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, static_cast<long>(std::ceil(request.timeout_seconds * 1000)));
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);  // no SIGALRM for timeouts: we run on many threads
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, append_body);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, &attempt.body);
    curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, error_buffer);
    attempt.code = curl_easy_perform(curl);
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &attempt.http_status);
    curl_off_t retry_after = 0;
    if (curl_easy_getinfo(curl, CURLINFO_RETRY_AFTER, &retry_after) == CURLE_OK && retry_after > 0)
        attempt.retry_after = static_cast<double>(retry_after);
    attempt.curl_error = error_buffer[0] ? error_buffer : curl_easy_strerror(attempt.code);
    curl_slist_free_all(headers);
    curl_easy_cleanup(curl);
    return attempt;
}

bool dropped_connection(CURLcode code) {
    return code == CURLE_GOT_NOTHING || code == CURLE_RECV_ERROR || code == CURLE_SEND_ERROR ||
           code == CURLE_PARTIAL_FILE;
}

std::string body_excerpt(const std::string& body) {
    std::string text = body.substr(0, 200);
    std::replace(text.begin(), text.end(), '\n', ' ');
    return text;
}

}  // namespace

TransportReply post_json(const HttpRequest& request) {
    global_init_once();
    TransportReply reply;
    for (int retry = 0;; ++retry) {
        Attempt attempt = attempt_once(request);
        ++reply.attempts;
        bool transient = false;
        if (attempt.code == CURLE_OPERATION_TIMEDOUT) {
            reply.status = StageStatus::Timeout;
            reply.error = fmt::format("the judge did not answer within {:g} s", request.timeout_seconds);
            return reply;
        }
        if (attempt.code != CURLE_OK) {
            transient = dropped_connection(attempt.code);
            reply.error = "request to the judge failed: " + attempt.curl_error;
        } else if (attempt.http_status >= 200 && attempt.http_status < 300) {
            reply.status = StageStatus::Ok;
            reply.body = std::move(attempt.body);
            reply.error.clear();
            return reply;
        } else {
            transient = attempt.http_status == 429 || attempt.http_status >= 500;
            reply.error =
                "the judge answered HTTP " + std::to_string(attempt.http_status) + ": " + body_excerpt(attempt.body);
        }
        if (!transient) return reply;
        if (retry >= request.max_retries) {
            reply.error += " (gave up after " + std::to_string(reply.attempts) + " attempts)";
            return reply;
        }
        double wait = std::max(request.backoff_seconds * std::pow(2.0, retry), attempt.retry_after);
        wait = std::clamp(wait, 0.0, kMaxWaitSeconds);
        reply.waits.push_back(wait);
        std::this_thread::sleep_for(std::chrono::duration<double>(wait));
    }
}

}  // namespace qdiff::judge
