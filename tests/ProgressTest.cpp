// The progress line's text: counts, share, rate and what is left, from the work done since it began.
#include <gtest/gtest.h>

#include "cli/Progress.h"

using tlaloc::cli::ProgressLine;

TEST(ProgressLine, CountsShareRateAndWhatIsLeft) {
    EXPECT_EQ(ProgressLine::count_text(50, 200, "games", 0, 10.0),
              "50/200 games (25 %), 5.00/s, about 30 s left");
    EXPECT_EQ(ProgressLine::count_text(1000, 4000, "challenges", 0, 10.0),
              "1000/4000 challenges (25 %), 100/s, about 30 s left");
}

TEST(ProgressLine, ARateFromTheWorkOfThisRunOnly) {
    // A resumed shard: 900 lines were in the file; 100 more in 10 s is 10 per second, and the 1000
    // left take 100 s.
    EXPECT_EQ(ProgressLine::count_text(1000, 2000, "challenges", 900, 10.0),
              "1000/2000 challenges (50 %), 10/s, about 1 min 40 s left");
}

TEST(ProgressLine, LongWaitsInHoursAndNoRateBeforeTheFirstItem) {
    EXPECT_EQ(ProgressLine::count_text(1, 10001, "items", 0, 1.0),
              "1/10001 items (0 %), 1.00/s, about 2 h 46 min left");
    EXPECT_EQ(ProgressLine::count_text(0, 10, "items", 0, 3.0), "0/10 items (0 %)");
    EXPECT_EQ(ProgressLine::count_text(10, 10, "items", 0, 2.0), "10/10 items (100 %), 5.00/s");
}
