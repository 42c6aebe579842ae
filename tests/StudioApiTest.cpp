// The studio's web API, through a real server on an ephemeral port: solve answers the very object
// `tlaloc xalapa solve --json` prints, bad input is a 400 with the CLI's one line (never a 500), the
// data folder cannot be left, and many requests at once are all answered correctly.
#include <arpa/inet.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <httplib.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <future>
#include <random>
#include <thread>

#include "cli/StudioServer.h"
#include "model/xalapa/Evaluation.h"
#include "puzzles/xalapa/RandomChallenge.h"
#include "support/CliRun.h"
#include "support/ScratchDir.h"
#include "support/TestScale.h"
#include "support/XalapaBruteForce.h"

namespace {

using namespace tlaloc;
using namespace tlaloc::xalapa;
using test_support::run_tlaloc_split;
using test_support::scratch_dir;

// One studio for the whole test program, on a free port of 127.0.0.1, stopped at exit.
class Studio {
public:
    Studio() : data_(scratch_dir("studio-data")) {
        cli::StudioSettings s;
        s.data = data_;
        s.assets = cli::studio_assets_dir();
        s.max_body = 64 * 1024;
        server_ = std::make_unique<cli::StudioServer>(s);
        port_ = server_->bind("127.0.0.1", 0);
        thread_ = std::thread([this] { server_->run(); });
    }
    ~Studio() {
        server_->stop();
        thread_.join();
    }
    static Studio& get() {
        static Studio studio;
        return studio;
    }
    httplib::Client client() const {
        httplib::Client c("127.0.0.1", port_);
        c.set_read_timeout(120, 0);
        return c;
    }
    const std::filesystem::path& data() const { return data_; }
    int port() const { return port_; }

private:
    std::filesystem::path data_;
    std::unique_ptr<cli::StudioServer> server_;
    int port_ = 0;
    std::thread thread_;
};

struct Answer {
    int status = 0;
    std::string body;
    Json json() const { return Json::parse(body); }
};

Answer post(const std::string& path, const std::string& body) {
    auto res = Studio::get().client().Post(path.c_str(), body, "application/json");
    if (!res) return {-1, "no response: " + httplib::to_string(res.error())};
    return {res->status, res->body};
}

Answer get(const std::string& path) {
    auto res = Studio::get().client().Get(path.c_str());
    if (!res) return {-1, "no response"};
    return {res->status, res->body};
}

// A connected socket to 127.0.0.1:port (-1 when it cannot connect).
int connect_to(int port) {
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(static_cast<std::uint16_t>(port));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (fd < 0 || connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
        if (fd >= 0) close(fd);
        return -1;
    }
    return fd;
}

// Sends what it can of `data` (false when the server closed the connection first).
bool send_text(int fd, const std::string& data) {
    for (std::size_t sent = 0; sent < data.size();) {
        ssize_t n = send(fd, data.data() + sent, data.size() - sent, MSG_NOSIGNAL);
        if (n <= 0) return false;
        sent += static_cast<std::size_t>(n);
    }
    return true;
}

// The status and body of the answer on `fd`, read until the server closes it.
Answer read_answer(int fd) {
    std::string reply;
    char buffer[4096];
    for (ssize_t n; (n = read(fd, buffer, sizeof buffer)) > 0;)
        reply.append(buffer, static_cast<std::size_t>(n));
    close(fd);
    const auto head_end = reply.find("\r\n\r\n");
    if (reply.rfind("HTTP/1.1 ", 0) != 0 || head_end == std::string::npos) return {-1, "no answer: " + reply};
    return {std::atoi(reply.c_str() + 9), reply.substr(head_end + 4)};
}

// A plain HTTP/1.1 exchange over a socket, independent of any HTTP library: `request` is sent whole.
Answer raw_exchange(int port, const std::string& request) {
    int fd = connect_to(port);
    if (fd < 0) return {-1, "cannot connect"};
    send_text(fd, request);
    return read_answer(fd);
}

std::string host_line(int port) { return "Host: 127.0.0.1:" + std::to_string(port) + "\r\n"; }

Answer raw_post(int port, const std::string& path, const std::string& body) {
    return raw_exchange(port, "POST " + path + " HTTP/1.1\r\n" + host_line(port) +
                                  "Content-Type: application/json\r\nContent-Length: " +
                                  std::to_string(body.size()) + "\r\nConnection: close\r\n\r\n" + body);
}

std::string shipped(const std::string& name) {
    return (data_dir() / "puzzles" / "xalapa" / "challenges" / name).string();
}

std::string write_scratch(const std::string& name, const std::string& text) {
    auto file = scratch_dir("bodies") / name;
    std::ofstream(file) << text;
    return file.string();
}

// The CLI's answer for a file, without its "file" member (the studio names its body "request").
Json cli_solve(const std::string& file, const std::string& flags = "") {
    auto run = run_tlaloc_split("xalapa solve --json " + flags + " " + file);
    EXPECT_EQ(run.code, 0) << run.err;
    Json j = Json::parse(run.out);
    j.erase("file");
    return j;
}

Json without_file(Json j) {
    EXPECT_EQ(j["file"], "request");
    j.erase("file");
    return j;
}

TEST(StudioApi, SolveAnswersWhatTheCliPrintsForEveryShippedChallenge) {
    for (const char* name : {"basic-1.json", "level1-1.json", "level2-1.json", "level3-1.json"}) {
        Json inline_board = challenge_to_json(load_challenge(shipped(name)));
        Answer plain = post("/api/xalapa/solve", inline_board.dump());
        ASSERT_EQ(plain.status, 200) << name << ": " << plain.body;
        EXPECT_EQ(without_file(plain.json()), cli_solve(shipped(name))) << name;
        Answer all = post("/api/xalapa/solve?all=1", inline_board.dump());
        ASSERT_EQ(all.status, 200) << all.body;
        EXPECT_EQ(without_file(all.json()), cli_solve(shipped(name), "--all")) << name;
    }
}

TEST(StudioApi, SolveTakesTheShippedBoardByPathOrId) {
    std::ifstream in(shipped("basic-1.json"));
    std::string by_path((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    Answer a = post("/api/xalapa/solve", by_path);
    ASSERT_EQ(a.status, 200) << a.body;
    EXPECT_EQ(without_file(a.json()), cli_solve(shipped("basic-1.json")));
    Json by_id = Json::parse(by_path);
    by_id["board"] = "sun-front";
    Answer b = post("/api/xalapa/solve", by_id.dump());
    ASSERT_EQ(b.status, 200) << b.body;
    EXPECT_EQ(without_file(b.json()), cli_solve(shipped("basic-1.json")));
}

// The optimum is checked against the tests' own exhaustive search, not only against the CLI.
TEST(StudioApi, SolveOptimumAgreesWithExhaustiveSearchOnSmallRandomChallenges) {
    std::mt19937_64 rng(42);
    RandomChallengeOptions o;
    o.min_rows = o.max_rows = 4;
    o.min_cols = o.max_cols = 4;
    o.max_stones = 5;
    for (int round = 0; round < test_support::scaled_rounds(8, 4); ++round) {
        Challenge ch = random_challenge(rng, o);
        Answer a = post("/api/xalapa/solve?all=1", challenge_to_json(ch).dump());
        ASSERT_EQ(a.status, 200) << a.body;
        auto brute = test_support::brute_force(ch);
        EXPECT_EQ(a.json()["penalty"], brute.best) << challenge_to_json(ch).dump();
        EXPECT_EQ(a.json()["optimal_sets"], brute.optimal_sets);
    }
}

TEST(StudioApi, EvaluateScoresTheStonesAsTheModelDoes) {
    Challenge ch = load_challenge(shipped("level2-1.json"));
    Json stones = Json::array({{0, 0}, {1, 1}, {2, 2}, {3, 3}, {5, 4}});
    Json body{{"challenge", challenge_to_json(ch)}, {"stones", stones}};
    Answer a = post("/api/xalapa/evaluate", body.dump());
    ASSERT_EQ(a.status, 200) << a.body;
    std::vector<int> cells;
    for (const auto& s : stones) cells.push_back(ch.board.index({s[0], s[1]}));
    EXPECT_EQ(a.json()["penalty"], test_support::brute_penalty(ch, cells));
    EXPECT_EQ(a.json()["tasks"].size(), ch.tasks.size());
    EXPECT_EQ(a.json()["formation_met"], true);  // the diagonal of four is the formation
}

TEST(StudioApi, ExplainRateRenderDealAndGenerateAnswer) {
    Json ch = challenge_to_json(load_challenge(shipped("basic-1.json")));
    Answer explain = post("/api/xalapa/explain", Json{{"challenge", ch}, {"stones", {{0, 0}}}}.dump());
    ASSERT_EQ(explain.status, 200) << explain.body;
    EXPECT_EQ(explain.json()["penalty"], 4);
    const int mine = explain.json()["proposed"]["penalty"];
    EXPECT_EQ(explain.json()["proposed"]["above_optimum"], mine - 4);
    Answer rate = post("/api/xalapa/rate", ch.dump());
    ASSERT_EQ(rate.status, 200) << rate.body;
    auto cli_rate = Json::parse(run_tlaloc_split("xalapa rate --json " + shipped("basic-1.json")).out);
    EXPECT_EQ(rate.json()["difficulty"], cli_rate["difficulty"]);
    EXPECT_EQ(rate.json()["unique"], cli_rate["optimal_sets"] == 1 && cli_rate["optimal_sets_more"] == false);
    Answer svg = post("/api/xalapa/render", Json{{"challenge", ch}, {"solution", true}}.dump());
    ASSERT_EQ(svg.status, 200) << svg.body;
    EXPECT_EQ(svg.body.rfind("<svg", 0), 0u);
    Answer dealt = post("/api/xalapa/deal", R"({"level": "2", "seed": 7})");
    ASSERT_EQ(dealt.status, 200) << dealt.body;
    EXPECT_EQ(dealt.json(), Json::parse(run_tlaloc_split("xalapa deal --level 2 --seed 7").out));
    Answer made = post("/api/xalapa/generate", R"({"level": "2", "count": 2, "seed": 3, "unique": true})");
    ASSERT_EQ(made.status, 200) << made.body;
    auto run = run_tlaloc_split("xalapa generate --level 2 --count 2 --seed 3 --unique --max-deals 2000");
    std::vector<Json> lines;
    for (const auto& line : parse_json_lines("generate", run.out, "lines")) lines.push_back(line.json);
    ASSERT_EQ(made.json()["challenges"].size(), lines.size());
    for (std::size_t k = 0; k < lines.size(); ++k) EXPECT_EQ(made.json()["challenges"][k], lines[k]);
}

TEST(StudioApi, ShippedComponentsAndThePageAreServed) {
    EXPECT_EQ(get("/api/xalapa/boards").json()["boards"].size(), 12u);
    EXPECT_TRUE(get("/api/xalapa/cards").json().contains("cards"));
    EXPECT_TRUE(get("/api/xalapa/positions").json().contains("positions"));
    Answer page = get("/");
    EXPECT_EQ(page.status, 200);
    EXPECT_NE(page.body.find("<html"), std::string::npos);
    EXPECT_EQ(get("/studio.js").status, 200);
    EXPECT_EQ(get("/../../etc/passwd").status, 404);
    EXPECT_EQ(get("/api/xalapa/nothing").status, 404);
}

// Each bad input gets the line the CLI prints for the same text in a file, with the file's name
// replaced by "request"; the status is 400, never a 500.
TEST(StudioApi, BadInputIsA400WithTheCliLine) {
    const std::vector<std::pair<std::string, std::string>> bodies = {
        {"malformed", R"({"board": "sun-front", "tasks": [)"},
        {"wrong-type", R"({"board": "sun-front", "tasks": {"feature": "gecko"}})"},
        {"huge-number", R"({"board": "sun-front", "tasks": [{"feature": "gecko", "count": 1e300}]})"},
        {"unknown-feature", R"({"board": "sun-front", "tasks": [{"feature": "gekko", "count": 1}]})"},
        {"unknown-key", R"({"board": "sun-front", "taks": []})"},
        {"not-an-object", R"([1, 2, 3])"},
        {"empty", ""},
        {"bad-formation", R"({"board": "sun-front", "tasks": [], "formation": [[0, 0], [9, 9]]})"},
        {"deep", std::string(200, '[') + std::string(200, ']')},
    };
    const std::string board_json =
        board_to_json(load_board(data_dir() / "puzzles/xalapa/boards/sun-front.json")).dump();
    for (auto [name, body] : bodies) {
        // The same text for both, so the board goes inline (a file would read it relative to itself).
        if (auto at = body.find("\"sun-front\""); at != std::string::npos) body.replace(at, 11, board_json);
        Answer a = post("/api/xalapa/solve", body);
        ASSERT_EQ(a.status, 400) << name << ": " << a.body;
        const std::string error = a.json()["error"];
        const std::string file = write_scratch(name + ".json", body);
        auto run = run_tlaloc_split("xalapa solve --json " + file);
        ASSERT_EQ(run.code, 2) << name;
        std::string expected = run.err.substr(0, run.err.find('\n'));
        expected.replace(expected.find(file), file.size(), "request");
        EXPECT_EQ(error, expected) << name;
    }
}

TEST(StudioApi, OtherBadRequestsAre400Too) {
    Json ch = challenge_to_json(load_challenge(shipped("basic-1.json")));
    for (const std::string& body :
         {Json{{"challenge", ch}, {"stones", {{9, 9}}}}.dump(),
          Json{{"challenge", ch}, {"stones", "A1"}}.dump(),
          Json{{"challenge", ch}, {"stones", {{0, 0}, {0, 0}}}}.dump(), std::string(R"({"stones": []})")}) {
        Answer a = post("/api/xalapa/evaluate", body);
        EXPECT_EQ(a.status, 400) << body << " -> " << a.body;
        const std::string error = a.json()["error"];
        EXPECT_EQ(error.rfind("tlaloc: request: ", 0), 0u) << a.body;
    }
    EXPECT_EQ(post("/api/xalapa/solve?all=maybe", ch.dump()).status, 400);
    EXPECT_EQ(post("/api/xalapa/solve?cap=-1", ch.dump()).status, 400);
    EXPECT_EQ(post("/api/xalapa/deal", R"({"level": "7"})").status, 400);
    EXPECT_EQ(post("/api/xalapa/generate", R"({"level": "2", "count": 100000})").status, 400);
    EXPECT_EQ(post("/api/xalapa/solve", std::string(100 * 1024, ' ')).status, 413);
}

TEST(StudioApi, ABoardPathMayNotLeaveTheShippedBoards) {
    for (const char* ref :
         {"/etc/passwd", "../../../../../../etc/passwd", "../challenges/basic-1.json", "sun"}) {
        Answer a = post("/api/xalapa/solve", Json{{"board", ref}, {"tasks", Json::array()}}.dump());
        EXPECT_EQ(a.status, 400) << ref;
        EXPECT_NE(a.body.find("is not a shipped board"), std::string::npos) << a.body;
    }
}

TEST(StudioApi, SavedFilesStayInTheDataFolder) {
    Json ch = challenge_to_json(load_challenge(shipped("basic-1.json")));
    Answer saved = post("/api/xalapa/save", Json{{"name", "mine"}, {"challenge", ch}}.dump());
    ASSERT_EQ(saved.status, 200) << saved.body;
    EXPECT_TRUE(std::filesystem::is_regular_file(Studio::get().data() / "mine.json"));
    EXPECT_TRUE(std::filesystem::is_regular_file(Studio::get().data() / "mine.svg"));
    EXPECT_EQ(challenge_to_json(load_challenge(Studio::get().data() / "mine.json")), ch);
    EXPECT_EQ(get("/api/xalapa/saved?name=mine").json(), ch);
    for (const char* name : {"../escape", "/tmp/escape", "a/b", "", ".hidden", "-x"}) {
        Answer a = post("/api/xalapa/save", Json{{"name", name}, {"challenge", ch}}.dump());
        EXPECT_EQ(a.status, 400) << name;
    }
    EXPECT_EQ(get("/api/xalapa/saved?name=..%2F..%2Fetc%2Fpasswd").status, 400);
    // A symbolic link inside the folder could point anywhere: neither read nor written through.
    std::filesystem::create_symlink("/etc/hostname", Studio::get().data() / "link.json");
    EXPECT_EQ(get("/api/xalapa/saved?name=link").status, 400);
    EXPECT_EQ(post("/api/xalapa/save", Json{{"name", "link"}, {"challenge", ch}}.dump()).status, 400);
    Answer book = post("/api/xalapa/book", Json{{"book", "mybook"}, {"challenge", ch}}.dump());
    ASSERT_EQ(book.status, 200) << book.body;
    book = post("/api/xalapa/book", Json{{"book", "mybook"}, {"challenge", ch}}.dump());
    EXPECT_EQ(book.json()["challenges"], 2);
    EXPECT_EQ(get("/api/xalapa/saved?book=mybook").json()["challenges"].size(), 2u);
}

// ---- the door (docs/studio.md, "Safety") ----

std::string challenge_body() { return challenge_to_json(load_challenge(shipped("basic-1.json"))).dump(); }

// A POST with the given extra header lines ("Name: value\r\n" each) and content type.
Answer post_with(const std::string& path, const std::string& body, const std::string& type,
                 const std::string& extra, const std::string& host = "") {
    const int port = Studio::get().port();
    return raw_exchange(port, "POST " + path + " HTTP/1.1\r\n" + (host.empty() ? host_line(port) : host) +
                                  "Content-Type: " + type + "\r\n" + extra +
                                  "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body);
}

// A web page of another site can send these without asking the server first (a "simple" request);
// none of them may write a file or start a solve.
TEST(StudioSafety, CrossOriginSaveBookAndSolveAreRefusedAndWriteNothing) {
    const auto data = Studio::get().data();
    const std::string ch = challenge_body();
    const std::string save = Json{{"name", "cross"}, {"challenge", Json::parse(ch)}}.dump();
    const std::string book = Json{{"book", "crossbook"}, {"challenge", Json::parse(ch)}}.dump();
    for (const char* origin : {"http://evil.example", "null", "http://127.0.0.1:1", "https://127.0.0.1"}) {
        for (const auto& [path, body] :
             {std::pair{"/api/xalapa/save", save}, std::pair{"/api/xalapa/book", book},
              std::pair{"/api/xalapa/solve", ch}}) {
            for (const char* type : {"text/plain", "application/json"}) {
                Answer a = post_with(path, body, type, std::string("Origin: ") + origin + "\r\n");
                EXPECT_EQ(a.status, 403) << origin << " " << path << " " << type << ": " << a.body;
            }
        }
    }
    // Without an Origin (as curl sends it), a body that is not declared JSON is refused too: 415.
    for (const char* type : {"text/plain", "application/x-www-form-urlencoded", "multipart/form-data"})
        EXPECT_EQ(post_with("/api/xalapa/save", save, type, "").status, 415) << type;
    EXPECT_EQ(post_with("/api/xalapa/save", save, "text/plain", "Sec-Fetch-Site: cross-site\r\n").status,
              403);
    EXPECT_FALSE(std::filesystem::exists(data / "cross.json"));
    EXPECT_FALSE(std::filesystem::exists(data / "cross.svg"));
    EXPECT_FALSE(std::filesystem::exists(data / "crossbook.book.json"));
    // The studio's own page sends its own origin and JSON: let in.
    const std::string own = "Origin: http://127.0.0.1:" + std::to_string(Studio::get().port()) + "\r\n";
    EXPECT_EQ(post_with("/api/xalapa/save", save, "application/json; charset=utf-8", own).status, 200);
    EXPECT_TRUE(std::filesystem::exists(data / "cross.json"));
    const std::string localhost = "Origin: http://localhost:" + std::to_string(Studio::get().port()) + "\r\n";
    EXPECT_EQ(post_with("/api/xalapa/solve", ch, "application/json", localhost,
                        "Host: localhost:" + std::to_string(Studio::get().port()) + "\r\n")
                  .status,
              200);
}

// DNS rebinding: a page whose name now points at 127.0.0.1 sends its own name in Host.
TEST(StudioSafety, AForeignHostIsRefused) {
    const int port = Studio::get().port();
    const std::string p = std::to_string(port);
    for (const std::string& host :
         std::vector<std::string>{"evil.example:" + p, "evil.example", "127.0.0.1", "127.0.0.1:1",
                                  "localhost.evil.example:" + p, ""}) {
        const std::string line = host.empty() ? "" : "Host: " + host + "\r\n";
        Answer a = raw_exchange(port, "GET /api/xalapa/saved HTTP/1.1\r\n" + line + "\r\n");
        EXPECT_EQ(a.status, 403) << host << ": " << a.body;
        EXPECT_EQ(a.body.find("challenges"), std::string::npos) << a.body;
    }
    for (const std::string& host :
         std::vector<std::string>{"127.0.0.1:" + p, "localhost:" + p, "LOCALHOST:" + p, "[::1]:" + p})
        EXPECT_EQ(raw_exchange(port, "GET /api/xalapa/saved HTTP/1.1\r\nHost: " + host + "\r\n\r\n").status,
                  200)
            << host;
    // Two Host lines are ambiguous.
    EXPECT_EQ(
        raw_exchange(port, "GET / HTTP/1.1\r\n" + host_line(port) + "Host: evil.example\r\n\r\n").status,
        400);
}

// Clients that send a byte now and then hold no worker: a normal request is answered at once.
TEST(StudioSafety, SlowClientsDoNotDelayOthers) {
    const int port = Studio::get().port();
    std::vector<int> slow;
    for (int i = 0; i < 24; ++i) {
        int fd = connect_to(port);
        ASSERT_GE(fd, 0);
        send_text(fd, "POST /api/xalapa/solve HTTP/1.1\r\nH");
        slow.push_back(fd);
    }
    std::atomic<bool> done{false};
    std::thread trickle([&] {
        while (!done.load()) {
            for (int fd : slow) send_text(fd, "o");
            std::this_thread::sleep_for(std::chrono::milliseconds(200));
        }
    });
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    for (int k = 0; k < 3; ++k) {
        const auto start = std::chrono::steady_clock::now();
        Answer a = raw_exchange(port, "GET /api/xalapa/features HTTP/1.1\r\n" + host_line(port) + "\r\n");
        const auto took = std::chrono::steady_clock::now() - start;
        EXPECT_EQ(a.status, 200) << a.body;
        EXPECT_LT(took, std::chrono::seconds(1));
    }
    done = true;
    trickle.join();
    for (int fd : slow) close(fd);
}

std::size_t resident_bytes() {
    std::ifstream statm("/proc/self/statm");
    std::size_t pages = 0, resident = 0;
    statm >> pages >> resident;
    return resident * static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
}

// A chunked body is held to the same limit as a sized one: refused after the limit, not read whole.
TEST(StudioSafety, AHugeChunkedBodyIsRefusedWithMemoryFlat) {
    const int port = Studio::get().port();
    const std::size_t before = resident_bytes();
    int fd = connect_to(port);
    ASSERT_GE(fd, 0);
    send_text(fd, "POST /api/xalapa/solve HTTP/1.1\r\n" + host_line(port) +
                      "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n");
    const std::string chunk(64 * 1024, ' ');
    char size[32];
    std::snprintf(size, sizeof size, "%zx\r\n", chunk.size());
    std::size_t sent = 0;
    for (int i = 0; i < 800 && send_text(fd, size + chunk + "\r\n"); ++i) sent += chunk.size();
    Answer a = read_answer(fd);
    EXPECT_EQ(a.status, 413) << a.body;
    EXPECT_LT(sent, std::size_t{50} << 20);  // the server stopped reading long before 50 MiB
    EXPECT_LT(resident_bytes(), before + (std::size_t{16} << 20));
    // A sized body over the limit is refused before it is read; so are oversized chunk sizes.
    Answer sized =
        raw_exchange(port, "POST /api/xalapa/solve HTTP/1.1\r\n" + host_line(port) +
                               "Content-Type: application/json\r\nContent-Length: 52428800\r\n\r\n{");
    EXPECT_EQ(sized.status, 413);
    Answer big_chunk = raw_exchange(port, "POST /api/xalapa/solve HTTP/1.1\r\n" + host_line(port) +
                                              "Content-Type: application/json\r\nTransfer-Encoding: "
                                              "chunked\r\n\r\nfffffffff\r\n{");
    EXPECT_EQ(big_chunk.status, 413);
    // A well-formed chunked body within the limit is read as the body.
    const std::string body = challenge_body();
    Answer ok = raw_exchange(
        port, "POST /api/xalapa/evaluate HTTP/1.1\r\n" + host_line(port) +
                  "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n" + [&] {
                      const std::string wrapped = "{\"challenge\": " + body + "}";
                      char h[32];
                      std::snprintf(h, sizeof h, "%zx\r\n", wrapped.size());
                      return std::string(h) + wrapped + "\r\n0\r\n\r\n";
                  }());
    EXPECT_EQ(ok.status, 200) << ok.body;
}

// Headers are capped in size and count: 400 MB of them are refused after the first few kilobytes.
TEST(StudioSafety, HeadersAreCappedInSizeAndCount) {
    const int port = Studio::get().port();
    const std::size_t before = resident_bytes();
    int fd = connect_to(port);
    ASSERT_GE(fd, 0);
    send_text(fd, "GET / HTTP/1.1\r\n" + host_line(port));
    const std::string line = "X-Filler: " + std::string(1000, 'a') + "\r\n";
    std::string block;
    for (int i = 0; i < 64; ++i) block += line;
    std::size_t sent = 0;
    for (int i = 0; i < 6400 && send_text(fd, block); ++i) sent += block.size();
    Answer a = read_answer(fd);
    EXPECT_EQ(a.status, 431) << a.body;
    EXPECT_LT(sent, std::size_t{400} << 20);
    EXPECT_LT(resident_bytes(), before + (std::size_t{16} << 20));
    std::string many = "GET / HTTP/1.1\r\n" + host_line(port);
    for (int i = 0; i < 200; ++i) many += "X-" + std::to_string(i) + ": 1\r\n";
    EXPECT_EQ(raw_exchange(port, many + "\r\n").status, 431);
}

// A file in the data folder swapped for a link while saves run: nothing outside the folder changes.
TEST(StudioSafety, ALinkSwappedInDuringSavesWritesNothingOutside) {
    const auto data = Studio::get().data();
    const auto outside = scratch_dir("outside") / "victim.json";
    std::ofstream(outside) << "untouched\n";
    const std::string save = Json{{"name", "race"}, {"challenge", Json::parse(challenge_body())}}.dump();
    std::atomic<bool> done{false};
    std::thread swapper([&] {
        std::error_code ec;
        while (!done.load()) {
            std::filesystem::remove(data / "race.json", ec);
            std::filesystem::create_symlink(outside, data / "race.json", ec);
            std::filesystem::remove(data / "race.svg", ec);
            std::filesystem::create_symlink(outside, data / "race.svg", ec);
        }
    });
    for (int i = 0; i < 60; ++i) {
        Answer a = post("/api/xalapa/save", save);
        EXPECT_TRUE(a.status == 200 || a.status == 400) << a.body;
        Answer r = get("/api/xalapa/saved?name=race");
        EXPECT_EQ(r.body.find("untouched"), std::string::npos) << r.body;
        EXPECT_TRUE(r.status == 200 || r.status == 400 || r.status == 404) << r.body;
    }
    done = true;
    swapper.join();
    std::ifstream in(outside);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_EQ(text, "untouched\n");
}

// A FIFO is refused at once (never waited on), a hard link to another file is not read, and neither is
// listed.
TEST(StudioSafety, FifosAndHardLinksInTheDataFolderAreRefused) {
    const auto data = Studio::get().data();
    ASSERT_EQ(mkfifo((data / "pipe.json").c_str(), 0600), 0);
    ASSERT_EQ(mkfifo((data / "pipebook.book.json").c_str(), 0600), 0);
    const auto outside = scratch_dir("outside-hard") / "secret.json";
    std::ofstream(outside) << "{\"secret\": 1}\n";
    std::error_code ec;
    std::filesystem::create_hard_link(outside, data / "hard.json", ec);
    const bool hard = !ec;  // a temp folder on another file system cannot hold the link
    std::vector<std::future<Answer>> reads;
    for (int i = 0; i < 20; ++i)
        reads.push_back(std::async(std::launch::async, [] { return get("/api/xalapa/saved?name=pipe"); }));
    for (auto& r : reads) {
        ASSERT_EQ(r.wait_for(std::chrono::seconds(10)), std::future_status::ready);
        Answer a = r.get();
        EXPECT_EQ(a.status, 400) << a.body;
        EXPECT_NE(a.body.find("not a regular file"), std::string::npos) << a.body;
    }
    const std::string ch = challenge_body();
    Answer book = post("/api/xalapa/book", Json{{"book", "pipebook"}, {"challenge", Json::parse(ch)}}.dump());
    EXPECT_EQ(book.status, 400) << book.body;
    if (hard) {
        Answer a = get("/api/xalapa/saved?name=hard");
        EXPECT_EQ(a.status, 400) << a.body;
        EXPECT_EQ(a.body.find("secret"), std::string::npos);
    }
    Json list = get("/api/xalapa/saved").json();
    for (const auto& name : list["challenges"]) {
        EXPECT_NE(name, "pipe");
        EXPECT_NE(name, "hard");
    }
    EXPECT_EQ(get("/api/xalapa/features").status, 200);
}

// Clients that ask for a large answer and never read it hold no worker either: the answers are sent
// by the thread that reads, as the clients take them.
TEST(StudioSafety, ClientsThatDoNotReadTheirAnswerDoNotDelayOthers) {
    const int port = Studio::get().port();
    std::ofstream(Studio::get().data() / "huge.json") << Json{{"text", std::string(6 << 20, 'x')}}.dump();
    std::vector<int> stalled;
    // Twice the workers: were sending to hold a worker, the second 16 would still hold them all.
    for (int i = 0; i < 32; ++i) {
        int fd = socket(AF_INET, SOCK_STREAM, 0);
        int small = 1024;
        setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &small, sizeof small);
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_port = htons(static_cast<std::uint16_t>(port));
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        ASSERT_EQ(connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address), 0);
        send_text(fd, "GET /api/xalapa/saved?name=huge HTTP/1.1\r\n" + host_line(port) + "\r\n");
        stalled.push_back(fd);
    }
    // Until every answer is made and being sent (its first bytes have arrived, the rest is stuck): the
    // workers are then free, unless sending held them. Making them takes a while in instrumented builds.
    const auto made_by = std::chrono::steady_clock::now() + std::chrono::seconds(120);
    for (int fd : stalled) {
        pollfd p{fd, POLLIN, 0};
        while (poll(&p, 1, 100) == 0 && std::chrono::steady_clock::now() < made_by) {}
        ASSERT_TRUE(p.revents & POLLIN) << "an answer was never sent";
    }
    for (int k = 0; k < 3; ++k) {
        const auto start = std::chrono::steady_clock::now();
        Answer a = raw_exchange(port, "GET /api/xalapa/features HTTP/1.1\r\n" + host_line(port) + "\r\n");
        EXPECT_EQ(a.status, 200) << a.body;
        EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(1));
    }
    for (int fd : stalled) close(fd);
}

// Additions to one book at once are all kept.
TEST(StudioSafety, ConcurrentAdditionsToABookAreAllKept) {
    const std::string body = Json{{"book", "together"}, {"challenge", Json::parse(challenge_body())}}.dump();
    std::vector<std::future<Answer>> adds;
    for (int i = 0; i < 16; ++i)
        adds.push_back(std::async(std::launch::async, [&] { return post("/api/xalapa/book", body); }));
    for (auto& a : adds) EXPECT_EQ(a.get().status, 200);
    EXPECT_EQ(get("/api/xalapa/saved?book=together").json()["challenges"].size(), 16u);
}

// A client that asks "Expect: 100-continue" is told to go on at once; a line ending in a bare LF is
// refused at once (not after the read deadline).
TEST(StudioSafety, ExpectContinueAndBareLineFeeds) {
    const int port = Studio::get().port();
    const std::string body = challenge_body();
    int fd = connect_to(port);
    ASSERT_GE(fd, 0);
    send_text(fd, "POST /api/xalapa/solve HTTP/1.1\r\n" + host_line(port) +
                      "Content-Type: application/json\r\nExpect: 100-continue\r\nContent-Length: " +
                      std::to_string(body.size()) + "\r\n\r\n");
    pollfd p{fd, POLLIN, 0};
    ASSERT_EQ(poll(&p, 1, 1000), 1) << "no 100 Continue within a second";
    char buffer[64] = {};
    const ssize_t n = recv(fd, buffer, sizeof buffer - 1, 0);
    ASSERT_GT(n, 0);
    EXPECT_EQ(std::string(buffer, static_cast<std::size_t>(n)).rfind("HTTP/1.1 100 Continue\r\n\r\n", 0), 0u);
    send_text(fd, body);
    EXPECT_EQ(read_answer(fd).status, 200);
    const auto start = std::chrono::steady_clock::now();
    EXPECT_EQ(raw_exchange(port, "GET / HTTP/1.1\nHost: 127.0.0.1:" + std::to_string(port) + "\n\n").status,
              400);
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(2));
}

