// `tlaloc studio`: the Xalapa studio, a local web app to play, author and generate challenges
// (docs/studio.md). Serves until Ctrl-C (SIGINT) or SIGTERM, then stops cleanly.
#include <pthread.h>
#include <atomic>
#include <csignal>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <thread>

#include "cli/Commands.h"
#include "cli/StudioServer.h"

namespace tlaloc::cli {

namespace {

struct StudioOptions {
    int port = 8321;
    std::string host = "127.0.0.1";
    std::string data = "studio-data";
    unsigned timeout = 20;
};

// The folder saved files go to, made when missing.
std::filesystem::path data_folder(const std::string& dir) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec || !std::filesystem::is_directory(dir, ec))
        throw InputError(dir, "", "cannot create the studio's data folder (--data)");
    return std::filesystem::canonical(dir, ec);
}

void run_studio(const StudioOptions& o) {
    StudioSettings settings;
    settings.data = data_folder(o.data);
    settings.assets = studio_assets_dir();
    settings.timeout = o.timeout;
    // SIGINT and SIGTERM are blocked in every thread (the server's pool inherits the mask) and taken
    // by one thread with sigwait, which then stops the server: no work happens in a signal handler.
    sigset_t stop_signals;
    sigemptyset(&stop_signals);
    sigaddset(&stop_signals, SIGINT);
    sigaddset(&stop_signals, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);
    // A reader of stdout that went away (`tlaloc studio | head -1`) must not kill the server: writes then
    // fail instead (sockets are written with MSG_NOSIGNAL already).
    std::signal(SIGPIPE, SIG_IGN);
    StudioServer server(settings);
    const int port = server.bind(o.host, o.port);
    if (!is_loopback_host(o.host))
        std::cerr << "tlaloc: warning: --host " << o.host
                  << " is not a loopback address: other machines that reach it can use the studio and "
                     "its data folder (it answers only requests that name this address)"
                  << std::endl;
    const bool bare_ipv6 = o.host.find(':') != std::string::npos && o.host.front() != '[';
    std::cout << "Xalapa studio on http://" << (bare_ipv6 ? "[" + o.host + "]" : o.host) << ":" << port
              << "/  (data folder " << settings.data.string() << "; Ctrl-C stops it)" << std::endl;
    // The first signal stops the server (requests under way are answered); a second one, while it is
    // still finishing a long solve, ends the process at once.
    std::atomic<bool> finished{false};
    std::thread waiter([&] {
        int signal = 0;
        sigwait(&stop_signals, &signal);
        if (finished.load()) return;
        server.stop();
        sigwait(&stop_signals, &signal);
        if (!finished.load()) std::_Exit(128 + signal);
    });
    server.run();
    server.stop();
    finished.store(true);
    pthread_kill(waiter.native_handle(), SIGTERM);  // wakes the waiter if the server stopped by itself
    waiter.join();
    std::cout << "Xalapa studio stopped" << std::endl;
    // These lines only report the server's state: a reader that went away after the address (as in
    // `tlaloc studio | head -1`) does not make the run a failure.
    std::cout.clear();
}

}  // namespace

void add_studio_command(CLI::App& app) {
    auto opt = std::make_shared<StudioOptions>();
    auto* studio = app.add_subcommand(
        "studio",
        "Xalapa studio: a local web app to play, author and generate challenges in the browser.\n"
        "Example: tlaloc studio --port 8321 --data my-challenges   (then open http://127.0.0.1:8321/)");
    studio->add_option("--port", opt->port, "TCP port (0: any free port, printed at start)")
        ->capture_default_str()
        ->check(CLI::Range(0, 65535));
    studio
        ->add_option("--host", opt->host,
                     "address to listen on; other machines can connect only if you give this "
                     "machine's address they reach (a warning is printed), and must use that address")
        ->capture_default_str();
    studio->add_option("--data", opt->data, "folder for saved challenges, pictures and books (created)")
        ->capture_default_str();
    studio->add_option("--timeout", opt->timeout, "seconds each request's solving may take (then HTTP 503)")
        ->capture_default_str()
        ->check(CLI::Range(1u, 3600u));
    studio->callback([opt] { run_studio(*opt); });
}

}  // namespace tlaloc::cli
