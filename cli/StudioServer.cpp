#include "cli/StudioServer.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <mutex>
#include <thread>

#include "model/common/Text.h"

namespace tlaloc::cli {

namespace {

using Clock = std::chrono::steady_clock;

const char* reason(int status) {
    switch (status) {
        case 200:
            return "OK";
        case 400:
            return "Bad Request";
        case 403:
            return "Forbidden";
        case 404:
            return "Not Found";
        case 405:
            return "Method Not Allowed";
        case 408:
            return "Request Timeout";
        case 413:
            return "Content Too Large";
        case 415:
            return "Unsupported Media Type";
        case 417:
            return "Expectation Failed";
        case 431:
            return "Request Header Fields Too Large";
        case 500:
            return "Internal Server Error";
        case 501:
            return "Not Implemented";
        case 503:
            return "Service Unavailable";
        default:
            return "Status";
    }
}

std::string http_answer(const StudioResponse& r) {
    std::string head = "HTTP/1.1 " + std::to_string(r.status) + " " + reason(r.status) + "\r\n";
    head += "Content-Type: " + r.content_type + "\r\n";
    head += "Content-Length: " + std::to_string(r.body.size()) + "\r\n";
    head += "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n";
    head += "X-Frame-Options: DENY\r\nReferrer-Policy: no-referrer\r\nConnection: close\r\n\r\n";
    return head + r.body;
}

std::string error_answer(int status, const std::string& message) {
    Json j{{"error", message}};
    return http_answer(
        {status, "application/json", j.dump(-1, ' ', false, Json::error_handler_t::replace) + "\n"});
}

int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// %XX decoding ('+' is a space in a query); false on a malformed escape.
bool percent_decode(std::string_view in, bool plus_is_space, std::string& out) {
    out.clear();
    for (std::size_t i = 0; i < in.size(); ++i) {
        if (in[i] == '%') {
            if (i + 2 >= in.size()) return false;
            const int hi = hex_value(in[i + 1]), lo = hex_value(in[i + 2]);
            if (hi < 0 || lo < 0) return false;
            out += static_cast<char>(hi * 16 + lo);
            i += 2;
        } else if (in[i] == '+' && plus_is_space) {
            out += ' ';
        } else {
            out += in[i];
        }
    }
    return true;
}

// One connection while its request is read.
struct Connection {
    int fd = -1;
    Clock::time_point deadline;
    std::string in;  // bytes received and not yet consumed
    bool head_done = false;
    StudioRequest request;
    bool chunked = false;
    std::size_t body_left = 0;  // Content-Length bytes still to come
    // Chunked: the size of the chunk being read (bytes still to come), or waiting for a size line.
    bool in_chunk = false;
    bool chunk_crlf = false;  // the CRLF after a chunk's data is next
    bool trailers = false;    // after the last chunk: trailer lines until an empty one
    std::size_t chunk_left = 0;
    std::size_t raw_body = 0;  // bytes of body framing received (chunk sizes, CRLFs, data)
};

// One answer being sent: the poll thread writes it as the client takes it, so a client that does not
// read holds no worker.
struct Outgoing {
    int fd = -1;
    std::string data;
    std::size_t sent = 0;
    Clock::time_point deadline;
};

enum class Progress { more, done, failed };

// Bytes held for requests being read, all connections together; past it the largest is refused.
constexpr std::size_t kMaxBufferedBytes = std::size_t{64} << 20;

}  // namespace

bool is_loopback_host(const std::string& host) {
    const std::string h = lower_case(host);
    if (h == "localhost" || h == "::1" || h == "[::1]") return true;
    in_addr a{};
    return inet_pton(AF_INET, h.c_str(), &a) == 1 && (ntohl(a.s_addr) >> 24) == 127;
}

struct StudioServer::Impl {
    struct PollLoop;
    Impl(StudioSettings s, StudioLimits l) : api(s), settings(std::move(s)), limits(l) {}
    StudioApi api;
    StudioSettings settings;
    StudioLimits limits;
    std::vector<std::string> hosts;
    int listen_fd = -1;
    int wake[2] = {-1, -1};
    std::atomic<bool> stopping{false};

    std::mutex mutex;
    std::condition_variable ready_cv;
    std::deque<std::pair<int, StudioRequest>> ready;  // complete requests waiting for a worker
    std::vector<Outgoing> answered;                   // answers made by workers, for the poll thread
    bool closed = false;                              // stopping: queued requests are answered 503 at once
    std::atomic<std::size_t> in_flight{0};            // requests queued or with a worker

