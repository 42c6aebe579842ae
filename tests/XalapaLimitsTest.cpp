// Xalapa's limits as a user meets them: every searching command stops at its --timeout with one
// line and exit 3, printing and writing nothing; a challenge with too many tasks is bad input; and
// a generous deadline changes no answer.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>

#include "model/common/Json.h"
#include "puzzles/xalapa/Deal.h"
#include "puzzles/xalapa/Difficulty.h"
#include "solver/common/SearchLimit.h"
#include "solver/xalapa/ChallengeSolver.h"
#include "tests/support/CliRun.h"
#include "tests/support/ScratchDir.h"

using namespace tlaloc;
using namespace tlaloc::xalapa;
namespace fs = std::filesystem;

namespace {

using CliRun = tlaloc::test_support::CliRun;
CliRun run(const std::string& args) { return tlaloc::test_support::run_tlaloc_split(args); }

fs::path scratch() { return tlaloc::test_support::scratch_dir("xalapa-limits"); }

fs::path write(const std::string& name, const Json& json) {
    fs::path file = scratch() / name;
    std::ofstream(file) << json.dump();
    return file;
}

// A challenge as large as the limits allow and slow to prove: a 12x12 board of mixed fields,
// `tasks` exact counts of many features, a five-stone formation in any orientation, every stone
// allowed. Not one of these answers within a few seconds (the least took well over a minute).
Json hostile_challenge(int tasks, unsigned seed = 7) {
    std::mt19937 rng(seed);
    const char* symbols[] = {"cactus", "gecko", "bird"};
    const char* lines[] = {"red", "yellow", "blue"};
    Json rows = Json::array();
    for (int r = 0; r < 12; ++r) {
        Json row = Json::array();
        for (int c = 0; c < 12; ++c) {
            std::string field, line;
            for (const char* s : symbols)
                if (rng() % 10 < 4) field += (field.empty() ? "" : "+") + std::string(s);
            for (const char* l : lines)
                if (rng() % 20 < 7) line += (line.empty() ? "" : "+") + std::string(l);
            row.push_back(line.empty() ? field : field + "/" + line);
        }
        rows.push_back(row);
    }
    const char* features[] = {"cactus",    "gecko",       "bird",       "red",         "yellow",
                              "blue",      "black",       "white",      "edge",        "double",
                              "blank",     "lineless",    "gecko&red",  "cactus&blue", "bird&yellow",
                              "black&red", "double&edge", "white&blue", "cactus&gecko"};
    Json task_list = Json::array();
    for (int t = 0; t < tasks; ++t)
        task_list.push_back({{"feature", features[rng() % std::size(features)]},
                             {"count", 3 + static_cast<int>(rng() % 18)}});
    return {{"board", {{"rows", rows}}},
            {"formation", {{0, 0}, {0, 1}, {1, 1}, {2, 1}, {2, 2}}},
            {"orientations", "rotate-mirror"},
            {"tasks", task_list},
            {"disfavor", 3},
            {"max_stones", 144}};
}

const fs::path& hostile_file() {
    static const fs::path file = write("hostile.json", hostile_challenge(16));
    return file;
}

const std::string kSample = std::string(TLALOC_SOURCE_DIR) + "/puzzles/xalapa/challenges/";

// Out of time: exit 3, one line naming `name` and the limit, nothing on stdout, and soon after the
// limit (the machine is shared: 3 s for a 1 s limit).
void expect_stopped(const CliRun& r, const std::string& name) {
    EXPECT_EQ(r.code, 3) << r.err;
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_EQ(
        r.err.rfind(
            "tlaloc: " + name + ": no answer within the 1 s limit (raise --timeout); best found so far: ", 0),
        0u)
        << r.err;
    EXPECT_LT(r.seconds, 3.0) << r.err;
}

}  // namespace

TEST(XalapaLimits, SolveStopsAtTheTimeoutWithTheBestPenaltyFound) {
    const std::string file = hostile_file().string();
    for (const char* flags : {"", " --json", " --all"}) {
        CliRun r = run("xalapa solve " + file + flags + " --timeout 1");
        expect_stopped(r, file);
        EXPECT_NE(r.err.find("best found so far: penalty "), std::string::npos) << flags << ": " << r.err;
    }
}

