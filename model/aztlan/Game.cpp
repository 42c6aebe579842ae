#include "model/aztlan/Game.h"

#include <algorithm>
#include <numeric>
#include <random>
#include <stdexcept>

namespace tlaloc::aztlan {

std::vector<ProsperityCard> prosperity_deck() {
    std::vector<ProsperityCard> deck;
    for (const auto& [key, n] : component_tables().at("prosperity_deck")) {
        std::string name = key;
        std::replace(name.begin(), name.end(), '_', '-');
        deck.insert(deck.end(), n, *prosperity_card_from_string(name));
    }
    return deck;
}

int final_offering_points(int offerings) { return offering_points(std::min(offerings, kMaxOfferings)); }

int Side::on_board() const { return std::accumulate(board.begin(), board.end(), 0); }

const char* to_string(Phase phase) {
    switch (phase) {
        case Phase::Choice:
            return "choice";
        case Phase::Development:
            return "development";
        case Phase::Conflict:
            return "conflict";
        case Phase::Scoring:
            return "scoring";
        default:
            return "over";
    }
}

namespace {
const std::array<const char*, 4> kTribeNames = {"serpent", "ocelot", "coyote", "quetzal"};

int held(const Seat& seat, ProsperityCard card) {
    return static_cast<int>(std::count(seat.hand.begin(), seat.hand.end(), card));
}

bool is_conflict_card(ProsperityCard c) {
    return c == ProsperityCard::GreatTlatoani || c == ProsperityCard::SacredGames;
}
bool is_scoring_card(ProsperityCard c) { return blessing_type(c) || c == ProsperityCard::RaftsAndCanoes; }
}  // namespace

Game::Game(const Map& map, const Profile& profile, int players, std::vector<int> stack_order,
           std::vector<ProsperityCard> deck)
    : map_(&map),
      graph_(map),
      profile_(profile),
      initial_stack_(std::move(stack_order)),
      initial_deck_(deck),
      deck_(std::move(deck)) {
    if (players < kMinGamePlayers || players > kMaxGamePlayers)
        throw std::invalid_argument("Aztlán is played by 2 to 4 players");
    std::vector<int> check = initial_stack_;
    std::sort(check.begin(), check.end());
    std::vector<int> expected(players);
    std::iota(expected.begin(), expected.end(), 0);
    if (check != expected) throw std::invalid_argument("the pyramid order must name every player once");
    auto sorted = initial_deck_, composition = prosperity_deck();
    std::sort(sorted.begin(), sorted.end());
    std::sort(composition.begin(), composition.end());
    if (sorted != composition) throw std::invalid_argument("the deck must be the 30 prosperity cards");

    seats_.resize(players);
    for (int i = 0; i < players; ++i) seats_[initial_stack_[i]].arrival = static_cast<std::uint64_t>(i);
    clock_ = static_cast<std::uint64_t>(players);
    if (players == 2) {
        // The Aztec Gods: Coyote with Quetzal, Ocelot with Serpent, each counting as one tribe.
        sides_.resize(2);
        sides_[0].name = "coyote+quetzal";
        sides_[1].name = "ocelot+serpent";
        for (Side& s : sides_) s.pawns = s.supply = 2 * kTribePawns;
    } else {
        sides_.resize(players);
        for (int i = 0; i < players; ++i) sides_[i].name = kTribeNames[i];
    }
    for (Side& s : sides_) s.board.assign(map.size(), 0);
    start_age();
}

Game Game::seeded(const Map& map, const Profile& profile, int players, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::vector<int> stack(players);
    std::iota(stack.begin(), stack.end(), 0);
    std::shuffle(stack.begin(), stack.end(), rng);
    auto deck = prosperity_deck();
    std::shuffle(deck.begin(), deck.end(), rng);
    return Game(map, profile, players, std::move(stack), std::move(deck));
}

int Game::side_of(int player) const {
    if (players() != 2) return player;
    return (player + age_ - 1) % 2;  // age I: player 1 moves Coyote+Quetzal; the control swaps each age
}

int Game::stack_place(int player) const {
    int below = 0;
    for (int q = 0; q < players(); ++q)
        below +=
            q != player && seats_[q].vp == seats_[player].vp && seats_[q].arrival < seats_[player].arrival;
    return below;
}

std::vector<int> Game::turn_order() const {
    std::vector<int> order(players());
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](int a, int b) {
        if (seats_[a].vp != seats_[b].vp) return seats_[a].vp > seats_[b].vp;
        return seats_[a].arrival > seats_[b].arrival;
    });
    return order;
}

