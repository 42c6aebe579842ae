#include "cli/StudioServer.h"

#include <httplib.h>
#include <sys/socket.h>

namespace tlaloc::cli {

struct StudioServer::Impl {
    explicit Impl(StudioSettings s) : api(s), max_body(s.max_body) {}
    StudioApi api;
    std::size_t max_body;
    httplib::Server server;
};

namespace {

constexpr std::size_t kWorkers = 16;

// Hands one HTTP exchange to the API; httplib's own parsing supplies the path and the query.
void answer(const StudioApi& api, const httplib::Request& req, httplib::Response& res) {
    StudioRequest r{req.method, req.path, {}, req.body};
    for (const auto& [key, value] : req.params) r.query.emplace(key, value);
    StudioResponse out = api.handle(r);
    res.status = out.status;
    res.set_header("Cache-Control", "no-store");
    res.set_header("X-Content-Type-Options", "nosniff");
    res.set_content(out.body, out.content_type.c_str());
}

}  // namespace

StudioServer::StudioServer(StudioSettings settings) : impl_(std::make_unique<Impl>(std::move(settings))) {
    auto& server = impl_->server;
    const StudioApi& api = impl_->api;
    auto handler = [&api](const httplib::Request& req, httplib::Response& res) { answer(api, req, res); };
    // Each worker answers one request at a time with its own solver; more requests wait in the queue.
    server.new_task_queue = [] { return new httplib::ThreadPool(kWorkers); };
    server.Get(R"(/.*)", handler);
    server.Post(R"(/.*)", handler);
    // Bodies over the limit are refused before they are read whole (413 from httplib).
    server.set_payload_max_length(impl_->max_body);
    // Address reuse only: httplib's default also sets SO_REUSEPORT, with which a second studio on the
    // same port would start and share the requests instead of saying the port is taken.
    server.set_socket_options([](int sock) {
        int yes = 1;
        setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    });
    server.set_read_timeout(10, 0);
    server.set_write_timeout(10, 0);
    server.set_error_handler([](const httplib::Request&, httplib::Response& res) {
        if (!res.body.empty()) return;
        Json j{{"error", "HTTP status " + std::to_string(res.status)}};
        res.set_content(j.dump() + "\n", "application/json");
    });
    server.set_exception_handler([](const httplib::Request&, httplib::Response& res, std::exception_ptr) {
        res.status = 500;
        res.set_content("{\"error\": \"tlaloc: internal error (a bug in tlaloc; please report it)\"}\n",
                        "application/json");
    });
}

StudioServer::~StudioServer() { stop(); }

int StudioServer::bind(const std::string& host, int port) {
    auto& server = impl_->server;
    int bound = port == 0 ? server.bind_to_any_port(host) : (server.bind_to_port(host, port) ? port : -1);
    if (bound <= 0)
        throw InputError("", "--host/--port",
                         "cannot listen on " + host + ":" + std::to_string(port) +
                             " (in use, or not an address of this machine)");
    return bound;
}

void StudioServer::run() { impl_->server.listen_after_bind(); }

void StudioServer::stop() { impl_->server.stop(); }

}  // namespace tlaloc::cli
