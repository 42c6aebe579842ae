// The strong bot of every whole game: Monte Carlo tree search (UCT) over session::Engine, with a
// budget of playouts per move. Each iteration first draws the hidden parts of the game again as
// the seat to move may imagine them (Engine::determinize): information-set MCTS, one tree per move
// whose actions are matched by their text across the determinizations; an action a determinization
// does not allow is skipped there. Same seed and state, same action.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "puzzles/common/Bots.h"
#include "session/common/Engine.h"

namespace tlaloc::session {

struct MctsOptions {
    int iterations = 200;      // playouts per move
    double exploration = 0.7;  // UCT's constant (returns are in [0, 1])
    int max_depth = 12;        // tree levels below the root; deeper, the playout goes on alone
    OwnBot playout = OwnBot::Random;
    // The search plays the greedy bot's choice (the first of Engine::search_actions) unless its most
    // tried action's mean return beats it by this much.
    double margin = 0.05;
    bool stage_end = true;  // a playout ends with the stage it started in (Engine::stage)
};

// The action the search chooses for the player to act in `game` (not over).
std::string mcts_action(const Engine& game, const MctsOptions& options, Rng& rng);

// The bots of every game, by name (puzzles/common/Bots.h): random, greedy and best (the game's own)
// and mcts; an old name ("search", "cautious") is read as its new one.
enum class SessionBot { Random, Greedy, Best, Mcts };
std::optional<SessionBot> parse_session_bot(const std::string& name);
// The names parse_session_bot reads, for read_bots (puzzles/common/Bots.h).
const std::vector<BotName>& session_bot_names();
const char* to_string(SessionBot bot);
std::string bot_action(SessionBot bot, const Engine& game, const MctsOptions& options, Rng& rng);

}  // namespace tlaloc::session
