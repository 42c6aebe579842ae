// Azteka's Circle of Life as data: who sits in each of the 32 holes, whose turn it is, what each
// side has left in hand, and which rule profile (two players, aggressive, three players) applies.
#pragma once
#include <array>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "model/common/Json.h"

namespace tlaloc::azteka {

constexpr int kRings = 4;    // ring 0 is the innermost
constexpr int kSectors = 8;  // numbered clockwise
constexpr int kHoles = kRings * kSectors;

enum class Side { Life = 0, Death = 1, Mummies = 2 };
constexpr int kMaxSides = 3;

// A hole is either empty or holds one side's pawn.
enum class Pawn : char { None = '.', Life = 'L', Death = 'D', Mummy = 'M' };

constexpr int hole(int ring, int sector) { return ring * kSectors + sector; }
constexpr int ring_of(int h) { return h / kSectors; }
constexpr int sector_of(int h) { return h % kSectors; }
Pawn pawn_of(Side side);
std::optional<Side> side_of(Pawn pawn);
std::string side_name(Side side);  // "life", "death", "mummies" as in the position format

// Orthogonal neighbours: same ring, next sector either way (wrapping); same sector, next ring
// (not wrapping). Inner and outer holes have 3, the middle rings 4.
const std::vector<int>& neighbours(int h);

// The rule differences between the ways to play, as data rather than branches in the engine.
struct Profile {
    std::string name;  // "standard" | "aggressive" | "three-player"
    int sides = 2;     // Life, Death (, Mummies)
    int pawns_per_side = 14;
    bool adjacency_rule = true;  // a placement must touch an own pawn (first pawn free)
    bool abilities = true;       // Birth (Life) and Disintegration (Death)
    bool double_turn = false;    // aggressive: turn a ring two sectors when holding more of it
    bool role_goals = true;      // two players: Life expands, Death dominates; else both goals for all
    bool all_pawns_goal = true;  // two players: having no pawn left in hand is a goal
};
// The variant `name`, or nullptr when there is none; profile_named is for names the code itself
// knows (an unknown one is a bug: std::logic_error).
const Profile* find_profile(const std::string& name);
const Profile& profile_named(const std::string& name);
const std::vector<std::string>& profile_names();

struct Position {
    std::array<Pawn, kHoles> holes{};  // filled with Pawn::None by the constructor
    Side to_move = Side::Life;
    std::array<int, kMaxSides> supply{};  // pawns still in each side's hand
    const Profile* profile = nullptr;

    Position();
    explicit Position(const Profile& p);  // empty board, full hands, Life to move
    Pawn at(int ring, int sector) const { return holes[hole(ring, sector)]; }
    int pawns_on_board(Side side) const;
    int empty_holes() const;
    Side next_side(Side side) const;
};

// The pinned position format: {"rings": ["L..D....", ...], "to_move": "life",
// "supply": {"life": 12, "death": 13}} plus the optional "variant" ("standard", "aggressive",
// "three-player"). Every inconsistency is an InputError naming the element.
Position parse_position(const JsonPlace& root);
Position load_position(const std::filesystem::path& file);
Json position_to_json(const Position& position);

}  // namespace tlaloc::azteka
