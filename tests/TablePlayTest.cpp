// session::play_table, the stateless table the studio's Games view asks: the bots answer until a
// person is to act, the person's legal actions are offered, a refused action names its place, the
// game sent back whole is the same game, and a finished game's log is one its game's replay accepts.
#include <gtest/gtest.h>

#include <algorithm>

#include "model/common/InputError.h"
#include "model/common/Json.h"
#include "session/GameLog.h"
#include "session/Games.h"
#include "session/TablePlay.h"

using namespace tlaloc;
using namespace tlaloc::session;

namespace {

TableSetup table(const std::string& game, int players, const std::string& variant,
                 std::vector<std::string> seats, std::uint64_t seed = 5) {
    TableSetup t;
    t.spec = {game, players, variant};
    t.seed = seed;
    t.seats = std::move(seats);
    return t;
}

// Plays a person's seat with the first legal action offered until the game ends.
TableState play_to_the_end(TableSetup t) {
    TableState s = play_table(t, solver::Deadline(), 5000, false);
    for (int guard = 0; !s.over && guard < 2000; ++guard) {
        EXPECT_FALSE(s.legal.empty());
        t.actions = s.actions;
        t.actions.push_back(s.legal.front());
        s = play_table(t, solver::Deadline(), 5000, false);
    }
    EXPECT_TRUE(s.over);
    return s;
}

// A game between bots played to its end at the table: the setup with every action.
TableSetup bots_to_the_end(TableSetup t) {
    const TableState s = play_table(t, solver::Deadline(), 100, false);
    EXPECT_TRUE(s.over);
    t.actions = s.actions;
    return t;
}

}  // namespace

TEST(TablePlay, TheBotsAnswerUntilAPersonIsToAct) {
    const TableState s =
        play_table(table("azteka", 2, "standard", {"random", "human"}), solver::Deadline(), 100, false);
    ASSERT_FALSE(s.over);
    EXPECT_EQ(s.to_act, 1);
    ASSERT_EQ(s.actions.size(), 1u);  // Life (the bot) placed its first pawn
    EXPECT_EQ(s.actors, std::vector<int>({0}));
    EXPECT_EQ(s.stages.front(), "round 1, turn 1");
    EXPECT_FALSE(s.legal.empty());
    EXPECT_NE(std::find(s.legal.begin(), s.legal.end(), "place 3 7"), s.legal.end());
    // Any one offered is played, and the bot answers again.
    TableSetup t = table("azteka", 2, "standard", {"random", "human"});
    t.actions = s.actions;
    t.actions.push_back(s.legal.back());
    const TableState next = play_table(t, solver::Deadline(), 100, false);
    ASSERT_GE(next.actors.size(), 3u);
    EXPECT_EQ(next.actors[1], 1);
    EXPECT_EQ(next.actors[2], 0);
    EXPECT_NE(s.svg.find("data-hole"), std::string::npos);
    EXPECT_NE(s.text.find("to act: player 2"), std::string::npos) << s.text;
}

TEST(TablePlay, ARefusedActionNamesItsPlaceAndABadSetUpIsRefused) {
    TableSetup t = table("aztlan", 2, "de", {"human", "greedy"});
    t.actions = {"{\"phase\":\"choice\",\"player\":1,\"card\":99}"};
    try {
        play_table(t, solver::Deadline(), 100, false);
        FAIL() << "an impossible card was played";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("actions[0]"), std::string::npos) << e.what();
    }
    EXPECT_THROW(play_table(table("aztlan", 2, "de", {"human"}), solver::Deadline(), 100, false),
                 std::invalid_argument);
    EXPECT_THROW(play_table(table("aztlan", 2, "de", {"human", "genius"}), solver::Deadline(), 100, false),
                 std::invalid_argument);
}

TEST(TablePlay, TheGameSentBackIsTheSameGameAndTheHintIsLegal) {
    TableSetup t = table("akelarre", 2, "singles", {"human", "random"}, 9);
    const TableState first = play_table(t, solver::Deadline(), 100, true);
    ASSERT_TRUE(first.hint);
    t.actions = first.actions;
    t.actions.push_back(*first.hint);  // the whole best play at once
    const TableState after = play_table(t, solver::Deadline(), 100, false);
    ASSERT_GE(after.actions.size(), first.actions.size() + 1);
    EXPECT_EQ(std::vector<std::string>(after.actions.begin(), after.actions.begin() + first.actions.size()),
              first.actions);
    EXPECT_EQ(after.actors[first.actions.size()], 0);
}

