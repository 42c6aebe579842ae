// A whole Aztlán game (2-4 players, an edition profile) as a session::Engine over the rules engine
// (model/aztlan/Game) and its bots (puzzles/aztlan/GameBots): an action is the log's action object
// ({"phase": "choice", "player": 1, "card": 4}, ...). Hidden from a seat: the power cards the
// others chose this age before they are shown (the choice is secret at the table, the engine asks
// in turn order).
#pragma once
#include <memory>

#include "model/aztlan/Game.h"
#include "session/common/Engine.h"

namespace tlaloc::session {

class AztlanEngine : public Engine {
public:
    // The game `aztlan play --players P --profile ID --seed S` plays (std::invalid_argument for a
    // bad player count or profile).
    AztlanEngine(int players, const std::string& profile, std::uint64_t seed);
    std::unique_ptr<Engine> clone() const override { return std::make_unique<AztlanEngine>(*this); }
    int players() const override { return game_.players(); }
    int to_act() const override { return game_.to_act(); }
    bool over() const override { return game_.over(); }
    std::vector<std::string> legal_actions() const override;
    std::vector<int> scores() const override;
    std::vector<int> winners() const override;  // the profile's tie-break leaves no draw
    int first_player() const override { return first_; }
    int length() const override { return actions_; }
    const char* length_unit() const override { return "actions"; }
    std::string own_bot_action(OwnBot bot, Rng& rng) const override;
    std::vector<std::string> search_actions(Rng& rng) const override;
    void play_out(Rng& rng) override;
    std::unique_ptr<Engine> determinize(int seat, Rng& rng) const override;
    std::string describe() const override;
    std::string describe_for(int viewer) const override;
    std::string picture_svg() const override;  // the map (puzzles/aztlan/MapPicture)
    std::string stage_label() const override;  // "age 2, development"
    // The log's records: the pyramid stack and the prosperity deck the seed dealt; once an age is
    // over, its record (cards, pawns taken, conflicts, scores, points, VP, hands); the final account.
    Json dealt() const override;
    void read_dealt(const JsonPlace& dealt) const override;  // the stack's players, the deck's cards
    Json settled() const override;
    Json final_account() const override;
    // One generator per seat, as `aztlan play` has always drawn them from the seed.
    std::vector<Rng> bot_rngs(std::uint64_t seed) const override;
    std::optional<std::string> unreadable(const std::string& action) const override;

    const aztlan::Game& game() const { return game_; }
    std::string text(const aztlan::Action& a) const;

protected:
    std::optional<std::string> why_illegal_one(const std::string& action) const override;
    void apply_one(const std::string& action) override;

private:
    void step(const aztlan::Action& a);
    // The action read and checked by the rules: nullopt, with why, when it is none or is refused.
    std::optional<aztlan::Action> checked(const std::string& action, std::string& why) const;

    aztlan::Game game_;
    int first_ = 0, actions_ = 0;
    int ended_age_ = -1;  // the index in game_.ages() of the age the last action ended, else -1
    // The game as this age's choice phase began, and the choices made since (for determinize).
    std::shared_ptr<const aztlan::Game> choice_start_;
    std::vector<aztlan::Action> choices_;
};

// What the engine says and offers, for a game held elsewhere (`aztlan play`'s seat at the terminal):
// the state as `viewer` may know it (-1: everything), every legal action of the player to act, and
// an action in short words ("card 4", "place T15 move T15-T12", "settle T07 coexist", "answer T07
// nothing", "score blessings@T05 bonus jungle").
std::string describe_aztlan(const aztlan::Game& game, int viewer);
std::vector<aztlan::Action> legal_aztlan_actions(const aztlan::Game& game);
std::string short_aztlan_action(const aztlan::Game& game, const aztlan::Action& action);

}  // namespace tlaloc::session
