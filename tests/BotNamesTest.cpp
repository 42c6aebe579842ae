// The one bot vocabulary (puzzles/common/Bots.h) as every command that seats bots speaks it: the
// current names work, an old name works with a one-line notice on stderr, an unknown name is one line
// and exit 2 with the valid names (and "did you mean" when close), and logs recorded with old names
// still replay.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "model/common/InputError.h"
#include "puzzles/azteka/MatchGame.h"
#include "puzzles/common/Bots.h"
#include "puzzles/xalapa/SevenDayGame.h"
#include "session/common/Mcts.h"
#include "support/CliRun.h"
#include "support/ScratchDir.h"

using namespace tlaloc;
using namespace tlaloc::test_support;

namespace {

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
}

struct Command {
    std::string name;     // for messages
    std::string old_run;  // the command with an old name in it
    std::string old_name, new_name;
    std::string unknown_run;  // the command with a misspelt name
    std::string hint;         // the name "did you mean" proposes
};

// Every command that seats bots, each with a cheap run.
std::vector<Command> commands() {
    return {
        {"aztlan play", "aztlan play --players 2 --seed 1 --bots search,random", "search", "best",
         "aztlan play --players 2 --bots gredy,random", "greedy"},
        {"aztlan audit", "aztlan audit --games 1 --players 2 --bots search", "search", "best",
         "aztlan audit --games 1 --players 2 --bots randon", "random"},
        {"azteka match", "azteka match --seed 7 --life-bot search --death-bot random", "search", "best",
         "azteka match --life-bot serch", "best"},
        {"azteka play", "azteka play --death solver", "solver", "best", "azteka play --life humna", "human"},
        {"akelarre play", "akelarre play --players 2 --bots search,random --best-states 2000", "search",
         "best", "akelarre play --players 2 --bots bets,random", "best"},
        {"xalapa atlacoya play", "xalapa atlacoya play --players 2 --bots search,cautious", "search", "best",
         "xalapa atlacoya play --players 2 --bots cautius,greedy", "cautious"},
        {"xalapa play", "xalapa play --players 2 --bots search,random", "search", "best",
         "xalapa play --players 2 --bots randmo", "random"},
        {"aztlan balance", "aztlan balance --games 2 --bots search,random", "search", "best",
         "aztlan balance --games 2 --bots mcst", "mcts"},
        {"azteka balance", "azteka balance --games 2 --bots search,random", "search", "best",
         "azteka balance --games 2 --bots greedy,rnadom", "random"},
        {"akelarre balance", "akelarre balance --games 2 --bots solver,random", "solver", "best",
         "akelarre balance --games 2 --bots gredy", "greedy"},
        {"xalapa atlacoya balance", "xalapa atlacoya balance --games 2 --bots search,random", "search",
         "best", "xalapa atlacoya balance --games 2 --bots bestt", "best"},
    };
}

}  // namespace

TEST(BotNames, EveryCurrentNameReadsAsItself) {
    for (BotName b : all_bot_names()) {
        EXPECT_EQ(bot_name(to_string(b)), b) << to_string(b);
        EXPECT_EQ(renamed_bot_notice(to_string(b)), "") << to_string(b);
    }
    EXPECT_EQ(bot_list(all_bot_names()), "random, greedy, best, mcts, human");
}

// Each game's own bots read from the vocabulary and named back in it (BotRow tables): what each game
// seats, what it refuses, and one name for a bot two names play.
TEST(BotNames, EachGameMapsTheVocabularyToItsOwnBots) {
    EXPECT_EQ(azteka::parse_match_bot("greedy"), azteka::MatchBot::Search);
    EXPECT_EQ(azteka::parse_match_bot("best"), azteka::MatchBot::Deep);
    EXPECT_EQ(azteka::parse_match_bot("search"), azteka::MatchBot::Deep);  // an old name
    EXPECT_EQ(azteka::parse_match_bot("mcts"), std::nullopt);
    EXPECT_STREQ(azteka::to_string(azteka::MatchBot::Search), "greedy");
    EXPECT_STREQ(azteka::to_string(azteka::MatchBot::Deep), "best");
    EXPECT_EQ(xalapa::parse_seat_player("human"), xalapa::SeatPlayer::Human);
    EXPECT_EQ(xalapa::parse_seat_player("mcts"), std::nullopt);
    EXPECT_STREQ(xalapa::to_string(xalapa::SeatPlayer::Greedy), "greedy");
    // The session's bots: no human (a person is a seat, not a bot).
    EXPECT_EQ(session::parse_session_bot("mcts"), session::SessionBot::Mcts);
    EXPECT_EQ(session::parse_session_bot("human"), std::nullopt);
    for (const session::SessionBot b : {session::SessionBot::Random, session::SessionBot::Greedy,
                                        session::SessionBot::Best, session::SessionBot::Mcts})
        EXPECT_EQ(session::parse_session_bot(session::to_string(b)), b) << session::to_string(b);
    // What balance's --bots accepts is the table's names, in its order, each once.
    EXPECT_EQ(session::session_bot_names(),
              (std::vector<BotName>{BotName::Random, BotName::Greedy, BotName::Best, BotName::Mcts}));
    constexpr std::array<BotRow<azteka::MatchBot>, 3> kTwoNamesOneBot{
        {{azteka::MatchBot::Deep, BotName::Best},
         {azteka::MatchBot::Deep, BotName::Greedy},
         {azteka::MatchBot::Deep, BotName::Best}}};
    EXPECT_EQ(game_bot_names(kTwoNamesOneBot), (std::vector<BotName>{BotName::Best, BotName::Greedy}));
}

