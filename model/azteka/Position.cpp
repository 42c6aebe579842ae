#include "model/azteka/Position.h"

#include "model/common/Text.h"

#include <stdexcept>

namespace tlaloc::azteka {

Pawn pawn_of(Side side) {
    switch (side) {
        case Side::Life:
            return Pawn::Life;
        case Side::Death:
            return Pawn::Death;
        case Side::Mummies:
            return Pawn::Mummy;
    }
    return Pawn::None;
}

std::optional<Side> side_of(Pawn pawn) {
    switch (pawn) {
        case Pawn::Life:
            return Side::Life;
        case Pawn::Death:
            return Side::Death;
        case Pawn::Mummy:
            return Side::Mummies;
        case Pawn::None:
            break;
    }
    return std::nullopt;
}

std::string side_name(Side side) {
    static const char* names[] = {"life", "death", "mummies"};
    return names[static_cast<int>(side)];
}

const std::vector<int>& neighbours(int h) {
    static const std::array<std::vector<int>, kHoles> table = [] {
        std::array<std::vector<int>, kHoles> t;
        for (int r = 0; r < kRings; ++r) {
            for (int s = 0; s < kSectors; ++s) {
                auto& n = t[hole(r, s)];
                n.push_back(hole(r, (s + kSectors - 1) % kSectors));
                n.push_back(hole(r, (s + 1) % kSectors));
                if (r > 0) n.push_back(hole(r - 1, s));
                if (r + 1 < kRings) n.push_back(hole(r + 1, s));
            }
        }
        return t;
    }();
    return table[h];
}

namespace {
const std::vector<Profile>& profiles() {
    static const std::vector<Profile> list = {
        {"standard", 2, 14, true, true, false, true, true},
        // The book lists the aggressive actions as "a pawn on any free space" and drops the
        // abilities; we read "any free space" literally, as for three players.
        {"aggressive", 2, 14, false, false, true, true, true},
        {"three-player", 3, 12, false, false, false, false, false},
    };
    return list;
}
}  // namespace

const Profile* find_profile(const std::string& name) {
    for (const auto& p : profiles()) {
        if (p.name == name) return &p;
    }
    return nullptr;
}

const Profile& profile_named(const std::string& name) {
    if (const Profile* p = find_profile(name)) return *p;
    throw std::logic_error("no Azteka variant named " + name);
}

const std::vector<std::string>& profile_names() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> n;
        for (const auto& p : profiles()) n.push_back(p.name);
        return n;
    }();
    return names;
}

Position::Position() : Position(profile_named("standard")) {}

Position::Position(const Profile& p) : profile(&p) {
    holes.fill(Pawn::None);
    supply.fill(0);
    for (int i = 0; i < p.sides; ++i) supply[i] = p.pawns_per_side;
}

int Position::pawns_on_board(Side side) const {
    int n = 0;
    for (Pawn p : holes) n += (p == pawn_of(side));
    return n;
}

int Position::empty_holes() const {
    int n = 0;
    for (Pawn p : holes) n += (p == Pawn::None);
    return n;
}

Side Position::next_side(Side side) const {
    return static_cast<Side>((static_cast<int>(side) + 1) % profile->sides);
}

