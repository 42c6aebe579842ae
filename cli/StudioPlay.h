// The studio's seven-day game: one stateless call that replays the game so far from its set-up and the
// person's answers, and returns the day to play (the person's board and challenges, and when each bot
// will say done), or the whole log once the seventh day is played.
#pragma once
#include <string>

#include "model/common/Json.h"
#include "puzzles/xalapa/Catalogue.h"

namespace tlaloc::cli {

// `body`: {"players": ["human", "greedy", ...] (exactly one human), "level": "basic", "seed": 7,
// "hourglass": 60, "experts": [false, ...] (optional), "plays": [{"stones": [[r, c], ...], "done_at": 123
// or null}, ...] (the person's answers, one per day played)}. InputError (naming `file`) for bad input,
// an illegal answer among them.
Json seven_day_step(const Json& body, const std::string& file, const xalapa::Catalogue& catalogue,
                    unsigned seconds);

}  // namespace tlaloc::cli
