// A whole Akelarre game (2-4 players, or the team game of 4) as a session::Engine over the rules
// engine (model/akelarre/Game): an action is the log's JSON object ({"action": "play", "card": "F3",
// "to": 2}, ...). Hidden from a seat: the others' hands and favourites and the deck's order.
#pragma once
#include <optional>

#include "model/akelarre/Game.h"
#include "puzzles/akelarre/GamePlay.h"
#include "session/GameLog.h"
#include "session/common/Engine.h"

namespace tlaloc::session {

class AkelarreEngine : public Engine {
public:
    // `players` 2-4; `teams` (4 players) seats 1 and 3 against 2 and 4. The deal and the first
    // player come from `seed` as in `akelarre play`. std::invalid_argument for a bad set-up.
    AkelarreEngine(int players, bool teams, std::uint64_t seed);
    std::unique_ptr<Engine> clone() const override { return std::make_unique<AkelarreEngine>(*this); }
    int players() const override { return static_cast<int>(setup_.players.size()); }
    int to_act() const override;
    bool over() const override { return game_.state().phase == akelarre::Phase::Over; }
    std::vector<std::string> legal_actions() const override;
    std::vector<int> scores() const override;
    std::vector<int> winners() const override;
    int first_player() const override { return setup_.first_player; }
    int length() const override { return turns_; }
    const char* length_unit() const override { return "turns"; }
    std::string own_bot_action(OwnBot bot, Rng& rng) const override;
    std::vector<std::string> search_actions(Rng& rng) const override;
    void play_out(Rng& rng) override;
    // Legal, and leaving a play that can still end (what legal_actions() lists).
    bool searchable(const std::string& action) const override;
    std::unique_ptr<Engine> determinize(int seat, Rng& rng) const override;
    std::string describe() const override;
    std::string describe_for(int viewer) const override;
    std::string picture_svg() const override;  // the table (puzzles/akelarre/TablePicture)
    std::string stage_label() const override;  // "turn 12"
    std::string player_name(int player) const override;
    // The log's records: the first player and the favourite families the seed deals, and at the end
    // each player's points, cards, bonus and total with the pile and hand they come from (and the
    // team totals).
    Json dealt() const override;
    void read_dealt(const JsonPlace& dealt) const override;
    Json final_account() const override;
    void read_settled(const JsonPlace& after) const override;  // Akelarre records nothing after an action
    void read_account(const JsonPlace& result) const override;
    // One generator every seat draws from, apart from the deal's.
    std::vector<Rng> bot_rngs(std::uint64_t seed) const override { return {Rng(seed ^ 0x5DEECE66DULL)}; }
    std::optional<std::string> unreadable(const std::string& action) const override;

    const akelarre::Game& game() const { return game_; }
    // How far the bots' searches of a turn may go (the state limit, the clock), and how many of the
    // plays they chose here the state limit cut short (the best found, not proved best).
    void set_bot_limits(const akelarre::BotLimits& limits) { limits_ = limits; }
    int unproved_plays() const { return unproved_; }

protected:
    std::optional<std::string> why_illegal_one(const std::string& action) const override;
    void apply_one(const std::string& action) override;

private:
    void step(const akelarre::GameAction& a);
    // The action read and checked by the rules: nullopt, with why, when it is none or is refused.
    std::optional<akelarre::GameAction> checked(const std::string& action, std::string& why) const;
    // The longest prefix of `steps` that one player plays in a row (a meld completed on another's
    // place hands the turn to its owner for a moment), as one action.
    std::string whole_play(OwnBot bot, Rng& rng) const;
    std::string fallback(Rng& rng) const;
    std::string lookahead_play(Rng& rng) const;
    std::string same_player_prefix(const std::vector<akelarre::GameAction>& steps) const;

    akelarre::GameSetup setup_;
    akelarre::Game game_;
    akelarre::BotLimits limits_;
    mutable int unproved_ = 0;
    // bot_steps under this engine's limits, counting a play cut short.
    std::vector<akelarre::GameAction> steps_of(akelarre::Bot bot, Rng& rng) const;
    int turns_ = 0;
    long applied_ = 0;
    // A bot's play under way: the bots choose a whole play at once and give it a step at a time.
    struct Plan {
        int player = -1;
        OwnBot bot = OwnBot::Random;
        long at = -1;  // applied_ when the next step is due
        std::vector<akelarre::GameAction> rest;
    };
    mutable Plan plan_;
    // The whole plays the bots chose in this state (whole_play), each with the steps not yet played:
    // a play an owner's choice interrupts goes on from its plan.
    struct PlayPlan {
        int player = -1;
        bool begun = false;  // some of its steps are played
        std::vector<akelarre::GameAction> rest;
    };
    mutable std::vector<PlayPlan> plays_;
    void remember(PlayPlan plan) const;
    static std::optional<int> lead_after(const Engine& world, const std::vector<akelarre::GameAction>& option,
                                         int me, Rng& rng);
};

// The registered game's log kind, its bots' searches of a turn under `limits` (what `akelarre play
// --best-states` and the clock ask for): the same logs, other bots' limits.
GameLogKind akelarre_kind_with(const akelarre::BotLimits& limits);

}  // namespace tlaloc::session
