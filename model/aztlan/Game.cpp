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
        case Phase::Alliance:
            return "alliance";
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
    if (players == 2) phase_ = Phase::Alliance;  // the starting alliance is chosen, not fixed by seat
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
    return (player + alliance_offset_ + age_ - 1) % 2;  // the control swaps each age
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
    if (phase_ == Phase::Alliance) return turn_order().front();
    if (phase_ == Phase::Conflict) return open_ ? open_->asked.front() : order_[settling_];
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
        if (!is_scoring_card(c.card))
            return std::string(to_string(c.card)) + " is not played in the " + to_string(a.phase) + " phase";
        if (++count[c.card] > held(seat, c.card))
            return std::string("plays ") + to_string(c.card) + " without holding it";
        if (c.territory) return std::string(to_string(c.card)) + " is not played in a territory";
    }
    return std::nullopt;
}

std::optional<std::string> Game::why_illegal(const Action& a) const {
    if (phase_ == Phase::Over) return "the game is over";
    if (a.player < 0 || a.player >= players()) return "no such player";
    if (a.phase != phase_) return std::string("it is the ") + to_string(phase_) + " phase";
    if (a.player != to_act()) return "it is player " + std::to_string(to_act() + 1) + "'s turn";
    switch (phase_) {
        case Phase::Alliance:
            if (a.alliance < 0 || a.alliance >= static_cast<int>(sides_.size())) return "no such alliance";
            return std::nullopt;
        case Phase::Choice:
            if (a.card < kLowestCard || a.card > kHighestCard) return "power cards are 4..9";
            if (seats_[a.player].used[a.card - kLowestCard])
                return "power card " + std::to_string(a.card) + " was used";
            return std::nullopt;
        case Phase::Development:
            return why_illegal_development(a);
        case Phase::Conflict:
            return why_illegal_conflict(a);
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
        case Phase::Alliance:
            alliance_offset_ = (a.alliance - a.player + 2) % 2;
            phase_ = Phase::Choice;
            return;
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
            if (to_act() < 0) start_conflicts();
            return;
        }
        case Phase::Conflict:
            apply_conflict(a);
            return;
        case Phase::Scoring:
            declared_[a.player] = a;
            pending_.erase(pending_.begin());
            if (pending_.empty()) finish_scoring();
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
    if (to_act() < 0) start_conflicts();  // nobody has a pawn to place
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
        // declared_ holds this scoring phase's declarations only (it is cleared between phases).
        const Action& d = declared_[player];
        if (d.phase == phase_ && phase_ == Phase::Scoring) {
            p.play = d.play;
            p.bonus = d.bonus;
        }
        pos.players.push_back(std::move(p));
    }
    return pos;
}

int Game::player_of(int side) const {
    int player = 0;
    while (side_of(player) != side) ++player;
    return player;
}

// The same as strongest_in (model/aztlan/Conflicts) on the sides' boards, without copying them: the
// engine asks it for every territory whenever it looks for the next conflict to settle.
std::vector<int> Game::strongest_here(int t) const {
    const auto power = [&](int side) { return seats_[player_of(side)].card * sides_[side].board[t]; };
    int present = 0, best = 0;
    for (int s = 0; s < static_cast<int>(sides_.size()); ++s) {
        if (sides_[s].board[t] == 0) continue;
        ++present;
        best = std::max(best, power(s));
    }
    std::vector<int> out;
    if (present < 2) return out;
    for (int p : order_) {
        const int side = side_of(p);
        if (sides_[side].board[t] > 0 && power(side) == best) out.push_back(side);
    }
    return out;
}

std::vector<int> Game::conflicts_to_settle(int player) const {
    std::vector<int> out;
    if (phase_ != Phase::Conflict) return out;
    const int side = side_of(player);
    for (int t = 0; t < map_->size(); ++t) {
        if (settled_[t] || sides_[side].board[t] == 0) continue;
        auto strongest = strongest_here(t);
        if (std::find(strongest.begin(), strongest.end(), side) != strongest.end()) out.push_back(t);
    }
    return out;
}

// The conflict phase goes one conflict at a time, so that a card drawn in a conflict can be played
// in a later one of the same phase: in turn order each player settles their conflicts (in the order
// they choose), and a conflict waits for the answers of the players who may play a card there.
void Game::start_conflicts() {
    phase_ = Phase::Conflict;
    settled_.assign(map_->size(), false);
    settling_ = 0;
    open_.reset();
    AgeRecord& record = records_.back();
    record.conflicts.order.clear();
    for (int p : order_) record.conflicts.order.push_back(side_of(p));
    record.conflicts.cards_drawn.assign(sides_.size(), 0);
    advance_conflicts();
}