TEST(TablePlay, AFinishedGamesLogIsOneItsReplayAccepts) {
    const TableSetup az = table("aztlan", 2, "de", {"human", "greedy"}, 3);
    const TableState a = play_to_the_end(az);
    TableSetup done = az;
    done.actions = a.actions;
    const std::string log = table_log(done);
    EXPECT_FALSE(session::replay_log(session::read_log("aztlan", "a.jsonl", log)).wrong);
    EXPECT_NE(log.find("\"seats\":[\"human\",\"greedy\"]"), std::string::npos) << log.substr(0, 300);

    const TableSetup zt = table("azteka", 2, "aggressive", {"human", "random"}, 4);
    TableSetup zdone = zt;
    zdone.actions = play_to_the_end(zt).actions;
    const std::string zlog = table_log(zdone);
    EXPECT_FALSE(session::replay_log(session::read_log("azteka", "z.jsonl", zlog)).wrong);
    EXPECT_NE(zlog.find("\"seats\":[\"human\",\"random\"]"), std::string::npos) << zlog.substr(0, 300);

    // Akelarre between bots (a person always taking the first action may move cards for ever).
    const TableSetup kdone =
        bots_to_the_end(table("akelarre", 3, "singles", {"random", "greedy", "random"}, 6));
    const std::string klog = table_log(kdone);
    EXPECT_FALSE(session::replay_log(session::read_log("akelarre", "k.jsonl", klog)).wrong);
    EXPECT_NE(klog.find("\"seats\":[\"random\",\"greedy\",\"random\"]"), std::string::npos);
    EXPECT_EQ(play_table(kdone, solver::Deadline(), 100, false).scores.size(), 3u);

    // Atlacoya: a person against the greedy bot, and a random and a cautious seat.
    const TableSetup at = table("atlacoya", 2, "standard", {"human", "greedy"}, 7);
    TableSetup atdone = at;
    atdone.actions = play_to_the_end(at).actions;
    const std::string atlog = table_log(atdone);
    const session::LogCheck r = session::replay_log(session::read_log("atlacoya", "t.jsonl", atlog));
    EXPECT_FALSE(r.wrong) << *r.wrong;
    EXPECT_EQ(r.actions, 14);  // 7 days of 2 plays
    EXPECT_NE(atlog.find("\"seats\":[\"human\",\"greedy\"]"), std::string::npos);
    const TableSetup odone = bots_to_the_end(table("atlacoya", 2, "standard", {"random", "cautious"}, 8));
    EXPECT_FALSE(session::replay_log(session::read_log("atlacoya", "o.jsonl", table_log(odone))).wrong);
    EXPECT_THROW(table_log(TableSetup{odone.spec, odone.seed, {"random", "careful"}, odone.actions}),
                 std::invalid_argument);
    TableSetup unfinished = az;
    unfinished.actions.assign(a.actions.begin(), a.actions.begin() + 10);
    EXPECT_THROW(table_log(unfinished), std::invalid_argument);
}

// A "best" seat is the game's strongest bot: Azteka's deeper search (the log names it "best") and
// Akelarre's lookahead play legal whole games whose logs replay.
TEST(TablePlay, BestSeatsPlayWholeGamesThatReplay) {
    const TableSetup zt = table("azteka", 2, "standard", {"human", "best"}, 9);
    TableSetup zdone = zt;
    zdone.actions = play_to_the_end(zt).actions;
    const std::string zlog = table_log(zdone);
    EXPECT_FALSE(session::replay_log(session::read_log("azteka", "z.jsonl", zlog)).wrong);
    EXPECT_NE(zlog.find("\"seats\":[\"human\",\"best\"]"), std::string::npos) << zlog.substr(0, 300);

    const TableSetup kdone = bots_to_the_end(table("akelarre", 2, "singles", {"best", "greedy"}, 3));
    EXPECT_FALSE(session::replay_log(session::read_log("akelarre", "k.jsonl", table_log(kdone))).wrong);
    EXPECT_THROW(
        play_table(table("akelarre", 2, "singles", {"best", "clever"}), solver::Deadline(), 100, false),
        std::invalid_argument);
}

// A person at the table sees their own hand and favourite, not the other seats' (Akelarre); in
// Aztlán the others' prosperity cards are counted and the power cards being chosen are not shown;
// a finished game shows everything, as its replay does.
TEST(TablePlay, APersonSeesWhatTheirSeatMayKnowAndAllOnceTheGameIsOver) {
    const TableSetup t = table("akelarre", 2, "singles", {"human", "random"}, 4);
    const TableState s = play_table(t, solver::Deadline(), 100, false);
    ASSERT_FALSE(s.over);
    ASSERT_EQ(s.to_act, 0);
    std::unique_ptr<Engine> all = make_engine(t.spec, t.seed);
    for (const std::string& a : s.actions) all->apply(a);
    const std::string everything = all->describe();
    auto line_of = [](const std::string& text, const std::string& start) {
        const std::size_t at = text.find("\n  " + start);
        return at == std::string::npos ? std::string()
                                       : text.substr(at + 1, text.find('\n', at + 1) - at - 1);
    };
    EXPECT_EQ(line_of(s.text, "P1,"), line_of(everything, "P1,"));  // their own hand and favourite
    EXPECT_NE(line_of(s.text, "P2,"), line_of(everything, "P2,"));
    EXPECT_NE(line_of(s.text, "P2,").find("favourite secret; hand: 7 cards"), std::string::npos) << s.text;
    EXPECT_EQ(s.text.substr(s.text.find("\n  place")), everything.substr(everything.find("\n  place")));

    const TableState aztlan =
        play_table(table("aztlan", 2, "de", {"human", "greedy"}), solver::Deadline(), 100, false);
    ASSERT_EQ(aztlan.to_act, 0);
    EXPECT_NE(line_of(aztlan.text, "player 2").find("power card being chosen"), std::string::npos)
        << aztlan.text;
    EXPECT_EQ(line_of(aztlan.text, "player 1").find("being chosen"), std::string::npos) << aztlan.text;

    // Atlacoya: the person to bid sees their own board with today's row, not the last play.
    TableSetup a = table("atlacoya", 2, "standard", {"human", "greedy"}, 5);
    TableState day = play_table(a, solver::Deadline(), 100, false);
    EXPECT_NE(day.svg.find("day 1, player 1&apos;s row"), std::string::npos);
    a.actions = day.actions;
    a.actions.push_back(day.legal.front());
    day = play_table(a, solver::Deadline(), 100, false);
    ASSERT_EQ(day.stage, "day 2");
    EXPECT_NE(day.svg.find("day 2, player 1&apos;s row"), std::string::npos);
    EXPECT_EQ(day.svg.find(": bid "), std::string::npos);

    const TableState done = play_to_the_end(t);
    EXPECT_EQ(done.text.find("secret"), std::string::npos) << done.text;
    EXPECT_EQ(done.text.find(" cards; points pile"), std::string::npos) << done.text;
}