// `tlaloc studio --port 0` as a separate process: its port (from the first line it prints), and
// SIGINT to stop it, after which it must exit 0.
class StudioProcess {
public:
    // Its stderr goes to `err` when given.
    explicit StudioProcess(const std::string& data, const std::string& host = "127.0.0.1",
                           const std::string& err = "") {
        int out[2];
        if (pipe(out) != 0) return;
        pid_ = fork();
        if (pid_ == 0) {
            dup2(out[1], 1);
            close(out[0]);
            if (!err.empty()) {
                int fd = open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
                dup2(fd, 2);
            }
            execl(TLALOC_BIN, TLALOC_BIN, "studio", "--port", "0", "--host", host.c_str(), "--data",
                  data.c_str(), nullptr);
            _exit(127);
        }
        close(out[1]);
        std::string line;
        char c;
        while (read(out[0], &c, 1) == 1 && c != '\n') line += c;
        close(out[0]);
        auto colon = line.find(host + ":");
        if (colon != std::string::npos) port_ = std::atoi(line.c_str() + colon + host.size() + 1);
    }
    int port() const { return port_; }
    // SIGINT, as Ctrl-C sends; the exit code (-1 when it did not exit normally).
    int stop() {
        kill(pid_, SIGINT);
        int status = 0;
        waitpid(pid_, &status, 0);
        return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    }
    // SIGINT, then SIGINT again a moment later; the exit code.
    int stop_twice() {
        kill(pid_, SIGINT);
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        kill(pid_, SIGINT);
        int status = 0;
        waitpid(pid_, &status, 0);
        return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    }

private:
    pid_t pid_ = -1;
    int port_ = 0;
};