TEST(BotNames, OldNamesAreTheBestBot) {
    for (const char* old : {"search", "solver"}) {
        EXPECT_EQ(bot_name(old), BotName::Best) << old;
        EXPECT_EQ(renamed_bot_notice(old), std::string("note: bot '") + old + "' is now called 'best'");
    }
    EXPECT_EQ(bot_name("Greedy"), std::nullopt);  // names are lower case
    EXPECT_EQ(bot_name(""), std::nullopt);
    EXPECT_EQ(renamed_bot_notice("chess"), "");
    EXPECT_EQ(bot_name("cautious"), std::nullopt);  // Atlacoya's own bot, read by Atlacoya alone
}

TEST(BotNames, ReadBotRefusesWithTheValidNames) {
    std::ostringstream notes;
    const std::vector<BotName> play = {BotName::Random, BotName::Greedy, BotName::Human};
    EXPECT_EQ(read_bots("greedy,random,human", play, "--bots", notes),
              (std::vector<BotName>{BotName::Greedy, BotName::Random, BotName::Human}));
    EXPECT_EQ(notes.str(), "");
    try {
        read_bot("grredy", play, "--bots", notes);
        ADD_FAILURE() << "accepted";
    } catch (const InputError& e) {
        EXPECT_EQ(e.place(), "--bots");
        EXPECT_NE(
            std::string(e.what()).find("unknown bot \"grredy\" — did you mean greedy? (bots: random, greedy, "
                                       "human)"),
            std::string::npos)
            << e.what();
    }
    try {  // a name of the vocabulary that this command does not seat
        read_bot("mcts", play, "--bots", notes);
        ADD_FAILURE() << "accepted";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("no \"mcts\" bot (bots: random, greedy, human)"),
                  std::string::npos)
            << e.what();
    }
    EXPECT_THROW(read_bots("random,,greedy", play, "--bots", notes), InputError);
    // "search" is "best", which this list does not hold.
    EXPECT_THROW(read_bot("search", play, "--bots", notes), InputError);
    EXPECT_EQ(notes.str(), "");
    // A game's own bot is left to the game, and listed.
    EXPECT_EQ(read_bot_or_own("cautious", {BotName::Greedy}, {"cautious"}, "--bots", notes), std::nullopt);
    EXPECT_EQ(read_bot_or_own("greedy", {BotName::Greedy}, {"cautious"}, "--bots", notes), BotName::Greedy);
    try {
        read_bot_or_own("cautios", {BotName::Greedy}, {"cautious"}, "--bots", notes);
        ADD_FAILURE() << "accepted";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("did you mean cautious? (bots: greedy, cautious)"),
                  std::string::npos)
            << e.what();
    }
}

TEST(BotNames, AnOldNameIsNotedOnce) {
    std::ostringstream notes;
    const std::vector<BotName> all = all_bot_names();
    EXPECT_EQ(read_bots("solver,random,solver", all, "--bots", notes),
              (std::vector<BotName>{BotName::Best, BotName::Random, BotName::Best}));
    EXPECT_EQ(notes.str(), "note: bot 'solver' is now called 'best'\n");
}

TEST(BotNamesCli, OldNamesWorkWithOneNoticeLine) {
    for (const Command& c : commands()) {
        const CliRun r = run_tlaloc_split(c.old_run);
        EXPECT_EQ(r.code, 0) << c.name << ": " << r.err;
        EXPECT_EQ(lines_of(r.err), std::vector<std::string>{"note: bot '" + c.old_name + "' is now called '" +
                                                            c.new_name + "'"})
            << c.name;
    }
}

