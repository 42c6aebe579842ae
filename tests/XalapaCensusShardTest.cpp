// Census shards that survive being stopped: lines are written as they are solved, a shard killed at
// any moment (SIGKILL) and started again with --resume ends with exactly the lines of a shard that
// ran without a stop, SIGTERM keeps every finished line, a cut last line is dropped, and a file of
// another shard is refused. The merge names what is missing and what is there twice.
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "model/common/Json.h"
#include "tests/support/CliRun.h"
#include "tests/support/ScratchDir.h"
#include "tests/support/Spawn.h"

namespace fs = std::filesystem;
using tlaloc::test_support::CliRun;

namespace {

fs::path scratch() { return tlaloc::test_support::scratch_dir("xalapa-census-shard"); }

using tlaloc::test_support::file_text;

CliRun run(const std::string& args) { return tlaloc::test_support::run_tlaloc_split(args); }

// Shard 3/8 of the basic level, its first 400 items, without tiers: a second or so.
std::vector<std::string> shard_args(const fs::path& out) {
    return {TLALOC_BIN, "xalapa", "census",    "--level", "basic",      "--shard", "3/8",
            "--limit",  "400",    "--no-tier", "--out",   out.string(), "--resume"};
}

pid_t start(const std::vector<std::string>& args, const fs::path& err) {
    const pid_t pid = tlaloc::test_support::start_process(args, err);
    EXPECT_GT(pid, 0);
    return pid;
}
using tlaloc::test_support::wait_for;

std::size_t count_lines(const std::string& text) { return std::count(text.begin(), text.end(), '\n'); }

// The lines of the shard run once without a stop, and how long that run took (kill points are drawn
// within it, so that the test holds on slower builds too).
struct Uninterrupted {
    std::string lines;
    double seconds = 0;
};
const Uninterrupted& uninterrupted_run() {
    static const Uninterrupted run = [] {
        const fs::path out = scratch() / "uninterrupted.jsonl";
        const auto t0 = std::chrono::steady_clock::now();
        const pid_t pid = start(shard_args(out), scratch() / "uninterrupted.err");
        const int status = wait_for(pid);
        EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0)
            << file_text(scratch() / "uninterrupted.err");
        return Uninterrupted{file_text(out),
                             std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count()};
    }();
    return run;
}
const std::string& uninterrupted() { return uninterrupted_run().lines; }

}  // namespace

TEST(XalapaCensusShard, UninterruptedShardHoldsItsItemsInOrder) {
    const std::string& lines = uninterrupted();
    ASSERT_EQ(count_lines(lines), 400u);
    EXPECT_NE(lines.find("\"index\":3,"), std::string::npos);
    EXPECT_NE(lines.find("\"index\":3195,"), std::string::npos);  // 3 + 399 * 8
    EXPECT_EQ(lines.find("\"index\":3203,"), std::string::npos);
}

// Killed without warning at random moments, each time started again with --resume: the file ends with
// the very lines of the shard that was never stopped, none lost, none twice.
TEST(XalapaCensusShard, KilledAtRandomMomentsAndResumedGivesTheUninterruptedLines) {
    const std::string& want = uninterrupted();
    const int whole_ms = static_cast<int>(uninterrupted_run().seconds * 1000);
    std::mt19937 random(43);
    for (int trial = 0; trial < 3; ++trial) {
        const fs::path out = scratch() / ("killed-" + std::to_string(trial) + ".jsonl");
        const fs::path err = scratch() / "killed.err";
        EXPECT_GE(tlaloc::test_support::kill_and_resume(shard_args(out), out, err, want, whole_ms, random), 1)
            << "trial " << trial;
    }
}

// SIGTERM (how a scheduler stops a job): the shard stops after the item in hand with exit 143 and a
// note saying how far it got and how to continue; every line it finished is in the file.
TEST(XalapaCensusShard, SigtermKeepsEveryFinishedLineAndSaysHowToResume) {
    const std::string& want = uninterrupted();
    const fs::path out = scratch() / "terminated.jsonl";
    const fs::path err = scratch() / "terminated.err";
    const pid_t pid = start(shard_args(out), err);
    for (int i = 0; i < 500 && count_lines(file_text(out)) < 5; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
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
    EXPECT_NE(
        note.find("stopped by SIGTERM with " + std::to_string(count_lines(part)) + " of 400 items done"),
        std::string::npos)
        << note;
    EXPECT_NE(note.find("--resume"), std::string::npos) << note;
    CliRun resumed =
        run("xalapa census --level basic --shard 3/8 --limit 400 --no-tier --resume --out " + out.string());
    EXPECT_EQ(resumed.code, 0) << resumed.err;
    EXPECT_EQ(file_text(out), want);
}

// A last line without its line break (the process died while writing it) is dropped and written again.
TEST(XalapaCensusShard, CutLastLineIsDroppedOnResume) {
    const std::string& want = uninterrupted();
    std::size_t cut = 0;
    for (int line = 0; line < 7; ++line) cut = want.find('\n', cut) + 1;
    const fs::path out = scratch() / "cut.jsonl";
    std::ofstream(out, std::ios::binary) << want.substr(0, cut + 40);
    CliRun r =
        run("xalapa census --level basic --shard 3/8 --limit 400 --no-tier --resume --out " + out.string());
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.err.find("7 lines already in " + out.string() + " (a cut last line dropped)"),
              std::string::npos)
        << r.err;
    EXPECT_EQ(file_text(out), want);
}