// The command line: a port already in use or out of range is bad input (exit 2, one line).
TEST(StudioCli, APortInUseOrOutOfRangeIsBadInput) {
    auto busy = run_tlaloc_split("studio --port " + std::to_string(Studio::get().port()) + " --data " +
                                 scratch_dir("cli-data").string());
    EXPECT_EQ(busy.code, 2);
    EXPECT_NE(busy.err.find("cannot listen on 127.0.0.1:"), std::string::npos) << busy.err;
    EXPECT_EQ(std::count(busy.err.begin(), busy.err.end(), '\n'), 1) << busy.err;
    auto range = run_tlaloc_split("studio --port 70000");
    EXPECT_EQ(range.code, 2);
    EXPECT_EQ(range.out, "");
}

// Requests at once, solves and bad input mixed: every one gets its own answer. The clients are plain
// sockets (raw_post), so the check does not lean on the HTTP library's own client.
std::vector<std::string> concurrent_failures(int port, int requests) {
    const std::vector<std::string> names = {"basic-1.json", "level1-1.json", "level2-1.json",
                                            "level3-1.json"};
    std::vector<Json> expected, bodies;
    for (const auto& n : names) {
        expected.push_back(cli_solve(shipped(n)));
        bodies.push_back(challenge_to_json(load_challenge(shipped(n))));
    }
    std::vector<std::future<std::string>> answers;
    for (int k = 0; k < requests; ++k)
        answers.push_back(std::async(std::launch::async, [&, k] {
            if (k % 4 == 3) {
                Answer a = raw_post(port, "/api/xalapa/solve",
                                    R"({"board": "sun-front", "tasks": [{"feature": 7}]})");
                return a.status == 400 && a.json().contains("error") ? "" : std::to_string(k) + ": " + a.body;
            }
            std::size_t which = k % names.size();
            Answer a = raw_post(port, "/api/xalapa/solve", bodies[which].dump());
            return a.status == 200 && without_file(a.json()) == expected[which]
                       ? ""
                       : std::to_string(k) + ": " + a.body;
        }));
    std::vector<std::string> failures;
    for (auto& a : answers)
        if (auto failure = a.get(); !failure.empty()) failures.push_back(failure);
    return failures;
}

