// An edition profile: the rule variants and card data that differ between editions, kept as data
// (puzzles/aztlan/profiles/<id>.json) so no code branches on the edition.
#pragma once
#include <array>
#include <filesystem>
#include <optional>
#include <string>

#include "model/aztlan/Map.h"

namespace tlaloc::aztlan {

inline constexpr int kLowestCard = 4, kHighestCard = 9, kJokerCard = 4;

// What a domain holding none of the bonus type scores.
enum class DomainWithoutBonus { Zero, Base };
// Who wins a final tie on points.
enum class TieBreak { TopPyramid, BottomPyramid };
// Where Eagle and Jaguar Warriors' extra pawn may go: only into a territory where the player placed
// a pawn from supply this age (Italian text), or into any territory (German text).
enum class EagleJaguarPlace { SameTerritory, AnyTerritory };

struct Profile {
    std::string id;
    std::string edition;  // free text, e.g. "German (Heidelberger, 2012)"
    // card_type[c - 4] for power card c; nullopt for the joker (card 4).
    std::array<std::optional<TerritoryType>, kHighestCard - kLowestCard + 1> card_type;
    // End-game VP of an unused power card, per card (nullopt where the profile does not say).
    std::array<std::optional<int>, kHighestCard - kLowestCard + 1> card_vp;
    bool card_vp_placeholder = false;  // card_vp holds stand-ins, not the printed values
    DomainWithoutBonus domain_without_bonus = DomainWithoutBonus::Zero;
    TieBreak tie_break = TieBreak::BottomPyramid;
    EagleJaguarPlace eagle_jaguar = EagleJaguarPlace::SameTerritory;
    // With an empty supply, Eagle and Jaguar Warriors may bring back a pawn removed in an earlier
    // age (German text); otherwise it cannot be played then.
    bool eagle_jaguar_from_removed = false;

    std::optional<TerritoryType> bonus_type_of(int card) const { return card_type[card - kLowestCard]; }
};

const char* to_string(DomainWithoutBonus rule);
const char* to_string(TieBreak rule);
const char* to_string(EagleJaguarPlace rule);

Profile parse_profile(const JsonPlace& where);
Profile load_profile(const std::filesystem::path& file);
// The pinned profile format again: parse_profile reads back the same profile.
Json profile_to_json(const Profile& profile);
// Shipped profiles are named by lower-case letters, digits, '-' and '_' only, so a name can never
// reach outside the profiles folder.
bool is_profile_name(const std::string& id);
// Where the shipped profile `id` lives (checked by is_profile_name first):
// data_dir()/puzzles/aztlan/profiles/<id>.json.
std::filesystem::path shipped_profile_file(const std::string& id);
// A shipped profile by id ("de", "it"); a bad or unknown name fails at `where`.
Profile load_named_profile(const std::string& id, const JsonPlace& where);
inline constexpr const char* kDefaultProfile = "de";

}  // namespace tlaloc::aztlan