namespace {

const Profile& parse_variant(const JsonPlace& root) {
    auto v = root.get("variant");
    if (!v) return profile_named("standard");
    std::string variant = v->as_string();
    const Profile* p = find_profile(variant);
    if (!p)
        v->fail("unknown variant \"" + variant + "\"" +
                did_you_mean(variant, {"standard", "aggressive", "three-player"}) +
                " (expected standard, aggressive or three-player)");
    return *p;
}

void parse_rings(const JsonPlace& rings, Position& pos) {
    const Profile& profile = *pos.profile;
    const std::string allowed = profile.sides == 3 ? "L, D, M or ." : "L, D or .";
    rings.expect_array();
    if (rings.size() != kRings)
        rings.fail("has " + std::to_string(rings.size()) + " rings, expected 4 (ring 0 innermost)");
    for (int r = 0; r < kRings; ++r) {
        JsonPlace ring = rings.at(r);
        std::string text = ring.as_string();
        if (text.size() != kSectors) {
            ring.fail("has " + std::to_string(text.size()) + " characters, expected 8 (one per sector)");
        }
        for (int s = 0; s < kSectors; ++s) {
            char c = text[s];
            bool ok = c == '.' || c == 'L' || c == 'D' || (c == 'M' && profile.sides == 3);
            if (!ok) {
                ring.fail("sector " + std::to_string(s) + ": unknown character '" + std::string(1, c) +
                          "' (expected " + allowed + ")");
            }
            pos.holes[hole(r, s)] = static_cast<Pawn>(c);
        }
    }
}

// Each side's hand, unless "supply" says otherwise: what the board leaves of its pawns.
void fill_hands(const JsonPlace& rings, Position& pos) {
    const Profile& profile = *pos.profile;
    for (int i = 0; i < profile.sides; ++i) {
        Side side = static_cast<Side>(i);
        int on_board = pos.pawns_on_board(side);
        if (on_board > profile.pawns_per_side) {
            rings.fail(std::to_string(on_board) + " " + side_name(side) +
                       " pawns on the board, but a side has only " + std::to_string(profile.pawns_per_side));
        }
        pos.supply[i] = profile.pawns_per_side - on_board;
    }
}

Side parse_mover(const JsonPlace& to_move, const Profile& profile) {
    std::string mover = to_move.as_string();
    for (int i = 0; i < profile.sides; ++i) {
        if (mover == side_name(static_cast<Side>(i))) return static_cast<Side>(i);
    }
    to_move.fail("unknown side \"" + mover + "\" (expected " +
                 std::string(profile.sides == 3 ? "life, death or mummies" : "life or death") + ")");
}

void parse_supply(const JsonPlace& supply, Position& pos) {
    const Profile& profile = *pos.profile;
    supply.expect_object();
    std::vector<std::string> keys;
    for (int i = 0; i < profile.sides; ++i) keys.push_back(side_name(static_cast<Side>(i)));
    supply.expect_only_keys(keys);
    for (int i = 0; i < profile.sides; ++i) {
        Side side = static_cast<Side>(i);
        auto entry = supply.get(side_name(side));
        if (!entry) continue;
        auto n = static_cast<int>(entry->as_int(0, profile.pawns_per_side));
        // Pawns are never lost: Disintegration hands the Life pawn back and takes Death's from its
        // hand, so the board and the hand always add up to the side's whole set.
        int on_board = pos.pawns_on_board(side);
        if (on_board + n != profile.pawns_per_side) {
            entry->fail("impossible supply for " + side_name(side) + ": " + std::to_string(on_board) +
                        " pawns on the board and " + std::to_string(n) + " in hand make " +
                        std::to_string(on_board + n) + ", but a side has " +
                        std::to_string(profile.pawns_per_side));
        }
        pos.supply[i] = n;
    }
}

}  // namespace

Position parse_position(const JsonPlace& root) {
    root.expect_object();
    root.expect_only_keys({"rings", "to_move", "supply", "variant"});
    Position pos(parse_variant(root));
    JsonPlace rings = root.at("rings");
    parse_rings(rings, pos);
    pos.to_move = parse_mover(root.at("to_move"), *pos.profile);
    fill_hands(rings, pos);
    if (auto supply = root.get("supply")) parse_supply(*supply, pos);
    return pos;
}

Position load_position(const std::filesystem::path& file) {
    Json json = load_json_file(file);
    return parse_position(JsonPlace(json, file.string()));
}

Json position_to_json(const Position& position) {
    Json rings = Json::array();
    for (int r = 0; r < kRings; ++r) {
        std::string text;
        for (int s = 0; s < kSectors; ++s) text += static_cast<char>(position.at(r, s));
        rings.push_back(text);
    }
    Json supply = Json::object();
    for (int i = 0; i < position.profile->sides; ++i)
        supply[side_name(static_cast<Side>(i))] = position.supply[i];
    Json out = {{"rings", rings}, {"to_move", side_name(position.to_move)}, {"supply", supply}};
    if (position.profile->name != "standard") out["variant"] = position.profile->name;
    return out;
}

}  // namespace tlaloc::azteka
