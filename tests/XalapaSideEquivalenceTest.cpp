// Board sides with identical playing conditions: the symmetry proof against solving both sides, the
// counterexample when a formation is not its own mirror image, and the claim in the shipped rulebook.
#include <gtest/gtest.h>

#include <random>

#include "puzzles/xalapa/Census.h"
#include "puzzles/xalapa/RandomChallenge.h"
#include "puzzles/xalapa/SideComparison.h"
#include "puzzles/xalapa/SideEquivalence.h"
#include "tests/support/CliRun.h"
#include "tests/support/TestScale.h"
#include "tests/support/XalapaCatalogue.h"

using namespace tlaloc;
using namespace tlaloc::xalapa;
using namespace tlaloc::test_support;

namespace {

// `b` mirrored left to right; with `colours`, the backgrounds move with their fields.
Board mirrored(const Board& b, bool colours) {
    Board m = b;
    for (int r = 0; r < b.rows; ++r)
        for (int c = 0; c < b.cols; ++c) {
            Field f = b.at({r, b.cols - 1 - c});
            if (!colours) f.black = b.at({r, c}).black;
            m.fields[static_cast<std::size_t>(m.index({r, c}))] = f;
        }
    m.top_left_black = m.fields[0].black;
    return m;
}

TEST(XalapaSideEquivalence, TheShippedMirroredSidesAreProvedIdenticalWithoutSolving) {
    const Catalogue& cat = shipped();
    EXPECT_EQ(side_map(cat.board("sun-front")->board, cat.board("rain-front")->board),
              "mirrored left to right");
    EXPECT_EQ(side_map(cat.board("sun-front")->board, cat.board("moon-front")->board), "as printed");
    EXPECT_EQ(side_map(cat.board("sun-front")->board, cat.board("jaguar-front")->board), "");
    ChallengeSolver solver;
    SideComparison c = compare_sides(solver, cat, *cat.board("sun-front"), *cat.board("maize-front"));
    EXPECT_TRUE(c.identical) << c.evidence;
    EXPECT_EQ(c.challenges_solved, 0);
    EXPECT_NE(c.evidence.find("mirrored left to right"), std::string::npos) << c.evidence;
}

// The proof's independent cross-check: basic challenges solved on both sides of the mirrored pair.
TEST(XalapaSideEquivalence, BasicChallengesHaveTheSameOptimumOnBothMirroredSides) {
    const Catalogue& cat = shipped();
    const std::vector<CensusItem> items = basic_census_items(cat);
    ChallengeSolver solver;
    std::mt19937_64 rng(19);
    const int rounds = scaled_rounds(200, 5);
    for (int i = 0; i < rounds; ++i) {
        Challenge ch = atlas_challenge(cat, items[rng() % items.size()]);
        if (i % 2) ch.formation = cat.positions[static_cast<std::size_t>(i) % cat.positions.size()].four;
        ch.board = cat.board("sun-front")->board;
        const int on_sun = solver.solve(ch).evaluation.penalty;
        ch.board = cat.board("rain-front")->board;
        EXPECT_EQ(solver.solve(ch).evaluation.penalty, on_sun) << "challenge " << i;
    }
}

// The position card tlaloc first shipped as P4: a bent diagonal, not its own mirror image.
TEST(XalapaSideEquivalence, AFormationWithoutAMirrorAxisGivesACounterexample) {
    Catalogue cat = shipped();
    PositionCard bent{"bent-diagonal", {{{0, 0}, {1, 1}, {1, 2}}}, {{{0, 0}, {1, 1}, {2, 2}, {2, 3}}}};
    cat.positions = {bent};
    ChallengeSolver solver;
    SideComparison c = compare_sides(solver, cat, *cat.board("sun-front"), *cat.board("rain-front"));
    ASSERT_FALSE(c.identical) << c.evidence;
    EXPECT_GT(c.challenges_solved, 0);
    EXPECT_NE(c.evidence.find("bent-diagonal (3-stone side)"), std::string::npos) << c.evidence;
    EXPECT_NE(c.evidence.find("has optimum"), std::string::npos) << c.evidence;
    EXPECT_FALSE(sides_proved_identical(cat, cat.board("sun-front")->board, cat.board("rain-front")->board));
}

// A random board and its mirror: identical when the colours move with the fields, and not provable
// (no map) when they stay in place, as on a chessboard printed the same way on every side.
TEST(XalapaSideEquivalence, MirroredRandomBoardsAndTheirBackgrounds) {
    std::mt19937_64 rng(41);
    for (int i = 0; i < 20; ++i) {
        const Board b = random_board(rng, 6, 6);
        EXPECT_EQ(side_map(b, mirrored(b, true)), "mirrored left to right");
        EXPECT_TRUE(sides_proved_identical(shipped(), b, mirrored(b, true)));
        const Board kept = mirrored(b, false);
        bool black_cell_moved = false;  // the mirror of a 6-wide chessboard swaps colours
        for (int k = 0; k < b.size(); ++k)
            black_cell_moved |= kept.fields[k].black != mirrored(b, true).fields[k].black;
        ASSERT_TRUE(black_cell_moved);
        EXPECT_NE(side_map(b, kept), "mirrored left to right");
    }
}

TEST(XalapaSideEquivalence, TheRulebookClaimIsTrueOnTheShippedData) {
    CliRun r =
        run_tlaloc(std::string("verify rulebook ") + TLALOC_SOURCE_DIR + "/verify/rulebooks/xalapa-it.json");
    EXPECT_NE(r.out.find("✓ mirrored-boards-identical [identical_sides]"), std::string::npos) << r.out;
}

}  // namespace