// --resume on a file that is not this shard's: one line naming the file and the line, exit 2, and the
// file untouched.
TEST(XalapaCensusShard, ResumeRefusesTheFileOfAnotherShardLevelOrSeed) {
    const std::string& want = uninterrupted();
    const fs::path out = scratch() / "other.jsonl";
    const std::string first_lines = want.substr(0, want.find('\n', want.find('\n') + 1) + 1);
    struct Case {
        std::string args, message;
    } cases[] = {
        {"--level basic --shard 2/8 --no-tier", ":1: a line of shard 3/8, not 2/8"},
        {"--level 1 --shard 3/8 --no-tier", ":1: a line of level basic in the file of a level-1 shard"},
        {"--level basic --shard 3/8 --sample 100 --seed 2 --no-tier",
         ":1: a census line in the file of a sample"},
        {"--level basic --shard 3/8", ":1: a line without a tier (written with --no-tier)"},
        {"--level basic --shard 3/16 --no-tier", ":1: a line of shard 3/8, not 3/16"},
    };
    for (const auto& c : cases) {
        std::ofstream(out, std::ios::binary) << first_lines;
        CliRun r = run("xalapa census " + c.args + " --limit 5 --resume --out " + out.string());
        EXPECT_EQ(r.code, 2) << c.args << ": " << r.err;
        EXPECT_EQ(r.err, "tlaloc: " + out.string() + c.message +
                             "; --resume continues the file of the same level, shard, sample and tiers\n")
            << c.args;
        EXPECT_EQ(file_text(out), first_lines) << c.args;
    }
    CliRun no_out = run("xalapa census --level basic --limit 5 --resume");
    EXPECT_EQ(no_out.code, 2);
    EXPECT_NE(no_out.err.find("--resume"), std::string::npos) << no_out.err;
}

// The merge names what it can tell from the lines: the items missing from a full census, the shards
// they belong to (a shard with no line at all too), lines there twice and a shard found in two files.
TEST(XalapaCensusShard, SummarizeNamesMissingShardsAndDuplicates) {
    const fs::path dir = scratch() / "merge";
    fs::create_directories(dir);
    for (int k : {0, 1}) {
        CliRun r =
            run("xalapa census --level basic --shard " + std::to_string(k) + "/3 --limit 2 --no-tier --out " +
                (dir / ("s" + std::to_string(k) + ".jsonl")).string());
        ASSERT_EQ(r.code, 0) << r.err;
    }
    fs::copy_file(dir / "s1.jsonl", dir / "again.jsonl");
    CliRun r = run("xalapa census summarize --json " + (dir / "s0.jsonl").string() + " " +
                   (dir / "s1.jsonl").string() + " " + (dir / "again.jsonl").string());
    ASSERT_EQ(r.code, 0) << r.err;
    const auto j = tlaloc::Json::parse(r.out);
    EXPECT_EQ(j["missing"], 142560 - 4);
    EXPECT_EQ(j["duplicate_lines"], 2);
    EXPECT_EQ(j["gaps"]["missing_first"][0], 2);  // items 0, 1 (shard 0, 1) and 3, 4 are there
    EXPECT_EQ(j["gaps"]["missing_by_shard"][2]["shard"], "2/3");
    EXPECT_EQ(j["gaps"]["missing_by_shard"][2]["missing"], 47520);
    EXPECT_EQ(j["gaps"]["missing_by_shard"][2]["of"], 47520);
    EXPECT_EQ(j["gaps"]["missing_by_shard"][0]["missing"], 47520 - 2);
    ASSERT_EQ(j["gaps"]["shards_in_several_files"].size(), 1u);
    EXPECT_NE(j["gaps"]["shards_in_several_files"][0].get<std::string>().find("1/3 in "), std::string::npos);
    CliRun text =
        run("xalapa census summarize " + (dir / "s0.jsonl").string() + " " + (dir / "s1.jsonl").string());
    EXPECT_NE(text.out.find("2/3 (47520 of 47520: none there)"), std::string::npos) << text.out;
}

// SIGINT (Ctrl-C) too, also when it comes during a solver call (level 2 with tiers spends most of its
// time in them, and Z3 puts its own SIGINT handler in place during a check): exit 130, never an
// internal error, every finished line kept.
TEST(XalapaCensusShard, SigintDuringSolvingStopsCleanly) {
    for (int trial = 0; trial < 3; ++trial) {
        const fs::path out = scratch() / ("interrupted-" + std::to_string(trial) + ".jsonl");
        const fs::path err = scratch() / "interrupted.err";
        const pid_t pid = start(
            {TLALOC_BIN, "xalapa", "census", "--level", "2", "--shard", "0/8", "--out", out.string()}, err);
        for (int i = 0; i < 1000 && count_lines(file_text(out)) < static_cast<std::size_t>(2 + trial); ++i)
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        std::this_thread::sleep_for(std::chrono::milliseconds(7 * trial));
        ::kill(pid, SIGINT);
        const int status = wait_for(pid);
        ASSERT_TRUE(WIFEXITED(status)) << file_text(err);
        EXPECT_EQ(WEXITSTATUS(status), 130) << file_text(err);
        EXPECT_NE(file_text(err).find("stopped by SIGINT"), std::string::npos) << file_text(err);
        const std::string part = file_text(out);
        ASSERT_FALSE(part.empty());
        EXPECT_EQ(part.back(), '\n');
    }
}
