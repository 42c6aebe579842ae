// Xalapa's basic game as a whole game: 2-6 shamans, seven days, each day the oracle's challenges dealt
// from piles that last the whole game, every player racing on their own board until an hourglass
// after the first "done", penalties on the score track, the lowest total winning. A rules engine
// (state, whose turn, why_illegal, apply, over, totals) with seeded chance, and bots that answer it.
#pragma once
#include <cstdint>
#include <functional>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "puzzles/xalapa/Catalogue.h"
#include "puzzles/xalapa/Deal.h"
#include "solver/xalapa/ChallengeSolver.h"

namespace tlaloc::xalapa {

inline constexpr int kSevenDays = 7;
inline constexpr int kSevenDayStones = 8;    // each player's oracle stones
inline constexpr int kSevenDayDisfavor = 3;  // the 3 printed above every challenge
inline constexpr int kSevenDayMinPlayers = 2;
inline constexpr int kSevenDayMaxPlayers = 6;
inline constexpr int kBeginnerChallenges = 5;  // the position card and columns 1-4
inline constexpr int kDefaultHourglass = 60;   // seconds
inline constexpr int kMaxHourglass = 3600;     // seconds
// Times are in tenths of a second from the moment a day's challenges are laid out.
inline constexpr int kTenths = 10;
inline constexpr int kMaxDoneAt = 24 * 3600 * kTenths;
inline constexpr std::int64_t kSevenDayMaxSeed = kMaxExactJsonInteger;

// Who sits at a seat: a bot of one of three strengths, or a person.
enum class SeatPlayer { Random, Greedy, Best, Human };
std::optional<SeatPlayer> parse_seat_player(const std::string& name);
const char* to_string(SeatPlayer player);
inline constexpr const char* kSeatPlayerNames = "random, greedy, best, human";

struct SevenDaySeat {
    SeatPlayer player = SeatPlayer::Greedy;
    bool expert = false;  // experts play every challenge of the day, beginners the first 5
    Board board;          // one side of a board no other seat has
};

struct SevenDaySetup {
    std::uint64_t seed = 1;
    Level level = Level::Basic;
    int hourglass = kDefaultHourglass;  // seconds
    std::vector<SevenDaySeat> seats;
};

// Whether seats are experts by default at `level`: no at the basic game and level 1 (the rulebook's
// 5 challenges), yes from level 2 on (its 7).
bool experts_by_default(Level level);

// The seats: player p on a distinct board (the seed shuffles the 6 boards and picks each one's side).
// `experts[p]` says whether seat p plays as an expert. std::invalid_argument for 2 > players > 6.
SevenDaySetup setup_seven_days(const Catalogue& catalogue, std::uint64_t seed, Level level,
                               const std::vector<SeatPlayer>& players, const std::vector<bool>& experts,
                               int hourglass = kDefaultHourglass);

// Whether a day deals columns 5-6: always from level 2 on; at the basic game and level 1 only when a
// seat plays as an expert.
bool deals_expert_columns(const SevenDaySetup& setup);

// The game's draw piles (top card last), shuffled from the seed; used cards go out of the pile, a
// pile too short for a day is made again from all its cards, shuffled (the rulebook's novice rule).
struct SevenDayPiles {
    std::vector<std::string> positions, features, intermediate, expert;
    int shuffles = 0;  // piles made again so far
    std::mt19937_64 rng;
};

// Cards left in each pile after a deal.
struct SevenDayPileSizes {
    int positions = 0, features = 0, intermediate = 0, expert = 0;
    bool operator==(const SevenDayPileSizes&) const = default;
};

SevenDayPiles seven_day_piles(const Catalogue& catalogue, const SevenDaySetup& setup);
SevenDayPileSizes pile_sizes(const SevenDayPiles& piles);
// The next day's cards, drawn from the piles as the setup's level lays them out.
DealtCards deal_seven_day(const Catalogue& catalogue, SevenDayPiles& piles, const SevenDaySetup& setup);
// The challenge those cards make on `board`: the position card's formation and one task per column.
Challenge day_challenge(const Catalogue& catalogue, const DealtCards& cards, const Board& board);
// The part of `day` a seat plays: on its board, and only the first 4 columns for a beginner.
Challenge seat_challenge(const Challenge& day, const SevenDaySeat& seat);

// A seat's answer for the day: the stones on its board when it stopped, and when it said "done"
// (tenths of a second from the start of the day), or nullopt when the hourglass ran out first.
struct SevenDayPlay {
    CellSet stones;
    std::optional<int> done_at;
    // A bot cut off by the hourglass: the placement it was working towards (the log records it, so
    // replay can check the stones it had laid). The rules ignore it.
    std::optional<CellSet> plan;
};

// A seat's day as the check at the end of the round finds it.
struct SevenDayResult {
    std::vector<bool> met;  // per challenge the seat plays: the position card first, then the columns
    int stones = 0;
    int unmet = 0;
    int penalty = 0;  // stones + 3 per challenge not met
};

SevenDayResult score_play(const Challenge& seat_challenge, const CellSet& stones);

struct SevenDayDay {
    DealtCards cards;
    SevenDayPileSizes piles;  // after the deal
    std::vector<SevenDayPlay> plays;
    std::vector<SevenDayResult> results;
    std::vector<int> totals;  // after the day
};

// The rules engine. Every seat answers each day (in any order: the race is simultaneous); when the
// last one has, the day is checked and scored and the next one dealt.
class SevenDayGame {
public:
    SevenDayGame(const Catalogue& catalogue, SevenDaySetup setup);