void Game::start_age() {
    phase_ = Phase::Choice;
    pending_.resize(players());
    std::iota(pending_.begin(), pending_.end(), 0);
    declared_.assign(players(), Action{});
    for (Seat& s : seats_) s.card = 0;
    for (Side& s : sides_) s.placed_here_this_age.assign(map_->size(), false);
    records_.push_back(AgeRecord{});
    records_.back().age = age_;
}

int Game::to_act() const {
    if (phase_ == Phase::Over) return -1;
    if (phase_ != Phase::Development) return pending_.front();
    for (std::size_t i = 0; i < order_.size(); ++i) {
        int p = order_[(cursor_ + i) % order_.size()];
        if (sides_[side_of(p)].hand > 0) return p;
    }
    return -1;
}

std::vector<std::pair<int, int>> Game::moves_of(int side) const {
    std::vector<std::pair<int, int>> out;
    for (int t = 0; t < map_->size(); ++t) {
        if (sides_[side].board[t] == 0) continue;
        for (int n : map_->territories[t].neighbors) out.emplace_back(t, n);
    }
    return out;
}

bool Game::eagle_has_pawn(int side) const {
    return sides_[side].supply > 0 || (profile_.eagle_jaguar_from_removed && sides_[side].removed > 0);
}

std::vector<int> Game::eagle_targets(int player, int placed) const {
    std::vector<int> out;
    const int side = side_of(player);
    if (held(seats_[player], ProsperityCard::EagleAndJaguarWarriors) == 0 || !eagle_has_pawn(side))
        return out;
    for (int t = 0; t < map_->size(); ++t) {
        bool same = t == placed || sides_[side].placed_here_this_age[t];
        if (profile_.eagle_jaguar == EagleJaguarPlace::AnyTerritory || same) out.push_back(t);
    }
    return out;
}

std::optional<std::string> Game::why_illegal_development(const Action& a) const {
    const int side = side_of(a.player);
    if (a.place < 0 || a.place >= map_->size()) return "no territory to place the pawn on";
    if (a.eagle) {
        auto targets = eagle_targets(a.player, a.place);
        if (held(seats_[a.player], ProsperityCard::EagleAndJaguarWarriors) == 0)
            return "plays eagle-and-jaguar-warriors without holding it";
        if (!eagle_has_pawn(side)) return "eagle-and-jaguar-warriors: no pawn in supply (nor removed) to use";
        if (std::find(targets.begin(), targets.end(), *a.eagle) == targets.end())
            return "eagle-and-jaguar-warriors: the extra pawn may not go to that territory in this edition";
    }
    if (a.move) {
        auto [from, to] = *a.move;
        if (from < 0 || from >= map_->size() || to < 0 || to >= map_->size())
            return "move: unknown territory";
        int there = sides_[side].board[from] + (from == a.place) + (a.eagle && *a.eagle == from);
        if (there == 0) return "move: no own pawn in the territory moved from";
        const auto& nb = map_->territories[from].neighbors;
        if (std::find(nb.begin(), nb.end(), to) == nb.end()) return "move: the territories are not adjacent";
    }
    return std::nullopt;
}

std::optional<std::string> Game::why_illegal_play(const Action& a) const {
    const Seat& seat = seats_[a.player];
    std::map<ProsperityCard, int> count;
    for (const PlayedCard& c : a.play) {
        bool fits = a.phase == Phase::Conflict ? is_conflict_card(c.card) : is_scoring_card(c.card);
        if (!fits)
            return std::string(to_string(c.card)) + " is not played in the " + to_string(a.phase) + " phase";
        if (++count[c.card] > held(seat, c.card))
            return std::string("plays ") + to_string(c.card) + " without holding it";
        if (is_conflict_card(c.card)) {
            if (!c.territory || *c.territory < 0 || *c.territory >= map_->size())
                return std::string(to_string(c.card)) + " needs a territory";
            if (sides_[side_of(a.player)].board[*c.territory] == 0)
                return std::string(to_string(c.card)) + " played where the player has no pawn";
            for (const PlayedCard& d : a.play)
                if (&d != &c && d.card == c.card && d.territory == c.territory)
                    return std::string(to_string(c.card)) + " played twice in one territory";
        } else {
            if (c.territory) return std::string(to_string(c.card)) + " is not played in a territory";
            if (count[c.card] > 1) return std::string(to_string(c.card)) + " played twice";
        }
    }
    return std::nullopt;
}

