// One interface for every whole game: its state, its actions as text, the legal ones, why an action
// is refused, applying one, whose turn it is, the end and the final scores, and what a seat may know
// (a determinization of the hidden parts). Searches (session/common/Mcts), the balance runs
// (session/common/Balance) and the conformance test work on this interface alone.
//
// An abstract class rather than a C++20 concept: the game is chosen at run time by name (`tlaloc
// <game> balance`), one search and one balance loop serve every game without being compiled once per
// game, and a virtual call costs nothing next to one step of a rules engine (docs/architecture.md).
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "model/common/Json.h"

namespace tlaloc::session {

// A bot's choices led to a state with no legal action before the game's end (a gap in a game's
// adapter, not in the rules): the balance runs play that game again with fresh bot choices.
struct DeadEnd : std::logic_error {
    using std::logic_error::logic_error;
};

using Rng = std::mt19937_64;

// The bots every game has of its own: any legal action, one step ahead by the game's rules of thumb
// ("greedy": Aztlán's greedy, Akelarre's best turn, Azteka's one-turn search, Atlacoya's greedy),
// and the game's strongest ("best": Azteka's search three whole turns deep, Akelarre's greedy play
// looked at a turn further; in the other games the greedy bot again). The names are the one vocabulary of
// puzzles/common/Bots.h.
enum class OwnBot { Random, Greedy, Best };

class Engine {
public:
    virtual ~Engine() = default;
    virtual std::unique_ptr<Engine> clone() const = 0;

    virtual int players() const = 0;
    // The player to act next, 0-based; -1 once over. Chance (the deal, the decks) is drawn from the
    // seed when the game is made, so it never has a turn of its own.
    virtual int to_act() const = 0;
    virtual bool over() const = 0;

    // An action is one line of text: the JSON object of the game's log for that action (Azteka: the
    // words of `azteka play`). A JSON array of such actions of one player is one action too: its
    // steps in order (a whole turn).
    // Every legal action now, in a fixed order; where the choices are combinatorial the list keeps
    // one per kind (docs/architecture.md, "Engines"), while why_illegal and apply take any.
    virtual std::vector<std::string> legal_actions() const = 0;
    // nullopt when `action` may be played now, else the rule it breaks (or why it is not an action).
    std::optional<std::string> why_illegal(const std::string& action) const;
    // Plays a legal action; std::logic_error (the state unchanged) for one why_illegal refuses.
    void apply(const std::string& action);

    // Final score of each player (meaningful once over).
    virtual std::vector<int> scores() const = 0;
    // Once over: the players who won (several for a team, or a shared first place); empty: a draw.
    virtual std::vector<int> winners() const = 0;
    // The player who acted first in the game (the first player's advantage is measured for them).
    virtual int first_player() const = 0;
    // The game's length so far in its own unit (Aztlán actions, Azteka whole turns, Akelarre turns,
    // Atlacoya days): see length_unit().
    virtual int length() const = 0;
    virtual const char* length_unit() const = 0;

    // The game's own bot's action for the player to act.
    virtual std::string own_bot_action(OwnBot bot, Rng& rng) const = 0;
    // The actions a search tries here, the greedy bot's choice first: by default every legal action;
    // a game may narrow them.
    virtual std::vector<std::string> search_actions(Rng& rng) const;
    // Whether a search may play `action` here: legal, and (where a game says so) not a dead end.
    virtual bool searchable(const std::string& action) const { return !why_illegal(action); }
    // Plays to the end with the random bot (games override this with a faster native loop).
    virtual void play_out(Rng& rng);
    // A copy in which what `seat` cannot know (others' hands and secret choices, the order of the
    // decks) is drawn again at random, consistent with what the seat has seen. Perfect-information
    // games return a plain copy.
    virtual std::unique_ptr<Engine> determinize(int seat, Rng& rng) const {
        (void)seat, (void)rng;
        return clone();
    }