    // Reads what `c` sent so far: done when the whole request is in, failed when an answer was sent.
    Progress advance(Connection& c);
    Progress parse_head(Connection& c);
    bool parse_request_line(Connection& c, const std::string& first);
    bool parse_header_lines(Connection& c, const std::string& head, std::size_t line_end);
    bool check_body_framing(Connection& c);
    Progress read_body(Connection& c);
    void refuse(Connection& c, int status, const std::string& message);
    void worker();
    void wake_up();
    bool send_all(int fd, const std::string& data, Clock::time_point deadline);
};

bool StudioServer::Impl::send_all(int fd, const std::string& data, Clock::time_point deadline) {
    std::size_t sent = 0;
    while (sent < data.size()) {
        ssize_t n = ::send(fd, data.data() + sent, data.size() - sent, MSG_NOSIGNAL);
        if (n > 0) {
            sent += static_cast<std::size_t>(n);
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            auto left =
                std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
            if (left <= 0) return false;
            pollfd p{fd, POLLOUT, 0};
            if (::poll(&p, 1, static_cast<int>(std::min<long long>(left, 1000))) < 0 && errno != EINTR)
                return false;
            continue;
        }
        return false;
    }
    return true;
}

void StudioServer::Impl::refuse(Connection& c, int status, const std::string& message) {
    // A small answer: it fits the socket's buffer, so the reader thread never waits on it for long.
    send_all(c.fd, error_answer(status, message), Clock::now() + std::chrono::milliseconds(200));
}

Progress StudioServer::Impl::parse_head(Connection& c) {
    const auto end = c.in.find("\r\n\r\n");
    if (end == std::string::npos) {
        if (c.in.find("\n\n") != std::string::npos) {
            refuse(c, 400, "header lines must end with CRLF");
            return Progress::failed;
        }
        if (c.in.size() > limits.max_header_bytes) {
            refuse(c, 431,
                   "the request line and headers are over " + std::to_string(limits.max_header_bytes) +
                       " bytes");
            return Progress::failed;
        }
        return Progress::more;
    }
    if (end + 4 > limits.max_header_bytes) {
        refuse(c, 431,
               "the request line and headers are over " + std::to_string(limits.max_header_bytes) + " bytes");
        return Progress::failed;
    }
    const std::string head = c.in.substr(0, end);
    c.in.erase(0, end + 4);
    const std::size_t line_end = head.find("\r\n");
    if (!parse_request_line(c, head.substr(0, line_end)) || !parse_header_lines(c, head, line_end))
        return Progress::failed;
    c.head_done = true;
    if (!check_body_framing(c)) return Progress::failed;
    return read_body(c);
}

// METHOD SP TARGET SP HTTP/1.x, the target a path with an optional query; false once refused.
bool StudioServer::Impl::parse_request_line(Connection& c, const std::string& first) {
    const auto sp1 = first.find(' ');
    const auto sp2 = sp1 == std::string::npos ? std::string::npos : first.find(' ', sp1 + 1);
    if (sp1 == std::string::npos || sp2 == std::string::npos ||
        first.find(' ', sp2 + 1) != std::string::npos || !first.substr(sp2 + 1).starts_with("HTTP/1.")) {
        refuse(c, 400, "a malformed request line");
        return false;
    }
    c.request.method = first.substr(0, sp1);
    const std::string target = first.substr(sp1 + 1, sp2 - sp1 - 1);
    if (target.empty() || target[0] != '/') {
        refuse(c, 400, "the request target must be a path (\"/api/...\")");
        return false;
    }
    const auto qmark = target.find('?');
    if (!percent_decode(target.substr(0, qmark), false, c.request.path)) {
        refuse(c, 400, "a malformed %-escape in the path");
        return false;
    }
    if (qmark == std::string::npos) return true;
    std::string_view query(target);
    query.remove_prefix(qmark + 1);
    while (!query.empty()) {
        auto amp = query.find('&');
        std::string_view pair = query.substr(0, amp);
        query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
        if (pair.empty()) continue;
        auto eq = pair.find('=');
        std::string key, value;
        if (!percent_decode(pair.substr(0, eq), true, key) ||
            !percent_decode(eq == std::string_view::npos ? std::string_view() : pair.substr(eq + 1), true,
                            value)) {
            refuse(c, 400, "a malformed %-escape in the query");
            return false;
        }
        c.request.query.emplace(std::move(key), std::move(value));
    }
    return true;
}

// The header lines after the request line (which ends at `line_end` of `head`); false once refused.
bool StudioServer::Impl::parse_header_lines(Connection& c, const std::string& head, std::size_t line_end) {
    std::size_t count = 0;
    while (line_end != std::string::npos) {
        const std::size_t start = line_end + 2;
        line_end = head.find("\r\n", start);
        const std::string line =
            head.substr(start, line_end == std::string::npos ? std::string::npos : line_end - start);
        if (++count > limits.max_headers) {
            refuse(c, 431, "more than " + std::to_string(limits.max_headers) + " header lines");
            return false;
        }
        const auto colon = line.find(':');
        if (colon == std::string::npos || colon == 0 || line[0] == ' ' || line[0] == '\t') {
            refuse(c, 400, "a malformed header line");
            return false;
        }
        std::string name = lower_case(line.substr(0, colon));
        std::string value = trim_blanks(std::string_view(line).substr(colon + 1));
        if (name.find_first_of(" \t") != std::string::npos) {
            refuse(c, 400, "a malformed header line");
            return false;
        }
        // A repeated Host, Origin, Content-Type or Content-Length is ambiguous: refused.
        if (c.request.headers.count(name) && (name == "host" || name == "origin" || name == "content-type" ||
                                              name == "content-length" || name == "transfer-encoding")) {
            refuse(c, 400, "the header " + name + " is given twice");
            return false;
        }
        c.request.headers[name] = value;
    }
    return true;
}

// How the body comes (Content-Length within the limit, or chunked) and Expect: 100-continue; false
// once refused.
bool StudioServer::Impl::check_body_framing(Connection& c) {
    const auto& h = c.request.headers;
    const bool has_length = h.count("content-length"), has_te = h.count("transfer-encoding");
    if (has_length && has_te) {
        refuse(c, 400, "both Content-Length and Transfer-Encoding");
        return false;
    }
    if (has_te) {
        if (lower_case(h.at("transfer-encoding")) != "chunked") {
            refuse(c, 501, "only the chunked transfer encoding is understood");
            return false;
        }
        c.chunked = true;
    } else if (has_length) {
        const std::string& v = h.at("content-length");
        if (v.empty() || v.size() > 18 || v.find_first_not_of("0123456789") != std::string::npos) {
            refuse(c, 400, "a malformed Content-Length");
            return false;
        }
        c.body_left = std::stoull(v);
        if (c.body_left > settings.max_body) {
            refuse(c, 413, "the request body is over " + std::to_string(settings.max_body) + " bytes");
            return false;
        }
    }
    if (auto expect = h.find("expect"); expect != h.end()) {
        if (lower_case(expect->second) != "100-continue") {
            refuse(c, 417, "only Expect: 100-continue is understood");
            return false;
        }
        // The client waits for this before sending the body (its limits were checked above).
        if ((c.chunked || c.body_left > 0) && c.in.empty())
            ::send(c.fd, "HTTP/1.1 100 Continue\r\n\r\n", 25, MSG_NOSIGNAL);
    }
    return true;
}

Progress StudioServer::Impl::read_body(Connection& c) {
    const std::string too_long = "the request body is over " + std::to_string(settings.max_body) + " bytes";
    if (!c.chunked) {
        const std::size_t take = std::min(c.body_left, c.in.size());
        c.request.body.append(c.in, 0, take);
        c.in.erase(0, take);
        c.body_left -= take;
        return c.body_left == 0 ? Progress::done : Progress::more;
    }
    // Chunked: size lines (hex, optional ";ext"), data, CRLF; a 0 size ends it, then trailer lines.
    while (true) {
        if (c.in_chunk) {
            const std::size_t take = std::min(c.chunk_left, c.in.size());
            c.request.body.append(c.in, 0, take);
            c.in.erase(0, take);
            c.chunk_left -= take;
            if (c.chunk_left > 0) return Progress::more;
            c.in_chunk = false;
            c.chunk_crlf = true;
        }
        if (c.chunk_crlf) {
            if (c.in.size() < 2) return Progress::more;
            if (c.in.compare(0, 2, "\r\n") != 0) {
                refuse(c, 400, "a malformed chunked body");
                return Progress::failed;
            }
            c.in.erase(0, 2);
            c.chunk_crlf = false;
        }
        const auto eol = c.in.find("\r\n");
        if (eol == std::string::npos) {
            if (c.in.size() > 1024 || c.in.find('\n') != std::string::npos) {
                refuse(c, 400, "a malformed chunked body");
                return Progress::failed;
            }
            return Progress::more;
        }
        const std::string line = c.in.substr(0, eol);
        c.in.erase(0, eol + 2);
        c.raw_body += eol + 2;
        if (c.raw_body > limits.max_header_bytes) {
            // Framing alone (sizes, extensions, trailers) beyond the header limit: no honest client.
            refuse(c, 413, too_long);
            return Progress::failed;
        }
        if (c.trailers) {
            if (line.empty()) return Progress::done;
            continue;
        }
        const std::string size = trim_blanks(std::string_view(line).substr(0, line.find(';')));
        if (size.empty() || size.size() > 8 ||
            size.find_first_not_of("0123456789abcdefABCDEF") != std::string::npos) {
            refuse(c, size.size() > 8 ? 413 : 400, size.size() > 8 ? too_long : "a malformed chunked body");
            return Progress::failed;
        }
        const std::size_t n = std::stoul(size, nullptr, 16);
        if (n == 0) {
            c.trailers = true;
            continue;
        }
        if (c.request.body.size() + n > settings.max_body) {
            refuse(c, 413, too_long);
            return Progress::failed;
        }
        c.chunk_left = n;
        c.in_chunk = true;
    }
}

Progress StudioServer::Impl::advance(Connection& c) {
    char buffer[16384];
    while (true) {
        ssize_t n = ::recv(c.fd, buffer, sizeof buffer, 0);
        if (n > 0) {
            c.in.append(buffer, static_cast<std::size_t>(n));
            Progress p = c.head_done ? read_body(c) : parse_head(c);
            if (p != Progress::more) return p;
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return Progress::more;
        return Progress::failed;  // closed by the client, or an error: nothing to answer
    }
}

void StudioServer::Impl::wake_up() {
    char c = 1;
    [[maybe_unused]] auto n = ::write(wake[1], &c, 1);
}

void StudioServer::Impl::worker() {
    while (true) {
        std::pair<int, StudioRequest> job;
        bool stopping_now = false;
        {
            std::unique_lock lock(mutex);
            ready_cv.wait(lock, [&] { return closed || !ready.empty(); });
            if (ready.empty()) return;
            job = std::move(ready.front());
            ready.pop_front();
            stopping_now = closed;
        }
        StudioResponse out;
        if (stopping_now)
            out = {503, "application/json", "{\"error\": \"the studio is stopping\"}\n"};
        else if (auto refused = refused_at_door(job.second, hosts))
            out = *refused;
        else
            out = api.handle(job.second);
        {
            std::lock_guard lock(mutex);
            answered.push_back(
                {job.first, http_answer(out), 0, Clock::now() + std::chrono::seconds(limits.write_seconds)});
        }
        in_flight.fetch_sub(1);
        wake_up();
    }
}

StudioServer::StudioServer(StudioSettings settings, StudioLimits limits)
    : impl_(std::make_unique<Impl>(std::move(settings), limits)) {}

StudioServer::~StudioServer() {
    stop();
    if (impl_->listen_fd >= 0) ::close(impl_->listen_fd);
    for (int fd : impl_->wake)
        if (fd >= 0) ::close(fd);
}

int StudioServer::bind(const std::string& host, int port) {
    auto fail = [&] {
        return InputError("", "--host/--port",
                          "cannot listen on " + host + ":" + std::to_string(port) +
                              " (in use, or not an address of this machine)");
    };
    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
    addrinfo* found = nullptr;
    const std::string service = std::to_string(port);
    const std::string name =
        host.size() > 2 && host.front() == '[' && host.back() == ']' ? host.substr(1, host.size() - 2) : host;
    if (::getaddrinfo(name.c_str(), service.c_str(), &hints, &found) != 0) throw fail();
    int fd = -1;
    for (addrinfo* a = found; a && fd < 0; a = a->ai_next) {
        fd = ::socket(a->ai_family, a->ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC, a->ai_protocol);
        if (fd < 0) continue;
        // Address reuse only (no SO_REUSEPORT): a second studio on the same port is refused.
        int yes = 1;
        ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
        if (::bind(fd, a->ai_addr, a->ai_addrlen) != 0 || ::listen(fd, 128) != 0) {
            ::close(fd);
            fd = -1;
        }
    }
    ::freeaddrinfo(found);
    if (fd < 0) throw fail();
    sockaddr_storage bound{};
    socklen_t length = sizeof bound;
    ::getsockname(fd, reinterpret_cast<sockaddr*>(&bound), &length);
    const int actual = ntohs(bound.ss_family == AF_INET6 ? reinterpret_cast<sockaddr_in6*>(&bound)->sin6_port
                                                         : reinterpret_cast<sockaddr_in*>(&bound)->sin_port);
    if (impl_->listen_fd >= 0) ::close(impl_->listen_fd);
    impl_->listen_fd = fd;
    impl_->hosts = studio_host_names(host, actual);
    // Every connection is a descriptor: keep their number below the process's limit.
    rlimit files{};
    if (::getrlimit(RLIMIT_NOFILE, &files) == 0 && files.rlim_cur != RLIM_INFINITY && files.rlim_cur > 96)
        impl_->limits.max_connections = std::min<std::size_t>(impl_->limits.max_connections,
                                                              static_cast<std::size_t>(files.rlim_cur) - 64);
    if (impl_->wake[0] < 0 && ::pipe2(impl_->wake, O_NONBLOCK | O_CLOEXEC) != 0) throw fail();
    return actual;
}

// The poll thread's state: the connections whose requests are being read, and the answers being
// sent. One round of run()'s loop: poll, send, read, cap the memory held, accept.
struct StudioServer::Impl::PollLoop {
    Impl& s;
    std::vector<Connection> reading;
    std::vector<Outgoing> writing;
    Clock::time_point accept_again{};  // accepting pauses a moment when the process is out of descriptors
    bool stopped = false;

    static std::size_t footprint(const Connection& c) { return c.in.capacity() + c.request.body.capacity(); }

    // Stop: no new connection or request; queued requests are answered 503 at once, those with a
    // worker are finished, and every answer is still sent (within its time limit).
    void begin_stop() {
        stopped = true;
        ::close(s.listen_fd);
        s.listen_fd = -1;
        for (auto& c : reading) ::close(c.fd);
        reading.clear();
        {
            std::lock_guard lock(s.mutex);
            s.closed = true;
        }
        s.ready_cv.notify_all();
    }

    // Waits for a socket to be ready, the wake-up pipe, or the nearest deadline; false on a poll error.
    bool wait(std::vector<pollfd>& fds, bool accepting) {
        const auto now = Clock::now();
        fds.clear();
        fds.push_back({s.wake[0], POLLIN, 0});
        fds.push_back({accepting ? s.listen_fd : -1, POLLIN, 0});
        for (const auto& c : reading) fds.push_back({c.fd, POLLIN, 0});
        for (const auto& o : writing) fds.push_back({o.fd, POLLOUT, 0});
        auto wait = std::chrono::milliseconds(1000);
        auto until = [&](Clock::time_point t) {
            wait = std::min(wait, std::chrono::duration_cast<std::chrono::milliseconds>(t - now) +
                                      std::chrono::milliseconds(1));
        };
        for (const auto& c : reading) until(c.deadline);
        for (const auto& o : writing) until(o.deadline);
        if (!stopped && !accepting) until(accept_again);
        if (::poll(fds.data(), fds.size(), static_cast<int>(std::max<long long>(0, wait.count()))) < 0 &&
            errno != EINTR)
            return false;
        char drain[64];
        while (::read(s.wake[0], drain, sizeof drain) > 0) {}
        return true;
    }

    // Sends what each client takes; an answer ends when all is sent, the client goes, or its time is up.
    void send_answers(const std::vector<pollfd>& fds) {
        std::vector<Outgoing> still_writing;
        for (std::size_t i = 0; i < writing.size(); ++i) {
            Outgoing& o = writing[i];
            const short events = fds[2 + reading.size() + i].revents;
            bool finished = false;
            if (events & (POLLOUT | POLLERR | POLLHUP)) {
                while (o.sent < o.data.size()) {
                    ssize_t n = ::send(o.fd, o.data.data() + o.sent, o.data.size() - o.sent,
                                       MSG_NOSIGNAL | MSG_DONTWAIT);
                    if (n > 0) {
                        o.sent += static_cast<std::size_t>(n);
                        continue;
                    }
                    if (n < 0 && errno == EINTR) continue;
                    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) break;
                    finished = true;  // the client went away
                    break;
                }
                finished = finished || o.sent == o.data.size();
            }
            if (finished || Clock::now() >= o.deadline) {
                ::shutdown(o.fd, SHUT_WR);
                ::close(o.fd);
            } else {
                still_writing.push_back(std::move(o));
            }
        }
        writing = std::move(still_writing);
    }

    // Reads requests as they arrive; complete ones go to the workers, late ones get 408.
    void read_requests(const std::vector<pollfd>& fds) {
        std::vector<Connection> still;
        still.reserve(reading.size());
        for (std::size_t i = 0; i < reading.size(); ++i) {
            Connection& c = reading[i];
            Progress p = Progress::more;
            if (fds[i + 2].revents & (POLLIN | POLLHUP | POLLERR)) p = s.advance(c);
            if (p == Progress::more && Clock::now() >= c.deadline) {
                s.refuse(c, 408,
                         "the request did not arrive within " + std::to_string(s.limits.read_seconds) + " s");
                p = Progress::failed;
            }
            if (p == Progress::failed) {
                ::close(c.fd);
            } else if (p == Progress::done) {
                s.in_flight.fetch_add(1);
                std::lock_guard lock(s.mutex);
                s.ready.emplace_back(c.fd, std::move(c.request));
                s.ready_cv.notify_one();
            } else {
                still.push_back(std::move(c));
            }
        }
        reading = std::move(still);
    }

    // All requests being read hold at most kMaxBufferedBytes together: past it, the largest is refused.
    void cap_memory() {
        std::size_t held = 0;
        for (const auto& c : reading) held += footprint(c);
        while (held > kMaxBufferedBytes && !reading.empty()) {
            auto largest =
                std::max_element(reading.begin(), reading.end(),
                                 [&](const auto& a, const auto& b) { return footprint(a) < footprint(b); });
            held -= footprint(*largest);
            s.refuse(*largest, 503, "the studio is busy; try again");
            ::close(largest->fd);
            reading.erase(largest);
        }
    }

    // New connections, up to the limit (past it: 503 at once).
    void accept_connections() {
        while (true) {
            int fd = ::accept4(s.listen_fd, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
            if (fd < 0) {
                // Out of descriptors or memory: the connection stays queued; try again a moment later
                // instead of polling a socket that stays readable.
                if (errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM)
                    accept_again = Clock::now() + std::chrono::milliseconds(100);
                break;
            }
            if (reading.size() + writing.size() + s.in_flight.load() >= s.limits.max_connections) {
                Connection busy;
                busy.fd = fd;
                s.refuse(busy, 503, "the studio is busy; try again");
                ::close(fd);
                continue;
            }
            Connection c;
            c.fd = fd;
            c.deadline = Clock::now() + std::chrono::seconds(s.limits.read_seconds);
            reading.push_back(std::move(c));
        }
    }
};

void StudioServer::run() {
    Impl& s = *impl_;
    if (s.listen_fd < 0) return;
    std::vector<std::thread> workers;
    for (std::size_t i = 0; i < s.limits.workers; ++i) workers.emplace_back([&s] { s.worker(); });
    Impl::PollLoop loop{s, {}, {}, {}, false};
    std::vector<pollfd> fds;
    while (true) {
        if (s.stopping.load() && !loop.stopped) loop.begin_stop();
        {
            std::lock_guard lock(s.mutex);
            for (auto& o : s.answered) loop.writing.push_back(std::move(o));
            s.answered.clear();
        }
        if (loop.stopped && s.in_flight.load() == 0 && loop.writing.empty()) break;
        const bool accepting = !loop.stopped && Clock::now() >= loop.accept_again;
        if (!loop.wait(fds, accepting)) break;
        loop.send_answers(fds);
        loop.read_requests(fds);
        loop.cap_memory();
        if (accepting && (fds[1].revents & POLLIN)) loop.accept_connections();
    }
    for (auto& c : loop.reading) ::close(c.fd);
    for (auto& o : loop.writing) ::close(o.fd);
    {
        std::lock_guard lock(s.mutex);
        s.closed = true;
    }
    s.ready_cv.notify_all();
    for (auto& w : workers) w.join();
    std::lock_guard lock(s.mutex);
    for (auto& o : s.answered) ::close(o.fd);
    s.answered.clear();
}

void StudioServer::stop() {
    impl_->stopping.store(true);
    if (impl_->wake[1] >= 0) impl_->wake_up();
}

}  // namespace tlaloc::cli
