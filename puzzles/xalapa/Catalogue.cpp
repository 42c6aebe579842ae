#include "puzzles/xalapa/Catalogue.h"

#include <algorithm>
#include <stdexcept>

#include "model/common/JsonName.h"

namespace tlaloc::xalapa {

// The decks' names, in the card file and messages, written once.
constexpr NameTable<Deck, 3> kDeckNames(
    {{{Deck::Novice, "novice"}, {Deck::Intermediate, "intermediate"}, {Deck::Expert, "expert"}}});
static_assert(kDeckNames.in_order() && kDeckNames.size() == 1 + static_cast<int>(Deck::Expert));

const char* to_string(Deck deck) { return kDeckNames.name(deck); }

const OracleCard* Catalogue::find_card(const std::string& id) const {
    for (const auto& c : cards)
        if (c.id == id) return &c;
    return nullptr;
}

const OracleCard& Catalogue::card(const std::string& id) const {
    if (const OracleCard* c = find_card(id)) return *c;
    throw std::logic_error("no oracle card " + id);  // callers pass shipped ids (find_card for others)
}

const BoardSide* Catalogue::board(const std::string& id) const {
    for (const auto& b : boards)
        if (b.id == id) return &b;
    return nullptr;
}

void check_dealt_cards(const JsonPlace& challenge, const Catalogue& catalogue) {
    if (!challenge.is_object() || !challenge.has("cards")) return;
    const JsonPlace cards = challenge.at("cards");
    auto known = [&](const JsonPlace& at, bool found, const char* what) {
        if (!found) at.fail("unknown " + std::string(what) + " \"" + at.as_string() + "\"");
    };
    for (auto& column : cards.at("columns").items())
        for (const char* end : {"top", "bottom"}) {
            const JsonPlace at = column.at(end);
            const std::string id = at.as_string();
            known(at, id == "printed-1" || id == "printed-2" || catalogue.find_card(id), "oracle card");
        }
    const JsonPlace position = cards.at("position");
    bool found = false;
    for (const auto& p : catalogue.positions) found = found || p.id == position.as_string();
    known(position, found, "position card");
    known(cards.at("board"), catalogue.board(cards.at("board").as_string()) != nullptr, "board side");
}

Challenge load_challenge(const std::filesystem::path& file, const Catalogue& catalogue) {
    Json j = load_json_file(file);
    const JsonPlace where(j, file.string());
    Challenge ch = parse_challenge(where, file);
    check_dealt_cards(where, catalogue);
    return ch;
}

namespace {
Formation read_formation(const JsonPlace& where) {
    std::vector<Cell> cells;
    for (auto& c : where.items())
        cells.push_back({static_cast<int>(c.at(0).as_int(0, kMaxSide - 1)),
                         static_cast<int>(c.at(1).as_int(0, kMaxSide - 1))});
    if (cells.empty()) where.fail("a position card side needs at least one cell");
    Formation f{cells};
    f.cells = formation_orientations(f, Orientations::Fixed)[0];
    return f;
}
Deck read_deck(const JsonPlace& where) { return read_name(where, kDeckNames); }

OracleCard read_card(const JsonPlace& c) {
    OracleCard card;
    card.id = c.at("id").as_string();
    card.deck = read_deck(c.at("deck"));
    auto kind = c.at("kind").as_string();
    if (kind == "number") {
        card.kind = OracleCard::Kind::Number;
        if (auto n = c.get("count"))
            card.stones = static_cast<int>(n->as_int(0, kMaxFields));
        else {
            card.stones = static_cast<int>(c.at("at_most").as_int(0, kMaxFields));
            card.at_most = true;
        }
    } else if (kind == "bound") {
        card.kind = OracleCard::Kind::Bound;
        card.stones = static_cast<int>(c.at("at_least").as_int(0, kMaxFields));
    } else if (kind == "feature") {
        card.kind = OracleCard::Kind::FeatureCard;
        card.feature = parse_feature(c.at("feature").as_string(), c.at("feature"));
    } else {
        c.at("kind").fail("unknown card kind \"" + kind + "\" (number, bound, feature)");
    }
    return card;
}

// Every boards/*.json, in file name order; a board without an id is named after its file.
std::vector<BoardSide> read_board_sides(const std::filesystem::path& dir) {
    std::vector<std::filesystem::path> files;
    for (const auto& e : std::filesystem::directory_iterator(dir))
        if (e.path().extension() == ".json") files.push_back(e.path());
    std::sort(files.begin(), files.end());
    std::vector<BoardSide> sides;
    for (const auto& f : files) {
        Board b = load_board(f);
        sides.push_back({b.id.empty() ? f.stem().string() : b.id, f, b});
    }
    return sides;
}

}  // namespace

Catalogue load_catalogue(const std::filesystem::path& dir) {
    Catalogue cat;
    Json cards = load_json_file(dir / "cards.json");
    JsonPlace root(cards, (dir / "cards.json").string());
    for (auto& c : root.at("cards").items()) cat.cards.push_back(read_card(c));
    Json positions = load_json_file(dir / "positions.json");
    JsonPlace proot(positions, (dir / "positions.json").string());
    for (auto& p : proot.at("positions").items())
        cat.positions.push_back(
            {p.at("id").as_string(), read_formation(p.at("three")), read_formation(p.at("four"))});
    cat.boards = read_board_sides(dir / "boards");
    return cat;
}

Catalogue load_catalogue() { return load_catalogue(data_dir() / "puzzles" / "xalapa"); }

const Catalogue& shipped_catalogue() {
    static const Catalogue catalogue = load_catalogue();
    return catalogue;
}

}  // namespace tlaloc::xalapa
