// A whole game at the terminal over the shared table (session/TablePlay): people type, the bots
// answer. Used where a game has no seat of its own for a person at the terminal (Atlacoya).
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "session/TablePlay.h"
#include "solver/common/SearchLimit.h"

namespace tlaloc::cli {

class LineReader;

// An Engine action (a JSON object, or words) as short words: {"bid":4,"choice":"green","stones":[10,19]}
// is "bid 4 choice green stones 10 19".
std::string action_words(const std::string& action);

// Prints actions `which` of `words`, numbered from 1 (their place in `words`), at most `cap` of them.
void list_actions(const std::vector<std::string>& words, const std::vector<std::size_t>& which,
                  std::size_t cap);
// The same for every action of `words`.
void list_actions(const std::vector<std::string>& words, std::size_t cap);

// What a person's line (trimmed) asks of a numbered list of actions in short words: a number; the
// words of one action (an exact match, else a run of its words that fits no other action; words
// that fit several list them); "all" (the whole list), "help" (prints `help`), "show" (calls
// `show`), "quit". Returns the action picked, or nullopt after answering the line; `quit` is set
// for "quit".
std::optional<std::size_t> answer_line(const std::string& line, const std::vector<std::string>& words,
                                       const std::function<void()>& show, const char* help, bool& quit);

// Plays `setup` to its end: before each decision of a "human" seat it prints the bots' actions since
// the last one, the state as that seat may know it and its legal actions in short words, numbered;
// the person answers with a number, the words of one action (a run of its words that fits no other),
// or show / all / help / quit. Returns the finished table, or nullopt when the person quit or the
// input ended. The deadline bounds the whole game (SearchLimitReached naming `where`).
std::optional<session::TableSetup> play_at_terminal(session::TableSetup setup, LineReader& input,
                                                    const solver::Deadline& deadline);

}  // namespace tlaloc::cli
