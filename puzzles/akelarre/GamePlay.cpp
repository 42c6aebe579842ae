// The bots' choices: a whole play planned at the start of the play part of a turn, rules of thumb for
// the rest.
#include "puzzles/akelarre/GamePlay.h"

#include <algorithm>
#include <stdexcept>

#include "model/akelarre/GameJson.h"
#include "model/akelarre/Meld.h"
#include "solver/akelarre/TurnSearch.h"

namespace tlaloc::akelarre {

namespace {

constexpr int kRandomPlayAttempts = 20;
constexpr std::size_t kRandomPlayMoves = 40;  // a random walk longer than this starts again
constexpr int kBestBuysWithDeckLeft = 20;     // the best bot buys no place near the end

using Rng = std::mt19937_64;

std::size_t pick(Rng& rng, std::size_t n) { return static_cast<std::size_t>(rng() % n); }

const Player& mover(const GameState& s) { return s.players[static_cast<std::size_t>(s.current)]; }

int seat_of(const GameState& s, const std::string& name) {
    for (std::size_t i = 0; i < s.players.size(); ++i)
        if (s.players[i].name == name) return static_cast<int>(i);
    throw std::logic_error("no player named " + name);
}

// Cards ordered by what they are worth in `favourite`'s pile, least first; ties: jokers (worth
// nothing to anyone) first, then lower values.
std::vector<Card> by_worth(std::vector<Card> cards, Family favourite) {
    std::stable_sort(cards.begin(), cards.end(), [&](const Card& a, const Card& b) {
        const int pa = card_points(a, favourite), pb = card_points(b, favourite);
        if (pa != pb) return pa < pb;
        return a.value < b.value;
    });
    return cards;
}

// The legal moves worth a random walk: while a new meld is being laid, only cards onto it (the play
// cannot end before it has three); a card starting a new meld only when it makes a meld of three with
// two cards of the hand or of the table's 4-card melds, where the walk can find them.
std::vector<Move> useful_moves(const std::vector<MeetingPlace>& places, const std::vector<Move>& legal) {
    std::vector<Move> out;
    for (const Move& m : legal)
        if (!places[static_cast<std::size_t>(m.to)].free()) out.push_back(m);
    for (const MeetingPlace& p : places)
        if (!p.free() && p.cards.size() < 3) {
            std::vector<Move> onto;
            for (const Move& m : out)
                if (places[static_cast<std::size_t>(m.to)].id == p.id) onto.push_back(m);
            return onto;
        }
    std::vector<Card> pool;
    for (const Move& m : legal) pool.push_back(m.card);
    for (const Move& m : legal) {
        if (!places[static_cast<std::size_t>(m.to)].free()) continue;
        bool starts_meld = false;
        for (std::size_t i = 0; i < pool.size() && !starts_meld; ++i)
            for (std::size_t j = i + 1; j < pool.size() && !starts_meld; ++j)
                starts_meld = read_meld({m.card, pool[i], pool[j]}).valid;
        if (starts_meld) out.push_back(m);
    }
    return out;
}

// A random walk over the legal moves that may stop wherever the play may end; walks that get stuck
// (a new meld that cannot reach three cards) start again, and after kRandomPlayAttempts the bot
// plays nothing.
std::vector<Move> random_play(const GameState& s, Rng& rng) {
    for (int attempt = 0; attempt < kRandomPlayAttempts; ++attempt) {
        std::vector<MeetingPlace> places = s.places;
        std::vector<Card> hand = mover(s).hand;
        PlayPhase phase(places, hand);
        std::vector<Move> moves;
        while (moves.size() <= kRandomPlayMoves) {
            const std::vector<Move> legal = useful_moves(places, phase.legal_moves());
            const bool can_stop = !phase.why_cannot_finish();
            const std::size_t options = legal.size() + (can_stop ? 1 : 0);
            if (options == 0) break;
            const std::size_t choice = pick(rng, options);
            if (choice == legal.size()) return moves;
            phase.apply(legal[choice]);
            moves.push_back(legal[choice]);
        }
    }
    return {};
}

std::vector<Move> best_play(const GameState& s, const BotLimits& limits, bool& proved) {
    TurnSearchResult found = search_best_found(turn_of(s), limits.states, limits.deadline);
    proved = found.proved;
    return found.outcome.moves;
}

// The whole play part of the turn: the moves, a discard when no hand card went down, the end.
// `proved`: false when a best bot's search was cut short.
std::vector<GameAction> plan_play(const GameState& s, Bot bot, Rng& rng, const BotLimits& limits,
                                  bool& proved) {
    proved = true;
    const std::vector<Move> moves = bot == Bot::Best ? best_play(s, limits, proved) : random_play(s, rng);
    std::vector<GameAction> plan;
    bool hand_card = false;
    for (const Move& m : moves) {
        plan.push_back(PlayCard{m});
        hand_card = hand_card || !m.from;
    }
    const Player& me = mover(s);
    if (!hand_card && !me.hand.empty()) {
        const Card c =
            bot == Bot::Best ? by_worth(me.hand, me.favourite).front() : me.hand[pick(rng, me.hand.size())];
        plan.push_back(Discard{c});
    }
    plan.push_back(EndPlay{});
    return plan;
}

GameAction choose_kept(const GameState& s, Bot bot, Rng& rng) {
    std::vector<Card> cards = s.pending->cards;
    if (bot == Bot::Best) {
        const Family favourite = s.players[static_cast<std::size_t>(seat_of(s, s.pending->owner))].favourite;
        cards = by_worth(cards, favourite);
        return OwnerChooses{cards[cards.size() - 1], cards[cards.size() - 2]};
    }
    const std::size_t i = pick(rng, cards.size());
    std::size_t j = pick(rng, cards.size() - 1);
    if (j >= i) ++j;
    return OwnerChooses{cards[i], cards[j]};
}

GameAction choose_draw(const GameState& s, Bot bot, Rng& rng) {
    std::vector<Family> piles;
    for (Family f : kAllFamilies)
        if (!s.discards[static_cast<std::size_t>(f)].empty()) piles.push_back(f);
    if (bot == Bot::Best) {
        if (!s.deck.empty() || piles.empty()) return DrawFromDeck{};
        return DrawFromDiscards{*std::max_element(piles.begin(), piles.end(), [&](Family a, Family b) {
            return s.discards[static_cast<std::size_t>(a)].size() <
                   s.discards[static_cast<std::size_t>(b)].size();
        })};
    }
    // The deck three times in four: drawing the discards back again and again would make games long.
    if (piles.empty() || (!s.deck.empty() && pick(rng, 4) != 0)) return DrawFromDeck{};
    return DrawFromDiscards{piles[pick(rng, piles.size())]};
}

GameAction choose_buy(const GameState& s, Bot bot, Rng& rng) {
    const Player& me = mover(s);
    if (me.points_pile.size() < 5 || places_held(s, me.name) >= most_places_held()) return EndTurn{};
    if (bot == Bot::Best) {
        const bool own_free = std::any_of(s.places.begin(), s.places.end(), [&](const MeetingPlace& p) {
            return p.free() && p.owner == me.name;
        });
        if (own_free || static_cast<int>(s.deck.size()) < kBestBuysWithDeckLeft) return EndTurn{};
        std::vector<Card> pile = by_worth(me.points_pile, me.favourite);
        return BuyPlace{{pile.begin(), pile.begin() + 5}};
    }
    if (pick(rng, 4) != 0) return EndTurn{};
    std::vector<Card> pile = me.points_pile;
    for (std::size_t i = 0; i < 5; ++i) std::swap(pile[i], pile[i + pick(rng, pile.size() - i)]);
    return BuyPlace{{pile.begin(), pile.begin() + 5}};
}

}  // namespace

BotSteps bot_steps(const GameState& s, Bot bot, Rng& rng, const BotLimits& limits) {
    BotSteps out;
    switch (s.phase) {
        case Phase::OwnerChooses:
            out.steps = {choose_kept(s, bot, rng)};
            break;
        case Phase::Play:
            if (s.discarded_this_turn) {
                out.steps = {EndPlay{}};
                break;
            }
            // A turn already under way has played or discarded: no discard now.
            for (GameAction& a : plan_play(s, bot, rng, limits, out.proved))
                if (!std::holds_alternative<Discard>(a) || !(s.played_this_turn || s.discarded_this_turn))
                    out.steps.push_back(std::move(a));
            break;
        case Phase::Draw:
            out.steps = {choose_draw(s, bot, rng)};
            break;
        case Phase::Buy:
            out.steps = {choose_buy(s, bot, rng)};
            break;
        case Phase::Over:
            break;
    }
    return out;
}

TurnPosition turn_of(const GameState& s) {
    const Player& me = mover(s);
    return {me.hand, s.places, me.favourite, me.name};
}

}  // namespace tlaloc::akelarre
