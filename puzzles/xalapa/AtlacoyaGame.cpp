#include "puzzles/xalapa/AtlacoyaGame.h"

#include <algorithm>
#include <random>
#include <stdexcept>

#include "puzzles/xalapa/Atlacoya.h"
#include "puzzles/xalapa/Deal.h"

namespace tlaloc::xalapa {

namespace {

// Our own Fisher-Yates, so a seed deals the same with any standard library.
template <class T>
void shuffle(std::vector<T>& items, std::mt19937_64& rng) {
    for (std::size_t i = items.size(); i > 1; --i) std::swap(items[i - 1], items[rng() % i]);
}

// The cards a day takes from the novice and from the intermediate pile.
constexpr std::size_t kNovicePerDay = 4, kIntermediatePerDay = 4;

std::vector<std::string> novice_features(const Catalogue& cat) {
    std::vector<std::string> ids;
    for (const OracleCard& c : cat.cards)
        if (c.deck == Deck::Novice && c.kind == OracleCard::Kind::FeatureCard) ids.push_back(c.id);
    return ids;
}

std::vector<std::string> intermediate_cards(const Catalogue& cat) {
    std::vector<std::string> ids;
    for (const OracleCard& c : cat.cards)
        if (c.deck == Deck::Intermediate) ids.push_back(c.id);
    return ids;
}

// Before a day's draw: a pile too short for it is made again from all `cards`, shuffled.
void refill(std::vector<std::string>& pile, std::size_t needed, std::vector<std::string> cards, int& shuffles,
            std::mt19937_64& rng) {
    if (pile.size() >= needed) return;
    shuffle(cards, rng);
    pile = std::move(cards);
    ++shuffles;
}

std::string draw(std::vector<std::string>& pile) {
    if (pile.empty()) throw std::logic_error("atlacoya: a pile ran out");
    std::string id = pile.back();
    pile.pop_back();
    return id;
}

}  // namespace

std::vector<AtlacoyaSeat> atlacoya_seats(const Catalogue& cat, std::uint64_t seed, int players) {
    const auto n = static_cast<std::size_t>(std::max(players, 0));
    if (n < kAtlacoyaMinPlayers || n > kAtlacoyaMaxPlayers || n > cat.boards.size())
        throw std::invalid_argument("an Atlacoya game has 2 to 6 players");
    std::vector<std::size_t> sides(cat.boards.size());
    for (std::size_t i = 0; i < sides.size(); ++i) sides[i] = i;
    std::mt19937_64 rng(seed);
    shuffle(sides, rng);
    std::vector<AtlacoyaSeat> seats;
    for (std::size_t p = 0; p < n; ++p) seats.push_back({cat.boards[sides[p]].board});
    return seats;
}

AtlacoyaPiles atlacoya_piles(const Catalogue& cat, std::uint64_t seed) {
    AtlacoyaPiles piles;
    // Another stream than the one choosing the sides (a fixed odd offset; wrapping is fine).
    piles.rng.seed(seed + 0x9E3779B97F4A7C15ULL);
    for (const PositionCard& p : cat.positions) piles.positions.push_back(p.id);
    shuffle(piles.positions, piles.rng);
    piles.novice = novice_features(cat);
    shuffle(piles.novice, piles.rng);
    piles.intermediate = intermediate_cards(cat);
    shuffle(piles.intermediate, piles.rng);
    return piles;
}

AtlacoyaPileSizes pile_sizes(const AtlacoyaPiles& piles) {
    return {static_cast<int>(piles.positions.size()), static_cast<int>(piles.novice.size()),
            static_cast<int>(piles.intermediate.size())};
}

Challenge deal_atlacoya_day(const Catalogue& cat, AtlacoyaPiles& piles, const Board& board) {
    const std::string position_id = draw(piles.positions);
    refill(piles.novice, kNovicePerDay, novice_features(cat), piles.novice_shuffles, piles.rng);
    std::vector<DealtColumn> columns;
    for (const char* top : kBasicColumnTops) columns.push_back({top, draw(piles.novice)});
    refill(piles.intermediate, kIntermediatePerDay, intermediate_cards(cat), piles.intermediate_shuffles,
           piles.rng);
    for (int k = 0; k < 2; ++k) {
        std::string top = draw(piles.intermediate);
        columns.push_back({top, draw(piles.intermediate)});
    }
    const auto position = std::find_if(cat.positions.begin(), cat.positions.end(),
                                       [&](const PositionCard& p) { return p.id == position_id; });
    Challenge row;
    row.board = board;
    row.formation = position->three;
    row.max_stones = kAtlacoyaStones;
    for (const DealtColumn& c : columns) row.tasks.push_back(column_task(cat, c));
    row.cards = DealtCards{std::move(columns), position_id, 3, board.id};
    return row;
}

Challenge deal_atlacoya_row(const Catalogue& cat, std::uint64_t seed, int day, const Board& board) {
    if (day < 1 || day > kAtlacoyaDays) throw std::invalid_argument("an Atlacoya game has days 1 to 7");
    AtlacoyaPiles piles = atlacoya_piles(cat, seed);
    for (int d = 1; d < day; ++d) deal_atlacoya_day(cat, piles, board);
    return deal_atlacoya_day(cat, piles, board);
}

Challenge row_on_board(const Challenge& row, const Board& board) {
    Challenge out = row;
    out.board = board;
    out.board_ref.clear();
    if (out.cards) out.cards->board = board.id;
    return out;
}

namespace {

// An optimal stone set meeting all of `required` when that is possible: the challenge holding only
// those tasks, with a disfavor above the number of fields, so no stone saved is worth an unmet task.
CellSet stones_for(ChallengeSolver& solver, const Challenge& row, const std::vector<int>& required) {
    if (required.empty()) return {};
    Challenge only = row;
    only.tasks.clear();
    only.formation.reset();
    only.cards.reset();
    for (int t : required) {
        if (t == static_cast<int>(row.tasks.size()))
            only.formation = row.formation;
        else
            only.tasks.push_back(row.tasks[static_cast<std::size_t>(t)]);
    }
    only.disfavor = row.board.size() + 1;
    return solver.solve(only).stones;
}

// The bid, the challenges covered by planned tokens and the fewest stones for the rest (none when
// even the lowest bid cannot be met: the bot then bids 2 and meets what it can).
struct BotPlan {
    int bid = kAtlacoyaLowestBid;
    std::vector<int> cover;
    std::optional<int> stones;
};

BotPlan plan(ChallengeSolver& solver, AtlacoyaBot bot, const Challenge& row, const AtlacoyaRow& spec,
             int tokens_left) {
    const int tokens = bot == AtlacoyaBot::Greedy ? tokens_left : 0;
    const AtlacoyaAdvice advice = advise_row(solver, row, spec, tokens);
    BotPlan out;
    // Bids are in rising order and each needs what the lower ones need, so the last that works wins.
    for (const BidAdvice& b : advice.bids) {
        if (b.stones)
            out = {b.bid, {}, b.stones};
        else if (tokens > 0 && b.tokens_needed)
            out = {b.bid, b.cover, b.stones_with_cover};
    }
    return out;
}

// At a failed challenge a bot lays a token when its stones fail no more of the bid's challenges
// than it has tokens (it can get through), and otherwise stops at the first failure.
void add_steps(AtlacoyaBot bot, const Challenge& row, int tokens_left, const AtlacoyaPoints& points,
               AtlacoyaPlay& play) {
    const std::vector<bool> met = atlacoya_met(row, play.stones);
    int failures = 0;
    for (int c = 0; c < play.bid; ++c) failures += !met[static_cast<std::size_t>(c)];
    const bool go_on = failures <= tokens_left;
    for (int c = 0; c < play.bid; ++c) {
        if (met[static_cast<std::size_t>(c)]) continue;
        play.steps.push_back(go_on ? AtlacoyaStep::Token : AtlacoyaStep::Stop);
        if (!go_on) return;
    }
    const auto bid = static_cast<std::size_t>(play.bid);
    const bool keep = bot == AtlacoyaBot::Cautious && failures > 0 &&
                      points.green[bid] - points.red[bid] < kCautiousTokenWorth * failures;
    play.choice = keep ? AtlacoyaChoice::Red : AtlacoyaChoice::Green;
}

}  // namespace

AtlacoyaPlay bot_play(ChallengeSolver& solver, AtlacoyaBot bot, const Challenge& row, int tokens_left,
                      const AtlacoyaPoints& points) {
    const AtlacoyaRow spec{atlacoya_order(row), {}};
    const BotPlan p = plan(solver, bot, row, spec, tokens_left);
    const std::vector<int> required = tasks_to_meet(spec, p.bid, p.cover);
    AtlacoyaPlay play;
    play.bid = p.bid;
    play.stones = stones_for(solver, row, required);
    if (p.stones) {  // the solver's set must be what the advisor proved: all met, with its fewest stones
        const std::vector<bool> met = atlacoya_met(row, play.stones);
        for (std::size_t c = 0; c < static_cast<std::size_t>(p.bid); ++c)
            if (!met[c] && std::find(p.cover.begin(), p.cover.end(), static_cast<int>(c)) == p.cover.end())
                throw std::logic_error("atlacoya: the bot's stones fail challenge " + std::to_string(c + 1));
        if (static_cast<int>(play.stones.count()) != *p.stones)
            throw std::logic_error("atlacoya: the bot's stones are not the advisor's fewest");
    }
    add_steps(bot, row, tokens_left, points, play);
    return play;
}

}  // namespace tlaloc::xalapa
