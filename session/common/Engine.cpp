#include "session/common/Engine.h"

#include <algorithm>
#include <stdexcept>

#include "model/common/Json.h"

namespace tlaloc::session {

std::optional<std::vector<std::string>> action_steps(const std::string& action) {
    if (action.empty() || action.front() != '[') return std::nullopt;
    const Json parsed = Json::parse(action, nullptr, false);
    if (!parsed.is_array()) return std::vector<std::string>{};
    std::vector<std::string> out;
    for (const Json& step : parsed) out.push_back(step.is_string() ? step.get<std::string>() : step.dump());
    return out;
}

std::optional<std::string> Engine::why_illegal(const std::string& action) const {
    auto steps = action_steps(action);
    if (!steps) return why_illegal_one(action);
    if (steps->empty()) return "a whole turn must be a non-empty JSON array of actions";
    auto copy = clone();
    const int player = copy->to_act();
    for (std::size_t i = 0; i < steps->size(); ++i) {
        if (copy->to_act() != player)
            return "step " + std::to_string(i + 1) + " of the turn is not the same player's";
        // What a step settles (a round or an age over) is recorded after it: a list goes no further.
        if (i > 0 && !copy->settled().is_null())
            return "step " + std::to_string(i) +
                   " ends a turn the log records: the steps after it are another action";
        if (auto why = copy->why_illegal_one((*steps)[i]))
            return "step " + std::to_string(i + 1) + ": " + *why;
        copy->apply_one((*steps)[i]);
    }
    return std::nullopt;
}

// One action is checked by apply_one itself (the state unchanged when refused); a list is checked
// whole first, so that none of it is played when a later step is refused.
void Engine::apply(const std::string& action) {
    auto steps = action_steps(action);
    if (!steps) return apply_one(action);
    if (auto why = why_illegal(action)) throw std::logic_error("illegal action " + action + ": " + *why);
    for (const std::string& s : *steps) apply_one(s);
}

std::vector<std::string> Engine::search_actions(Rng& rng) const {
    std::vector<std::string> out = legal_actions();
    const std::string greedy = own_bot_action(OwnBot::Greedy, rng);
    auto found = std::find(out.begin(), out.end(), greedy);
    if (found != out.end()) out.erase(found);
    out.insert(out.begin(), greedy);
    return out;
}

void Engine::play_out(Rng& rng) {
    while (!over()) apply_one(own_bot_action(OwnBot::Random, rng));
}

std::vector<double> Engine::returns() const {
    const int n = players();
    std::vector<double> out(static_cast<std::size_t>(n), 0.0);
    const std::vector<int> won = winners();
    if (won.empty()) {
        for (double& r : out) r = 1.0 / n;
        return out;
    }
    for (int p : won) out[static_cast<std::size_t>(p)] = 1.0 / static_cast<double>(won.size());
    return out;
}

}  // namespace tlaloc::session
