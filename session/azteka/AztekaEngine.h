// An Azteka match (two rounds, roles swapped) as a session::Engine over the rules engine
// (model/azteka/Rules, Match): one action is one rules action in the words of `azteka play`
// ("place 0 3", "turn 2", "turn2 1", "skip"); a whole turn is its action and Birth's bonus steps.
// The bots play whole turns (an array of actions), drawing from one generator seeded with the seed.
#pragma once
#include <array>
#include <string>

#include "model/azteka/Match.h"
#include "session/common/Engine.h"

namespace tlaloc::session {

class AztekaEngine : public Engine {
public:
    explicit AztekaEngine(const std::string& variant);  // standard or aggressive (std::invalid_argument)
    std::unique_ptr<Engine> clone() const override { return std::make_unique<AztekaEngine>(*this); }
    int players() const override { return azteka::kMatchPlayers; }
    int to_act() const override;
    bool over() const override { return round_ > azteka::kMatchRounds; }
    std::vector<std::string> legal_actions() const override;
    std::vector<int> scores() const override;  // rounds won
    std::vector<int> winners() const override;
    int first_player() const override { return 0; }  // player 1 plays Life, who starts, in round 1
    int length() const override { return total_turns_; }
    const char* length_unit() const override { return "whole turns"; }
    std::string own_bot_action(OwnBot bot, Rng& rng) const override;
    void play_out(Rng& rng) override;
    int stage() const override { return round_; }
    // Once a round is over: 1 for the player who won it, 1/2 each for a drawn round.
    std::vector<double> stage_returns() const override;
    std::string describe() const override;
    std::string picture_svg() const override;  // the circle (puzzles/azteka/CirclePicture)
    std::string stage_label() const override;  // "round 1, turn 7"
    // After a whole turn: the circle ("rings", as in the position format) and, when the turn ended a
    // round, its result; after an action inside a turn (Birth's bonus to come): nothing.
    Json settled() const override;
    Json final_account() const override;  // rounds won, pawns of each player's winning round, why
    std::vector<Rng> bot_rngs(std::uint64_t seed) const override { return {Rng(seed)}; }
    std::optional<std::string> unreadable(const std::string& action) const override;

    const azteka::Game& round_game() const { return game_; }
    int round() const { return round_; }

protected:
    std::optional<std::string> why_illegal_one(const std::string& action) const override;
    void apply_one(const std::string& action) override;

private:
    void step(const azteka::Action& a);
    void start_round();

    std::string variant_;
    int round_ = 1;
    azteka::Game game_;
    int turns_ = 0, total_turns_ = 0;
    std::array<azteka::RoundResult, azteka::kMatchRounds> results_{};
    // The circle as the last round ended, until the next action (what describe and the picture show).
    std::optional<azteka::Position> finished_;
    bool turn_ended_ = false;  // the last action ended a whole turn
};

}  // namespace tlaloc::session
