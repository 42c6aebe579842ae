#include "session/akelarre/AkelarreEngine.h"

#include <algorithm>
#include <set>
#include <sstream>
#include <stdexcept>

#include "model/akelarre/GameJson.h"
#include "model/akelarre/Meld.h"
#include "model/common/InputError.h"
#include "puzzles/akelarre/GamePlay.h"
#include "puzzles/akelarre/TablePicture.h"

namespace tlaloc::session {

namespace {

using namespace akelarre;

GameSetup make_setup(int players, bool teams, std::uint64_t seed) {
    GameSetup setup;
    for (int p = 1; p <= players; ++p) setup.players.push_back("P" + std::to_string(p));
    if (teams) setup.teams = {0, 1, 0, 1};
    setup.seed = seed;
    setup.first_player = seeded_first_player(seed, players);
    if (auto why = Game::why_bad_setup(setup)) throw std::invalid_argument(*why);
    return setup;
}

int seat_of(const GameState& s, const std::string& name) {
    for (std::size_t i = 0; i < s.players.size(); ++i)
        if (s.players[i].name == name) return static_cast<int>(i);
    return -1;
}

std::string text(const GameAction& a) { return action_to_json(a).dump(); }

std::vector<Card> distinct(std::vector<Card> cards) {
    std::sort(cards.begin(), cards.end());
    cards.erase(std::unique(cards.begin(), cards.end()), cards.end());
    return cards;
}

// Whether a play in this state can still end: no meld is being laid, or cards can be added to the
// one being laid (at most two more reach three) until it can.
bool can_finish(std::vector<MeetingPlace> places, std::vector<Card> hand, int depth = 2) {
    PlayPhase phase(places, hand);
    if (!phase.why_cannot_finish()) return true;
    if (depth == 0) return false;
    for (const Move& m : phase.legal_moves()) {
        std::vector<MeetingPlace> p = places;
        std::vector<Card> h = hand;
        PlayPhase(p, h).apply(m);
        if (can_finish(p, h, depth - 1)) return true;
    }
    return false;
}

bool finishable_after(const std::vector<MeetingPlace>& places, const std::vector<Card>& hand, const Move& m) {
    std::vector<MeetingPlace> p = places;
    std::vector<Card> h = hand;
    PlayPhase(p, h).apply(m);
    return can_finish(p, h);
}

// Every action of the phase, before the engine's filter: the play phase's moves (one per distinct
// card and target, leaving a play that can still end), discards and the end; the owner's pairs; the draws;
// the end of the turn and one purchase (the five cards worth least to the buyer: any five are legal).
std::vector<GameAction> candidates(const GameState& s) {
    std::vector<GameAction> out;
    const Player& me = s.players[static_cast<std::size_t>(s.current)];
    switch (s.phase) {
        case Phase::Play: {
            std::vector<MeetingPlace> places = s.places;
            std::vector<Card> hand = me.hand;
            for (const Move& m : PlayPhase(places, hand).legal_moves())
                if (finishable_after(s.places, me.hand, m)) out.push_back(PlayCard{m});
            if (!why_cannot_finish(s.places))  // a discard ends the play: not with a meld half laid
                for (const Card& c : distinct(me.hand)) out.push_back(Discard{c});
            out.push_back(EndPlay{});
            break;
        }
        case Phase::OwnerChooses: {
            const std::vector<Card>& cards = s.pending->cards;
            std::set<std::pair<Card, Card>> pairs;
            for (std::size_t i = 0; i < cards.size(); ++i)
                for (std::size_t j = i + 1; j < cards.size(); ++j)
                    pairs.insert(std::minmax(cards[i], cards[j]));
            for (const auto& [a, b] : pairs) out.push_back(OwnerChooses{a, b});
            break;
        }
        case Phase::Draw:
            out.push_back(DrawFromDeck{});
            for (Family f : kAllFamilies) out.push_back(DrawFromDiscards{f});
            break;
        case Phase::Buy: {
            out.push_back(EndTurn{});
            std::vector<Card> pile = me.points_pile;
            std::stable_sort(pile.begin(), pile.end(), [&](const Card& a, const Card& b) {
                return card_points(a, me.favourite) < card_points(b, me.favourite);
            });
            if (pile.size() >= 5) out.push_back(BuyPlace{{pile.begin(), pile.begin() + 5}});
            break;
        }
        case Phase::Over:
            break;
    }
    return out;
}

}  // namespace

AkelarreEngine::AkelarreEngine(int players, bool teams, std::uint64_t seed)
    : setup_(make_setup(players, teams, seed)), game_(Game::deal(setup_)) {}

std::vector<GameAction> AkelarreEngine::steps_of(Bot bot, Rng& rng) const {
    BotSteps found = bot_steps(game_.state(), bot, rng, limits_);
    if (!found.proved) ++unproved_;
    return std::move(found.steps);
}

int AkelarreEngine::to_act() const {
    if (over()) return -1;
    return seat_of(game_.state(), acting_player(game_.state()));
}

std::vector<std::string> AkelarreEngine::legal_actions() const {
    std::vector<std::string> out;
    if (over()) return out;
    for (const GameAction& a : candidates(game_.state()))
        if (!game_.why_illegal(a)) out.push_back(text(a));
    return out;
}

std::optional<GameAction> AkelarreEngine::checked(const std::string& action, std::string& why) const {
    const Json parsed = Json::parse(action, nullptr, false);
    if (!parsed.is_object())
        return why = "not an Akelarre action (a JSON object with \"action\")", std::nullopt;
    try {
        GameAction a = parse_action(JsonPlace(parsed, "action"), players());
        if (auto refused = game_.why_illegal(a)) return why = *refused, std::nullopt;
        return a;
    } catch (const InputError& e) {
        return why = e.what(), std::nullopt;
    }
}

std::optional<std::string> AkelarreEngine::why_illegal_one(const std::string& action) const {
    std::string why;
    if (checked(action, why)) return std::nullopt;
    return why;
}

// Read and checked once: the state is unchanged when the action is refused.
void AkelarreEngine::apply_one(const std::string& action) {
    std::string why;
    const std::optional<GameAction> a = checked(action, why);
    if (!a) throw std::logic_error("akelarre: " + why);
    step(*a);
}

void AkelarreEngine::step(const GameAction& a) {
    const int actor = to_act();
    game_.apply(a);
    ++applied_;
    if (std::holds_alternative<EndTurn>(a)) ++turns_;
    // The whole plays planned: the one this action follows goes on; another player's action (an owner's
    // choice) leaves a begun play waiting; every other plan is dropped.
    std::vector<PlayPlan> kept;
    for (PlayPlan& p : plays_) {
        if (actor == p.player && !p.rest.empty() && text(p.rest.front()) == text(a)) {
            p.rest.erase(p.rest.begin());
            p.begun = true;
            if (!p.rest.empty()) kept.push_back(std::move(p));
        } else if (actor != p.player && p.begun) {
            kept.push_back(std::move(p));
        }
    }
    plays_ = std::move(kept);
    if (plan_.rest.empty()) return;
    if (actor == plan_.player && text(plan_.rest.front()) == text(a)) {
        plan_.rest.erase(plan_.rest.begin());
        plan_.at = applied_;
    } else if (actor != plan_.player && plan_.at == applied_ - 1) {
        plan_.at = applied_;  // the owner's choice in the middle of the play
    } else {
        plan_.rest.clear();
    }
}

std::string AkelarreEngine::same_player_prefix(const std::vector<GameAction>& steps) const {
    Game copy = game_;
    const std::string player = acting_player(copy.state());
    Json array = Json::array();
    // After each step: whether the play can end there at once (no meld being laid, or the play is
    // over), and else the table and hand, for the search of can_finish, which only the longest
    // prefix that needs it pays for.
    struct After {
        bool ends = false;
        std::vector<MeetingPlace> places;
        std::vector<Card> hand;
    };
    std::vector<After> after;
    for (const GameAction& a : steps) {
        if (copy.why_illegal(a)) break;
        array.push_back(action_to_json(a));
        copy.apply(a);
        const GameState& s = copy.state();
        if (s.phase != Phase::Play || !why_cannot_finish(s.places))
            after.push_back({true, {}, {}});
        else
            after.push_back({false, s.places, s.players[static_cast<std::size_t>(s.current)].hand});
        if (s.phase == Phase::Over || acting_player(s) != player) break;
    }
    std::size_t good = after.size();  // the longest prefix after which the play can still end
    while (good > 0 && !after[good - 1].ends && !can_finish(after[good - 1].places, after[good - 1].hand))
        --good;
    if (good == 0) return "[]";
    array.erase(array.begin() + static_cast<std::ptrdiff_t>(good), array.end());
    return good == 1 ? array.front().dump() : array.dump();
}

std::vector<int> AkelarreEngine::scores() const { return player_totals(final_scores(game_.state().players)); }

std::vector<int> AkelarreEngine::winners() const {
    if (!over()) return {};
    const auto& seats = game_.state().players;
    const std::vector<PlayerScore> s = final_scores(seats);
    if (setup_.teams.empty()) {
        auto w = winner_of(player_totals(s));
        return w ? std::vector<int>{*w} : std::vector<int>{};
    }
    auto team = winner_of(team_totals(seats, s));
    std::vector<int> out;
    if (team)
        for (int p = 0; p < players(); ++p)
            if (setup_.teams[static_cast<std::size_t>(p)] == *team) out.push_back(p);
    return out;
}

std::string AkelarreEngine::own_bot_action(OwnBot bot, Rng& rng) const {
    // A play goes down whole (up to an owner's choice in its middle): a plan followed a card at a
    // time could be left unfinishable by what happens in between.
    if (game_.state().phase == Phase::Play) return whole_play(bot, rng);
    if (plan_.player == to_act() && plan_.bot == bot && plan_.at == applied_ && !plan_.rest.empty() &&
        !game_.why_illegal(plan_.rest.front()))
        return text(plan_.rest.front());
    std::vector<GameAction> steps = steps_of(bot == OwnBot::Random ? Bot::Random : Bot::Best, rng);
    if (steps.empty() || game_.why_illegal(steps.front())) return fallback(rng);
    plan_ = {to_act(), bot, applied_, steps};
    return text(steps.front());
}

namespace {

// Moves that finish every meld being laid (one or two cards on a place), each a card from the hand
// or taken from a four-card meld onto such a place: a depth-first search of at most `budget` states.
bool finish_melds(const std::vector<MeetingPlace>& places, const std::vector<Card>& hand, int depth,
                  int& budget, std::vector<Move>& out) {
    std::vector<MeetingPlace> p0 = places;
    std::vector<Card> h0 = hand;
    PlayPhase phase(p0, h0);
    if (!phase.why_cannot_finish()) return true;
    if (depth == 0 || --budget < 0) return false;
    for (const Move& m : phase.legal_moves()) {
        const std::size_t size = places[static_cast<std::size_t>(m.to)].cards.size();
        if (size == 0 || size >= 3) continue;
        std::vector<MeetingPlace> p = places;
        std::vector<Card> h = hand;
        PlayPhase(p, h).apply(m);
        out.push_back(m);
        if (finish_melds(p, h, depth - 1, budget, out)) return true;
        out.pop_back();
    }
    return false;
}

}  // namespace

// The bots plan whole plays from a turn's start; in a turn a search began otherwise (a new meld of
// one or two cards) their plan may not fit: then a legal action at random, cards first. A play whose
// plan is lost (the studio's table deals the game again at every request) with melds begun that the
// two-move lookahead cannot finish gets the moves that finish them.
std::string AkelarreEngine::fallback(Rng& rng) const {
    std::vector<std::string> legal = legal_actions();
    std::vector<std::string> plays;
    for (const std::string& a : legal)
        if (a.find("\"play\"") != std::string::npos) plays.push_back(a);
    const std::vector<std::string>& from = plays.empty() ? legal : plays;
    const GameState& now = game_.state();
    if (from.empty() && now.phase == Phase::Play) {
        constexpr int kMostMoves = 8, kMostStates = 50000;
        int budget = kMostStates;
        std::vector<Move> moves;
        if (finish_melds(now.places, now.players[static_cast<std::size_t>(now.current)].hand, kMostMoves,
                         budget, moves)) {
            std::vector<GameAction> steps;
            for (const Move& m : moves) steps.push_back(PlayCard{m});
            const std::string finish = same_player_prefix(steps);
            if (finish != "[]") return finish;
        }
    }
    if (from.empty()) {
        const GameState& s = game_.state();
        std::string table;
        for (const MeetingPlace& p : s.places) {
            table += " |";
            for (const Card& c : p.cards) table += " " + to_string(c);
        }
        std::string hand;
        for (const Card& c : s.players[static_cast<std::size_t>(s.current)].hand) hand += " " + to_string(c);
        throw DeadEnd("akelarre: no legal action in a game that is not over (phase " +
                      std::to_string(static_cast<int>(s.phase)) + ", hand" + hand + ", places" + table + ")");
    }
    return from[rng() % from.size()];
}

namespace {

// A whole play's steps (moves, a discard, the end) played by `game`'s player to act, each owner's
// choice in between by the owner's greedy bot; false when a step is refused.
bool play_through(Engine& game, const std::vector<GameAction>& steps, Rng& rng) {
    const int me = game.to_act();
    for (const GameAction& a : steps) {
        while (!game.over() && game.to_act() != me) game.apply(game.own_bot_action(OwnBot::Greedy, rng));
        if (game.over() || game.why_illegal(text(a))) return false;
        game.apply(text(a));
    }
    return true;
}

// The ways to play a turn the lookahead compares: greedy's whole play, each shorter start of it after
// which the play may end (a discard added when no hand card went down), and a discard alone.
std::vector<std::vector<GameAction>> play_options(const GameState& s, const std::vector<GameAction>& greedy) {
    std::vector<std::vector<GameAction>> out = {greedy};
    const Player& me = s.players[static_cast<std::size_t>(s.current)];
    const auto least_worth = [&] {
        return *std::min_element(me.hand.begin(), me.hand.end(), [&](const Card& a, const Card& b) {
            return card_points(a, me.favourite) < card_points(b, me.favourite);
        });
    };
    std::vector<MeetingPlace> places = s.places;
    std::vector<Card> hand = me.hand;
    std::vector<GameAction> start;
    bool hand_card = false;
    const auto moves =
        static_cast<std::size_t>(std::count_if(greedy.begin(), greedy.end(), [](const GameAction& a) {
            return std::holds_alternative<PlayCard>(a);
        }));
    for (const GameAction& a : greedy) {
        const auto* play = std::get_if<PlayCard>(&a);
        if (!play) break;
        PlayPhase(places, hand).apply(play->move);
        start.push_back(a);
        hand_card = hand_card || !play->move.from;
        if (start.size() >= moves || why_cannot_finish(places)) continue;  // all of them: greedy's own play
        std::vector<GameAction> option = start;
        if (!hand_card && !hand.empty()) option.push_back(Discard{least_worth()});
        option.push_back(EndPlay{});
        out.push_back(std::move(option));
    }
    if (!me.hand.empty() && !std::holds_alternative<Discard>(greedy.front()))
        out.push_back({Discard{least_worth()}, EndPlay{}});
    return out;
}

// How far `me` (or, in the team game, its team) is ahead of the best other player (team) by the
// points scored so far.
int lead_of(const std::vector<Player>& seats, int me) {
    const std::vector<PlayerScore> scores = final_scores(seats);
    const std::vector<int> totals = player_totals(scores);
    const std::vector<int> teams = team_totals(seats, scores);
    const std::size_t mine = static_cast<std::size_t>(me);
    if (teams.size() == 2 && seats[mine].team >= 0) {
        const std::size_t team = static_cast<std::size_t>(seats[mine].team);
        return teams[team] - teams[1 - team];
    }
    int others = -1000;
    for (std::size_t p = 0; p < totals.size(); ++p)
        if (p != mine) others = std::max(others, totals[p]);
    return totals[mine] - others;
}

}  // namespace

// `me`'s lead (lead_of) in a copy of `world` once `option` is played and the next player has played
// greedy's turn; nothing when the option is refused or the imagined game reaches a dead end there
// (a dealt hand the real player does not hold may leave the others' bots stuck).
std::optional<int> AkelarreEngine::lead_after(const Engine& world, const std::vector<GameAction>& option,
                                              int me, Rng& rng) {
    try {
        auto game = world.clone();
        if (!play_through(*game, option, rng)) return std::nullopt;
        const auto& after = static_cast<const AkelarreEngine&>(*game);
        const int turn = after.turns_;
        while (!game->over() && after.turns_ < turn + 2)
            game->apply(game->own_bot_action(OwnBot::Greedy, rng));
        return lead_of(after.game_.state().players, me);
    } catch (const std::logic_error&) {  // DeadEnd is one
        return std::nullopt;
    }
}

// Keeps a bot's whole play (plays_); when a search has asked for many plays of one state, the oldest
// plan nobody has started makes room for it.
void AkelarreEngine::remember(PlayPlan plan) const {
    constexpr std::size_t kMostPlans = 8;
    if (plays_.size() >= kMostPlans) {
        const auto unbegun =
            std::find_if(plays_.begin(), plays_.end(), [](const PlayPlan& p) { return !p.begun; });
        if (unbegun == plays_.end()) return;
        plays_.erase(unbegun);
    }
    plays_.push_back(std::move(plan));
}

// The "best" bot's play at the start of a turn: of play_options, the one that leaves the player
// furthest ahead of the best other player once its turn is over and the next player has played
// greedy's turn, averaged over a few draws of what the player cannot see (the others' hands and
// favourites, the deck). Looking on through every other player's turn did no better with 3 players
// and worse with 4 (docs/balance.md).
std::string AkelarreEngine::lookahead_play(Rng& rng) const {
    constexpr int kDraws = 4;
    const int me = to_act();
    const std::vector<GameAction> greedy = steps_of(Bot::Best, rng);
    if (greedy.empty()) return fallback(rng);
    const std::vector<std::vector<GameAction>> options = play_options(game_.state(), greedy);
    std::vector<std::unique_ptr<Engine>> worlds;
    for (int d = 0; d < kDraws; ++d) worlds.push_back(determinize(me, rng));
    std::size_t best = 0;
    double best_value = -1e9;
    for (std::size_t o = 0; o < options.size(); ++o) {
        double value = 0;
        for (const auto& world : worlds) {
            const std::optional<int> lead = lead_after(*world, options[o], me, rng);
            if (!lead) {
                value = -1e9;  // the option fails in a world it might be played in
                break;
            }
            value += *lead;
        }
        if (value > best_value + 1e-9) best_value = value, best = o;
    }
    const std::string play = same_player_prefix(options[best]);
    if (play == "[]") return fallback(rng);
    remember({me, false, options[best]});
    return play;
}

// A bot's whole play as one action (up to a pause for an owner's choice). A play cut short by an
// owner's choice goes on with the rest of that play: the melds it has begun may need more cards than
// the engine's lookahead of two (legal_actions) sees, and only the plan knows where they come from.
std::string AkelarreEngine::whole_play(OwnBot bot, Rng& rng) const {
    for (const PlayPlan& p : plays_) {
        if (p.player != to_act() || !p.begun || p.rest.empty()) continue;
        const std::string rest = same_player_prefix(p.rest);
        if (rest != "[]") return rest;
    }
    if (why_cannot_finish(game_.state().places)) return fallback(rng);
    const GameState& s = game_.state();
    if (bot == OwnBot::Best && !s.played_this_turn && !s.discarded_this_turn) return lookahead_play(rng);
    std::vector<GameAction> steps = steps_of(bot == OwnBot::Random ? Bot::Random : Bot::Best, rng);
    const std::string play = same_player_prefix(steps);
    if (play == "[]") return fallback(rng);
    remember({to_act(), false, std::move(steps)});
    return play;
}

// The greedy bot's whole play, each single step, and a few random whole plays.
std::vector<std::string> AkelarreEngine::search_actions(Rng& rng) const {
    std::vector<std::string> out = legal_actions();
    if (game_.state().phase != Phase::Play) return out;
    out.insert(out.begin(), whole_play(OwnBot::Greedy, rng));
    for (int i = 0; i < 3; ++i) out.push_back(whole_play(OwnBot::Random, rng));
    std::vector<std::string> unique;
    for (std::string& a : out)
        if (std::find(unique.begin(), unique.end(), a) == unique.end()) unique.push_back(std::move(a));
    return unique;
}

bool AkelarreEngine::searchable(const std::string& action) const {
    if (why_illegal(action)) return false;
    if (game_.state().phase != Phase::Play) return true;
    auto copy = clone();
    copy->apply(action);
    const GameState& s = static_cast<const AkelarreEngine&>(*copy).game_.state();
    if (s.phase != Phase::Play || s.current != game_.state().current) return true;
    return can_finish(s.places, s.players[static_cast<std::size_t>(s.current)].hand);
}

void AkelarreEngine::play_out(Rng& rng) {
    while (!over()) {
        const std::vector<GameAction> steps = steps_of(Bot::Random, rng);
        const int player = to_act();
        std::size_t done = 0;
        for (const GameAction& a : steps) {
            if (to_act() != player || game_.why_illegal(a)) break;
            step(a);
            ++done;
        }
        if (done == 0) apply_one(fallback(rng));
    }
}

// The others' hands and the deck dealt again from their cards, keeping every size; the others'
// favourites drawn again among the families that are not the seat's.
std::unique_ptr<Engine> AkelarreEngine::determinize(int seat, Rng& rng) const {
    GameState s = game_.state();
    std::vector<Card> pool = s.deck;
    std::vector<Family> families;
    for (Family f : kAllFamilies)
        if (f != s.players[static_cast<std::size_t>(seat)].favourite) families.push_back(f);
    // While an owner chooses, the player on turn is in the middle of a play made with their hand:
    // that hand stays (a new one could not finish the play).
    const auto redealt = [&](std::size_t p) {
        return static_cast<int>(p) != seat &&
               !(s.phase == Phase::OwnerChooses && static_cast<int>(p) == s.current);
    };
    for (std::size_t p = 0; p < s.players.size(); ++p)
        if (redealt(p)) pool.insert(pool.end(), s.players[p].hand.begin(), s.players[p].hand.end());
    std::shuffle(pool.begin(), pool.end(), rng);
    std::shuffle(families.begin(), families.end(), rng);
    std::size_t next = 0, family = 0;
    for (std::size_t p = 0; p < s.players.size(); ++p) {
        if (static_cast<int>(p) == seat) continue;
        if (redealt(p))
            for (Card& c : s.players[p].hand) c = pool[next++];
        s.players[p].favourite = families[family++];
    }
    for (Card& c : s.deck) c = pool[next++];
    auto out = std::make_unique<AkelarreEngine>(*this);
    out->game_ = Game(std::move(s));
    return out;
}

namespace {

std::string cards_text(const std::vector<Card>& cards) {
    std::string out;
    for (const Card& c : cards) out += (out.empty() ? "" : " ") + to_string(c);
    return out.empty() ? "-" : out;
}

const char* phase_words(Phase phase) {
    switch (phase) {
        case Phase::Play:
            return "playing cards";
        case Phase::OwnerChooses:
            return "the owner chooses";
        case Phase::Draw:
            return "drawing";
        case Phase::Buy:
            return "buying";
        case Phase::Over:
            break;
    }
    return "over";
}

}  // namespace

std::string AkelarreEngine::stage_label() const {
    if (over()) return "the end";
    return "turn " + std::to_string(turns_ + 1);
}

std::string AkelarreEngine::player_name(int player) const {
    return game_.state().players[static_cast<std::size_t>(player)].name;
}

std::string AkelarreEngine::describe() const { return describe_for(-1); }

// viewer -1: every hand and favourite; else the other players' hands as counts, their favourites
// secret until the game is over.
std::string AkelarreEngine::describe_for(int viewer) const {
    const GameState& s = game_.state();
    std::ostringstream out;
    if (over())
        out << "the game is over\n";
    else
        out << stage_label() << ", " << phase_words(s.phase) << "; to act: " << player_name(to_act())
            << (s.last_round ? " (the last round)" : "") << "\n";
    const std::vector<PlayerScore> scores = final_scores(s.players);
    for (std::size_t p = 0; p < s.players.size(); ++p) {
        const Player& pl = s.players[p];
        const bool open = viewer < 0 || over() || static_cast<int>(p) == viewer;
        out << "  " << pl.name << (pl.team >= 0 ? " (team " + std::to_string(pl.team + 1) + ")" : "")
            << ", favourite " << (open ? family_name(pl.favourite) : std::string("secret"))
            << "; hand: " << (open ? cards_text(pl.hand) : std::to_string(pl.hand.size()) + " cards")
            << "; points pile: " << cards_text(pl.points_pile) << " (" << scores[p].total << " points)\n";
    }
    for (std::size_t i = 0; i < s.places.size(); ++i) {
        const MeetingPlace& p = s.places[i];
        out << "  place " << i << " (" << p.owner << "): "
            << (p.free() ? std::string("free")
                         : cards_text(p.cards) + "   " + akelarre::describe(read_meld(p.cards)))
            << "\n";
    }
    out << "  deck: " << s.deck.size() << " cards; discard piles:";
    for (Family f : kAllFamilies) {
        const auto& pile = s.discards[static_cast<std::size_t>(f)];
        out << " " << family_letter(f) << " " << pile.size()
            << (pile.empty() ? "" : " (top " + to_string(pile.back()) + ")");
    }
    out << "\n";
    return out.str();
}

Json AkelarreEngine::dealt() const {
    Json favourites = Json::array();
    for (const Player& p : game_.state().players)
        favourites.push_back(std::string(1, family_letter(p.favourite)));
    return {{"first", setup_.first_player + 1}, {"favourites", favourites}};
}

void AkelarreEngine::read_dealt(const JsonPlace& dealt) const {
    dealt.expect_only_keys({"first", "favourites"});
    dealt.at("first").as_int(1, players());
    const JsonPlace favourites = dealt.at("favourites");
    if (favourites.size() != static_cast<std::size_t>(players()))
        favourites.fail("expected one favourite family per player");
    for (const JsonPlace& f : favourites.items()) {
        Family family;
        if (!parse_family_letter(f.as_string(), family)) f.fail("expected a family letter F, G, D, N or W");
    }
}

namespace {

// Cards in card order: the account records what each player holds, whatever order it came in.
Json sorted_cards(std::vector<Card> cards) {
    std::sort(cards.begin(), cards.end());
    Json j = Json::array();
    for (const Card& c : cards) j.push_back(to_string(c));
    return j;
}

}  // namespace

// Each player's score with the points pile it comes from and the cards left in hand (which score
// nothing, but record the end of the game: a log whose draws or discards were changed ends otherwise).
Json AkelarreEngine::final_account() const {
    const std::vector<Player>& seats = game_.state().players;
    const std::vector<PlayerScore> scores = final_scores(seats);
    Json players = Json::array();
    for (std::size_t i = 0; i < seats.size(); ++i)
        players.push_back({{"points", scores[i].points},
                           {"cards", scores[i].cards},
                           {"most_cards", scores[i].most_cards},
                           {"total", scores[i].total},
                           {"pile", sorted_cards(seats[i].points_pile)},
                           {"hand", sorted_cards(seats[i].hand)}});
    Json out = {{"players", players}};
    if (!setup_.teams.empty()) out["teams"] = team_totals(seats, scores);
    return out;
}

void AkelarreEngine::read_settled(const JsonPlace& after) const {
    after.fail("an Akelarre action records nothing after it");
}

void AkelarreEngine::read_account(const JsonPlace& result) const {
    result.expect_only_keys({"players", "teams"});
    const JsonPlace each = result.at("players");
    if (each.size() != static_cast<std::size_t>(players())) each.fail("expected one account per player");
    for (const JsonPlace& p : each.items()) {
        p.expect_only_keys({"points", "cards", "most_cards", "total", "pile", "hand"});
        for (const char* key : {"points", "cards", "total"}) p.at(key).as_int(0, kMaxExactJsonInteger);
        p.at("most_cards").as_bool();
        for (const char* key : {"pile", "hand"})
            for (const JsonPlace& c : p.at(key).items()) parse_card(c.as_string(), c.file(), c.path());
    }
    if (auto teams = result.get("teams")) {
        if (setup_.teams.empty()) teams->fail("a game without teams has no team totals");
        if (teams->size() != 2) teams->fail("expected the two teams' totals");
        for (const JsonPlace& t : teams->items()) t.as_int(0, kMaxExactJsonInteger);
    }
}

std::optional<std::string> AkelarreEngine::unreadable(const std::string& action) const {
    const Json parsed = Json::parse(action, nullptr, false);
    if (!parsed.is_object()) return "not an Akelarre action (a JSON object with \"action\")";
    try {
        const JsonPlace place(parsed, "action");
        place.expect_only_keys(action_keys());
        parse_action(place, players());
        return std::nullopt;
    } catch (const InputError& e) {
        const std::string what = e.what();
        return what.rfind("action: ", 0) == 0 ? what.substr(8) : what;
    }
}

// The table as the player to act sees it (their hand); once over, as the last player left it.
std::string AkelarreEngine::picture_svg() const { return table_svg(turn_of(game_.state())); }

GameLogKind akelarre_kind_with(const akelarre::BotLimits& limits) {
    GameLogKind kind = log_kind("akelarre");
    kind.make = [limits](const GameSpec& spec, std::uint64_t seed) {
        auto engine = std::make_unique<AkelarreEngine>(spec.players, spec.variant == "teams", seed);
        engine->set_bot_limits(limits);
        return std::unique_ptr<Engine>(std::move(engine));
    };
    return kind;
}

}  // namespace tlaloc::session