// More requests than the server has workers: the rest wait in its queue and are answered too.
TEST(StudioApi, FortyEightConcurrentRequestsAreAllAnsweredCorrectly) {
    EXPECT_EQ(concurrent_failures(Studio::get().port(), 48), std::vector<std::string>{});
}

// The program itself: sixteen requests at once, then SIGINT (Ctrl-C) stops it with exit code 0.
TEST(StudioApi, TheProgramAnswersConcurrentRequestsAndStopsOnSigint) {
    StudioProcess process(scratch_dir("process-data").string());
    ASSERT_GT(process.port(), 0);
    EXPECT_EQ(concurrent_failures(process.port(), 16), std::vector<std::string>{});
    EXPECT_EQ(process.stop(), 0);
}

// Listening beyond loopback is allowed, with a one-line warning; the Host check still applies.
TEST(StudioSafety, ANonLoopbackHostIsWarnedAbout) {
    const auto err = scratch_dir("warn") / "stderr.txt";
    StudioProcess process(scratch_dir("warn-data").string(), "0.0.0.0", err.string());
    ASSERT_GT(process.port(), 0);
    const std::string p = std::to_string(process.port());
    EXPECT_EQ(
        raw_exchange(process.port(), "GET /api/xalapa/features HTTP/1.1\r\nHost: 127.0.0.1:" + p + "\r\n\r\n")
            .status,
        200);
    EXPECT_EQ(raw_exchange(process.port(),
                           "GET /api/xalapa/features HTTP/1.1\r\nHost: evil.example:" + p + "\r\n\r\n")
                  .status,
              403);
    EXPECT_EQ(process.stop(), 0);
    std::ifstream in(err);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 1) << text;
    EXPECT_NE(text.find("warning: --host 0.0.0.0 is not a loopback address"), std::string::npos) << text;
}

// Stopping with work queued: the first SIGINT answers the queued requests 503 at once and finishes
// those under way; a second SIGINT ends the process at once (exit 130), however long the solves.
TEST(StudioSafety, ASecondSigintEndsTheStudioAtOnce) {
    StudioProcess process(scratch_dir("stop-data").string());
    ASSERT_GT(process.port(), 0);
    const std::string heavy =
        R"({"level": "5", "count": 20, "unique": true, "difficulty": "deep", "max_deals": 100000})";
    std::vector<std::future<Answer>> answers;
    for (int i = 0; i < 24; ++i)
        answers.push_back(std::async(
            std::launch::async, [&] { return raw_post(process.port(), "/api/xalapa/generate", heavy); }));
    std::this_thread::sleep_for(std::chrono::milliseconds(800));
    const auto start = std::chrono::steady_clock::now();
    EXPECT_EQ(process.stop_twice(), 130);
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5));
    for (auto& a : answers) {
        Answer answer = a.get();
        EXPECT_TRUE(answer.status == 503 || answer.status == -1) << answer.status << " " << answer.body;
    }
}

}  // namespace
