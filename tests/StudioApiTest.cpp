// The studio's web API, through a real server on an ephemeral port: solve answers the very object
// `tlaloc xalapa solve --json` prints, bad input is a 400 with the CLI's one line (never a 500), the
// data folder cannot be left, and many requests at once are all answered correctly.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <httplib.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

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

// A plain HTTP/1.1 exchange over a socket, independent of the HTTP library the server uses.
Answer raw_post(int port, const std::string& path, const std::string& body) {
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(static_cast<std::uint16_t>(port));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (fd < 0 || connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
        if (fd >= 0) close(fd);
        return {-1, "cannot connect"};
    }
    const std::string request =
        "POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n" +
        "Content-Length: " + std::to_string(body.size()) + "\r\nConnection: close\r\n\r\n" + body;
    for (std::size_t sent = 0; sent < request.size();) {
        ssize_t n = write(fd, request.data() + sent, request.size() - sent);
        if (n <= 0) break;
        sent += static_cast<std::size_t>(n);
    }
    std::string reply;
    char buffer[4096];
    for (ssize_t n; (n = read(fd, buffer, sizeof buffer)) > 0;)
        reply.append(buffer, static_cast<std::size_t>(n));
    close(fd);
    const auto head_end = reply.find("\r\n\r\n");
    if (reply.rfind("HTTP/1.1 ", 0) != 0 || head_end == std::string::npos) return {-1, "no answer: " + reply};
    return {std::atoi(reply.c_str() + 9), reply.substr(head_end + 4)};
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

// `tlaloc studio --port 0` as a separate process: its port (from the first line it prints), and
// SIGINT to stop it, after which it must exit 0.
class StudioProcess {
public:
    explicit StudioProcess(const std::string& data) {
        int out[2];
        if (pipe(out) != 0) return;
        pid_ = fork();
        if (pid_ == 0) {
            dup2(out[1], 1);
            close(out[0]);
            execl(TLALOC_BIN, TLALOC_BIN, "studio", "--port", "0", "--data", data.c_str(), nullptr);
            _exit(127);
        }
        close(out[1]);
        std::string line;
        char c;
        while (read(out[0], &c, 1) == 1 && c != '\n') line += c;
        close(out[0]);
        auto colon = line.find("127.0.0.1:");
        if (colon != std::string::npos) port_ = std::atoi(line.c_str() + colon + 10);
    }
    int port() const { return port_; }
    // SIGINT, as Ctrl-C sends; the exit code (-1 when it did not exit normally).
    int stop() {
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

}  // namespace
