// The studio's HTTP server: one thread reads every connection's request at once (poll), under a
// deadline and size limits per request, and hands each complete request to a pool of workers that
// answer it through StudioApi. A slow or stalled client therefore holds no worker, and nothing it sends
// is kept beyond the limits. HTTP/1.1 subset: one request per connection (the answer closes it),
// bodies by Content-Length or chunked. docs/studio.md, "Safety".
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "cli/StudioApi.h"

namespace tlaloc::cli {

struct StudioLimits {
    unsigned read_seconds = 10;                // to receive a whole request, headers and body (then 408)
    unsigned write_seconds = 10;               // to send a whole answer (then the connection is dropped)
    std::size_t max_header_bytes = 16 * 1024;  // request line and headers (then 431)
    std::size_t max_headers = 64;              // header lines (then 431)
    std::size_t max_connections = 512;         // being read, answered or sent (then 503)
    std::size_t workers = 16;
};

class StudioServer {
public:
    explicit StudioServer(StudioSettings settings, StudioLimits limits = {});
    ~StudioServer();
    StudioServer(const StudioServer&) = delete;
    StudioServer& operator=(const StudioServer&) = delete;

    // Binds `host`:`port` (0: any free port) and returns the port; an InputError when it cannot. From
    // then on only requests naming this address (or a loopback name) in Host are answered.
    int bind(const std::string& host, int port);
    // Serves until stop() (from another thread); returns after the last request is answered.
    void run();
    void stop();

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// True for a loopback address or name ("127.0.0.1", "localhost", "::1", "127.x.y.z").
bool is_loopback_host(const std::string& host);

}  // namespace tlaloc::cli
