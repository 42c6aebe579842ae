// The studio's web API as one plain function from a request to a response (no sockets here), so the
// HTTP server, the tests and the fuzz target all drive the same code. Every answer comes from the
// model, solver, authoring and picture code the CLI uses; bad input is a 400 with the CLI's one line.
#pragma once
#include <filesystem>
#include <map>
#include <memory>
#include <string>

#include "puzzles/xalapa/Catalogue.h"

namespace tlaloc::cli {

struct StudioSettings {
    std::filesystem::path data;      // saved challenges, pictures and books; nothing outside it is touched
    std::filesystem::path assets;    // the page (index.html, studio.css, studio.js)
    unsigned timeout = 20;           // seconds for each request's solver calls (then 503)
    std::size_t max_body = 1 << 20;  // bytes; a longer request body is refused (413)
};

struct StudioRequest {
    std::string method;  // "GET", "POST"
    std::string path;    // "/api/xalapa/solve"
    std::map<std::string, std::string> query;
    std::string body;
};

struct StudioResponse {
    int status = 200;
    std::string content_type = "application/json";
    std::string body;
};

// The page's folder among the shipped data (data_dir()/puzzles/xalapa/studio).
std::filesystem::path studio_assets_dir();

class StudioApi {
public:
    // Loads the shipped catalogue once (an InputError when it is broken); `settings.data` must exist.
    explicit StudioApi(StudioSettings settings);
    // Never throws: bad input is 400, an exceeded time limit 503, a bug 500; each with {"error": ...}.
    // Safe to call from several threads at once.
    StudioResponse handle(const StudioRequest& request) const;

private:
    StudioResponse route(const StudioRequest& request) const;
    StudioSettings settings_;
    std::shared_ptr<const xalapa::Catalogue> catalogue_;
};

}  // namespace tlaloc::cli
