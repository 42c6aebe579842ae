// The bots' choices and the loop that asks the seat to act until the engine says the game is over.
#include "puzzles/akelarre/GamePlay.h"

#include <algorithm>
#include <deque>
#include <stdexcept>

#include "model/akelarre/GameJson.h"
#include "model/akelarre/Meld.h"
#include "puzzles/common/Bots.h"
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

std::vector<Move> best_play(const GameState& s, const solver::Deadline& deadline, std::size_t most_states,
                            bool& proved) {
    TurnSearchResult found = search_best_found(turn_of(s), most_states, deadline);
    proved = found.proved;
    return found.outcome.moves;
}

// The whole play part of the turn: the moves, a discard when no hand card went down, the end.
// `proved`: false when a best bot's search was cut short.
std::deque<GameAction> plan_play(const GameState& s, Bot bot, Rng& rng, const solver::Deadline& deadline,
                                 std::size_t most_states, bool& proved) {
    proved = true;
    const std::vector<Move> moves =
        bot == Bot::Best ? best_play(s, deadline, most_states, proved) : random_play(s, rng);
    std::deque<GameAction> plan;
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

// A bot's next action: its plan for the play part of the turn (made at the turn's first action), or
// its choice of the cards to keep, the draw or the purchase.
GameAction bot_action(const GameState& s, Bot bot, Rng& rng, const solver::Deadline& deadline,
                      std::size_t best_bot_states, std::deque<GameAction>& plan, PlayedGame& played) {
    GameAction action = EndTurn{};
    switch (s.phase) {
        case Phase::OwnerChooses:
            action = choose_kept(s, bot, rng);
            break;
        case Phase::Play:
            if (plan.empty()) {
                bool proved = true;
                plan = plan_play(s, bot, rng, deadline, best_bot_states, proved);
                if (!proved) played.unproved_plays.push_back(played.actions.size());
            }
            action = plan.front();
            plan.pop_front();
            break;
        case Phase::Draw:
            action = choose_draw(s, bot, rng);
            break;
        case Phase::Buy:
            action = choose_buy(s, bot, rng);
            break;
        case Phase::Over:
            break;
    }
    return action;
}

}  // namespace

std::vector<GameAction> bot_steps(const GameState& s, Bot bot, Rng& rng, std::size_t best_bot_states) {
    if (bot == Bot::Human) throw std::logic_error("bot_steps: a human seat has no bot");
    if (s.phase != Phase::Play) {
        std::deque<GameAction> plan;
        PlayedGame unused;
        return {bot_action(s, bot, rng, solver::Deadline(), best_bot_states, plan, unused)};
    }
    if (s.discarded_this_turn) return {EndPlay{}};
    bool proved = true;
    std::deque<GameAction> plan = plan_play(s, bot, rng, solver::Deadline(), best_bot_states, proved);
    std::vector<GameAction> out;
    for (GameAction& a : plan)  // a turn already under way has played or discarded: no discard now
        if (!std::holds_alternative<Discard>(a) || !(s.played_this_turn || s.discarded_this_turn))
            out.push_back(std::move(a));
    return out;
}

TurnPosition turn_of(const GameState& s) {
    const Player& me = mover(s);
    return {me.hand, s.places, me.favourite, me.name};
}

// Akelarre's own bot, the best play of each turn, is both "greedy" and "best".
constexpr std::array<BotRow<Bot>, 4> kBots{{{Bot::Random, BotName::Random},
                                            {Bot::Best, BotName::Best},
                                            {Bot::Best, BotName::Greedy},
                                            {Bot::Human, BotName::Human}}};

std::optional<Bot> parse_bot(const std::string& name) { return game_bot(name, kBots); }

const char* to_string(Bot bot) { return game_bot_name(bot, kBots); }

PlayedGame play_game(const GameSetup& setup, const std::vector<Bot>& bots, const solver::Deadline& deadline,
                     const ActionObserver& observer, std::size_t best_bot_states, const HumanAction& human) {
    if (bots.size() != setup.players.size()) throw std::logic_error("play_game: one bot per seat");
    PlayedGame played;
    played.setup = setup;
    played.bots = bots;
    played.best_bot_states = best_bot_states;
    Game game = Game::deal(setup);
    // The bots' own random numbers, apart from the deal's so that the deal depends on the seed only.
    Rng rng(setup.seed ^ 0x5DEECE66DULL);
    std::deque<GameAction> plan;
    while (game.state().phase != Phase::Over) {
        if (played.actions.size() >= static_cast<std::size_t>(kMaxGameActions))
            throw std::logic_error("play_game: the game did not end");
        const GameState& s = game.state();
        const Bot bot = bots[static_cast<std::size_t>(seat_of(s, acting_player(s)))];
        GameAction action = EndTurn{};
        if (bot == Bot::Human) {
            std::optional<GameAction> chosen = human ? human(game) : std::nullopt;
            if (!chosen) {
                played.abandoned = true;
                break;
            }
            action = *chosen;
        } else {
            action = bot_action(s, bot, rng, deadline, best_bot_states, plan, played);
        }
        LoggedAction logged{acting_player(s), action};
        if (observer) observer(s, logged);
        game.apply(action);
        played.actions.push_back(std::move(logged));
    }
    played.final_state = game.state();
    played.scores = final_scores(played.final_state.players);
    played.team_totals = team_totals(played.final_state.players, played.scores);
    return played;
}

}  // namespace tlaloc::akelarre