std::optional<std::string> Game::why_illegal(const Action& a) const {
    if (phase_ == Phase::Over) return "the game is over";
    if (a.player < 0 || a.player >= players()) return "no such player";
    if (a.phase != phase_) return std::string("it is the ") + to_string(phase_) + " phase";
    if (a.player != to_act()) return "it is player " + std::to_string(to_act() + 1) + "'s turn";
    switch (phase_) {
        case Phase::Choice:
            if (a.card < kLowestCard || a.card > kHighestCard) return "power cards are 4..9";
            if (seats_[a.player].used[a.card - kLowestCard])
                return "power card " + std::to_string(a.card) + " was used";
            return std::nullopt;
        case Phase::Development:
            return why_illegal_development(a);
        case Phase::Conflict:
            for (const auto& [t, d] : a.decisions)
                if (t < 0 || t >= map_->size()) return "a decision for an unknown territory";
            return why_illegal_play(a);
        case Phase::Scoring:
            if (a.bonus && profile_.bonus_type_of(seats_[a.player].card))
                return "only the joker (card 4) chooses a bonus type";
            return why_illegal_play(a);
        default:
            return "the game is over";
    }
}

void Game::spend(int player, ProsperityCard card) {
    auto& hand = seats_[player].hand;
    hand.erase(std::find(hand.begin(), hand.end(), card));
    discard_.push_back(card);
}

void Game::apply(const Action& a) {
    if (auto why = why_illegal(a)) throw std::logic_error("illegal action: " + *why);
    switch (phase_) {
        case Phase::Choice:
            seats_[a.player].card = a.card;
            seats_[a.player].used[a.card - kLowestCard] = true;
            pending_.erase(pending_.begin());
            if (pending_.empty()) finish_choice();
            return;
        case Phase::Development: {
            Side& side = sides_[side_of(a.player)];
            if (!a.eagle && held(seats_[a.player], ProsperityCard::EagleAndJaguarWarriors) > 0 &&
                !eagle_has_pawn(side_of(a.player)))
                ++silent_.eagle_nothing_left;
            if (moves_of(side_of(a.player)).empty() && side.on_board() > 0) ++silent_.pawn_cannot_move;
            --side.hand;
            ++side.board[a.place];
            side.placed_here_this_age[a.place] = true;
            if (a.eagle) {
                if (side.supply > 0) {
                    --side.supply;
                } else {
                    --side.removed;
                    ++silent_.eagle_from_removed;
                }
                ++side.board[*a.eagle];
                spend(a.player, ProsperityCard::EagleAndJaguarWarriors);
            }
            if (a.move) {
                --side.board[a.move->first];
                ++side.board[a.move->second];
            }
            // The next turn goes to the player after this one in turn order.
            auto at = std::find(order_.begin(), order_.end(), a.player) - order_.begin();
            cursor_ = (static_cast<std::size_t>(at) + 1) % order_.size();
            if (to_act() < 0) {
                phase_ = Phase::Conflict;
                pending_ = order_;
            }
            return;
        }
        case Phase::Conflict:
        case Phase::Scoring:
            declared_[a.player] = a;
            pending_.erase(pending_.begin());
            if (pending_.empty()) phase_ == Phase::Conflict ? finish_conflicts() : finish_scoring();
            return;
        default:
            return;
    }
}

void Game::finish_choice() {
    AgeRecord& record = records_.back();
    for (const Seat& s : seats_) record.cards.push_back(s.card);
    const int due = pawns_per_age(players(), age_);
    for (Side& s : sides_) {
        int take = std::min(due, s.supply);
        if (take < due) ++silent_.supply_short;
        s.supply -= take;
        s.hand += take;
        record.taken.push_back(take);
    }
    order_ = turn_order();
    cursor_ = 0;
    phase_ = Phase::Development;
    if (to_act() < 0) {  // nobody has a pawn to place
        phase_ = Phase::Conflict;
        pending_ = order_;
    }
}

