#include "puzzles/xalapa/SevenDayGame.h"

#include <algorithm>
#include <map>
#include <stdexcept>

#include "model/xalapa/Evaluation.h"
#include "puzzles/common/Bots.h"

namespace tlaloc::xalapa {

constexpr std::array<BotRow<SeatPlayer>, 4> kSeatPlayers{{{SeatPlayer::Random, BotName::Random},
                                                          {SeatPlayer::Greedy, BotName::Greedy},
                                                          {SeatPlayer::Best, BotName::Best},
                                                          {SeatPlayer::Human, BotName::Human}}};

std::optional<SeatPlayer> parse_seat_player(const std::string& name) { return game_bot(name, kSeatPlayers); }

const char* to_string(SeatPlayer player) { return game_bot_name(player, kSeatPlayers); }

bool experts_by_default(Level level) { return level != Level::Basic && level != Level::One; }

namespace {

// Our own Fisher-Yates, so a seed deals the same with any standard library.
template <class T>
void shuffle(std::vector<T>& items, std::mt19937_64& rng) {
    for (std::size_t i = items.size(); i > 1; --i) std::swap(items[i - 1], items[rng() % i]);
}

bool is_number_card(const OracleCard& c) { return c.kind != OracleCard::Kind::FeatureCard; }

// The cards each pile is made of at `level`: the feature pile is the novice feature cards (levels
// basic-3), those and the expert feature cards (level 4), or all 27 cards (level 5).
std::vector<std::string> feature_cards(const Catalogue& cat, Level level) {
    std::vector<std::string> ids;
    for (const OracleCard& c : cat.cards) {
        const bool novice = c.deck == Deck::Novice && !is_number_card(c);
        const bool expert = c.deck == Deck::Expert && !is_number_card(c);
        if (level == Level::Five || novice || (level == Level::Four && expert)) ids.push_back(c.id);
    }
    return ids;
}

std::vector<std::string> deck_cards(const Catalogue& cat, Deck deck, bool features_only) {
    std::vector<std::string> ids;
    for (const OracleCard& c : cat.cards)
        if (c.deck == deck && !(features_only && is_number_card(c))) ids.push_back(c.id);
    return ids;
}

// Before a draw of `needed` cards: a pile too short is made again from all `cards`, shuffled.
void refill(std::vector<std::string>& pile, std::size_t needed, std::vector<std::string> cards,
            SevenDayPiles& piles) {
    if (pile.size() >= needed) return;
    shuffle(cards, piles.rng);
    pile = std::move(cards);
    ++piles.shuffles;
}

std::string draw(std::vector<std::string>& pile) {
    if (pile.empty()) throw std::logic_error("seven-day game: a pile ran out");
    std::string id = pile.back();
    pile.pop_back();
    return id;
}

// Board families: "sun-front" and "sun-back" are the two sides of the board "sun".
std::string family_of(const std::string& side) {
    const auto dash = side.rfind('-');
    return dash == std::string::npos ? side : side.substr(0, dash);
}

// How many cards a day takes from the feature pile at each level.
std::size_t features_per_day(Level level) {
    switch (level) {
        case Level::Basic:
            return 4;
        case Level::Five:
            return 12;
        default:
            return 6;
    }
}

}  // namespace

SevenDaySetup setup_seven_days(const Catalogue& cat, std::uint64_t seed, Level level,
                               const std::vector<SeatPlayer>& players, const std::vector<bool>& experts,
                               int hourglass) {
    std::map<std::string, std::vector<const BoardSide*>> families;
    for (const BoardSide& side : cat.boards) families[family_of(side.id)].push_back(&side);
    const auto n = players.size();
    if (n < kSevenDayMinPlayers || n > kSevenDayMaxPlayers || n > families.size())
        throw std::invalid_argument("a game of Xalapa has 2 to 6 players");
    if (experts.size() != n) throw std::invalid_argument("one expert flag per seat");
    if (hourglass < 1 || hourglass > kMaxHourglass) throw std::invalid_argument("hourglass out of range");
    std::vector<std::vector<const BoardSide*>> boards;
    for (auto& [name, sides] : families) boards.push_back(sides);
    std::mt19937_64 rng(seed);
    shuffle(boards, rng);
    SevenDaySetup setup;
    setup.seed = seed;
    setup.level = level;
    setup.hourglass = hourglass;
    for (std::size_t p = 0; p < n; ++p) {
        const auto& sides = boards[p];
        setup.seats.push_back({players[p], experts[p], sides[rng() % sides.size()]->board});
    }
    return setup;
}

bool deals_expert_columns(const SevenDaySetup& setup) {
    if (experts_by_default(setup.level)) return true;
    return std::any_of(setup.seats.begin(), setup.seats.end(),
                       [](const SevenDaySeat& s) { return s.expert; });
}

SevenDayPiles seven_day_piles(const Catalogue& cat, const SevenDaySetup& setup) {
    SevenDayPiles piles;
    piles.rng.seed(setup.seed + 0x9E3779B97F4A7C15ULL);  // another stream than the boards'
    for (const PositionCard& p : cat.positions) piles.positions.push_back(p.id);
    shuffle(piles.positions, piles.rng);
    piles.features = feature_cards(cat, setup.level);
    shuffle(piles.features, piles.rng);
    piles.intermediate = deck_cards(cat, Deck::Intermediate, false);
    shuffle(piles.intermediate, piles.rng);
    piles.expert = deck_cards(cat, Deck::Expert, true);
    shuffle(piles.expert, piles.rng);
    return piles;
}

SevenDayPileSizes pile_sizes(const SevenDayPiles& p) {
    return {static_cast<int>(p.positions.size()), static_cast<int>(p.features.size()),
            static_cast<int>(p.intermediate.size()), static_cast<int>(p.expert.size())};
}

namespace {

std::vector<DealtColumn> first_columns(const Catalogue& cat, SevenDayPiles& p, Level level) {
    refill(p.features, features_per_day(level), feature_cards(cat, level), p);
    std::vector<DealtColumn> columns;
    if (level == Level::Basic) {
        for (const char* top : kBasicColumnTops) columns.push_back({top, draw(p.features)});
        return columns;
    }
    if (level == Level::Five) {
        for (int k = 0; k < 6; ++k) {
            std::string top = draw(p.features);
            columns.push_back({top, draw(p.features)});
        }
        return columns;
    }
    columns.push_back({"printed-1", draw(p.features)});
    columns.push_back({"printed-2", draw(p.features)});
    for (int k = 0; k < 2; ++k) {
        std::string top = draw(p.features);
        columns.push_back({top, draw(p.features)});
    }
    return columns;
}

int position_side_of(Level level, std::mt19937_64& rng) {
    switch (level) {
        case Level::Basic:
        case Level::One:
            return 3;
        case Level::Five:
            return rng() % 2 ? 4 : 3;
        default:
            return 4;
    }
}

}  // namespace

DealtCards deal_seven_day(const Catalogue& cat, SevenDayPiles& p, const SevenDaySetup& setup) {
    DealtCards cards;
    cards.position = draw(p.positions);
    cards.columns = first_columns(cat, p, setup.level);
    if (setup.level == Level::Three) {
        refill(p.expert, 2, deck_cards(cat, Deck::Expert, true), p);
        cards.columns.push_back({"expert-1-stone", draw(p.expert)});
        cards.columns.push_back({"expert-2-stones", draw(p.expert)});
    } else if (setup.level != Level::Five && deals_expert_columns(setup)) {
        refill(p.intermediate, 4, deck_cards(cat, Deck::Intermediate, false), p);
        for (int k = 0; k < 2; ++k) {
            std::string top = draw(p.intermediate);
            cards.columns.push_back({top, draw(p.intermediate)});
        }
    }
    cards.position_side = position_side_of(setup.level, p.rng);
    return cards;
}

Challenge day_challenge(const Catalogue& cat, const DealtCards& cards, const Board& board) {
    const auto position = std::find_if(cat.positions.begin(), cat.positions.end(),
                                       [&](const PositionCard& p) { return p.id == cards.position; });
    if (position == cat.positions.end()) throw std::logic_error("unknown position card " + cards.position);
    Challenge c;
    c.board = board;
    c.formation = cards.position_side == 4 ? position->four : position->three;
    c.orientations = Orientations::Rotate;
    c.disfavor = kSevenDayDisfavor;
    c.max_stones = kSevenDayStones;
    for (const DealtColumn& col : cards.columns) c.tasks.push_back(column_task(cat, col));
    c.cards = cards;
    c.cards->board = board.id;
    return c;
}

Challenge seat_challenge(const Challenge& day, const SevenDaySeat& seat) {
    Challenge c = day;
    c.board = seat.board;
    c.board_ref.clear();
    const auto beginner_columns = static_cast<std::size_t>(kBeginnerChallenges - 1);
    if (!seat.expert && c.tasks.size() > beginner_columns) {
        c.tasks.resize(beginner_columns);
        if (c.cards) c.cards->columns.resize(beginner_columns);
    }
    if (c.cards) c.cards->board = seat.board.id;
    return c;
}

SevenDayResult score_play(const Challenge& ch, const CellSet& stones) {
    const Evaluation e = evaluate(ch, stones);
    SevenDayResult r;
    r.met.push_back(e.formation_met);
    for (const TaskOutcome& t : e.tasks) r.met.push_back(t.met);
    r.stones = e.stones;
    r.unmet = e.unmet;
    r.penalty = e.penalty;
    if (r.penalty != r.stones + kSevenDayDisfavor * r.unmet)
        throw std::logic_error(
            "seven-day game: the evaluator's penalty is not stones + 3 per unmet challenge");
    return r;
}

int hourglass_end(int first_done, int hourglass_seconds) { return first_done + hourglass_seconds * kTenths; }

std::optional<int> first_done(const std::vector<SevenDayPlay>& plays) {
    std::optional<int> first;
    for (const SevenDayPlay& p : plays)
        if (p.done_at && (!first || *p.done_at < *first)) first = p.done_at;
    return first;
}

SevenDayGame::SevenDayGame(const Catalogue& cat, SevenDaySetup setup)
    : catalogue_(&cat), setup_(std::move(setup)), piles_(seven_day_piles(cat, setup_)) {
    totals_.assign(setup_.seats.size(), 0);
    deal_day();
}

void SevenDayGame::deal_day() {
    SevenDayDay d;
    d.cards = deal_seven_day(*catalogue_, piles_, setup_);
    d.piles = pile_sizes(piles_);
    challenge_ = day_challenge(*catalogue_, d.cards, setup_.seats.front().board);
    days_.push_back(std::move(d));
    pending_.assign(setup_.seats.size(), std::nullopt);
}

Challenge SevenDayGame::seat_challenge(int seat) const {
    return xalapa::seat_challenge(challenge_, setup_.seats.at(static_cast<std::size_t>(seat)));
}

std::vector<int> SevenDayGame::to_play() const {
    std::vector<int> out;
    if (over_) return out;
    for (std::size_t p = 0; p < pending_.size(); ++p)
        if (!pending_[p]) out.push_back(static_cast<int>(p));
    return out;
}

std::optional<std::string> SevenDayGame::why_illegal(int seat, const SevenDayPlay& play) const {
    if (over_) return "the game is over";
    if (seat < 0 || seat >= players()) return "there is no seat " + std::to_string(seat + 1);
    if (pending_[static_cast<std::size_t>(seat)]) return "this seat has already answered today";
    const Board& board = setup_.seats[static_cast<std::size_t>(seat)].board;
    if ((play.stones & ~board.all_fields()).any()) return "a stone lies outside the board";
    if (static_cast<int>(play.stones.count()) > kSevenDayStones)
        return std::to_string(play.stones.count()) + " stones, more than the " +
               std::to_string(kSevenDayStones) + " a player has";
    if (play.done_at && (*play.done_at < 0 || *play.done_at > kMaxDoneAt)) return "a time out of range";
    if (to_play().size() > 1) return std::nullopt;
    // The day's last answer: the race as a whole.
    std::optional<int> first = play.done_at;
    for (const auto& p : pending_)
        if (p && p->done_at && (!first || *p->done_at < *first)) first = p->done_at;
    if (!first) return "nobody said done, so the hourglass was never turned";
    const int end = hourglass_end(*first, setup_.hourglass);
    for (std::size_t p = 0; p < pending_.size(); ++p) {
        const auto& done = static_cast<int>(p) == seat ? play.done_at : pending_[p]->done_at;
        if (done && *done > end)
            return "seat " + std::to_string(p + 1) + " said done at " + std::to_string(*done) +
                   " tenths of a second, after the hourglass ran out at " + std::to_string(end);
    }
    return std::nullopt;
}

void SevenDayGame::apply(int seat, const SevenDayPlay& play) {
    if (auto why = why_illegal(seat, play)) throw std::logic_error("illegal play: " + *why);
    pending_[static_cast<std::size_t>(seat)] = play;
    if (to_play().empty()) end_day();
}

void SevenDayGame::end_day() {
    SevenDayDay& d = days_.back();
    for (std::size_t p = 0; p < pending_.size(); ++p) {
        d.plays.push_back(*pending_[p]);
        d.results.push_back(score_play(seat_challenge(static_cast<int>(p)), pending_[p]->stones));
        totals_[p] += d.results.back().penalty;
    }
    d.totals = totals_;
    if (day() == kSevenDays) {
        over_ = true;
        pending_.clear();
        return;
    }
    deal_day();
}

std::vector<int> seven_day_places(const std::vector<int>& totals) {
    std::vector<int> out;
    for (int t : totals)
        out.push_back(1 + static_cast<int>(std::count_if(totals.begin(), totals.end(),
                                                         [&](int other) { return other < t; })));
    return out;
}

std::vector<int> SevenDayGame::places() const { return seven_day_places(totals_); }

}  // namespace tlaloc::xalapa
