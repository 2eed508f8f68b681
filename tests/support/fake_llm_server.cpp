#include "support/fake_llm_server.hpp"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <nlohmann/json.hpp>
#include <stdexcept>

#include "support/strings.hpp"

namespace qdiff::testing {
namespace {

constexpr int kReadTimeoutMs = 5000;

int bind_loopback(int& port) {
    int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) throw std::runtime_error("socket() failed");
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    address.sin_port = 0;
    socklen_t length = sizeof address;
    if (::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 ||
        ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) != 0) {
        ::close(fd);
        throw std::runtime_error("cannot bind a loopback port");
    }
    port = ntohs(address.sin_port);
    return fd;
}

size_t content_length(std::string_view headers) {
    std::string lower = support::to_lower(headers);
    size_t at = lower.find("\r\ncontent-length:");
    return at == std::string::npos ? 0 : std::stoul(lower.substr(at + 17));
}

std::string_view reason_phrase(int status) {
    switch (status) {
        case 200: return "OK";
        case 400: return "Bad Request";
        case 401: return "Unauthorized";
        case 429: return "Too Many Requests";
        case 500: return "Internal Server Error";
        case 503: return "Service Unavailable";
        default: return "Status";
    }
}

}  // namespace

ScriptedReply chat_reply(std::string_view content) {
    nlohmann::json completion = {
        {"id", "chatcmpl-fake"},
        {"object", "chat.completion"},
        {"model", "fake"},
        {"choices",
         {{{"index", 0}, {"message", {{"role", "assistant"}, {"content", content}}}, {"finish_reason", "stop"}}}},
    };
    return ScriptedReply{200, completion.dump(), {}, 0};
}

int unused_loopback_port() {
    int port = 0;
    ::close(bind_loopback(port));
    return port;
}

FakeLlmServer::FakeLlmServer(std::vector<ScriptedReply> script) : script_(std::move(script)) {
    if (script_.empty()) throw std::invalid_argument("FakeLlmServer needs at least one scripted reply");
    listen_fd_ = bind_loopback(port_);
    if (::listen(listen_fd_, 64) != 0 || ::pipe2(stop_pipe_, O_CLOEXEC) != 0) {
        ::close(listen_fd_);
        throw std::runtime_error("cannot listen on the loopback port");
    }
    thread_ = std::thread([this] { serve(); });
}

FakeLlmServer::~FakeLlmServer() {
    char stop = 's';
    (void)!::write(stop_pipe_[1], &stop, 1);
    thread_.join();
    ::close(listen_fd_);
    ::close(stop_pipe_[0]);
    ::close(stop_pipe_[1]);
}

std::string FakeLlmServer::base_url() const { return "http://127.0.0.1:" + std::to_string(port_) + "/v1"; }

size_t FakeLlmServer::request_count() const {
    std::lock_guard lock(mutex_);
    return requests_.size();
}

std::vector<RecordedRequest> FakeLlmServer::requests() const {
    std::lock_guard lock(mutex_);
    return requests_;
}

bool FakeLlmServer::wait_for_stop(int milliseconds) const {
    pollfd stop{stop_pipe_[0], POLLIN, 0};
    return ::poll(&stop, 1, milliseconds) > 0;
}

void FakeLlmServer::serve() {
    while (true) {
        pollfd fds[2] = {{listen_fd_, POLLIN, 0}, {stop_pipe_[0], POLLIN, 0}};
        if (::poll(fds, 2, -1) < 0) continue;
        if (fds[1].revents) return;
        int client = ::accept4(listen_fd_, nullptr, nullptr, SOCK_CLOEXEC);
        if (client < 0) continue;
        answer(client);
        ::close(client);
    }
}

void FakeLlmServer::answer(int client) {
    std::string data;
    size_t header_end = std::string::npos;
    size_t wanted = 0;
    char buffer[8192];
    while (header_end == std::string::npos || data.size() < header_end + 4 + wanted) {
        pollfd fds[2] = {{client, POLLIN, 0}, {stop_pipe_[0], POLLIN, 0}};
        if (::poll(fds, 2, kReadTimeoutMs) <= 0 || fds[1].revents) return;
        ssize_t n = ::recv(client, buffer, sizeof buffer, 0);
        if (n <= 0) return;
        data.append(buffer, static_cast<size_t>(n));
        if (header_end == std::string::npos && (header_end = data.find("\r\n\r\n")) != std::string::npos)
            wanted = content_length(std::string_view(data).substr(0, header_end + 2));
    }
    RecordedRequest request;
    request.request_line = data.substr(0, data.find("\r\n"));
    request.headers = data.substr(0, header_end + 2);
    request.body = data.substr(header_end + 4, wanted);
    request.received = std::chrono::steady_clock::now();
    size_t index;
    {
        std::lock_guard lock(mutex_);
        index = requests_.size();
        requests_.push_back(std::move(request));
    }
    const ScriptedReply& reply = script_[std::min(index, script_.size() - 1)];
    if (reply.delay_seconds > 0 && wait_for_stop(static_cast<int>(reply.delay_seconds * 1000))) return;
    if (reply.status == 0) return;
    std::string response = "HTTP/1.1 " + std::to_string(reply.status) + " " + std::string(reason_phrase(reply.status)) +
                           "\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: " +
                           std::to_string(reply.body.size()) + "\r\n";
    for (const std::string& header : reply.headers) response += header + "\r\n";
    response += "\r\n" + reply.body;
    // MSG_NOSIGNAL: a client that gave up (timed out) must not kill the test process with SIGPIPE.
    for (size_t sent = 0; sent < response.size();) {
        ssize_t n = ::send(client, response.data() + sent, response.size() - sent, MSG_NOSIGNAL);
        if (n <= 0) return;
        sent += static_cast<size_t>(n);
    }
}

}  // namespace qdiff::testing
