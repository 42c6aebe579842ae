#include "session/common/Mcts.h"

#include <cmath>
#include <limits>
#include <stdexcept>

namespace tlaloc::session {

namespace {

struct Node {
    std::string action;  // the action leading here
    int mover = -1;      // who played it
    double reward = 0;   // the mover's returns summed over the playouts through here
    int visits = 0;
    bool expanded = false;
    std::vector<std::string> actions;  // what may be tried from here (from the first visit)
    std::vector<int> children;         // node indexes, parallel to `actions` (-1: not yet tried)
};

class Tree {
public:
    Tree(const Engine& root, const MctsOptions& options, Rng& rng) : options_(options), rng_(rng) {
        nodes_.push_back(Node{});
        expand(0, root, true);
    }

    void iterate(const Engine& root) {
        std::unique_ptr<Engine> game = root.determinize(root.to_act(), rng_);
        std::vector<int> path = {0};
        int node = 0;
        for (int depth = 0; !game->over() && depth < options_.max_depth; ++depth) {
            if (!nodes_[node].expanded) expand(node, *game, false);
            const int slot = choose(node, *game);
            if (slot < 0) break;
            const int mover = game->to_act();
            game->apply(nodes_[node].actions[slot]);
            int& child = nodes_[node].children[slot];
            const bool fresh = child < 0;
            if (fresh) {
                {
                    Node fresh_node;
                    fresh_node.action = nodes_[node].actions[slot];
                    fresh_node.mover = mover;
                    nodes_.push_back(std::move(fresh_node));
                }
                child = static_cast<int>(nodes_.size()) - 1;
            }
            node = child;
            path.push_back(node);
            if (fresh) break;
        }
        const std::vector<double> returns = playout(*game, root.stage());
        for (int n : path) {
            nodes_[n].visits += 1;
            if (nodes_[n].mover >= 0) nodes_[n].reward += returns[static_cast<std::size_t>(nodes_[n].mover)];
        }
    }

    // Plays on to the end (or the end of the root's stage) and says how it went.
    std::vector<double> playout(Engine& game, int stage) {
        const bool staged = options_.stage_end && game.stage() == stage;
        if (!staged && options_.playout == OwnBot::Random) {
            game.play_out(rng_);
            return game.returns();
        }
        while (!game.over() && (!staged || game.stage() == stage))
            game.apply(game.own_bot_action(options_.playout, rng_));
        return game.over() ? game.returns() : game.stage_returns();
    }

    std::string best() const {
        const Node& root = nodes_[0];
        int best = -1, most = -1;
        for (std::size_t i = 0; i < root.actions.size(); ++i) {
            const int c = root.children[i];
            const int visits = c < 0 ? 0 : nodes_[c].visits;
            if (visits > most) most = visits, best = static_cast<int>(i);
        }
        const auto mean = [&](int slot) {
            const int c = root.children[static_cast<std::size_t>(slot)];
            return c < 0 || nodes_[c].visits == 0 ? 0.0 : nodes_[c].reward / nodes_[c].visits;
        };
        if (best != 0 && mean(best) < mean(0) + options_.margin) best = 0;
        return root.actions[static_cast<std::size_t>(best)];
    }

    std::size_t root_width() const { return nodes_[0].actions.size(); }
    const std::string& only() const { return nodes_[0].actions.front(); }

private:
    void expand(int node, const Engine& game, bool root) {
        nodes_[node].actions =
            root || game.to_act() >= 0 ? game.search_actions(rng_) : std::vector<std::string>{};
        nodes_[node].children.assign(nodes_[node].actions.size(), -1);
        nodes_[node].expanded = true;
    }

    // An untried action first (in the list's order: the game puts its greedy choice first), else the
    // highest UCT value; actions this determinization refuses are skipped. -1: none is possible.
    int choose(int node, const Engine& game) {
        Node& n = nodes_[node];
        int best = -1;
        double best_value = -std::numeric_limits<double>::infinity();
        const double log_visits = std::log(std::max(1, n.visits));
        for (std::size_t i = 0; i < n.actions.size(); ++i) {
            const int c = n.children[i];
            const double value = c < 0 || nodes_[c].visits == 0
                                     ? std::numeric_limits<double>::max() - static_cast<double>(i)
                                     : nodes_[c].reward / nodes_[c].visits +
                                           options_.exploration * std::sqrt(log_visits / nodes_[c].visits);
            if (value <= best_value) continue;
            if (node != 0 && !game.searchable(n.actions[i])) continue;
            best_value = value;
            best = static_cast<int>(i);
        }
        return best;
    }

    const MctsOptions& options_;
    Rng& rng_;
    std::vector<Node> nodes_;
};

}  // namespace

std::string mcts_action(const Engine& game, const MctsOptions& options, Rng& rng) {
    if (game.over()) throw std::logic_error("mcts_action: the game is over");
    Tree tree(game, options, rng);
    if (tree.root_width() == 0) throw std::logic_error("mcts_action: no action to search");
    if (tree.root_width() == 1) return tree.only();
    for (int i = 0; i < options.iterations; ++i) tree.iterate(game);
    return tree.best();
}

constexpr std::array<BotRow<SessionBot>, 4> kSessionBots{{{SessionBot::Random, BotName::Random},
                                                          {SessionBot::Greedy, BotName::Greedy},
                                                          {SessionBot::Best, BotName::Best},
                                                          {SessionBot::Mcts, BotName::Mcts}}};

std::optional<SessionBot> parse_session_bot(const std::string& name) { return game_bot(name, kSessionBots); }

const std::vector<BotName>& session_bot_names() {
    static const std::vector<BotName> names = game_bot_names(kSessionBots);
    return names;
}

const char* to_string(SessionBot bot) { return game_bot_name(bot, kSessionBots); }

std::string bot_action(SessionBot bot, const Engine& game, const MctsOptions& options, Rng& rng) {
    switch (bot) {
        case SessionBot::Random:
            return game.own_bot_action(OwnBot::Random, rng);
        case SessionBot::Greedy:
            return game.own_bot_action(OwnBot::Greedy, rng);
        case SessionBot::Best:
            return game.own_bot_action(OwnBot::Best, rng);
        case SessionBot::Mcts:
            break;
    }
    return mcts_action(game, options, rng);
}

}  // namespace tlaloc::session