TEST(BotNamesCli, UnknownNamesAreOneLineExit2WithTheValidNames) {
    for (const Command& c : commands()) {
        const CliRun r = run_tlaloc_split(c.unknown_run);
        EXPECT_EQ(r.code, 2) << c.name << ": " << r.out;
        ASSERT_EQ(lines_of(r.err).size(), 1u) << c.name << ": " << r.err;
        EXPECT_NE(r.err.find("unknown bot"), std::string::npos) << c.name << ": " << r.err;
        EXPECT_NE(r.err.find("did you mean " + c.hint + "?"), std::string::npos) << c.name << ": " << r.err;
        EXPECT_NE(r.err.find("(bots: "), std::string::npos) << c.name << ": " << r.err;
        EXPECT_EQ(r.out, "") << c.name;
    }
}

TEST(BotNamesCli, EachCommandListsItsOwnBots) {
    const std::vector<std::pair<std::string, std::string>> lists = {
        {"aztlan play --players 2 --bots chess,random", "(bots: random, greedy, best, human)"},
        {"aztlan audit --games 1 --bots mixd", "did you mean mixed? (bots: random, greedy, best, mixed)"},
        {"azteka play --death chess", "(bots: greedy, best, human)"},
        {"xalapa atlacoya play --players 2 --bots chess,greedy",
         "(bots: random, greedy, best, human, cautious)"},
        {"azteka balance --bots chess", "(bots: random, greedy, best, mcts)"},
        {"akelarre play --players 2 --bots mcts", "no \"mcts\" bot (bots: random, greedy, best, human)"},
        {"xalapa atlacoya play --players 2 --bots mcts,greedy",
         "no \"mcts\" bot (bots: random, greedy, best, human, cautious)"},
    };
    for (const auto& [run, list] : lists) {
        const CliRun r = run_tlaloc_split(run);
        EXPECT_EQ(r.code, 2) << run;
        EXPECT_NE(r.err.find(list), std::string::npos) << run << ": " << r.err;
    }
}

// New logs record the new names; logs recorded with the old ones replay as before (Atlacoya), or,
// where the log's format has changed since (Azteka's match log is in the envelope every game shares,
// version 3), are refused with what to do.
TEST(BotNamesCli, LogsRecordNewNamesAndOldLogsReplay) {
    const auto dir = scratch_dir("bot-names");
    const std::string match = (dir / "match.jsonl").string(), atlacoya = (dir / "atlacoya.jsonl").string();
    ASSERT_EQ(
        run_tlaloc_split("azteka match --seed 7 --life-bot search --death-bot random --log " + match).code,
        0);
    // Atlacoya's best is its greedy bidder: the log records the bot that played.
    ASSERT_EQ(
        run_tlaloc_split("xalapa atlacoya play --players 2 --bots best,cautious --log " + atlacoya).code, 0);
    const std::vector<std::pair<std::string, std::string>> seats = {
        {match, "\"seats\":[\"best\",\"random\"]"}, {atlacoya, "\"seats\":[\"best\",\"cautious\"]"}};
    for (const auto& [log, seat] : seats) {
        std::ifstream in(log);
        std::string setup;
        std::getline(in, setup);
        EXPECT_NE(setup.find(seat), std::string::npos) << setup;
    }
    for (const std::string& run :
         {std::string("xalapa atlacoya replay ") + TLALOC_TEST_DATA + "/xalapa/atlacoya-game.jsonl",
          "azteka replay " + match, "xalapa atlacoya replay " + atlacoya}) {
        const CliRun r = run_tlaloc_split(run);
        EXPECT_EQ(r.code, 0) << run << ": " << r.out << r.err;
        EXPECT_EQ(r.err, "") << run;
    }
    // The old Azteka fixture holds the old name and an older format: refused, saying to play it again.
    const std::string old_match = std::string(TLALOC_TEST_DATA) + "/azteka/v2/match-seed-7.jsonl";
    std::ifstream old_in(old_match);
    std::string setup;
    std::getline(old_in, setup);
    EXPECT_NE(setup.find("\"bot\":\"search\""), std::string::npos) << setup;
    const CliRun old = run_tlaloc_split("azteka replay " + old_match);
    EXPECT_EQ(old.code, 2) << old.out;
    EXPECT_NE(old.err.find("a log of version 2 of tlaloc-azteka-match"), std::string::npos) << old.err;
    EXPECT_NE(old.err.find("tlaloc azteka match --seed 7"), std::string::npos) << old.err;
}
