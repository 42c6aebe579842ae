#include "puzzles/aztlan/GameBots.h"

#include <algorithm>

#include "puzzles/common/Bots.h"
#include "solver/aztlan/BestPlacement.h"

namespace tlaloc::aztlan {

std::optional<GameBot> parse_game_bot(const std::string& name) {
    // Aztlán has one bot beyond random: "best" is the greedy bot.
    const std::optional<BotName> bot = bot_name(name);
    if (bot == BotName::Random) return GameBot::Random;
    if (bot == BotName::Greedy || bot == BotName::Best) return GameBot::Greedy;
    return std::nullopt;
}

const char* to_string(GameBot bot) { return bot == GameBot::Random ? "random" : "greedy"; }

namespace {

template <class T>
const T& pick(const std::vector<T>& items, std::mt19937_64& rng) {
    return items[std::uniform_int_distribution<std::size_t>(0, items.size() - 1)(rng)];
}

bool coin(std::mt19937_64& rng) { return rng() % 2 == 0; }

int count_held(const Seat& seat, ProsperityCard card) {
    return static_cast<int>(std::count(seat.hand.begin(), seat.hand.end(), card));
}

std::vector<int> unused_cards(const Seat& seat) {
    std::vector<int> out;
    for (int c = kLowestCard; c <= kHighestCard; ++c)
        if (!seat.used[c - kLowestCard]) out.push_back(c);
    return out;
}

// The side's pieces as a position player with `card`, to score or optimise.
PlayerPosition as_player(const Game& game, int side, int card) {
    PlayerPosition p;
    p.name = game.sides()[side].name;
    p.card = card;
    p.pawns = game.sides()[side].board;
    return p;
}

Action random_development(const Game& game, Action a, std::mt19937_64& rng) {
    const int side = game.side_of(a.player);
    a.place = static_cast<int>(rng() % static_cast<std::uint64_t>(game.map().size()));
    auto targets = game.eagle_targets(a.player, a.place);
    if (!targets.empty() && coin(rng)) a.eagle = pick(targets, rng);
    if (coin(rng)) {
        std::vector<std::pair<int, int>> moves = game.moves_of(side);
        for (int n : game.map().territories[a.place].neighbors) moves.emplace_back(a.place, n);
        if (!moves.empty()) a.move = pick(moves, rng);
    }
    return a;
}

// A random territory of the player's to settle, a random decision where they win; Great Tlatoani and
// Sacred Games, when held and they apply, at random.
Action random_conflict(const Game& game, Action a, std::mt19937_64& rng) {
    const Seat& seat = game.seats()[a.player];
    const auto random_decision = [&rng] { return coin(rng) ? Decision::Defeat : Decision::Coexist; };
    if (const auto& open = game.open_conflict()) {
        a.territory = open->territory;
        const auto card = open->winner < 0 ? ProsperityCard::GreatTlatoani : ProsperityCard::SacredGames;
        if (count_held(seat, card) > 0 && coin(rng)) {
            a.play.push_back({card, a.territory});
            if (open->winner < 0) a.decision = random_decision();
        }
        return a;
    }
    a.territory = pick(game.conflicts_to_settle(a.player), rng);
    const bool tied = game.strongest_here(a.territory).size() > 1;
    if (tied && count_held(seat, ProsperityCard::GreatTlatoani) > 0 && coin(rng))
        a.play.push_back({ProsperityCard::GreatTlatoani, a.territory});
    if (!tied || !a.play.empty()) a.decision = random_decision();
    return a;
}

Action random_scoring(const Game& game, Action a, std::mt19937_64& rng) {
    const Seat& seat = game.seats()[a.player];
    for (ProsperityCard c : {ProsperityCard::BlessingMixcoatl, ProsperityCard::BlessingTepeyollotl,
                             ProsperityCard::BlessingXipeTotec, ProsperityCard::RaftsAndCanoes})
        if (count_held(seat, c) > 0 && coin(rng)) a.play.push_back({c, std::nullopt});
    if (!game.profile().bonus_type_of(seat.card) && coin(rng))
        a.bonus = static_cast<TerritoryType>(rng() % kTerritoryTypeCount);
    return a;
}

// The card whose best placement of this age's pawns scores most (ties: one of them at random).
int greedy_card(const Game& game, int player, std::mt19937_64& rng) {
    const int side = game.side_of(player);
    const int pawns = std::min(kMaxPlacementPawns, pawns_per_age(game.players(), game.age()));
    std::vector<int> best_cards;
    int best = -1;
    for (int c : unused_cards(game.seats()[player])) {
        int points = best_placement(game.map(), game.profile(), as_player(game, side, c), pawns).points;
        if (points > best) best = points, best_cards.clear();
        if (points == best) best_cards.push_back(c);
    }
    return pick(best_cards, rng);
}

// How much the greedy bot likes a territory for its next pawn: a new territory of the optimiser's
// plan for the pawns in hand most, a territory no other side holds next, then a shared territory
// where it is not yet ahead in pawns; ties at random.
int placement_liking(const Game& game, int side, const Placement& plan, int t) {
    const Side& me = game.sides()[side];
    int others = 0;
    for (std::size_t o = 0; o < game.sides().size(); ++o)
        if (static_cast<int>(o) != side) others = std::max(others, game.sides()[o].board[t]);
    int liking = 0;
    if (plan.added[t] > 0 && me.board[t] == 0) liking += 4;
    if (others == 0) liking += 2;
    if (others > 0 && me.board[t] > 0 && me.board[t] <= others) liking += 3;
    return liking;
}

// One pawn where the bot likes it best; Eagle and Jaguar on the same territory; then the move that
// raises the score most without leaving a territory, if any does.
Action greedy_development(const Game& game, Action a, std::mt19937_64& rng) {
    const int side = game.side_of(a.player);
    const Side& s = game.sides()[side];
    PlayerPosition me = as_player(game, side, game.seats()[a.player].card);
    Placement plan = best_placement(game.map(), game.profile(), me, std::min(kMaxPlacementPawns, s.hand));
    std::vector<int> best_places;
    int best_liking = -1;
    for (int t = 0; t < game.map().size(); ++t) {
        int liking = placement_liking(game, side, plan, t);
        if (liking > best_liking) best_liking = liking, best_places.clear();
        if (liking == best_liking) best_places.push_back(t);
    }
    a.place = pick(best_places, rng);
    auto targets = game.eagle_targets(a.player, a.place);
    if (std::find(targets.begin(), targets.end(), a.place) != targets.end()) a.eagle = a.place;
    me.pawns[a.place] += 1 + (a.eagle ? 1 : 0);
    int best = score_player(game.graph(), game.profile(), me).points;
    for (int from = 0; from < game.map().size(); ++from) {
        if (me.pawns[from] < 2) continue;
        for (int to : game.map().territories[from].neighbors) {
            if (me.pawns[to] > 0) continue;
            --me.pawns[from], ++me.pawns[to];
            int points = score_player(game.graph(), game.profile(), me).points;
            if (points > best) best = points, a.move = std::make_pair(from, to);
            ++me.pawns[from], --me.pawns[to];
        }
    }
    return a;
}

// Defeat everywhere, settling in map order; Great Tlatoani when tied, Sacred Games when defeated.
Action greedy_conflict(const Game& game, Action a) {
    const Seat& seat = game.seats()[a.player];
    if (const auto& open = game.open_conflict()) {
        a.territory = open->territory;
        const auto card = open->winner < 0 ? ProsperityCard::GreatTlatoani : ProsperityCard::SacredGames;
        if (count_held(seat, card) > 0) {
            a.play.push_back({card, a.territory});
            if (open->winner < 0) a.decision = Decision::Defeat;
        }
        return a;
    }
    a.territory = game.conflicts_to_settle(a.player).front();
    const bool tied = game.strongest_here(a.territory).size() > 1;
    if (tied && count_held(seat, ProsperityCard::GreatTlatoani) > 0)
        a.play.push_back({ProsperityCard::GreatTlatoani, a.territory});
    if (!tied || !a.play.empty()) a.decision = Decision::Defeat;
    return a;
}

// Blessings where they pay more than the 1 VP the card is worth kept; Rafts and Canoes likewise.
Action greedy_scoring(const Game& game, Action a) {
    const int side = game.side_of(a.player);
    const Seat& seat = game.seats()[a.player];
    PlayerPosition me = as_player(game, side, seat.card);
    const int base = score_player(game.graph(), game.profile(), me).points;
    for (ProsperityCard c : {ProsperityCard::BlessingMixcoatl, ProsperityCard::BlessingTepeyollotl,
                             ProsperityCard::BlessingXipeTotec, ProsperityCard::RaftsAndCanoes}) {
        if (count_held(seat, c) == 0) continue;
        PlayerPosition with = me;
        with.play.push_back({c, std::nullopt});
        if (score_player(game.graph(), game.profile(), with).points > base + 1)
            a.play.push_back({c, std::nullopt});
    }
    return a;
}

}  // namespace

Action bot_action(const Game& game, GameBot bot, std::mt19937_64& rng) {
    Action a;
    a.player = game.to_act();
    a.phase = game.phase();
    const bool greedy = bot == GameBot::Greedy;
    switch (a.phase) {
        case Phase::Alliance:  // the alliances are alike before the first pawn: either will do
            a.alliance = static_cast<int>(rng() % game.sides().size());
            return a;
        case Phase::Choice:
            a.card =
                greedy ? greedy_card(game, a.player, rng) : pick(unused_cards(game.seats()[a.player]), rng);
            return a;
        case Phase::Development:
            return greedy ? greedy_development(game, a, rng) : random_development(game, a, rng);
        case Phase::Conflict:
            return greedy ? greedy_conflict(game, a) : random_conflict(game, a, rng);
        case Phase::Scoring:
            return greedy ? greedy_scoring(game, a) : random_scoring(game, a, rng);
        default:
            return a;
    }
}

}  // namespace tlaloc::aztlan
