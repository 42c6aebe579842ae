// A whole Akelarre game as JSON: the set-up and each action of the engine, as the game log writes
// them and the replay reads them back (the log itself: session/GameLog over session/akelarre).
#pragma once
#include <optional>
#include <string>

#include "model/akelarre/Game.h"
#include "model/common/Json.h"

namespace tlaloc::akelarre {

// {"players": ["P1", "P2"], "first": 0, "seed": 7} and "teams": [0, 1, 0, 1] for the team game.
Json setup_to_json(const GameSetup& setup);
// Reads the keys setup_to_json writes from `p` (other keys are the caller's); a set-up the engine
// cannot deal (Game::why_bad_setup, two players of one name) fails naming the place.
GameSetup parse_setup(const JsonPlace& p);

// The player who acts next: the owner of a completed meld while they choose, else the player on turn.
const std::string& acting_player(const GameState& s);

// One action: {"action": "play", "card": "F3", "to": 2} (and "from": 1 for a card taken from a meld),
// "choose" {"cards": [..2]}, "discard" {"card"}, "end-play", "draw-deck", "draw-discards"
// {"family": "F"}, "buy" {"cards": [..5]}, "end-turn". Places are indices into the game's places.
Json action_to_json(const GameAction& action);
// Reads an action written by action_to_json from the object `p` (which may hold other keys: the
// caller checks them) of a game of `players` players: a place index no such game can reach is bad
// input. Whether the action is legal is the engine's question, not the reader's.
GameAction parse_action(const JsonPlace& p, int players);
// The keys parse_action may read.
const std::vector<std::string>& action_keys();

// The short words a person types for an action (`akelarre play` with a human seat): "play F3 2" (a
// hand card onto place 2), "take F5 0 3" (from the 4-card meld on place 0 onto place 3), "discard W2",
// "end" (the play part), "deck", "draw F" (a family's discard pile), "buy F2 G2 D3 N3 W4", "done"
// (the turn), "keep F5 D5" (an owner's two cards of a meld completed on their place). nullopt when
// the line is none of these; whether the action is legal is the engine's question.
std::optional<GameAction> parse_action_words(const std::string& line);
// The commands parse_action_words reads, one per line, for a person asking for help.
const char* action_words_help();

// "plays F3 from place 1 to place 2", "draws from the deck": for printed game summaries.
std::string describe(const GameAction& action);

}  // namespace tlaloc::akelarre