void Game::advance_conflicts() {
    while (settling_ < order_.size() && conflicts_to_settle(order_[settling_]).empty()) ++settling_;
    if (settling_ == order_.size()) finish_conflicts();
}

// Who may answer `open` with `card`, in turn order: for Great Tlatoani the other tied players, for
// Sacred Games the players a defeat removes; only those holding the card are asked.
std::vector<int> Game::askers(const OpenConflict& open, ProsperityCard card) const {
    std::vector<int> out;
    for (int p : order_) {
        const int side = side_of(p);
        if (held(seats_[p], card) == 0 || side == open.winner) continue;
        if (card == ProsperityCard::GreatTlatoani) {
            if (std::find(open.strongest.begin(), open.strongest.end(), side) != open.strongest.end())
                out.push_back(p);
        } else if (open.chosen == Decision::Defeat && sides_[side].board[open.territory] > 0) {
            out.push_back(p);
        }
    }
    return out;
}

std::optional<std::string> Game::why_illegal_conflict(const Action& a) const {
    if (a.territory < 0 || a.territory >= map_->size()) return "a conflict action names its territory";
    for (const PlayedCard& c : a.play)
        if (!is_conflict_card(c.card))
            return std::string(to_string(c.card)) + " is not played in the conflict phase";
    if (a.play.size() > 1) return "at most one prosperity card per conflict action";
    const std::optional<ProsperityCard> card =
        a.play.empty() ? std::nullopt : std::optional<ProsperityCard>(a.play.front().card);
    if (card && held(seats_[a.player], *card) == 0)
        return std::string("plays ") + to_string(*card) + " without holding it";
    const bool tlatoani = card == ProsperityCard::GreatTlatoani;
    if (open_) {
        const std::string where = map_->territories[open_->territory].id;
        if (a.territory != open_->territory)
            return "the conflict in " + where + " awaits this player's answer";
        if (open_->winner < 0) {  // a tie: Great Tlatoani or nothing
            if (card && !tlatoani) return "only great-tlatoani answers a tie";
            if (tlatoani != a.decision.has_value())
                return tlatoani ? "great-tlatoani wins the tie: the decision (defeat or coexist) is missing"
                                : "only a winner decides";
            return std::nullopt;
        }
        if (card && tlatoani) return "only sacred-games answers a defeat";
        if (a.decision) return "only the winner decides";
        return std::nullopt;
    }
    auto mine = conflicts_to_settle(a.player);
    if (std::find(mine.begin(), mine.end(), a.territory) == mine.end())
        return "no conflict for this player to settle in " + map_->territories[a.territory].id;
    const bool tied = strongest_here(a.territory).size() > 1;
    if (card && !(tied && tlatoani))
        return tied ? "only great-tlatoani is played in a tie"
                    : std::string(to_string(*card)) + " does not apply to a conflict the player wins";
    const bool wins = !tied || tlatoani;
    if (wins != a.decision.has_value())
        return wins ? "the winner decides: defeat or coexist" : "a tie is not decided (no great-tlatoani)";
    return std::nullopt;
}

void Game::apply_conflict(const Action& a) {
    for (const PlayedCard& c : a.play) spend(a.player, c.card);
    const bool played = !a.play.empty();
    const std::string& name = sides_[side_of(a.player)].name;
    if (!open_) {
        OpenConflict open;
        open.territory = a.territory;
        open.strongest = strongest_here(a.territory);
        if (open.strongest.size() == 1 || played) {
            open.winner = side_of(a.player);
            open.chosen = *a.decision;
            if (played) open.notes.push_back(name + " plays great-tlatoani: wins the tie");
            open.asked = askers(open, ProsperityCard::SacredGames);
        } else {
            open.asked = askers(open, ProsperityCard::GreatTlatoani);
        }
        open_ = std::move(open);
    } else {
        OpenConflict& open = *open_;
        open.asked.erase(open.asked.begin());
        if (played && open.winner < 0) {
            open.winner = side_of(a.player);
            open.chosen = *a.decision;
            open.notes.push_back(name + " plays great-tlatoani: wins the tie");
            open.asked = askers(open, ProsperityCard::SacredGames);
        } else if (played) {
            open.sacred.push_back(side_of(a.player));
        }
    }
    if (open_->asked.empty()) {
        close_conflict();
        advance_conflicts();
    }
}