    const SevenDaySetup& setup() const { return setup_; }
    int players() const { return static_cast<int>(setup_.seats.size()); }
    int day() const { return static_cast<int>(days_.size()); }  // 1-7: the day being played
    bool over() const { return over_; }
    const Challenge& challenge() const { return challenge_; }  // today's, on seat 0's board
    Challenge seat_challenge(int seat) const;
    // The seats that have not answered today (empty once the game is over).
    std::vector<int> to_play() const;
    // Why `play` by `seat` breaks a rule today; nullopt when legal. The race is checked with the
    // day's last answer: at least one seat said done, and nobody said it after the hourglass ran out.
    std::optional<std::string> why_illegal(int seat, const SevenDayPlay& play) const;
    // Records a legal play (std::logic_error for an illegal one).
    void apply(int seat, const SevenDayPlay& play);

    const std::vector<SevenDayDay>& days() const { return days_; }
    const std::vector<int>& totals() const { return totals_; }
    // Each seat's place, 1 the best: the lowest total; equal totals share the place.
    std::vector<int> places() const;

private:
    void deal_day();
    void end_day();

    const Catalogue* catalogue_;
    SevenDaySetup setup_;
    SevenDayPiles piles_;
    Challenge challenge_;
    std::vector<SevenDayDay> days_;
    std::vector<std::optional<SevenDayPlay>> pending_;
    std::vector<int> totals_;
    bool over_ = false;
};

// Each seat's place for these totals, 1 the best: the lowest total wins; equal totals share a place
// and the places after them are skipped (two sharing first are followed by third).
std::vector<int> seven_day_places(const std::vector<int>& totals);

// The moment the hourglass runs out: `first_done` plus the hourglass (seconds), in tenths.
int hourglass_end(int first_done, int hourglass_seconds);
// The earliest "done" of a day's plays; nullopt when nobody said it.
std::optional<int> first_done(const std::vector<SevenDayPlay>& plays);

// --- bots -----------------------------------------------------------------------------------------
// best: a proved optimal placement (the solver, re-checked by the evaluator); slow.
// greedy: from the empty board, adds or lifts the one stone (or lays the whole formation) that lowers
//   the penalty most, until nothing does; good but often not optimal; quicker.
// random: a random number of stones (1-5) on random fields; quickest and weakest.
struct BotAnswer {
    CellSet plan;   // the placement it works towards
    int think = 0;  // tenths of a second until it would say "done"
};

// The seconds a bot of each strength takes, in tenths: uniform in [lo, hi] by the seed.
struct ThinkRange {
    int lo = 0, hi = 0;
};
ThinkRange think_range(SeatPlayer bot);

BotAnswer bot_answer(ChallengeSolver& solver, SeatPlayer bot, const Challenge& seat_challenge,
                     std::uint64_t seed, int day, int seat);
// The greedy placement alone (deterministic).
CellSet greedy_placement(const Challenge& challenge);
// The time a bot takes (seeded).
int bot_think(SeatPlayer bot, std::uint64_t seed, int day, int seat);
// What the bot has on its board when the hourglass runs out at `deadline`: its plan and done when its
// thinking ends by then; otherwise the stones it had laid so far (it lays the plan's stones row by row
// at even intervals over its thinking time: stone i of n at think * i / (n + 1)) and no "done".
SevenDayPlay bot_play(const Board& board, const BotAnswer& answer, int deadline);

// A human seat's answer: called with the game, the seat and the first "done" of the day so far (the
// bots' earliest and the humans' before this one), or nullopt when nobody is done yet.
using HumanSeat = std::function<SevenDayPlay(const SevenDayGame&, int seat, std::optional<int> first_done)>;

// Plays the game's current day: the bots answer, `human` is asked for each human seat, the race is
// run and every answer applied (std::logic_error for an illegal human answer).
void play_day(ChallengeSolver& solver, SevenDayGame& game, const HumanSeat& human = nullptr);
// Plays the whole game; every bot answer re-checked by the evaluator.
SevenDayGame play_seven_days(ChallengeSolver& solver, const Catalogue& catalogue, const SevenDaySetup& setup,
                             const HumanSeat& human = nullptr);

}  // namespace tlaloc::xalapa