    // For people: the state as text (lines ended by "\n": scores, hands, the board), as a picture (a
    // whole SVG document drawn by the game's own picture code; "" when the game has none), and where
    // the game stands in its own words ("age 2, development", "round 1, turn 7", "turn 12", "day 3").
    // describe() shows everything (replays, a finished game); describe_for(viewer) is what that seat
    // may know while the game goes on (the studio's table, to a person at that seat): the games with
    // hidden information (Akelarre's hands and favourites, Aztlán's prosperity cards and the power
    // cards being chosen) leave the other seats' secrets out. The picture is public or the viewer's.
    // Once the game is over, or for viewer -1, both show what describe() and picture_svg() show.
    virtual std::string describe() const { return ""; }
    virtual std::string describe_for(int /*viewer*/) const { return describe(); }
    // The picture for the seat about to act (Atlacoya: their own board with today's row, not the last
    // play); by default the picture of the state.
    virtual std::string picture_svg_for(int /*viewer*/) const { return picture_svg(); }
    virtual std::string picture_svg() const { return ""; }
    virtual std::string stage_label() const { return ""; }
    // A player's name as the game's log and pictures give it ("player 2", Akelarre "P2").
    virtual std::string player_name(int player) const { return "player " + std::to_string(player + 1); }

    // A game in stages (Azteka: the rounds of a match) may let a search judge a playout at the end of
    // the stage it started in: stage() numbers them, stage_returns() says how a finished stage went
    // (by default: a game of one stage, judged by returns()).
    virtual int stage() const { return 0; }
    virtual std::vector<double> stage_returns() const { return returns(); }

    // What the game's log records beside the actions (session/GameLog), each derived again by a
    // replay and compared with the record: what the seed dealt (the setup line's "dealt"), what the
    // last action settled (its line's "after", e.g. Azteka's circle after a whole turn with a finished
    // round's result, Aztlán's record of a finished age; null when it settled nothing), and the final
    // account (the end line's "result", beside the scores and winners every game has).
    virtual Json dealt() const { return Json::object(); }
    // Reads a recorded "dealt" strictly: a name the game does not have (a card, a board) fails the
    // element (bad input), where a known name the seed does not deal is the replay's wrong step.
    virtual void read_dealt(const JsonPlace& dealt) const { dealt.expect_object(); }
    virtual Json settled() const { return nullptr; }
    virtual Json final_account() const { return Json::object(); }
    // Read a recorded "after" and "result" strictly, before anything is played: a key, a type or a
    // name the game's records do not have fails the element (bad input, whatever the actions before
    // it); their values are the replay's to compare.
    virtual void read_settled(const JsonPlace& after) const { after.expect_object(); }
    virtual void read_account(const JsonPlace& result) const { result.expect_object(); }
    // The bots' generators in a game dealt from `seed`: one per seat, or one that every seat draws
    // from (the default), as the game's `play` has always seeded them, so a seed gives the same game.
    virtual std::vector<Rng> bot_rngs(std::uint64_t seed) const {
        return {Rng(seed ^ 0x9E3779B97F4A7C15ULL)};
    }
    // nullopt when `action` is an action of this game at all (legal here or not); else why it is not
    // one (a log holding it is malformed, not wrong).
    virtual std::optional<std::string> unreadable(const std::string& /*action*/) const {
        return std::nullopt;
    }
    // Seats a game has of its own beside the vocabulary's (Atlacoya's "cautious" bidder), and the
    // action such a seat plays for the player to act (std::logic_error for a name it does not have).
    virtual std::vector<std::string> own_seats() const { return {}; }
    virtual std::string own_seat_action(const std::string& seat, Rng& /*rng*/) const {
        throw std::logic_error("no seat named " + seat);
    }

    // 1 for each winner divided among them, 0 for the others; a draw gives every player 1/players.
    std::vector<double> returns() const;

protected:
    // The game's own checks and steps for one (non-array) action.
    virtual std::optional<std::string> why_illegal_one(const std::string& action) const = 0;
    // apply_one checks the action itself and throws std::logic_error, the state unchanged, for one
    // why_illegal_one refuses.
    virtual void apply_one(const std::string& action) = 0;
};

// A JSON array's elements as compact text, or nullopt when `action` is not an array.
std::optional<std::vector<std::string>> action_steps(const std::string& action);

}  // namespace tlaloc::session