Position Game::position() const {
    Position pos;
    pos.map = *map_;
    pos.profile = profile_;
    for (int side = 0; side < static_cast<int>(sides_.size()); ++side) {
        int player = 0;
        while (side_of(player) != side) ++player;
        const Seat& seat = seats_[player];
        PlayerPosition p;
        p.name = sides_[side].name;
        p.card = seat.card == 0 ? kJokerCard : seat.card;
        p.pawns = sides_[side].board;
        p.vp = seat.vp;
        p.stack = stack_place(player);
        p.decisions.assign(map_->size(), std::nullopt);
        // declared_ holds this phase's declarations only (it is cleared between phases).
        const Action& d = declared_[player];
        if (d.phase == phase_ && (phase_ == Phase::Conflict || phase_ == Phase::Scoring)) {
            for (const auto& [t, decision] : d.decisions) p.decisions[t] = decision;
            p.play = d.play;
            p.bonus = d.bonus;
        }
        pos.players.push_back(std::move(p));
    }
    return pos;
}

void Game::finish_conflicts() {
    AgeRecord& record = records_.back();
    Position pos = position();
    record.conflicts = resolve_conflicts(pos);
    for (std::size_t s = 0; s < sides_.size(); ++s) {
        sides_[s].removed += sides_[s].on_board() - std::accumulate(record.conflicts.pawns[s].begin(),
                                                                    record.conflicts.pawns[s].end(), 0);
        sides_[s].board = record.conflicts.pawns[s];
    }
    for (int p = 0; p < players(); ++p)
        for (const PlayedCard& c : declared_[p].play) spend(p, c.card);
    for (const Conflict& c : record.conflicts.conflicts) {
        std::vector<int> drawn;
        for (int side : c.card_drawn_by) {
            int player = 0;
            while (side_of(player) != side) ++player;
            if (deck_.empty()) {
                ++silent_.deck_empty;
                continue;
            }
            seats_[player].hand.push_back(deck_.front());
            deck_.erase(deck_.begin());
            drawn.push_back(player);
        }
        record.drawn.push_back(drawn);
    }
    declared_.assign(players(), Action{});
    phase_ = Phase::Scoring;
    pending_ = order_;
}

void Game::gain(int player, int points) {
    if (points == 0) return;  // the pyramid stays where it is
    seats_[player].vp += points;
    seats_[player].arrival = clock_++;
}

void Game::finish_scoring() {
    AgeRecord& record = records_.back();
    Position pos = position();
    record.scores = score_age(graph_, pos);
    record.points.assign(players(), 0);
    for (int p : order_) {
        record.points[p] = record.scores[side_of(p)].points;
        gain(p, record.points[p]);
    }
    for (int p = 0; p < players(); ++p)
        for (const PlayedCard& c : declared_[p].play) spend(p, c.card);
    for (const Seat& s : seats_) record.vp.push_back(s.vp);
    declared_.assign(players(), Action{});
    if (age_ == kAges) {
        finish_game();
        return;
    }
    ++age_;
    start_age();
}

void Game::finish_game() {
    finals_.assign(players(), FinalScore{});
    for (int p : turn_order()) {
        FinalScore& f = finals_[p];
        const Seat& seat = seats_[p];
        f.before = seat.vp;
        for (int c = kLowestCard; c <= kHighestCard; ++c)
            if (!seat.used[c - kLowestCard]) f.unused_card += profile_.card_vp[c - kLowestCard].value_or(0);
        int offerings = held(seat, ProsperityCard::OfferingToTheGods);
        f.offerings = final_offering_points(offerings);
        f.cards_in_hand = static_cast<int>(seat.hand.size()) - offerings;
        gain(p, f.unused_card + f.cards_in_hand + f.offerings);
        f.total = seats_[p].vp;
    }
    phase_ = Phase::Over;
}

