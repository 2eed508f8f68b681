// The judge as a local program: posix_spawnp (no shell, so nothing in the command line or the case is
// ever interpreted), the request on its stdin, its stdout and stderr read through poll() so that
// neither side can block the other, and a deadline after which it is killed.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fmt/format.h>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstring>

#include "stages/judge/transport.hpp"

extern char** environ;

namespace qdiff::judge {
namespace {

constexpr size_t kMaxOutputBytes = 8 * 1024 * 1024;
constexpr size_t kStderrTailBytes = 400;

struct Pipe {
    int read_end = -1, write_end = -1;
    bool open() {
        int fds[2];
        // O_CLOEXEC: a child spawned by another thread at the same moment must not inherit our ends,
        // or our reader would never see end-of-file.
        if (::pipe2(fds, O_CLOEXEC) != 0) return false;
        read_end = fds[0];
        write_end = fds[1];
        return true;
    }
    ~Pipe() {
        close_read();
        close_write();
    }
    void close_read() {
        if (read_end >= 0) ::close(read_end);
        read_end = -1;
    }
    void close_write() {
        if (write_end >= 0) ::close(write_end);
        write_end = -1;
    }
};

// Writing to a program that has exited raises SIGPIPE, which would end the whole process. Block it on
// this thread around the write and swallow the one it raised.
ssize_t write_without_sigpipe(int fd, const char* data, size_t size) {
    sigset_t pipe_only, previous;
    sigemptyset(&pipe_only);
    sigaddset(&pipe_only, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_only, &previous);
    ssize_t written = ::write(fd, data, size);
    int saved_errno = errno;
    if (written < 0 && errno == EPIPE) {
        const timespec no_wait{0, 0};
        while (sigtimedwait(&pipe_only, nullptr, &no_wait) > 0) {}
    }
    pthread_sigmask(SIG_SETMASK, &previous, nullptr);
    errno = saved_errno;
    return written;
}

std::string tail(const std::string& text) {
    std::string t = text.size() > kStderrTailBytes ? "..." + text.substr(text.size() - kStderrTailBytes) : text;
    while (!t.empty() && std::isspace(static_cast<unsigned char>(t.back()))) t.pop_back();
    return t;
}

}  // namespace

bool split_command_line(std::string_view line, std::vector<std::string>& words, std::string& error) {
    words.clear();
    std::string word;
    bool in_word = false;
    for (size_t i = 0; i < line.size(); ++i) {
        char c = line[i];
        if (c == '\'' || c == '"') {
            size_t close = i + 1;
            for (; close < line.size() && line[close] != c; ++close) {
                if (c == '"' && line[close] == '\\' && close + 1 < line.size() &&
                    (line[close + 1] == '"' || line[close + 1] == '\\'))
                    ++close;
                word += line[close];
            }
            if (close >= line.size()) {
                error = fmt::format("unterminated {} quote in the judge command", c == '"' ? "double" : "single");
                return false;
            }
            i = close;
            in_word = true;
        } else if (c == '\\' && i + 1 < line.size()) {
            word += line[++i];
            in_word = true;
        } else if (std::isspace(static_cast<unsigned char>(c))) {
            if (in_word) words.push_back(std::move(word));
            word.clear();
            in_word = false;
        } else {
            word += c;
            in_word = true;
        }
    }
    if (in_word) words.push_back(std::move(word));
    if (words.empty()) error = "the judge command is empty";
    return !words.empty();
}

TransportReply run_command(const std::vector<std::string>& argv, std::string_view input, double timeout_seconds) {
    TransportReply reply;
    reply.attempts = 1;
    Pipe in, out, err;
    if (!in.open() || !out.open() || !err.open()) {
        reply.error = std::string("cannot create pipes for the judge program: ") + std::strerror(errno);
        return reply;
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, in.read_end, STDIN_FILENO);
    posix_spawn_file_actions_adddup2(&actions, out.write_end, STDOUT_FILENO);
    posix_spawn_file_actions_adddup2(&actions, err.write_end, STDERR_FILENO);
    std::vector<char*> args;
    for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    // Its own process group, so that a timeout also kills whatever the program started.
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
    posix_spawnattr_setpgroup(&attributes, 0);
    pid_t pid = -1;
    int spawn_error = posix_spawnp(&pid, args[0], &actions, &attributes, args.data(), environ);
    posix_spawnattr_destroy(&attributes);
    posix_spawn_file_actions_destroy(&actions);
    if (spawn_error != 0) {
        reply.error = fmt::format("cannot run the judge program '{}': {}", argv[0], std::strerror(spawn_error));
        return reply;
    }
    in.close_read();
    out.close_write();
    err.close_write();
    for (int fd : {in.write_end, out.read_end, err.read_end}) ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);

