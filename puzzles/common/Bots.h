// The one vocabulary of bot names that every game's seats are given in (`--bots`, `--life-bot`, the
// seats of a log): random, greedy, best, mcts and human. Each game says which of them it plays and
// what each one is there (docs/architecture.md, "Bots"); this file reads the words and maps them to
// each game's own bots (BotRow).
//
// Old names still work: "search" (Azteka's match) and "solver" (Azteka's play) are now "best". A
// command maps them with a one-line notice on stderr; a log that records them replays as before. A
// game may seat a bot of its own beyond these under its own name (Atlacoya's "cautious" bidder,
// weaker than its greedy one): read_bot_or_own.
#pragma once
#include <algorithm>
#include <array>
#include <cstddef>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace tlaloc {

enum class BotName {
    Random,  // any legal action, chosen at random from the seed
    Greedy,  // the game's one-step rules-of-thumb bot
    Best,    // the game's strongest own bot (where it has none beyond greedy, the greedy bot)
    Mcts,    // the session layer's tree search over the game's engine
    Human,   // a person at the terminal
};

const char* to_string(BotName bot);

// Every name of the vocabulary, in the order above.
const std::vector<BotName>& all_bot_names();

// A current name, or an old one mapped to its current name; nullopt for any other word.
std::optional<BotName> bot_name(const std::string& word);

// "note: bot 'search' is now called 'best'" for an old name; "" for a current or unknown one.
std::string renamed_bot_notice(const std::string& word);

// "random, greedy, best, human": the names of `allowed`, in order.
std::string bot_list(const std::vector<BotName>& allowed);

// One seat's bot for `option` (the option's name, "--bots"), which must be one of `allowed`: an old
// name is mapped, its notice written once per process to `notes`; an empty, unknown or not-allowed
// name throws InputError (exit 2) naming the option, with the valid names and, when one is close,
// "did you mean".
BotName read_bot(const std::string& word, const std::vector<BotName>& allowed, const std::string& option,
                 std::ostream& notes);
// The same where the game also seats bots of its own, named `own` (listed among the valid names):
// nullopt for one of those, which the caller reads.
std::optional<BotName> read_bot_or_own(const std::string& word, const std::vector<BotName>& allowed,
                                       const std::vector<std::string>& own, const std::string& option,
                                       std::ostream& notes);
// The same for a comma-separated list of seats ("greedy,random"), one name per seat.
std::vector<BotName> read_bots(const std::string& list, const std::vector<BotName>& allowed,
                               const std::string& option, std::ostream& notes);

// A game's own bot enum over the vocabulary, written once: one row per name the game plays, {its
// bot, the name}. Where two names play the same bot, the first of its rows names it.
template <class Bot>
struct BotRow {
    Bot bot;
    BotName name;
};

// The game's bot for a name of the vocabulary (an old name mapped); nullopt for a name it does not play.
template <class Bot, std::size_t N>
std::optional<Bot> game_bot(const std::string& word, const std::array<BotRow<Bot>, N>& rows) {
    const std::optional<BotName> name = bot_name(word);
    for (const BotRow<Bot>& row : rows)
        if (name == row.name) return row.bot;
    return std::nullopt;
}

// The names a game's table reads, in the order of its rows (a name once): the `allowed` of read_bots.
template <class Bot, std::size_t N>
std::vector<BotName> game_bot_names(const std::array<BotRow<Bot>, N>& rows) {
    std::vector<BotName> out;
    for (const BotRow<Bot>& row : rows)
        if (std::find(out.begin(), out.end(), row.name) == out.end()) out.push_back(row.name);
    return out;
}

// The vocabulary's name of a game's bot.
template <class Bot, std::size_t N>
const char* game_bot_name(Bot bot, const std::array<BotRow<Bot>, N>& rows) {
    for (const BotRow<Bot>& row : rows)
        if (row.bot == bot) return to_string(row.name);
    return "?";
}

}  // namespace tlaloc