std::vector<int> Game::ranking() const {
    std::vector<int> order(players());
    std::iota(order.begin(), order.end(), 0);
    const bool top_wins = profile_.tie_break == TieBreak::TopPyramid;
    std::sort(order.begin(), order.end(), [&](int a, int b) {
        if (seats_[a].vp != seats_[b].vp) return seats_[a].vp > seats_[b].vp;
        return top_wins ? seats_[a].arrival > seats_[b].arrival : seats_[a].arrival < seats_[b].arrival;
    });
    return order;
}

std::optional<std::string> game_invariant_violation(const Game& game) {
    for (const Side& s : game.sides()) {
        if (s.supply + s.hand + s.on_board() + s.removed != s.pawns)
            return s.name + ": supply + hand + board + removed is not " + std::to_string(s.pawns);
        if (s.supply < 0 || s.hand < 0 || s.removed < 0) return s.name + ": a negative pawn count";
    }
    std::vector<ProsperityCard> all = game.deck();
    all.insert(all.end(), game.discard().begin(), game.discard().end());
    for (const Seat& s : game.seats()) all.insert(all.end(), s.hand.begin(), s.hand.end());
    auto composition = prosperity_deck();
    std::sort(all.begin(), all.end());
    std::sort(composition.begin(), composition.end());
    if (all != composition) return "prosperity cards: deck + hands + discard are not the 30 cards";
    std::vector<int> sum(game.players(), 0);
    for (const AgeRecord& r : game.ages()) {
        if (r.taken.empty()) continue;
        for (std::size_t s = 0; s < r.taken.size(); ++s)
            if (r.taken[s] > pawns_per_age(game.players(), r.age))
                return "age " + std::to_string(r.age) + ": more pawns taken than the set-up gives";
        if (r.scores.empty()) continue;
        const auto& after = r.conflicts.pawns;
        for (int t = 0; t < game.map().size(); ++t) {
            int sides_there = 0;
            for (const auto& pawns : after) sides_there += pawns[t] > 0;
            if (sides_there < 2) continue;
            bool shared = std::any_of(
                r.conflicts.conflicts.begin(), r.conflicts.conflicts.end(),
                [&](const Conflict& c) { return c.territory == t && c.outcome != ConflictOutcome::Defeat; });
            if (!shared)
                return "age " + std::to_string(r.age) + ": two tribes share a territory after a defeat";
        }
        for (int p = 0; p < game.players(); ++p) {
            sum[p] += r.points[p];
            if (r.vp[p] != sum[p]) return "age " + std::to_string(r.age) + ": VP are not the sum of the ages";
        }
    }
    if (game.over()) {
        for (int p = 0; p < game.players(); ++p) {
            const FinalScore& f = game.final_scores()[p];
            if (f.before != sum[p] || f.total != f.before + f.unused_card + f.cards_in_hand + f.offerings ||
                f.total != game.seats()[p].vp)
                return "player " + std::to_string(p + 1) + ": the final score is not its parts' sum";
        }
    }
    return std::nullopt;
}

std::optional<std::string> play_scripted_age(Game& game, const AgeScript& script) {
    const int age = game.age();
    std::vector<std::size_t> turn(game.sides().size(), 0);
    while (!game.over() && game.age() == age) {
        Action a;
        a.player = game.to_act();
        a.phase = game.phase();
        const auto who = "player " + std::to_string(a.player + 1);
        if (a.phase == Phase::Choice) {
            if (a.player >= static_cast<int>(script.cards.size())) return who + ": no card in the script";
            a.card = script.cards[a.player];
        } else if (a.phase == Phase::Development) {
            const auto side = static_cast<std::size_t>(game.side_of(a.player));
            const std::size_t n = turn[side]++;
            if (side >= script.places.size() || n >= script.places[side].size())
                return who + ": no placement in the script for turn " + std::to_string(n + 1);
            a.place = script.places[side][n];
            if (side < script.moves.size()) {
                auto m = script.moves[side].find(static_cast<int>(n));
                if (m != script.moves[side].end()) a.move = m->second;
            }
        } else if (a.phase == Phase::Conflict) {
            if (static_cast<std::size_t>(a.player) < script.decisions.size())
                a.decisions = script.decisions[a.player];
        }
        if (auto why = game.why_illegal(a))
            return who + ", age " + std::to_string(age) + ", " + to_string(a.phase) + ": " + *why;
        game.apply(a);
    }
    return std::nullopt;
}

}  // namespace tlaloc::aztlan
