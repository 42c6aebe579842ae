// The shipped Xalapa components as data: oracle cards (puzzles/xalapa/cards.json), position cards
// (positions.json) and board sides (boards/*.json). The cards file is the single source of truth.
#pragma once
#include <filesystem>
#include <string>
#include <vector>

#include "model/xalapa/Board.h"
#include "model/xalapa/Challenge.h"

namespace tlaloc::xalapa {

enum class Deck { Novice, Intermediate, Expert };
const char* to_string(Deck deck);

struct OracleCard {
    enum class Kind { Number, Bound, FeatureCard };
    std::string id;
    Deck deck = Deck::Novice;
    Kind kind = Kind::FeatureCard;
    int stones = 0;        // Number / Bound: the printed number
    bool at_most = false;  // Number: "at most N" instead of "exactly N"
    Feature feature;       // FeatureCard
};

struct PositionCard {
    std::string id;
    Formation three, four;  // the 3-stone and the 4-stone side
};

struct BoardSide {
    std::string id;
    std::filesystem::path file;
    Board board;
};

struct Catalogue {
    std::vector<OracleCard> cards;
    std::vector<PositionCard> positions;
    std::vector<BoardSide> boards;

    const OracleCard* find_card(const std::string& id) const;  // nullptr when unknown
    const OracleCard& card(const std::string& id) const;  // for a shipped id (std::logic_error otherwise)
    const BoardSide* board(const std::string& id) const;  // nullptr when unknown
};

// A challenge file whose "cards" (what a deal named) must name this catalogue's cards: every column's top
// and bottom a card id ("printed-1" and "printed-2" stand for the board's printed columns), the position
// a position card and the board a side. An unknown name is an InputError naming its place.
Challenge load_challenge(const std::filesystem::path& file, const Catalogue& catalogue);
void check_dealt_cards(const JsonPlace& challenge, const Catalogue& catalogue);

// Loads from `dir` (default: data_dir()/puzzles/xalapa); bad files are InputErrors.
Catalogue load_catalogue(const std::filesystem::path& dir);
Catalogue load_catalogue();
// The shipped catalogue, loaded once per process.
const Catalogue& shipped_catalogue();

}  // namespace tlaloc::xalapa
