// Balance shards that survive being stopped: games are written as they end, a shard killed at any
// moment (SIGKILL) and started again with --resume ends with exactly the lines of a shard that ran
// without a stop, SIGTERM keeps every finished game, a cut last line is dropped, a file of another run
// is refused, and the merge names shards that are missing or stopped short.
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "model/common/Json.h"
#include "tests/support/CliRun.h"
#include "tests/support/ScratchDir.h"
#include "tests/support/Spawn.h"
#include "tests/support/TestScale.h"

namespace fs = std::filesystem;
using tlaloc::Json;
using tlaloc::test_support::run_tlaloc_split;
using tlaloc::test_support::start_process;
using tlaloc::test_support::wait_for;

namespace {

fs::path scratch() { return tlaloc::test_support::scratch_dir("balance-shard"); }

using tlaloc::test_support::file_text;

std::size_t count_lines(const std::string& text) { return std::count(text.begin(), text.end(), '\n'); }

// Shard 1/3 of 90 Aztlán games, greedy against random: 30 games, about a second (18 games, 6 a shard,
// at the sanitizer run's small scale, where the greedy bot is some ten times slower).
const int kGames = tlaloc::test_support::small_test_scale() ? 18 : 90;
const std::string kShardGames = std::to_string(kGames / 3);
// A two-player balance run of kGames games with these bots and this seed.
std::string balance_run(const std::string& bots, int seed) {
    return "aztlan balance --games " + std::to_string(kGames) + " --players 2 --bots " + bots + " --seed " +
           std::to_string(seed);
}
const std::string kRun = balance_run("greedy,random", 7);
std::vector<std::string> shard_args(const fs::path& out, const std::string& shard = "1/3") {
    std::vector<std::string> args = {TLALOC_BIN};
    std::istringstream words(kRun + " --shard " + shard + " --resume");
    for (std::string w; words >> w;) args.push_back(w);
    args.insert(args.end(), {"--out", out.string()});
    return args;
}

struct Uninterrupted {
    std::string lines;
    double seconds = 0;
};
const Uninterrupted& uninterrupted() {
    static const Uninterrupted run = [] {
        const fs::path out = scratch() / "uninterrupted.jsonl";
        const auto t0 = std::chrono::steady_clock::now();
        const int status = wait_for(start_process(shard_args(out), scratch() / "uninterrupted.err"));
        EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0)
            << file_text(scratch() / "uninterrupted.err");
        return Uninterrupted{file_text(out),
                             std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count()};
    }();
    return run;
}

}  // namespace

TEST(BalanceShard, UninterruptedShardHoldsItsHeaderAndGamesInOrder) {
    const std::string& lines = uninterrupted().lines;
    ASSERT_EQ(count_lines(lines), 1u + kGames / 3);  // the header and the games
    std::istringstream in(lines);
    std::string line;
    std::getline(in, line);
    EXPECT_EQ(Json::parse(line)["shard"], "1/3");
    for (int i = 0; std::getline(in, line); ++i) EXPECT_EQ(Json::parse(line)["index"], 1 + 3 * i);
}

// Killed without warning at random moments, each time started again with --resume: the file ends with
// the very lines of the shard that was never stopped, none lost, none twice.
TEST(BalanceShard, KilledAtRandomMomentsAndResumedGivesTheUninterruptedLines) {
    const std::string& want = uninterrupted().lines;
    const int whole_ms = std::max(20, static_cast<int>(uninterrupted().seconds * 1000));
    std::mt19937 random(42);
    int kills = 0;
    for (int trial = 0; trial < 4; ++trial) {
        const fs::path out = scratch() / ("killed-" + std::to_string(trial) + ".jsonl");
        const fs::path err = scratch() / "killed.err";
        fs::remove(out);
        kills += tlaloc::test_support::kill_and_resume(shard_args(out), out, err, want, whole_ms, random);
    }
    EXPECT_GE(kills, 4);
}

// SIGTERM (how a scheduler stops a job): the shard stops after the game in hand with exit 143 and a
// note saying how far it got and how to continue; every game it finished is in the file.
TEST(BalanceShard, SigtermKeepsEveryFinishedGameAndSaysHowToResume) {
    const std::string& want = uninterrupted().lines;
    const fs::path out = scratch() / "terminated.jsonl";
    const fs::path err = scratch() / "terminated.err";
    fs::remove(out);
    const pid_t pid = start_process(shard_args(out), err);
    ASSERT_GT(pid, 0);
    for (int i = 0; i < 500 && count_lines(file_text(out)) < 4; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    ::kill(pid, SIGTERM);
    const int status = wait_for(pid);
    const std::string part = file_text(out);
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0) GTEST_SKIP() << "the shard finished before SIGTERM";
    ASSERT_TRUE(WIFEXITED(status)) << "ended by a signal instead of stopping cleanly";
    EXPECT_EQ(WEXITSTATUS(status), 143);
    ASSERT_FALSE(part.empty());
    EXPECT_EQ(part.back(), '\n') << "a cut line after SIGTERM";
    EXPECT_EQ(want.compare(0, part.size(), part), 0);
    const std::string note = file_text(err);
    EXPECT_NE(note.find("stopped by SIGTERM with " + std::to_string(count_lines(part) - 1) + " of " +
                        kShardGames + " games done"),
              std::string::npos)
        << note;
    EXPECT_NE(note.find("--resume"), std::string::npos) << note;
    const auto resumed = run_tlaloc_split(kRun + " --shard 1/3 --resume --out " + out.string());
    EXPECT_EQ(resumed.code, 0) << resumed.err;
    EXPECT_NE(resumed.err.find("games already in"), std::string::npos) << resumed.err;
    EXPECT_EQ(file_text(out), want);
}

