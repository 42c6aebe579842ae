// What the Aztlán box holds and the fixed tables its rules use, as tlaloc's model states them:
// the facts that rulebook claims (component lists, pawns per age, offerings) are checked against.
#pragma once
#include <map>
#include <string>

namespace tlaloc::aztlan {

inline constexpr int kTribes = 4;
inline constexpr int kPawnsPerTribe = 30;
inline constexpr int kAges = 5;
inline constexpr int kMaxOfferings = 5;

// Pawns each player (in the 2-player game: each alliance in control) takes from supply in `age`
// (1..5); 0 for a player count or age the rules do not cover (Aztlán is played by 2–4).
int pawns_per_age(int players, int age);
// End-game points for holding `offerings` Offering to the Gods cards (0..5).
int offering_points(int offerings);

// Named counts ("pawns_per_tribe" → 30, "prosperity_cards" → 30, ...).
const std::map<std::string, int>& component_counts();
// Named tables, entry → value ("pawns_per_age_3p" → {"1": 8, ...}, "prosperity_deck" → {...}).
const std::map<std::string, std::map<std::string, int>>& component_tables();

}  // namespace tlaloc::aztlan