    using Clock = std::chrono::steady_clock;
    auto deadline =
        Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(timeout_seconds));
    std::string stdout_text, stderr_text;
    size_t written = 0;
    bool timed_out = false, too_large = false;
    if (input.empty()) in.close_write();
    while (out.read_end >= 0 || err.read_end >= 0) {
        auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
        if (left <= 0) {
            timed_out = true;
            break;
        }
        pollfd fds[3] = {{out.read_end, POLLIN, 0}, {err.read_end, POLLIN, 0}, {in.write_end, POLLOUT, 0}};
        if (::poll(fds, 3, static_cast<int>(std::min<long long>(left, 1000))) < 0 && errno != EINTR) break;
        if (fds[2].revents & (POLLOUT | POLLERR | POLLHUP)) {
            ssize_t n = write_without_sigpipe(in.write_end, input.data() + written, input.size() - written);
            if (n > 0) written += static_cast<size_t>(n);
            if ((n < 0 && errno != EAGAIN) || written == input.size()) in.close_write();  // EPIPE: it stopped reading
        }
        Pipe* sources[2] = {&out, &err};
        std::string* sinks[2] = {&stdout_text, &stderr_text};
        for (int k = 0; k < 2; ++k) {
            if (!(fds[k].revents & (POLLIN | POLLHUP | POLLERR))) continue;
            char buffer[16384];
            ssize_t n = ::read(sources[k]->read_end, buffer, sizeof buffer);
            if (n > 0)
                sinks[k]->append(buffer, static_cast<size_t>(n));
            else if (n == 0 || errno != EAGAIN)
                sources[k]->close_read();
        }
        if (stdout_text.size() + stderr_text.size() > kMaxOutputBytes) {
            too_large = true;
            break;
        }
    }
    if (timed_out || too_large) ::kill(-pid, SIGKILL);
    int wait_status = 0;
    // After both outputs closed the program is exiting (or has closed them itself: bounded by the deadline).
    while (true) {
        pid_t done = ::waitpid(pid, &wait_status, timed_out || too_large ? 0 : WNOHANG);
        if (done == pid || (done < 0 && errno != EINTR)) break;
        if (done == 0 && Clock::now() >= deadline) {
            ::kill(-pid, SIGKILL);
            timed_out = true;
        } else if (done == 0) {
            ::usleep(1000);
        }
    }
    if (timed_out) {
        reply.status = StageStatus::Timeout;
        reply.error = fmt::format("the judge program did not finish within {:g} s and was killed", timeout_seconds);
        return reply;
    }
    if (too_large) {
        reply.error = fmt::format("the judge program wrote more than {} bytes and was killed", kMaxOutputBytes);
        return reply;
    }
    if (!WIFEXITED(wait_status) || WEXITSTATUS(wait_status) != 0) {
        std::string how = WIFEXITED(wait_status) ? fmt::format("exited with status {}", WEXITSTATUS(wait_status))
                                                 : fmt::format("was killed by signal {}", WTERMSIG(wait_status));
        std::string errors = tail(stderr_text);
        reply.error = "the judge program " + how + (errors.empty() ? "" : ": " + errors);
        return reply;
    }
    reply.status = StageStatus::Ok;
    reply.body = std::move(stdout_text);
    return reply;
}

}  // namespace qdiff::judge
