#include "puzzles/xalapa/Deal.h"

#include <algorithm>
#include <functional>
#include <random>
#include <stdexcept>

namespace tlaloc::xalapa {

std::optional<Level> parse_level(const std::string& name) {
    for (int i = 0; i < 6; ++i)
        if (name == kLevelNames[i]) return static_cast<Level>(i);
    return std::nullopt;
}

const char* to_string(Level level) { return kLevelNames[static_cast<int>(level)]; }

namespace {

// What one face of a column says, whether a card or a printed number.
struct Face {
    enum class Kind { Number, AtMost, AtLeast, FeatureFace } kind;
    int stones = 0;
    Feature feature;
    bool is_number() const { return kind != Kind::FeatureFace; }
};

Face face_of(const Catalogue& cat, const std::string& id) {
    if (id == "printed-1" || id == "printed-2") return {Face::Kind::Number, id == "printed-1" ? 1 : 2, {}};
    const OracleCard& c = cat.card(id);
    switch (c.kind) {
        case OracleCard::Kind::Number:
            return {c.at_most ? Face::Kind::AtMost : Face::Kind::Number, c.stones, {}};
        case OracleCard::Kind::Bound:
            return {Face::Kind::AtLeast, c.stones, {}};
        case OracleCard::Kind::FeatureCard:
            break;
    }
    return {Face::Kind::FeatureFace, 0, c.feature};
}

template <class T>
void shuffle(std::vector<T>& v, std::mt19937_64& rng) {
    // Our own Fisher-Yates so the same seed deals the same round with any standard library.
    for (std::size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[rng() % i]);
}

std::vector<std::string> ids_where(const Catalogue& cat, const std::function<bool(const OracleCard&)>& keep) {
    std::vector<std::string> out;
    for (const auto& c : cat.cards)
        if (keep(c)) out.push_back(c.id);
    return out;
}

bool is_number_card(const OracleCard& c) { return c.kind != OracleCard::Kind::FeatureCard; }

}  // namespace

Task column_task(const Catalogue& cat, const Column& column) {
    Face top = face_of(cat, column.top), bottom = face_of(cat, column.bottom);
    Task t;
    t.label = column.top + " / " + column.bottom;
    if (top.is_number() && bottom.is_number()) {
        t.feature.atoms = {Atom::Any};
        t.lo = top.stones + bottom.stones;
        t.hi = kMaxFields;
        return t;
    }
    if (!top.is_number() && !bottom.is_number()) {
        t.kind = Task::Kind::Same;
        t.feature = top.feature;
        t.other = bottom.feature;
        return t;
    }
    const Face& number = top.is_number() ? top : bottom;
    t.feature = top.is_number() ? bottom.feature : top.feature;
    switch (number.kind) {
        case Face::Kind::Number:
            t.lo = t.hi = number.stones;
            break;
        case Face::Kind::AtMost:
            t.lo = 0;
            t.hi = number.stones;
            break;
        default:
            t.lo = number.stones;
            t.hi = kMaxFields;
            break;
    }
    return t;
}

Deal deal(const Catalogue& cat, const DealOptions& opt) {
    std::mt19937_64 rng(opt.seed);
    Deal d;
    auto draw = [&](std::vector<std::string>& pile) {
        if (pile.empty()) throw std::logic_error("a deck ran out while dealing");
        std::string id = pile.back();
        pile.pop_back();
        return id;
    };
    auto pile = [&](const std::function<bool(const OracleCard&)>& keep) {
        auto ids = ids_where(cat, keep);
        shuffle(ids, rng);
        return ids;
    };
    auto deck_is = [](Deck deck) { return [deck](const OracleCard& c) { return c.deck == deck; }; };
    auto novice_features =
        pile([](const OracleCard& c) { return c.deck == Deck::Novice && !is_number_card(c); });
    auto intermediate = pile(deck_is(Deck::Intermediate));
    auto intermediate_columns = [&] {
        for (int k = 0; k < 2; ++k) d.columns.push_back({draw(intermediate), draw(intermediate)});
    };
    int side = 3;
    switch (opt.level) {
        case Level::Basic: {
            const std::string tops[] = {"printed-1", "printed-2", "novice-1-stone", "novice-2-stones"};
            for (const auto& top : tops) d.columns.push_back({top, draw(novice_features)});
            if (opt.expert_columns) intermediate_columns();
            break;
        }
        case Level::One:
        case Level::Two:
        case Level::Three: {
            d.columns.push_back({"printed-1", draw(novice_features)});
            d.columns.push_back({"printed-2", draw(novice_features)});
            for (int k = 0; k < 2; ++k) d.columns.push_back({draw(novice_features), draw(novice_features)});
            if (opt.level == Level::Two) intermediate_columns();
            if (opt.level == Level::Three) {
                auto experts =
                    pile([](const OracleCard& c) { return c.deck == Deck::Expert && !is_number_card(c); });
                d.columns.push_back({"expert-1-stone", draw(experts)});
                d.columns.push_back({"expert-2-stones", draw(experts)});
            }
            side = opt.level == Level::One ? 3 : 4;
            break;
        }
        case Level::Four: {
            auto mixed =
                pile([](const OracleCard& c) { return c.deck != Deck::Intermediate && !is_number_card(c); });
            d.columns.push_back({"printed-1", draw(mixed)});
            d.columns.push_back({"printed-2", draw(mixed)});
            for (int k = 0; k < 2; ++k) d.columns.push_back({draw(mixed), draw(mixed)});
            intermediate_columns();
            side = 4;
            break;
        }
        case Level::Five: {
            auto all = pile([](const OracleCard&) { return true; });
            for (int k = 0; k < 6; ++k) d.columns.push_back({draw(all), draw(all)});
            side = rng() % 2 ? 4 : 3;
            break;
        }
    }
    if (opt.position_side != 0) {
        if (opt.position_side != 3 && opt.position_side != 4)
            throw InputError(
                "", "--position-side",
                "a position card has a 3-stone and a 4-stone side, not " + std::to_string(opt.position_side));
        side = opt.position_side;
    }
    const PositionCard& position = cat.positions[rng() % cat.positions.size()];
    const BoardSide* board = nullptr;
    if (opt.board.empty()) {
        board = &cat.boards[rng() % cat.boards.size()];
    } else {
        board = cat.board(opt.board);
        if (!board) {
            std::string known;
            for (const auto& b : cat.boards) known += (known.empty() ? "" : " ") + b.id;
            throw InputError("", "--board",
                             "unknown board side \"" + opt.board + "\" (shipped: " + known + ")");
        }
    }
    d.position = position.id;
    d.position_side = side;
    d.board = board->id;
    d.challenge.board = board->board;
    d.challenge.formation = side == 3 ? position.three : position.four;
    for (const auto& col : d.columns) d.challenge.tasks.push_back(column_task(cat, col));
    return d;
}

Json deal_to_json(const Deal& d, const DealOptions& opt) {
    Json j = challenge_to_json(d.challenge);
    Json cards = Json::array();
    for (const auto& c : d.columns) cards.push_back({{"top", c.top}, {"bottom", c.bottom}});
    j["cards"] = {
        {"columns", cards}, {"position", d.position}, {"position_side", d.position_side}, {"board", d.board}};
    j["level"] = to_string(opt.level);
    j["seed"] = opt.seed;
    return j;
}

}  // namespace tlaloc::xalapa