// The open conflict settled: pawns removed, and a card drawn at once for a coexistence, so that it
// may be played later in this phase.
void Game::close_conflict() {
    OpenConflict open = std::move(*open_);
    open_.reset();
    settled_[open.territory] = true;
    AgeRecord& record = records_.back();
    Conflict c;
    c.territory = open.territory;
    c.strongest = open.strongest;
    c.notes = open.notes;
    std::vector<std::vector<int>> pawns;
    std::vector<std::string> names;
    for (const Side& s : sides_) {
        pawns.push_back(s.board);
        names.push_back(s.name);
    }
    settle_conflict(c, open.winner, open.chosen, open.sacred, names, pawns);
    for (std::size_t s = 0; s < sides_.size(); ++s) {
        sides_[s].removed += sides_[s].board[c.territory] - pawns[s][c.territory];
        sides_[s].board = pawns[s];
    }
    std::vector<int> drawn;
    for (int side : c.card_drawn_by) {
        ++record.conflicts.cards_drawn[side];
        if (deck_.empty()) {
            ++silent_.deck_empty;
            continue;
        }
        const int player = player_of(side);
        seats_[player].hand.push_back(deck_.front());
        deck_.erase(deck_.begin());
        drawn.push_back(player);
    }
    record.conflicts.conflicts.push_back(std::move(c));
    record.drawn.push_back(drawn);
}

void Game::finish_conflicts() {
    AgeRecord& record = records_.back();
    record.conflicts.pawns.clear();
    for (const Side& s : sides_) record.conflicts.pawns.push_back(s.board);
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
    for (const Seat& s : seats_) {
        record.vp.push_back(s.vp);
        record.hands.push_back(s.hand);
        std::sort(record.hands.back().begin(), record.hands.back().end());
    }
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
    // The end-game points belong to the last scoring phase, so the pyramids move in that age's turn
    // order (order_), not in an order recomputed from the points just scored.
    for (int p : order_) {
        FinalScore& f = finals_[p];
        const Seat& seat = seats_[p];
        f.before = seat.vp;
        for (int c = kLowestCard; c <= kHighestCard; ++c)
            if (!seat.used[c - kLowestCard]) f.unused_card += profile_.card_vp[c - kLowestCard].value_or(0);
        int offerings = held(seat, ProsperityCard::OfferingToTheGods);
        f.offerings = final_offering_points(offerings);
        // Every prosperity card still in hand earns 1 VP, Offerings included; the offerings table
        // comes on top of that.
        f.cards_in_hand = static_cast<int>(seat.hand.size());
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

Action scripted_conflict_action(const Game& game, const std::map<int, Decision>& decisions) {
    Action a;
    a.phase = Phase::Conflict;
    a.player = game.to_act();
    if (const auto& open = game.open_conflict()) {
        a.territory = open->territory;  // an answer that plays nothing
        return a;
    }
    a.territory = game.conflicts_to_settle(a.player).front();
    if (game.strongest_here(a.territory).size() == 1) {
        auto d = decisions.find(a.territory);
        a.decision = d != decisions.end() ? d->second : kDefaultDecision;
    }
    return a;
}

std::optional<std::string> play_scripted_age(Game& game, const AgeScript& script) {
    const int age = game.age();
    std::vector<std::size_t> turn(game.sides().size(), 0);
    while (!game.over() && game.age() == age) {
        Action a;
        a.player = game.to_act();
        a.phase = game.phase();
        const auto who = "player " + std::to_string(a.player + 1);
        if (a.phase == Phase::Alliance) {
            a.alliance = a.player;  // scripts: player 1 moves Coyote+Quetzal in age I
        } else if (a.phase == Phase::Choice) {
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
            static const std::map<int, Decision> none;
            a = scripted_conflict_action(game, static_cast<std::size_t>(a.player) < script.decisions.size()
                                                   ? script.decisions[a.player]
                                                   : none);
        }
        if (auto why = game.why_illegal(a))
            return who + ", age " + std::to_string(age) + ", " + to_string(a.phase) + ": " + *why;
        game.apply(a);
    }
    return std::nullopt;
}

}  // namespace tlaloc::aztlan