// A last line without its line break (the process died while writing it) is dropped and played again.
TEST(BalanceShard, CutLastLineIsDroppedOnResume) {
    const std::string& want = uninterrupted().lines;
    std::size_t cut = 0;
    for (int line = 0; line < 6; ++line) cut = want.find('\n', cut) + 1;
    const fs::path out = scratch() / "cut.jsonl";
    std::ofstream(out, std::ios::binary) << want.substr(0, cut + 30);
    const auto r = run_tlaloc_split(kRun + " --shard 1/3 --resume --out " + out.string());
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.err.find("5 games already in"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("a cut last line dropped"), std::string::npos) << r.err;
    EXPECT_EQ(file_text(out), want);
}

// A file of another run, of another shard, or with a game out of its place is refused (one line,
// exit 2) and left as it was.
TEST(BalanceShard, ResumeRefusesAFileOfAnotherRunOrShard) {
    const std::string& want = uninterrupted().lines;
    const fs::path out = scratch() / "other.jsonl";
    const std::string others[] = {kRun + " --shard 2/3", balance_run("greedy,random", 8) + " --shard 1/3",
                                  balance_run("random", 7) + " --shard 1/3"};
    for (const std::string& run : others) {
        std::ofstream(out, std::ios::binary) << want;
        const auto r = run_tlaloc_split(run + " --resume --out " + out.string());
        EXPECT_EQ(r.code, 2) << run;
        EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
        EXPECT_NE(r.err.find("belongs to another balance run"), std::string::npos) << r.err;
        EXPECT_EQ(file_text(out), want) << "the file was changed";
    }
    // The third game's line swapped for the fourth's: out of order.
    std::vector<std::string> lines;
    std::istringstream in(want);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    std::swap(lines[3], lines[4]);
    std::string swapped;
    for (const auto& line : lines) swapped += line + "\n";
    std::ofstream(out, std::ios::binary) << swapped;
    const auto r = run_tlaloc_split(kRun + " --shard 1/3 --resume --out " + out.string());
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find(out.string() + ":4"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("game 10 where this shard's game 7 comes next"), std::string::npos) << r.err;
    const auto without_out = run_tlaloc_split(kRun + " --resume");
    EXPECT_EQ(without_out.code, 2);
    EXPECT_NE(without_out.err.find("--resume"), std::string::npos) << without_out.err;
}

// The merge of a whole run equals the unsharded run; a shard stopped short or absent is named, the
// report still printed, and the merge exits 1.
TEST(BalanceShard, MergeNamesShardsMissingOrStoppedShort) {
    const fs::path dir = scratch();
    std::string files;
    for (int k = 0; k < 3; ++k) {
        const fs::path out = dir / ("m" + std::to_string(k) + ".jsonl");
        const auto r = run_tlaloc_split(kRun + " --shard " + std::to_string(k) + "/3 --out " + out.string());
        ASSERT_EQ(r.code, 0) << r.err;
        files += " " + out.string();
    }
    const auto whole = run_tlaloc_split(kRun + " --json");
    const auto merged = run_tlaloc_split("aztlan balance merge" + files + " --json");
    ASSERT_EQ(merged.code, 0) << merged.err;
    Json a = Json::parse(whole.out), b = Json::parse(merged.out);
    for (const char* timing : {"seconds", "games_per_second", "missing_shards", "incomplete_shards"})
        a.erase(timing), b.erase(timing);
    EXPECT_EQ(a, b);

    // Shard 2 stopped after 4 of its games; shard 1 absent.
    const std::string full = file_text(dir / "m2.jsonl");
    std::size_t cut = 0;
    for (int line = 0; line < 5; ++line) cut = full.find('\n', cut) + 1;
    std::ofstream(dir / "short.jsonl", std::ios::binary) << full.substr(0, cut);
    const auto partial = run_tlaloc_split("aztlan balance merge " + (dir / "m0.jsonl").string() + " " +
                                          (dir / "short.jsonl").string() + " --json");
    EXPECT_EQ(partial.code, 1) << partial.err;
    EXPECT_NE(partial.err.find("missing shards 1/3"), std::string::npos) << partial.err;
    EXPECT_NE(partial.err.find("incomplete shards 2/3 (4 of " + kShardGames + " games)"), std::string::npos)
        << partial.err;
    const Json report = Json::parse(partial.out);
    EXPECT_EQ(report["games"], kGames / 3 + 4);
    EXPECT_EQ(report["complete"], false);
    EXPECT_EQ(report["incomplete_shards"].size(), 1u);
}
