#include "cli/TerminalTable.h"

#include <algorithm>
#include <cctype>
#include <iostream>
#include <limits>

#include "cli/LineReader.h"
#include "model/common/Json.h"
#include "model/common/Text.h"

namespace tlaloc::cli {

namespace {

void words_of(const Json& j, std::string& out) {
    const auto add = [&](const std::string& w) { out += (out.empty() ? "" : " ") + w; };
    if (j.is_object()) {
        for (const auto& [key, value] : j.items()) {
            if (value.is_null() || (value.is_array() && value.empty())) continue;
            add(key);
            words_of(value, out);
        }
    } else if (j.is_array()) {
        for (const Json& v : j) words_of(v, out);
    } else if (j.is_string()) {
        add(j.get<std::string>());
    } else {
        add(j.dump());
    }
}

const char* const kHelp =
    "  type the number of an action, or words that pick one (a run of its words, e.g. \"bid 4\"; words that\n"
    "  fit several list them), or: show (the state and the actions again), all (every action), help, quit\n";

}  // namespace

void list_actions(const std::vector<std::string>& words, const std::vector<std::size_t>& which,
                  std::size_t cap) {
    for (std::size_t k = 0; k < which.size() && k < cap; ++k)
        std::cout << "  " << which[k] + 1 << ". " << words[which[k]] << "\n";
    if (which.size() > cap)
        std::cout << "  ... and " << which.size() - cap << " more: type words to narrow them, or \"all\"\n";
}

void list_actions(const std::vector<std::string>& words, std::size_t cap) {
    std::vector<std::size_t> every(words.size());
    for (std::size_t i = 0; i < every.size(); ++i) every[i] = i;
    list_actions(words, every, cap);
}

std::optional<std::size_t> answer_line(const std::string& line, const std::vector<std::string>& words,
                                       const std::function<void()>& show, const char* help, bool& quit) {
    quit = line == "quit";
    if (quit || line.empty()) return std::nullopt;
    if (line == "help") {
        std::cout << help;
    } else if (line == "show") {
        show();
    } else if (line == "all") {
        list_actions(words, words.size());
    } else if (std::all_of(line.begin(), line.end(), [](unsigned char c) { return std::isdigit(c); })) {
        const std::size_t n = line.size() > 6 ? 0 : std::stoul(line);
        if (n >= 1 && n <= words.size()) return n - 1;
        std::cout << "no action " << line << ": the actions are numbered 1 to " << words.size() << "\n";
    } else {
        std::vector<std::size_t> found;
        for (std::size_t i = 0; i < words.size(); ++i) {
            if (words[i] == line) return i;
            if ((" " + words[i] + " ").find(" " + line + " ") != std::string::npos) found.push_back(i);
        }
        if (found.size() == 1) return found.front();
        if (found.empty())
            std::cout << "no legal action has the words \"" << line << "\" (\"all\" lists them; \"help\")\n";
        else
            list_actions(words, found, 30);
    }
    return std::nullopt;
}

std::string action_words(const std::string& action) {
    const Json j = Json::parse(action, nullptr, false);
    if (j.is_discarded()) return action;
    std::string out;
    words_of(j, out);
    return out;
}

std::optional<session::TableSetup> play_at_terminal(session::TableSetup setup, LineReader& input,
                                                    const solver::Deadline& deadline) {
    std::size_t shown = 0;  // actions already printed
    for (;;) {
        const session::TableState s =
            session::play_table(setup, deadline, std::numeric_limits<std::size_t>::max(), false);
        for (; shown < s.actions.size(); ++shown)
            std::cout << s.stages[shown] << " · " << s.names[static_cast<std::size_t>(s.actors[shown])]
                      << " (" << setup.seats[static_cast<std::size_t>(s.actors[shown])]
                      << "): " << action_words(s.actions[shown]) << "\n";
        setup.actions = s.actions;
        if (s.over) {
            std::cout << s.text;
            if (s.winners.size() == 1)
                std::cout << s.names[static_cast<std::size_t>(s.winners.front())] << " wins\n";
            else
                std::cout << "no single winner: first place is shared\n";
            return setup;
        }
        const std::string me = s.names[static_cast<std::size_t>(s.to_act)];
        std::vector<std::string> words;
        for (const std::string& action : s.legal) words.push_back(action_words(action));
        const auto show = [&] {
            std::cout << s.text << me << "'s legal actions:\n";
            list_actions(words, 20);
        };
        show();
        std::optional<std::size_t> chosen;
        while (!chosen) {
            std::cout << me << ", " << s.stage << "> " << std::flush;
            const std::optional<std::string> read =
                input.next(deadline, s.stage + " (a human seat's answer was awaited)");
            bool quit = false;
            chosen = answer_line(read ? trim_blanks(*read) : "quit", words, show, kHelp, quit);
            if (quit) {
                std::cout << (read ? "" : "\ninput ended; ") << "the game is abandoned\n";
                return std::nullopt;
            }
        }
        setup.actions.push_back(s.legal[*chosen]);
    }
}

}  // namespace tlaloc::cli
