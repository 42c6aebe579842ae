// The Atlacoya variant's rules without any solver: a player's day (bid, stones, what they do at each
// failed challenge, green or red points) checked for legality and resolved into points and tokens.
#pragma once
#include <array>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "model/common/Json.h"
#include "model/xalapa/Evaluation.h"

namespace tlaloc::xalapa {

inline constexpr int kAtlacoyaLowestBid = 2;
inline constexpr int kAtlacoyaHighestBid = 7;
inline constexpr int kAtlacoyaTokens = 3;  // each player's penalty tokens for the whole game
inline constexpr int kAtlacoyaStones = 8;  // each player's oracle stones: the most a play may place
inline constexpr int kAtlacoyaDays = 7;
// Seeds up to 2^53 - 1: every JSON reader reads such a number in a log exactly.
inline constexpr std::int64_t kAtlacoyaMaxSeed = kMaxExactJsonInteger;
inline constexpr int kAtlacoyaStartPoints = 15;
inline constexpr int kAtlacoyaMinPlayers = 2;
inline constexpr int kAtlacoyaMaxPlayers = 6;

// The row's challenges in order, as task indexes of `row` (tasks.size() stands for the formation):
// the position card first, since the rulebook counts it as the first challenge, then the tasks.
std::vector<int> atlacoya_order(const Challenge& row);
// For each challenge of the row, in that order, whether `stones` meet it (by the plain evaluator).
std::vector<bool> atlacoya_met(const Challenge& row, const CellSet& stones);

// Green and red points per bid (index = bid; entries below the lowest bid are unused).
struct AtlacoyaPoints {
    std::array<int, kAtlacoyaHighestBid + 1> green{}, red{};
    bool placeholder = false;  // the values are stand-ins, not the printed ones
    std::string note;          // the file's own words on where the values come from
};

// {"placeholder": true, "note": "...", "bids": [{"bid": 2, "green": 3, "red": -1}, ...]} with every bid 2..7
// once.
AtlacoyaPoints parse_atlacoya_points(const JsonPlace& where);
AtlacoyaPoints load_atlacoya_points(const std::filesystem::path& file);
AtlacoyaPoints load_atlacoya_points();  // the shipped table, puzzles/xalapa/atlacoya-points.json
Json atlacoya_points_to_json(const AtlacoyaPoints& points);

enum class AtlacoyaStep { Token, Stop };   // at a failed challenge: lay a token and go on, or stop
enum class AtlacoyaChoice { Green, Red };  // the points taken
const char* to_string(AtlacoyaStep step);
const char* to_string(AtlacoyaChoice choice);

struct AtlacoyaPlay {
    int bid = kAtlacoyaLowestBid;
    CellSet stones;
    // One per failed challenge within the bid, in order, up to and including a stop.
    std::vector<AtlacoyaStep> steps;
    // Only for a player who got through the bid's last challenge.
    std::optional<AtlacoyaChoice> choice;
};

struct AtlacoyaOutcome {
    std::vector<bool> met;          // every challenge of the row, in order (later ones do not count)
    std::vector<int> covered;       // 0-based positions in the row holding a token
    std::optional<int> stopped_at;  // 0-based position where the player stopped
    AtlacoyaChoice scored = AtlacoyaChoice::Red;
    int points = 0;  // the day's change
    int tokens_laid = 0, tokens_lost = 0, tokens_recovered = 0;
};

// Why `play` breaks a rule on `row` for a player holding `tokens_left` tokens; nullopt when legal.
// The stone limit is the rules' kAtlacoyaStones, whatever the row's max_stones says.
std::optional<std::string> why_illegal(const Challenge& row, int tokens_left, const AtlacoyaPlay& play);
// The result of a legal play (std::logic_error for an illegal one: ask why_illegal first).
AtlacoyaOutcome resolve(const Challenge& row, const AtlacoyaPoints& points, int tokens_left,
                        const AtlacoyaPlay& play);

struct AtlacoyaState {
    int day = 0;  // days played
    std::vector<int> points, tokens;

    explicit AtlacoyaState(int players)
        : points(static_cast<std::size_t>(players), kAtlacoyaStartPoints),
          tokens(static_cast<std::size_t>(players), kAtlacoyaTokens) {}
    int players() const { return static_cast<int>(points.size()); }
    bool over() const { return day >= kAtlacoyaDays; }
};

// Plays one day: player p plays rows[p] (the day's row on their own board). Checks every play first,
// so an illegal one (std::logic_error) leaves the state unchanged.
std::vector<AtlacoyaOutcome> play_day(AtlacoyaState& state, const std::vector<Challenge>& rows,
                                      const AtlacoyaPoints& points, const std::vector<AtlacoyaPlay>& plays);

// Each player's place, 1 the best: most points, then most tokens left; players still equal share it.
std::vector<int> atlacoya_places(const AtlacoyaState& state);

}  // namespace tlaloc::xalapa
