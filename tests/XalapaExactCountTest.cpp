// The optimal stone sets of dealt rounds against an exhaustive walk (tests/support/XalapaBruteForce.h):
// the optimum, how many optimal sets there are, uniqueness, the forced stones and the fields no
// optimal set uses. Every round is solved alone (a fresh solver) and within one batch (one solver
// for the whole sequence, as `solve FILE...`, the census and the generator use it), at every
// level, and moved onto random boards. Z3 4.8.12's pseudo-Boolean theory used to lose optimal sets
// here (689 of 690 on basic seed 158393), more or fewer depending on what the solver saw before.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <random>
#include <sstream>

#include "puzzles/xalapa/Deal.h"
#include "puzzles/xalapa/Difficulty.h"
#include "puzzles/xalapa/RandomChallenge.h"
#include "solver/xalapa/ChallengeSolver.h"
#include "tests/support/CliRun.h"
#include "tests/support/ScratchDir.h"
#include "tests/support/TestScale.h"
#include "tests/support/XalapaBruteForce.h"
#include "tests/support/XalapaCatalogue.h"

using namespace tlaloc;
using namespace tlaloc::xalapa;
using namespace tlaloc::test_support;

namespace {

// The round `tlaloc xalapa deal --level L --seed S [--expert-columns]` writes, read back as
// `tlaloc xalapa solve` reads it.
Challenge dealt(const DealOptions& options) {
    Json file = deal_to_json(deal(shipped(), options), options);
    return parse_challenge(JsonPlace(file, "deal.json"), "deal.json");
}

DealOptions round_of(Level level, std::uint64_t seed, bool experts = false) {
    DealOptions d;
    d.level = level;
    d.seed = seed;
    d.expert_columns = experts;
    return d;
}

std::string describe(const DealOptions& d) {
    return std::string("--level ") + to_string(d.level) + " --seed " + std::to_string(d.seed) +
           (d.expert_columns ? " --expert-columns" : "");
}

// Everything the solver says about the optimal sets of `ch`, asked as the CLI's `solve --all` and
// the census ask it, against the exhaustive walk. Counting has no cap here: the count is exact.
void expect_exact(ChallengeSolver& solver, const Challenge& ch, const ExactOptima& truth) {
    Solution best = solver.solve(ch, std::nullopt, true);
    ASSERT_TRUE(best.optimal);
    ASSERT_EQ(best.evaluation.penalty, truth.best);
    EXPECT_EQ(*best.unique, truth.optimal_sets == 1);
    OptimalSets sets = solver.optimal_sets(ch, best, 1000000);
    EXPECT_EQ(sets.count, truth.optimal_sets);
    EXPECT_FALSE(sets.more);
    EXPECT_EQ(sets.forced, truth.forced);
    EXPECT_EQ(sets.never, truth.never);
    ASSERT_EQ(sets.examples.size(), std::min<std::size_t>(2, static_cast<std::size_t>(truth.optimal_sets)));
    EXPECT_EQ(sets.examples[0], best.stones);
    for (const CellSet& example : sets.examples) EXPECT_EQ(evaluate(ch, example).penalty, truth.best);
    if (sets.examples.size() == 2) {
        EXPECT_NE(sets.examples[0], sets.examples[1]);
    }
}

// Counting up to a cap without the backbone, as ratings count.
void expect_capped(ChallengeSolver& solver, const Challenge& ch, const ExactOptima& truth) {
    OptimalSets capped = solver.optimal_sets(ch, solver.solve(ch), 10, false);
    EXPECT_EQ(capped.count, std::min<long long>(truth.optimal_sets, 10));
    EXPECT_EQ(capped.more, truth.optimal_sets > 10);
}

// A rating's measurements against the exhaustive walk (Difficulty.h says what each means).
void expect_rating(ChallengeSolver& solver, const Challenge& ch, const ExactOptima& truth) {
    Rating r = rate(solver, ch);
    ASSERT_EQ(r.optimum, truth.best);
    EXPECT_EQ(r.optimal_sets, std::min<long long>(truth.optimal_sets, 10));
    const int budget = std::min(ch.max_stones, r.optimum);
    auto meetable = [&](const std::vector<int>& tasks) {
        const int fewest = exact_fewest_stones(ch, tasks);
        return fewest >= 0 && fewest <= budget;
    };
    std::vector<int> all;
    for (int t = 0; t < ch.task_count(); ++t) all.push_back(t);
    if (meetable(all)) {
        int sum = 0;
        for (int t = 0; t < ch.task_count(); ++t) sum += std::max(0, exact_fewest_stones(ch, {t}));
        EXPECT_EQ(r.sum_of_single_task_stones, sum);
        EXPECT_EQ(r.level, difficulty_index(sum == r.optimum ? "direct" : "combine"));
        return;
    }
    ASSERT_FALSE(r.conflict.empty());
    EXPECT_EQ(r.smallest_conflict, static_cast<int>(r.conflict.size()));
    EXPECT_FALSE(meetable(r.conflict));
    for (std::size_t k = 0; k < r.conflict.size(); ++k) {
        std::vector<int> fewer = r.conflict;
        fewer.erase(fewer.begin() + static_cast<long>(k));
        EXPECT_TRUE(meetable(fewer)) << "the conflict is minimal";
    }
    if (r.conflict.size() >= 3) {
        for (int a = 0; a < ch.task_count(); ++a)
            for (int b = a; b < ch.task_count(); ++b) {
                EXPECT_TRUE(meetable(a == b ? std::vector<int>{a} : std::vector<int>{a, b}))
                    << "no single task or pair conflicts";
            }
    }
    EXPECT_EQ(r.level, difficulty_index(r.conflict.size() <= 2 ? "give-up" : "deep"));
}

struct LevelSetup {
    const char* name;
    Level level;
    bool experts;
};

const LevelSetup kSetups[] = {{"basic", Level::Basic, false},  {"basic_experts", Level::Basic, true},
                              {"level1", Level::One, false},   {"level2", Level::Two, false},
                              {"level3", Level::Three, false}, {"level4", Level::Four, false},
                              {"level5", Level::Five, false}};

// 300 rounds (a tenth under the sanitizers, TLALOC_TEST_SCALE=small).
const int kRounds = scaled_rounds(300, 10);

class XalapaExactCount : public ::testing::TestWithParam<LevelSetup> {};

}  // namespace