// The first file's answer is not printed either: the output comes whole or not at all.
TEST(XalapaLimits, SolveOfSeveralFilesPrintsNothingWhenOneRunsOutOfTime) {
    const std::string file = hostile_file().string();
    expect_stopped(run("xalapa solve " + kSample + "basic-1.json " + file + " --timeout 1"), file);
    expect_stopped(run("xalapa rate " + kSample + "basic-1.json " + file + " --json --timeout 1"), file);
}

TEST(XalapaLimits, ExplainAndRateStopAtTheTimeout) {
    const std::string file = hostile_file().string();
    expect_stopped(run("xalapa explain " + file + " --timeout 1"), file);
    expect_stopped(run("xalapa explain " + file + " --json --stones '[[0,0]]' --timeout 1"), file);
    expect_stopped(run("xalapa rate " + file + " --timeout 1"), file);
}

// The generator's worker threads all stop; the output folder it made goes again.
// How many challenges an out-of-time generate says it kept (0 when it found none).
long kept_by(const CliRun& r) {
    const std::string marker = "kept the ";
    const auto at = r.err.find(marker);
    return at == std::string::npos ? 0 : std::atol(r.err.c_str() + at + marker.size());
}

// Out of time, generate writes the challenges it found (exit 3, a line saying how many), or, having
// found none, nothing at all: the folder it made goes again. Which of the two happens depends on the
// machine's speed; each is checked when it happens.
TEST(XalapaLimits, GenerateStopsAtTheTimeoutKeepingWhatItFoundOrLeavingNoFolder) {
    const fs::path out = scratch() / "generated" / "level5";
    CliRun r = run("xalapa generate --level 5 --count 100000 --unique --difficulty deep --out " +
                   out.string() + " --timeout 1");
    EXPECT_EQ(r.code, 3) << r.err;
    EXPECT_LT(r.seconds, 3.0) << r.err;
    if (const long kept = kept_by(r); kept > 0) {
        EXPECT_EQ(std::distance(fs::directory_iterator(out), fs::directory_iterator{}), kept) << r.err;
    } else {
        expect_stopped(r, out.string());
        EXPECT_NE(r.err.find("challenges kept from the first"), std::string::npos) << r.err;
        EXPECT_FALSE(fs::exists(out));
        EXPECT_FALSE(fs::exists(out.parent_path()));
    }
}

// Out of time with challenges found, generate keeps them: exit 3, the lines on stdout, and a line on
// stderr saying how many were kept.
TEST(XalapaLimits, GenerateOutOfTimeKeepsTheChallengesItFound) {
    CliRun r = run("xalapa generate --level 2 --count 100000 --timeout 1");
    EXPECT_EQ(r.code, 3) << r.err;
    EXPECT_LT(r.seconds, 3.0) << r.err;
    const long lines = std::count(r.out.begin(), r.out.end(), '\n');
    if (lines == 0) {
        expect_stopped(r, "xalapa generate");  // a slow (instrumented) build found none in time
        return;
    }
    EXPECT_EQ(kept_by(r), lines) << r.err;
}

// A folder that was there before stays, with what it held, whatever generate found.
TEST(XalapaLimits, GenerateKeepsAFolderThatExistedBefore) {
    const fs::path out = scratch() / "existing";
    fs::create_directories(out);
    std::ofstream(out / "mine.txt") << "kept";
    CliRun r = run("xalapa generate --level 5 --count 100000 --unique --difficulty deep --out " +
                   out.string() + " --timeout 1");
    EXPECT_EQ(r.code, 3) << r.err;
    if (kept_by(r) == 0) expect_stopped(r, out.string());
    EXPECT_TRUE(fs::exists(out / "mine.txt"));
    EXPECT_EQ(std::distance(fs::directory_iterator(out), fs::directory_iterator{}), 1 + kept_by(r));
}

// The limit covers the whole shard. The census is the one exception to "nothing written": the lines
// it finished are in the file, each complete, and --resume continues from them.
TEST(XalapaLimits, CensusStopsAtTheTimeoutKeepingTheLinesItFinished) {
    const fs::path out = scratch() / "census.jsonl";
    CliRun r = run("xalapa census --level basic --shard 0/1 --out " + out.string() + " --timeout 1");
    expect_stopped(r, "census shard 0/1");
    EXPECT_NE(r.err.find("items of the shard solved, every one written to " + out.string() +
                         " (continue with --resume)"),
              std::string::npos)
        << r.err;
    std::ifstream in(out);
    std::string line;
    std::size_t lines = 0;
    while (std::getline(in, line)) {
        EXPECT_EQ(Json::parse(line)["index"], lines);
        ++lines;
    }
    EXPECT_NE(r.err.find(": " + std::to_string(lines) + " of 142560 items"), std::string::npos) << r.err;
}

