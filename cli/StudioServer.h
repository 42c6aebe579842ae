// The studio's HTTP server (cpp-httplib): a thread pool handing every request to StudioApi. Kept
// behind this small class so that only one file compiles the HTTP library.
#pragma once
#include <memory>
#include <string>

#include "cli/StudioApi.h"

namespace tlaloc::cli {

class StudioServer {
public:
    explicit StudioServer(StudioSettings settings);
    ~StudioServer();
    StudioServer(const StudioServer&) = delete;
    StudioServer& operator=(const StudioServer&) = delete;

    // Binds `host`:`port` (0: any free port) and returns the port; an InputError when it cannot.
    int bind(const std::string& host, int port);
    // Serves until stop() (from another thread); returns after the last request is answered.
    void run();
    void stop();

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace tlaloc::cli
