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

std::optional<int> printed_number(const std::string& id) {
    if (id == "printed-1") return 1;
    if (id == "printed-2") return 2;
    return std::nullopt;
}

namespace {

// What one face of a column says, whether a card or a printed number.
struct Face {
    enum class Kind { Number, AtMost, AtLeast, FeatureFace } kind;
    int stones = 0;
    Feature feature;
    bool is_number() const { return kind != Kind::FeatureFace; }
};

std::optional<Face> face_of(const Catalogue& cat, const std::string& id) {
    if (auto printed = printed_number(id)) return Face{Face::Kind::Number, *printed, {}};
    const OracleCard* c = cat.find_card(id);
    if (!c) return std::nullopt;
    switch (c->kind) {
        case OracleCard::Kind::Number:
            return Face{c->at_most ? Face::Kind::AtMost : Face::Kind::Number, c->stones, {}};
        case OracleCard::Kind::Bound:
            return Face{Face::Kind::AtLeast, c->stones, {}};
        case OracleCard::Kind::FeatureCard:
            break;
    }
    return Face{Face::Kind::FeatureFace, 0, c->feature};
}

Task task_of_faces(const Face& top, const Face& bottom) {
    Task t;
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

bool is_number_card(const OracleCard& c) { return c.kind != OracleCard::Kind::FeatureCard; }
bool is_novice_feature(const OracleCard& c) { return c.deck == Deck::Novice && !is_number_card(c); }

// The shuffled piles of one deal. Every pile is shuffled when it is made, from the one generator,
// so the order in which piles are made is part of what a seed deals.
class Dealer {
public:
    Dealer(const Catalogue& cat, std::uint64_t seed) : cat_(cat), rng_(seed) {}

    std::vector<std::string> pile(const std::function<bool(const OracleCard&)>& keep) {
        std::vector<std::string> ids;
        for (const auto& c : cat_.cards)
            if (keep(c)) ids.push_back(c.id);
        // Our own Fisher-Yates so the same seed deals the same round with any standard library.
        for (std::size_t i = ids.size(); i > 1; --i) std::swap(ids[i - 1], ids[rng_() % i]);
        return ids;
    }
    static std::string draw(std::vector<std::string>& pile) {
        if (pile.empty()) throw std::logic_error("a deck ran out while dealing");
        std::string id = pile.back();
        pile.pop_back();
        return id;
    }
    std::mt19937_64& rng() { return rng_; }

private:
    const Catalogue& cat_;
    std::mt19937_64 rng_;
};

// The two piles every level makes first (even a level that uses neither).
struct Piles {
    std::vector<std::string> novice_features, intermediate;
};

// The columns a level deals and the position card side it plays.
struct LevelDeal {
    std::vector<DealtColumn> columns;
    int side = 3;
};

void add_intermediate_columns(Piles& p, std::vector<DealtColumn>& columns) {
    for (int k = 0; k < 2; ++k)
        columns.push_back({Dealer::draw(p.intermediate), Dealer::draw(p.intermediate)});
}

std::vector<DealtColumn> basic_columns(Piles& p, bool expert_columns) {
    std::vector<DealtColumn> columns;
    for (const char* top : kBasicColumnTops) columns.push_back({top, Dealer::draw(p.novice_features)});
    if (expert_columns) add_intermediate_columns(p, columns);
    return columns;
}

// Levels 1-3: printed 1 and 2 over a novice feature, two novice feature pairs; level 2 adds
// intermediate columns, level 3 expert "1 stone"/"2 stones" over expert features.
std::vector<DealtColumn> novice_columns(Dealer& d, Piles& p, Level level) {
    std::vector<DealtColumn> columns;
    auto& features = p.novice_features;
    columns.push_back({"printed-1", Dealer::draw(features)});
    columns.push_back({"printed-2", Dealer::draw(features)});
    for (int k = 0; k < 2; ++k) columns.push_back({Dealer::draw(features), Dealer::draw(features)});
    if (level == Level::Two) add_intermediate_columns(p, columns);
    if (level == Level::Three) {
        auto experts =
            d.pile([](const OracleCard& c) { return c.deck == Deck::Expert && !is_number_card(c); });
        columns.push_back({"expert-1-stone", Dealer::draw(experts)});
        columns.push_back({"expert-2-stones", Dealer::draw(experts)});
    }
    return columns;
}

std::vector<DealtColumn> level_four_columns(Dealer& d, Piles& p) {
    std::vector<DealtColumn> columns;
    auto mixed =
        d.pile([](const OracleCard& c) { return c.deck != Deck::Intermediate && !is_number_card(c); });
    columns.push_back({"printed-1", Dealer::draw(mixed)});
    columns.push_back({"printed-2", Dealer::draw(mixed)});
    for (int k = 0; k < 2; ++k) columns.push_back({Dealer::draw(mixed), Dealer::draw(mixed)});
    add_intermediate_columns(p, columns);
    return columns;
}

LevelDeal level_five(Dealer& d) {
    LevelDeal out;
    auto all = d.pile([](const OracleCard&) { return true; });
    for (int k = 0; k < 6; ++k) out.columns.push_back({Dealer::draw(all), Dealer::draw(all)});
    out.side = d.rng()() % 2 ? 4 : 3;
    return out;
}

LevelDeal deal_level(Dealer& d, const DealOptions& opt) {
    Piles p;
    p.novice_features = d.pile(is_novice_feature);
    p.intermediate = d.pile([](const OracleCard& c) { return c.deck == Deck::Intermediate; });
    switch (opt.level) {
        case Level::Basic:
            return {basic_columns(p, opt.expert_columns), 3};
        case Level::One:
        case Level::Two:
        case Level::Three:
            return {novice_columns(d, p, opt.level), opt.level == Level::One ? 3 : 4};
        case Level::Four:
            return {level_four_columns(d, p), 4};
        case Level::Five:
            break;
    }
    return level_five(d);
}

int position_side(const DealOptions& opt, int level_side) {
    if (opt.position_side == 0) return level_side;
    if (opt.position_side != 3 && opt.position_side != 4)
        throw InputError(
            "", "--position-side",
            "a position card has a 3-stone and a 4-stone side, not " + std::to_string(opt.position_side));
    return opt.position_side;
}

const BoardSide& choose_board(const Catalogue& cat, const std::string& id, std::mt19937_64& rng) {
    if (id.empty()) return cat.boards[rng() % cat.boards.size()];
    if (const BoardSide* board = cat.board(id)) return *board;
    std::string known;
    for (const auto& b : cat.boards) known += (known.empty() ? "" : " ") + b.id;
    throw InputError("", "--board", "unknown board side \"" + id + "\" (shipped: " + known + ")");
}

}  // namespace

std::optional<Task> find_column_task(const Catalogue& cat, const DealtColumn& column) {
    auto top = face_of(cat, column.top), bottom = face_of(cat, column.bottom);
    if (!top || !bottom) return std::nullopt;
    Task t = task_of_faces(*top, *bottom);
    t.label = column.top + " / " + column.bottom;
    return t;
}

Task column_task(const Catalogue& cat, const DealtColumn& column) {
    if (auto t = find_column_task(cat, column)) return *t;
    throw std::logic_error("column " + column.top + " / " + column.bottom +
                           " names a card not in the catalogue");
}

Deal deal(const Catalogue& cat, const DealOptions& opt) {
    Dealer dealer(cat, opt.seed);
    LevelDeal dealt = deal_level(dealer, opt);
    const int side = position_side(opt, dealt.side);
    const PositionCard& position = cat.positions[dealer.rng()() % cat.positions.size()];
    const BoardSide& board = choose_board(cat, opt.board, dealer.rng());
    Deal d;
    d.challenge.board = board.board;
    d.challenge.formation = side == 3 ? position.three : position.four;
    for (const auto& col : dealt.columns) d.challenge.tasks.push_back(column_task(cat, col));
    d.challenge.cards = DealtCards{std::move(dealt.columns), position.id, side, board.id};
    return d;
}

Json deal_to_json(const Deal& d, const DealOptions& opt) {
    Json j = challenge_to_json(d.challenge);
    j["level"] = to_string(opt.level);
    j["seed"] = opt.seed;
    return j;
}

}  // namespace tlaloc::xalapa
