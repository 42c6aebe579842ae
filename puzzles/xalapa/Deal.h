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

// The tops of the basic level's four columns: the printed 1 and 2, then the novice number cards,
// which stay on the board for the whole game.
inline constexpr const char* kBasicColumnTops[] = {"printed-1", "printed-2", "novice-1-stone",
                                                   "novice-2-stones"};

// The number a printed column top stands for ("printed-1" -> 1, "printed-2" -> 2); nullopt for a card.
std::optional<int> printed_number(const std::string& id);

// The column's condition: number over feature = exactly N there ("at most" cards: at most N; the
// "at least" bound card: at least N there); feature over feature = as many on both; number over
// number = at least the sum of stones on the whole board. Both ids must be in the catalogue.
Task column_task(const Catalogue& catalogue, const DealtColumn& column);
// The same, or nullopt when an id is neither a printed number nor a card of the catalogue.
std::optional<Task> find_column_task(const Catalogue& catalogue, const DealtColumn& column);

struct DealOptions {
    Level level = Level::Basic;
    std::uint64_t seed = 1;
    std::string board;            // board side id; "" = a random side
    int position_side = 0;        // 3 or 4 stones; 0 = the level's default
    bool expert_columns = false;  // basic level: experts also play columns 5-6 (intermediate cards)
};

struct Deal {
    // Tasks in column order, the formation from the position card, and `cards` naming what was dealt.
    Challenge challenge;

    const DealtCards& cards() const { return challenge.cards.value(); }  // deal() always sets them
};

// Throws InputError for an unknown board id or a bad position side.
Deal deal(const Catalogue& catalogue, const DealOptions& options);
// The challenge in the pinned format with its "cards", plus "level" and "seed".
Json deal_to_json(const Deal& deal, const DealOptions& options);

}  // namespace tlaloc::xalapa
