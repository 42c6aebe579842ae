#include "model/aztlan/Profile.h"

#include "model/common/JsonName.h"
#include "model/common/Text.h"

#include <algorithm>

namespace tlaloc::aztlan {

// The names of the profile's rules, in profile files and messages: each enum's names written once.
constexpr NameTable<DomainWithoutBonus, 2> kDomainWithoutBonusNames({{{DomainWithoutBonus::Zero, "zero"},
                                                                      {DomainWithoutBonus::Base, "base"}}});
constexpr NameTable<TieBreak, 2> kTieBreakNames({{{TieBreak::TopPyramid, "top-pyramid"},
                                                  {TieBreak::BottomPyramid, "bottom-pyramid"}}});
constexpr NameTable<EagleJaguarPlace, 2> kEagleJaguarPlaceNames(
    {{{EagleJaguarPlace::SameTerritory, "same-territory"},
      {EagleJaguarPlace::AnyTerritory, "any-territory"}}});
static_assert(kDomainWithoutBonusNames.in_order() &&
              kDomainWithoutBonusNames.size() == 1 + static_cast<int>(DomainWithoutBonus::Base));
static_assert(kTieBreakNames.in_order() &&
              kTieBreakNames.size() == 1 + static_cast<int>(TieBreak::BottomPyramid));
static_assert(kEagleJaguarPlaceNames.in_order() &&
              kEagleJaguarPlaceNames.size() == 1 + static_cast<int>(EagleJaguarPlace::AnyTerritory));

const char* to_string(DomainWithoutBonus rule) { return kDomainWithoutBonusNames.name(rule); }
const char* to_string(TieBreak rule) { return kTieBreakNames.name(rule); }

const char* to_string(EagleJaguarPlace rule) { return kEagleJaguarPlaceNames.name(rule); }

namespace {
// A power card written as an object key ("4".."9").
int card_of_key(const std::string& key, const JsonPlace& place) {
    for (int c = kLowestCard; c <= kHighestCard; ++c) {
        if (key == std::to_string(c)) return c;
    }
    place.fail("unknown power card \"" + key + "\" (cards are 4..9)");
}

// The power cards 4..9: 4 is the joker, the others name distinct territory types.
void parse_cards(const JsonPlace& cards, Profile& p) {
    cards.expect_object();
    std::array<bool, kHighestCard - kLowestCard + 1> seen{};
    for (auto it = cards.json().begin(); it != cards.json().end(); ++it) {
        auto place = cards.at(it.key());
        int card = card_of_key(it.key(), place);
        std::string name = place.as_string();
        if (card == kJokerCard) {
            if (name != "joker") place.fail("card 4 is the joker; write \"joker\"");
        } else {
            auto type = territory_type_from_string(name);
            if (!type) place.fail("unknown territory type \"" + name + "\"");
            p.card_type[card - kLowestCard] = type;
        }
        seen[card - kLowestCard] = true;
    }
    for (int c = kLowestCard; c <= kHighestCard; ++c) {
        if (!seen[c - kLowestCard]) cards.fail("missing power card \"" + std::to_string(c) + "\"");
    }
    for (int a = kLowestCard + 1; a <= kHighestCard; ++a) {
        for (int b = a + 1; b <= kHighestCard; ++b) {
            if (p.card_type[a - kLowestCard] == p.card_type[b - kLowestCard]) {
                cards.fail("cards " + std::to_string(a) + " and " + std::to_string(b) +
                           " name the same type");
            }
        }
    }
}

void parse_card_vp(const JsonPlace& vp, Profile& p) {
    vp.expect_object();
    for (auto it = vp.json().begin(); it != vp.json().end(); ++it) {
        auto place = vp.at(it.key());
        int card = card_of_key(it.key(), place);
        p.card_vp[card - kLowestCard] = static_cast<int>(place.as_int(0, 100));
    }
}

DomainWithoutBonus parse_domain_rule(const JsonPlace& rule) {
    return read_name(rule, kDomainWithoutBonusNames);
}

TieBreak parse_tie_break(const JsonPlace& tie) { return read_name(tie, kTieBreakNames); }
EagleJaguarPlace parse_eagle_jaguar(const JsonPlace& rule) { return read_name(rule, kEagleJaguarPlaceNames); }
}  // namespace

Profile parse_profile(const JsonPlace& where) {
    where.expect_only_keys({"id", "edition", "cards", "card_vp", "card_vp_placeholder",
                            "domain_without_bonus", "tie_break", "eagle_jaguar",
                            "eagle_jaguar_from_removed"});
    Profile p;
    p.id = where.at("id").as_string();
    if (auto e = where.get("edition")) p.edition = e->as_string();
    parse_cards(where.at("cards"), p);
    if (auto vp = where.get("card_vp")) parse_card_vp(*vp, p);
    p.domain_without_bonus = parse_domain_rule(where.at("domain_without_bonus"));
    p.tie_break = parse_tie_break(where.at("tie_break"));
    if (auto placeholder = where.get("card_vp_placeholder")) p.card_vp_placeholder = placeholder->as_bool();
    if (auto e = where.get("eagle_jaguar")) p.eagle_jaguar = parse_eagle_jaguar(*e);
    if (auto r = where.get("eagle_jaguar_from_removed")) p.eagle_jaguar_from_removed = r->as_bool();
    return p;
}

Json profile_to_json(const Profile& profile) {
    Json j = {{"id", profile.id}};
    if (!profile.edition.empty()) j["edition"] = profile.edition;
    Json cards = Json::object(), vp = Json::object();
    for (int c = kLowestCard; c <= kHighestCard; ++c) {
        auto type = profile.bonus_type_of(c);
        cards[std::to_string(c)] = type ? to_string(*type) : "joker";
        if (auto v = profile.card_vp[c - kLowestCard]) vp[std::to_string(c)] = *v;
    }
    j["cards"] = cards;
    if (!vp.empty()) j["card_vp"] = vp;
    if (profile.card_vp_placeholder) j["card_vp_placeholder"] = true;
    j["domain_without_bonus"] = to_string(profile.domain_without_bonus);
    j["tie_break"] = to_string(profile.tie_break);
    j["eagle_jaguar"] = to_string(profile.eagle_jaguar);
    j["eagle_jaguar_from_removed"] = profile.eagle_jaguar_from_removed;
    return j;
}

Profile load_profile(const std::filesystem::path& file) {
    Json json = load_json_file(file);
    return parse_profile(JsonPlace(json, file.string()));
}

bool is_profile_name(const std::string& id) {
    return !id.empty() && std::all_of(id.begin(), id.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
    });
}

std::filesystem::path shipped_profile_file(const std::string& id) {
    return data_dir() / "puzzles" / "aztlan" / "profiles" / (id + ".json");
}

Profile load_named_profile(const std::string& id, const JsonPlace& where) {
    if (!is_profile_name(id))
        where.fail("profile names are lower-case letters, digits, '-' and '_' (found \"" + id + "\")");
    auto file = shipped_profile_file(id);
    std::error_code ec;
    if (!std::filesystem::exists(file, ec)) {
        std::vector<std::string> shipped;
        for (const auto& entry : std::filesystem::directory_iterator(file.parent_path(), ec))
            if (entry.path().extension() == ".json") shipped.push_back(entry.path().stem().string());
        where.fail("unknown profile \"" + id + "\"" + did_you_mean(id, shipped) + " (no " + file.string() +
                   ")");
    }
    return load_profile(file);
}

}  // namespace tlaloc::aztlan