// 300 rounds of one level: each alone and all of them in one batch; in the batch every fifth one
// is also counted up to a cap and every tenth one rated.
TEST_P(XalapaExactCount, DealtRoundsAgreeWithExhaustiveSearchAloneAndInOneBatch) {
    const LevelSetup& setup = GetParam();
    ChallengeSolver batch;
    const std::uint64_t first_seed =
        1000 + 10000 * static_cast<std::uint64_t>(setup.level) + (setup.experts ? 5000 : 0);
    for (int i = 0; i < kRounds; ++i) {
        const DealOptions options =
            round_of(setup.level, first_seed + static_cast<std::uint64_t>(i), setup.experts);
        SCOPED_TRACE("tlaloc xalapa deal " + describe(options));
        const Challenge ch = dealt(options);
        const ExactOptima truth = exact_optima(ch);
        {
            SCOPED_TRACE("alone");
            ChallengeSolver alone;
            expect_exact(alone, ch, truth);
        }
        {
            SCOPED_TRACE("in one batch");
            expect_exact(batch, ch, truth);
        }
        if (i % 5 == 0) {
            SCOPED_TRACE("capped, in the batch");
            expect_capped(batch, ch, truth);
        }
        if (i % 10 == 0) {
            SCOPED_TRACE("rated in the batch");
            expect_rating(batch, ch, truth);
        }
        if (HasFailure()) return;  // one round's story is enough
    }
}

INSTANTIATE_TEST_SUITE_P(EveryLevel, XalapaExactCount, ::testing::ValuesIn(kSetups),
                         [](const ::testing::TestParamInfo<LevelSetup>& info) {
                             return std::string(info.param.name);
                         });

// Dealt rounds of every level with their cards, formation and scoring, on random boards (5 or 6
// rows, up to 36 fields): other feature sets, placements and symmetries than the shipped boards'.
TEST(XalapaExactCount, RoundsMovedOntoRandomBoardsAgreeAloneAndInOneBatch) {
    std::mt19937_64 rng(158393);
    ChallengeSolver batch;
    for (int i = 0; i < kRounds; ++i) {
        const LevelSetup& setup = kSetups[static_cast<std::size_t>(i) % std::size(kSetups)];
        const DealOptions options =
            round_of(setup.level, 500000 + static_cast<std::uint64_t>(i), setup.experts);
        Challenge ch = dealt(options);
        const int rows = std::uniform_int_distribution<int>(5, 6)(rng);
        const int cols = std::uniform_int_distribution<int>(5, 36 / rows)(rng);
        ch.board = random_board(rng, rows, cols);
        SCOPED_TRACE(challenge_to_json(ch).dump());
        const ExactOptima truth = exact_optima(ch);
        {
            SCOPED_TRACE("alone");
            ChallengeSolver alone;
            expect_exact(alone, ch, truth);
        }
        {
            SCOPED_TRACE("in one batch");
            expect_exact(batch, ch, truth);
        }
        if (HasFailure()) return;
    }
}