TEST(XalapaLimits, ZeroMeansNoLimitAndBadValuesAreUsageErrors) {
    CliRun r = run("xalapa solve " + kSample + "basic-1.json --timeout 0 --json");
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("\"optimal\":true"), std::string::npos) << r.out;
    for (const char* bad : {"-1", "x", "86401"}) {
        CliRun u = run("xalapa rate " + kSample + "basic-1.json --timeout " + bad);
        EXPECT_EQ(u.code, 2) << bad << ": " << u.err;
        EXPECT_EQ(u.out, "");
    }
}

TEST(XalapaLimits, MoreThanSixteenTasksIsBadInputNamingTheTasks) {
    const fs::path file = write("seventeen.json", hostile_challenge(17));
    for (const char* command : {"solve", "explain", "rate"}) {
        CliRun r = run(std::string("xalapa ") + command + " " + file.string());
        EXPECT_EQ(r.code, 2) << command << ": " << r.err;
        EXPECT_EQ(r.out, "");
        EXPECT_EQ(r.err,
                  "tlaloc: " + file.string() + ": tasks: 17 tasks, more than the 16 a challenge may have\n");
    }
}

// Sixteen tasks are allowed: the hostile challenge above is read (it is stopped by the limit, not
// rejected), and a small one with sixteen tasks is solved.
TEST(XalapaLimits, SixteenTasksAreAllowed) {
    Json rows = Json::array({Json::array({"gecko", "cactus/red"}), Json::array({"bird", ""})});
    Json small = {{"board", {{"rows", rows}}}, {"tasks", Json::array()}};
    for (int t = 0; t < 16; ++t)
        small["tasks"].push_back({{"feature", t % 2 ? "gecko" : "red"}, {"at_most", 1}});
    CliRun r = run("xalapa solve --json " + write("sixteen.json", small).string());
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("\"penalty\":0"), std::string::npos) << r.out;
}

// Deadlines only look at the clock: with one that never passes, every answer (the optimum and
// its stones, uniqueness, the optimal sets, the rating, the fewest stones per tasks given up) is
// the one the solver gives without a deadline, over dealt rounds of every level, in one batch.
TEST(XalapaLimits, AGenerousDeadlineChangesNoAnswer) {
    const Catalogue catalogue = load_catalogue();
    const solver::Deadline generous(3600);
    ChallengeSolver plain, limited;
    limited.set_deadline(&generous);
    int rounds = 0;
    for (Level level : {Level::Basic, Level::One, Level::Two, Level::Three, Level::Four, Level::Five})
        for (std::uint64_t seed = 1; seed <= 5; ++seed, ++rounds) {
            DealOptions d;
            d.level = level;
            d.seed = seed * 7919;
            const Challenge ch = deal(catalogue, d).challenge;
            SCOPED_TRACE(std::string("--level ") + to_string(level) + " --seed " + std::to_string(d.seed));
            const Solution a = plain.solve(ch, std::nullopt, true), b = limited.solve(ch, std::nullopt, true);
            EXPECT_EQ(a.evaluation.penalty, b.evaluation.penalty);
            EXPECT_EQ(a.stones, b.stones);
            EXPECT_EQ(a.unique, b.unique);
            const OptimalSets sa = plain.optimal_sets(ch, a, 200), sb = limited.optimal_sets(ch, b, 200);
            EXPECT_EQ(sa.count, sb.count);
            EXPECT_EQ(sa.more, sb.more);
            EXPECT_EQ(sa.forced, sb.forced);
            EXPECT_EQ(sa.never, sb.never);
            const Rating ra = rate(plain, ch, a), rb = rate(limited, ch, b);
            EXPECT_EQ(ra.level, rb.level);
            EXPECT_EQ(ra.sum_of_single_task_stones, rb.sum_of_single_task_stones);
            EXPECT_EQ(ra.conflict, rb.conflict);
            EXPECT_EQ(plain.fewest_stones_by_given_up(ch), limited.fewest_stones_by_given_up(ch));
        }
    EXPECT_EQ(rounds, 30);
}
