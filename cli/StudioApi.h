// The studio's web API as one plain function from a request to a response (no sockets here), so the
// HTTP server, the tests and the fuzz target all drive the same code. Every answer comes from the
// model, solver, authoring and picture code the CLI uses; bad input is a 400 with the CLI's one line.
#pragma once
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

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
    std::map<std::string, std::string> headers;  // names in lower case: "host", "origin", "content-type"
};

struct StudioResponse {
    int status = 200;
    std::string content_type = "application/json";
    std::string body;
};

// The door every request passes before the API sees it (docs/studio.md, "Safety"): nullopt to let it in,
// else the refusal. 403 when Host is missing or not one of `hosts` (a page whose name was rebound to this
// machine sends its own name), or when an Origin is sent and is not http:// followed by one of `hosts`
// (another web page); 415 when a POST's Content-Type is not application/json (a form or text/plain body,
// which a browser sends to another origin without asking first).
std::optional<StudioResponse> refused_at_door(const StudioRequest& request,
                                              const std::vector<std::string>& hosts);

// The Host values a studio listening on `host`:`port` answers to: 127.0.0.1, localhost and [::1] with the
// port, and `host` with the port when it is another name or address.
std::vector<std::string> studio_host_names(const std::string& host, int port);

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
    std::shared_ptr<const class StudioFolder> folder_;
};

}  // namespace tlaloc::cli