// The rounds the counts were wrong on, dealt exactly as the command line deals them.
TEST(XalapaExactCount, RegressionRounds) {
    struct Case {
        DealOptions options;
        long long optimal_sets;
    };
    const Case cases[] = {
        {round_of(Level::Basic, 158393), 690},  // the solver found 689
    };
    ChallengeSolver batch;
    for (const Case& c : cases) {
        SCOPED_TRACE("tlaloc xalapa deal " + describe(c.options));
        const Challenge ch = dealt(c.options);
        const ExactOptima truth = exact_optima(ch);
        ASSERT_EQ(truth.optimal_sets, c.optimal_sets);
        ChallengeSolver alone;
        expect_exact(alone, ch, truth);
        expect_exact(batch, ch, truth);
    }
}

// The exhaustive walk itself against the plain enumeration of every subset, on boards small
// enough for the latter.
TEST(XalapaExactCount, TheExhaustiveWalkAgreesWithEnumeratingEverySubset) {
    std::mt19937_64 rng(77);
    for (int i = 0; i < scaled_rounds(300, 10); ++i) {
        RandomChallengeOptions o;
        o.min_rows = o.min_cols = 2;
        o.max_rows = o.max_cols = 4;
        o.min_tasks = 0;
        o.max_tasks = 6;
        o.formation_cells = i % 3 == 0 ? 0 : 2 + i % 3;
        o.random_orientations = true;
        o.max_stones = 1 + i % 6;
        Challenge ch = random_challenge(rng, o);
        ch.disfavor = i % 4;  // 0 too: then only the stones count
        SCOPED_TRACE(challenge_to_json(ch).dump());
        const BruteForce plain = brute_force(ch);
        const ExactOptima walk = exact_optima(ch, true);
        ASSERT_EQ(walk.best, plain.best);
        ASSERT_EQ(walk.optimal_sets, plain.optimal_sets);
        ASSERT_EQ(walk.forced, plain.forced);
        ASSERT_EQ(walk.never, plain.never);
        ASSERT_EQ(static_cast<long long>(walk.sets.size()), walk.optimal_sets);
    }
}

namespace {

// One JSON object per line of `solve --json` output, by file.
std::map<std::string, Json> by_file(const std::string& out) {
    std::map<std::string, Json> objects;
    std::istringstream lines(out);
    for (std::string line; std::getline(lines, line);)
        if (!line.empty()) {
            Json j = Json::parse(line);
            objects[j["file"].get<std::string>()] = j;
        }
    return objects;
}

}  // namespace

// `solve --all --json` on dealt files gives the same counts one file per process and all files in
// one process, and they are the exhaustive walk's.
TEST(XalapaExactCountCli, SolveAllCountsTheSameAloneAndInOneBatch) {
    const std::filesystem::path dir = scratch_dir("xalapa-exact-count");
    std::filesystem::create_directories(dir);
    const std::vector<std::string> deals = {"--level basic --seed 158393",
                                            "--level basic --seed 1087",
                                            "--level basic --seed 1259 --expert-columns",
                                            "--level 1 --seed 1192",
                                            "--level 2 --seed 2026",
                                            "--level 3 --seed 31",
                                            "--level 4 --seed 1276",
                                            "--level 5 --seed 1089",
                                            "--level basic --seed 1143"};
    std::string files;
    std::map<std::string, Json> alone;
    for (std::size_t k = 0; k < deals.size(); ++k) {
        const std::string file = (dir / ("round" + std::to_string(k) + ".json")).string();
        CliRun made = run_tlaloc("xalapa deal " + deals[k] + " --out " + file);
        ASSERT_EQ(made.code, 0) << made.out;
        CliRun solved = run_tlaloc_split("xalapa solve --all --cap 100000 --json " + file);
        ASSERT_EQ(solved.code, 0) << solved.err;
        alone.merge(by_file(solved.out));
        files += " " + file;
    }
    CliRun batch_run = run_tlaloc_split("xalapa solve --all --cap 100000 --json" + files);
    ASSERT_EQ(batch_run.code, 0) << batch_run.err;
    const std::map<std::string, Json> batch = by_file(batch_run.out);
    ASSERT_EQ(batch.size(), deals.size());
    ASSERT_EQ(alone.size(), deals.size());
    for (const auto& [file, j] : batch) {
        SCOPED_TRACE(file);
        const ExactOptima truth = exact_optima(load_challenge(file));
        for (const char* key : {"penalty", "optimal_sets", "optimal_sets_more", "forced", "never"})
            EXPECT_EQ(j[key], alone.at(file)[key]) << key;
        EXPECT_EQ(j["penalty"].get<int>(), truth.best);
        EXPECT_EQ(j["optimal_sets"].get<long long>(), truth.optimal_sets);
        EXPECT_FALSE(j["optimal_sets_more"].get<bool>());
        if (file.find("round0.json") != std::string::npos) {
            EXPECT_EQ(j["optimal_sets"].get<int>(), 690);
        }
    }
}
