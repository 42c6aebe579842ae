#include "puzzles/common/Bots.h"

#include <algorithm>
#include <mutex>
#include <ostream>
#include <set>

#include "model/common/InputError.h"
#include "model/common/Text.h"

namespace tlaloc {

namespace {

struct OldName {
    const char* word;
    BotName now;
};

// Names used before the vocabulary was one: each game's strongest bot had its own word.
constexpr OldName kOldNames[] = {
    {"search", BotName::Best},  // azteka match
    {"solver", BotName::Best},  // azteka play
};

}  // namespace

const char* to_string(BotName bot) {
    switch (bot) {
        case BotName::Random:
            return "random";
        case BotName::Greedy:
            return "greedy";
        case BotName::Best:
            return "best";
        case BotName::Mcts:
            return "mcts";
        case BotName::Human:
            return "human";
    }
    return "?";
}

const std::vector<BotName>& all_bot_names() {
    static const std::vector<BotName> all = {BotName::Random, BotName::Greedy, BotName::Best, BotName::Mcts,
                                             BotName::Human};
    return all;
}

std::optional<BotName> bot_name(const std::string& word) {
    for (BotName b : all_bot_names())
        if (word == to_string(b)) return b;
    for (const OldName& old : kOldNames)
        if (word == old.word) return old.now;
    return std::nullopt;
}

std::string renamed_bot_notice(const std::string& word) {
    for (const OldName& old : kOldNames)
        if (word == old.word)
            return std::string("note: bot '") + old.word + "' is now called '" + to_string(old.now) + "'";
    return "";
}

std::string bot_list(const std::vector<BotName>& allowed) {
    std::string out;
    for (BotName b : all_bot_names()) {
        if (std::find(allowed.begin(), allowed.end(), b) == allowed.end()) continue;
        out += (out.empty() ? "" : ", ") + std::string(to_string(b));
    }
    return out;
}

BotName read_bot(const std::string& word, const std::vector<BotName>& allowed, const std::string& option,
                 std::ostream& notes) {
    return *read_bot_or_own(word, allowed, {}, option, notes);
}

std::optional<BotName> read_bot_or_own(const std::string& word, const std::vector<BotName>& allowed,
                                       const std::vector<std::string>& own, const std::string& option,
                                       std::ostream& notes) {
    std::string names = bot_list(allowed);
    for (const std::string& o : own) names += (names.empty() ? "" : ", ") + o;
    const std::string valid = " (bots: " + names + ")";
    if (word.empty()) throw InputError("", option, "an empty bot name" + valid);
    if (std::find(own.begin(), own.end(), word) != own.end()) return std::nullopt;
    const std::optional<BotName> bot = bot_name(word);
    if (!bot) {
        // A misspelt old name ("serch") is answered with its new name.
        std::vector<std::string> known;
        for (BotName b : allowed) known.push_back(to_string(b));
        known.insert(known.end(), own.begin(), own.end());
        for (const OldName& old : kOldNames)
            if (std::find(allowed.begin(), allowed.end(), old.now) != allowed.end())
                known.push_back(old.word);
        std::string near = nearest_name(word, known);
        if (const std::optional<BotName> now = bot_name(near); now && !near.empty()) near = to_string(*now);
        const std::string hint = near.empty() ? "" : " — did you mean " + near + "?";
        throw InputError("", option, "unknown bot \"" + word + "\"" + hint + valid);
    }
    if (std::find(allowed.begin(), allowed.end(), *bot) == allowed.end())
        throw InputError("", option, "this command has no \"" + word + "\" bot" + valid);

    if (const std::string notice = renamed_bot_notice(word); !notice.empty()) {
        static std::mutex guard;
        static std::set<std::string> said;
        const std::lock_guard<std::mutex> lock(guard);
        if (said.insert(word).second) notes << notice << std::endl;
    }
    return *bot;
}

std::vector<BotName> read_bots(const std::string& list, const std::vector<BotName>& allowed,
                               const std::string& option, std::ostream& notes) {
    std::vector<BotName> out;
    for (const std::string& word : split(list, ',')) out.push_back(read_bot(word, allowed, option, notes));
    return out;
}

}  // namespace tlaloc
