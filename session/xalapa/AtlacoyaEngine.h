// A whole Atlacoya game (2-6 players, 7 days) as a session::Engine over the rules engine
// (model/xalapa/AtlacoyaRules) and the deal of puzzles/xalapa/AtlacoyaGame: each day every player in
// seat order gives a play, {"bid": 4, "stones": [3, 17, ...], "steps": ["token"], "choice": "green"}
// (stones as field indexes of the player's board), and the day is resolved once all have. The plays
// of a day are independent, so the order within a day changes nothing. Hidden from a seat: the order
// of the draw piles (the rows still to come).
#pragma once
#include <map>
#include <memory>

#include "model/xalapa/AtlacoyaRules.h"
#include "puzzles/xalapa/AtlacoyaGame.h"
#include "session/common/Engine.h"

namespace tlaloc::session {

class AtlacoyaEngine : public Engine {
public:
    // The game `xalapa atlacoya play --players P --seed S` deals (boards, rows), with the shipped
    // points table. std::invalid_argument for a bad player count.
    AtlacoyaEngine(int players, std::uint64_t seed);
    std::unique_ptr<Engine> clone() const override { return std::make_unique<AtlacoyaEngine>(*this); }
    int players() const override { return state_.players(); }
    int to_act() const override { return over() ? -1 : static_cast<int>(plays_.size()); }
    bool over() const override { return state_.over(); }
    // The greedy and cautious bots' plays, and the greedy bot's stones under every other bid (the
    // stone sets themselves are too many to list: any legal play is accepted).
    std::vector<std::string> legal_actions() const override;
    std::vector<int> scores() const override { return state_.points; }
    std::vector<int> winners() const override;  // a shared first place is a draw
    int first_player() const override { return 0; }
    int length() const override { return state_.day; }
    const char* length_unit() const override { return "days"; }
    std::string own_bot_action(OwnBot bot, Rng& rng) const override;
    void play_out(Rng& rng) override;
    std::unique_ptr<Engine> determinize(int seat, Rng& rng) const override;

    std::string text(const xalapa::AtlacoyaPlay& play) const;
    std::string describe() const override;
    // The last play given, on its row of the player's board (puzzles/xalapa/Render); before any, the
    // first player's row.
    std::string picture_svg() const override;
    std::string picture_svg_for(int viewer) const override;
    std::string stage_label() const override;  // "day 3"
    // The log's records: the board side each seat plays on, what each day settled once its last play
    // is given (the row, the cards left in the piles, each player's result and totals), and the
    // ranking at the end.
    Json dealt() const override;
    void read_dealt(const JsonPlace& dealt) const override;
    Json settled() const override;
    Json final_account() const override;
    void read_settled(const JsonPlace& after) const override;
    void read_account(const JsonPlace& result) const override;
    std::optional<std::string> unreadable(const std::string& action) const override;
    // Atlacoya's own seat beside the vocabulary: the cautious bidder (the highest bid its stones can
    // meet in full, no tokens planned), weaker than greedy.
    std::vector<std::string> own_seats() const override { return {"cautious"}; }
    std::string own_seat_action(const std::string& seat, Rng& rng) const override;
    // Today's row on a player's board (before the day's last play is given), and the scores and
    // tokens so far.
    const xalapa::Challenge& row(int player) const { return rows_[static_cast<std::size_t>(player)]; }
    const xalapa::AtlacoyaState& state() const { return state_; }
    // Each player's result of the day the last play ended; nullptr when it ended none.
    const std::vector<xalapa::AtlacoyaOutcome>* day_results() const {
        return ended_ ? &ended_->outcomes : nullptr;
    }
    // A player's board (the fields of a play's stones are its indexes, row * columns + column).
    const xalapa::Board& board(int player) const { return seats_[static_cast<std::size_t>(player)].board; }

protected:
    std::optional<std::string> why_illegal_one(const std::string& action) const override;
    void apply_one(const std::string& action) override;

private:
    void deal();
    xalapa::AtlacoyaPlay bot(xalapa::AtlacoyaBot kind) const;
    std::optional<xalapa::AtlacoyaPlay> parse(const std::string& action, std::string& why) const;

    // Made when a bot first plays (a replay asks no bot, and a solver's Z3 context costs more than
    // the whole replay); shared by the copies a search makes.
    mutable std::shared_ptr<xalapa::ChallengeSolver> solver_;
    std::vector<xalapa::AtlacoyaSeat> seats_;
    xalapa::AtlacoyaPiles piles_;
    xalapa::AtlacoyaState state_{xalapa::kAtlacoyaMinPlayers};
    std::vector<xalapa::Challenge> rows_;   // today's row on each player's board
    xalapa::AtlacoyaPileSizes piles_left_;  // after today's row was dealt
    // The day the last play ended (its row on the first seat's board, the piles after it was dealt,
    // each player's result); nullopt when the last play did not end a day.
    struct DayRecord {
        int day = 0;
        xalapa::Challenge row;
        xalapa::AtlacoyaPileSizes piles;
        std::vector<xalapa::AtlacoyaOutcome> outcomes;
    };
    std::optional<DayRecord> ended_;
    std::vector<xalapa::AtlacoyaPlay> plays_;
    // The last play given: its player, day (1-based), row and play (for the picture and the text).
    struct LastPlay {
        int player = -1, day = 0;
        xalapa::Challenge row;
        xalapa::AtlacoyaPlay play;
        std::optional<xalapa::AtlacoyaOutcome> outcome;  // once its day is resolved
    };
    LastPlay last_;
    // The bots' plays of (day, player, bot, tokens left), asked of the solver once.
    std::shared_ptr<std::map<std::tuple<int, int, int, int>, xalapa::AtlacoyaPlay>> cache_;
};

}  // namespace tlaloc::session
