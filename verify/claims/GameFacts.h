// What rulebook claims about one game are checked against: the model's component counts and value
// tables, and the rule readings that differ between editions. Each game states its facts once, in its
// registry entry; the claims parser and the checker see a game only through this type.
#pragma once
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace tlaloc::verify {

struct ClaimsFile;

using Counts = std::map<std::string, int>;
using Tables = std::map<std::string, std::map<std::string, int>>;

// The readings an edition profile fixes, by rule name ("domain_without_bonus" → "zero").
struct EditionReadings {
    std::string file;  // the profile's file name, for evidence
    std::map<std::string, std::string> rules;
    // Tables of facts the rules engine produces under this profile (games it plays, examples it
    // scores): an edition's engine claims are checked against these, never another edition's.
    Tables tables;
};

// A rule whose reading varies by edition: the readings tlaloc knows, the model's own reading when it
// fixes one, and the other claims of the same file that a reading would contradict.
struct RuleReading {
    std::string name;
    std::vector<std::string> readings;
    std::function<std::optional<std::string>()> model_reading;
    // The claims of `file` that contradict `reading`, each with why (empty function: none can).
    std::function<std::vector<std::string>(const ClaimsFile& file, const std::string& reading)>
        contradictions;
};

// The answer to "do these two board sides give identical playing conditions?", with its evidence
// (the symmetry that proves it, or a challenge scoring differently on the two).
struct SidesVerdict {
    bool identical = false;
    std::string evidence;
};

// A round scored by the game's own evaluator: the penalty of a round with this many challenges, stones
// placed and challenges failed (nullopt when the model cannot build such a round), with the evidence.
struct RoundScore {
    std::optional<int> penalty;
    std::string evidence;
};

struct GameFacts {
    std::string name;  // as claims files name the game ("aztlan")
    Counts counts;
    Tables tables;
    std::vector<RuleReading> rules;
    // The counts and tables the model derives (counts the deck it builds, the pawns it deals, the
    // territories of its map; plays its engine; computes a rule). Every other count or table is a
    // constant typed from a rulebook: a claim that only compares one with the same book restates it
    // and is reported apart from the verified claims.
    std::set<std::string> derived;
    // Games whose editions differ in rules keep them as typed profiles. `read_profile` loads and
    // validates one (through the game's own profile parser) and states the readings it fixes;
    // `shipped_profile` names the shipped profile of an edition, if there is one. Both empty: the
    // game has no edition profiles.
    std::function<EditionReadings(const std::filesystem::path& file)> read_profile;
    std::function<std::optional<std::filesystem::path>(const std::string& edition)> shipped_profile;
    // Games whose boards have sides: the side names it knows (read when first needed), and the
    // comparison of two of them.
    std::function<std::vector<std::string>()> sides;
    std::function<SidesVerdict(const std::string& a, const std::string& b)> compare_sides;
    // Games scored by penalty per round: a round built and scored by the model's evaluator.
    std::function<RoundScore(int challenges, int stones, int unmet)> score_round;
};

// Every game's facts, in registry order; the CLI layer supplies them (see cli/GameRegistry.h).
using GameCatalog = std::vector<GameFacts>;

}  // namespace tlaloc::verify
