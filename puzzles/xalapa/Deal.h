// Dealing a round like the box does: each level's set-up (which decks, which columns, which side of
// the position card) turns cards into a challenge in the pinned format, with the cards named.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "puzzles/xalapa/Catalogue.h"

namespace tlaloc::xalapa {

// Declared once: the levels of the rulebook, easiest first.
enum class Level { Basic, One, Two, Three, Four, Five };
inline constexpr const char* kLevelNames[] = {"basic", "1", "2", "3", "4", "5"};
std::optional<Level> parse_level(const std::string& name);
const char* to_string(Level level);

// One challenge column: the card (or the board's printed number, id "printed-1"/"printed-2") in the
// top row over the card in the bottom row.
struct Column {
    std::string top, bottom;
};

// The column's condition: number over feature = exactly N there ("at most" cards: at most N; the
// "at least" bound card: at least N there); feature over feature = as many on both; number over
// number = at least the sum of stones on the whole board.
Task column_task(const Catalogue& catalogue, const Column& column);

struct DealOptions {
    Level level = Level::Basic;
    std::uint64_t seed = 1;
    std::string board;            // board side id; "" = a random side
    int position_side = 0;        // 3 or 4 stones; 0 = the level's default
    bool expert_columns = false;  // basic level: experts also play columns 5-6 (intermediate cards)
};

struct Deal {
    Challenge challenge;  // tasks in column order; the formation from the position card
    std::vector<Column> columns;
    std::string position;  // position card id
    int position_side = 3;
    std::string board;  // board side id
};

// Throws InputError for an unknown board id or a bad position side.
Deal deal(const Catalogue& catalogue, const DealOptions& options);
// The challenge with "cards", "level", "seed", "position" filled in (pinned format plus those keys).
Json deal_to_json(const Deal& deal, const DealOptions& options);

}  // namespace tlaloc::xalapa
