// A whole game at a table of people and bots, stateless: the game is dealt again from its seed, the
// actions so far are played through session::Engine, and the bots answer until a person is to act (or
// the game ends). What the studio's "Games" view asks at every click; the finished game's log is the
// one the game's `play --log` writes, so its `replay` reads it.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "session/Games.h"
#include "solver/common/SearchLimit.h"

namespace tlaloc::session {

// A seat: "human", or one of the game's own bots, "random", "greedy" (Aztlán's greedy, Azteka's
// one-turn search, Akelarre's best play, Atlacoya's greedy) or "best" (the game's strongest: Azteka's
// search three whole turns deep, Akelarre's play weighed against the next player's answer; greedy in
// Aztlán and Atlacoya).
struct TableSetup {
    GameSpec spec;
    std::uint64_t seed = 1;
    std::vector<std::string> seats;    // one per player
    std::vector<std::string> actions;  // every action so far, the bots' too, as Engine actions
};

struct TableState {
    std::vector<std::string> actions;  // the setup's, then the bots' answers
    std::vector<int> actors;           // who played each (0-based)
    std::vector<std::string> stages;   // where each belongs ("age 2, development")
    std::vector<std::string> names;    // the players' names
    int to_act = -1;                   // -1 once over
    bool over = false;
    std::string stage, text, svg;    // the state now
    std::vector<std::string> legal;  // the person's legal actions (empty when a bot or nobody acts)
    bool legal_cut = false;          // more than the limit: the first ones only
    std::vector<int> scores, winners;
    std::optional<std::string> hint;  // the greedy bot's choice for the person, when asked
};

// Plays the setup's actions and the bots' answers. std::invalid_argument for a bad set-up (a seat
// that is not human, random, greedy or best, not one seat per player, a spec make_engine refuses); an
// InputError naming "actions[i]" for an action the rules refuse. `max_legal` bounds the list of
// legal actions; `hint` asks the greedy bot's choice for the person to act.
TableState play_table(const TableSetup& setup, const solver::Deadline& deadline, std::size_t max_legal,
                      bool hint);

// The log of the game the setup's actions play (to its end), as `<game> play --log` writes it, its
// seats as the setup names them. std::invalid_argument when the game is not over, or (Atlacoya) a
// seat is random: Atlacoya's log knows the cautious and greedy bots (the table's greedy) and people.
std::string table_log(const TableSetup& setup);

}  // namespace tlaloc::session
