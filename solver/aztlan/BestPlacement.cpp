#include "solver/aztlan/BestPlacement.h"

#include <algorithm>
#include <array>
#include <map>
#include <stdexcept>
#include <string>

#include "model/aztlan/MapGraph.h"
#include "model/aztlan/Scoring.h"
#include "model/aztlan/TerritorySet.h"
#include "solver/common/SearchLimit.h"

namespace tlaloc::aztlan {

namespace {

// The scoring rules of one player with one bonus type, on territory bitsets.
struct Scorer {
    std::vector<TerritorySet> neighbors;  // land borders (plus lake links with Rafts and Canoes)
    TerritorySet bonus = 0;               // territories of the bonus type
    std::array<TerritorySet, kTerritoryTypeCount> of_type{};
    std::array<int, kTerritoryTypeCount> blessing{};  // points per held territory of each type
    DomainWithoutBonus rule = DomainWithoutBonus::Zero;

    // The component of `set` containing its lowest territory.
    TerritorySet component(TerritorySet set) const {
        TerritorySet reached = set & -set, frontier = reached;
        while (frontier) {
            TerritorySet next = 0;
            for (TerritorySet f = frontier; f; f &= f - 1) next |= neighbors[std::countr_zero(f)];
            next &= set & ~reached;
            reached |= next;
            frontier = next;
        }
        return reached;
    }

    int blessings(TerritorySet held) const {
        int points = 0;
        for (int t = 0; t < kTerritoryTypeCount; ++t)
            points += blessing[t] * std::popcount(held & of_type[t]);
        return points;
    }

    int score(TerritorySet held) const {
        int points = blessings(held);
        for (TerritorySet rest = held; rest;) {
            TerritorySet d = component(rest);
            points += domain_value(std::popcount(d), std::popcount(d & bonus), rule);
            rest &= ~d;
        }
        return points;
    }

    // The most blessing points `count` of the territories in `pool` can add.
    int best_blessings(TerritorySet pool, int count) const {
        std::array<std::pair<int, int>, kTerritoryTypeCount> by_weight;  // (points, how many)
        for (int t = 0; t < kTerritoryTypeCount; ++t)
            by_weight[t] = {blessing[t], std::popcount(pool & of_type[t])};
        std::sort(by_weight.begin(), by_weight.end(), std::greater<>());
        int points = 0;
        for (auto [weight, n] : by_weight) {
            int take = std::min(n, count);
            points += weight * take;
            count -= take;
        }
        return points;
    }

    // An upper bound on score(held | A) over every A ⊆ open with |A| <= budget. Within one connected
    // piece of held | open, the final domains there score at most one domain of all their territories
    // would (n + k² is superadditive, and so is the profile's rule for domains without bonus): the
    // pieces then share the budget, which a small knapsack splits the best way.
    int upper_bound(TerritorySet held, TerritorySet open, int budget) const {
        std::array<int, kMaxPlacementPawns + 1> best{};  // best[j]: the pieces so far with j pawns spent
        for (TerritorySet rest = held | open; rest;) {
            TerritorySet piece = component(rest);
            rest &= ~piece;
            int n = std::popcount(held & piece), k = std::popcount(held & piece & bonus);
            int open_n = std::popcount(open & piece), open_k = std::popcount(open & piece & bonus);
            int fixed = blessings(held & piece);
            std::array<int, kMaxPlacementPawns + 1> gain{};
            for (int a = 0; a <= std::min(budget, open_n); ++a)
                gain[a] = domain_value(n + a, k + std::min(a, open_k), rule) + fixed +
                          best_blessings(open & piece, a);
            std::array<int, kMaxPlacementPawns + 1> next{};
            for (int j = 0; j <= budget; ++j) {
                next[j] = best[j] + gain[0];
                for (int a = 1; a <= std::min(j, open_n); ++a)
                    next[j] = std::max(next[j], best[j - a] + gain[a]);
            }
            best = next;
        }
        return best[budget];
    }
};

// Exact branch and bound: territories are taken in `order`, each either added or left out; a branch
// is cut when its bound cannot beat the best set found, or when too few territories are left to
// reach the target size (a score never drops when a territory is added, so some best set has it).
class Search {
public:
    Search(const Scorer& scorer, std::vector<int> order, const solver::Deadline* deadline)
        : scorer_(scorer), order_(std::move(order)), deadline_(deadline) {}

    // The best held | A with |A| = target, starting from `incumbent` (a set already reached).
    TerritorySet run(TerritorySet held, int target, TerritorySet incumbent) {
        best_set_ = incumbent;
        best_ = scorer_.score(incumbent);
        suffix_.assign(order_.size() + 1, 0);
        for (int i = static_cast<int>(order_.size()) - 1; i >= 0; --i)
            suffix_[i] = suffix_[i + 1] | TerritorySet{1} << order_[i];
        visit(0, held, target);
        return best_set_;
    }
    std::uint64_t nodes() const { return nodes_; }

private:
    void visit(std::size_t at, TerritorySet held, int budget) {
        if ((++nodes_ & 0xFFF) == 0 && deadline_ && deadline_->passed()) throw solver::SearchLimitReached();
        if (budget == 0) {
            int s = scorer_.score(held);
            if (s > best_) best_ = s, best_set_ = held;
            return;
        }
        TerritorySet open = suffix_[at];
        if (std::popcount(open) < budget) return;
        if (scorer_.upper_bound(held, open, budget) <= best_) return;
        visit(at + 1, held | TerritorySet{1} << order_[at], budget - 1);
        visit(at + 1, held, budget);
    }

    const Scorer& scorer_;
    std::vector<int> order_;
    const solver::Deadline* deadline_;
    std::vector<TerritorySet> suffix_;
    TerritorySet best_set_ = 0;
    int best_ = -1;
    std::uint64_t nodes_ = 0;
};

std::vector<TerritorySet> scoring_neighbors(const Map& map, bool lakes_link) {
    std::vector<TerritorySet> out = map_bits(map).neighbors;
    if (!lakes_link) return out;
    std::map<std::string, TerritorySet> shores;
    for (int i = 0; i < map.size(); ++i)
        for (const auto& lake : map.territories[i].lakes) shores[lake] |= TerritorySet{1} << i;
    for (int i = 0; i < map.size(); ++i)
        for (const auto& lake : map.territories[i].lakes) out[i] |= shores[lake] & ~(TerritorySet{1} << i);
    return out;
}

// Greedy: add, one at a time, the territory that raises the score most. A good first incumbent.
TerritorySet greedy(const Scorer& scorer, TerritorySet held, TerritorySet open, int target) {
    for (int i = 0; i < target; ++i) {
        int best = -1, pick = -1;
        for (TerritorySet f = open; f; f &= f - 1) {
            int t = std::countr_zero(f), s = scorer.score(held | TerritorySet{1} << t);
            if (s > best) best = s, pick = t;
        }
        held |= TerritorySet{1} << pick;
        open &= ~(TerritorySet{1} << pick);
    }
    return held;
}

// Territories nearer the held ones first: the search meets good sets, and so tight bounds, early.
std::vector<int> search_order(const Scorer& scorer, TerritorySet held, TerritorySet open) {
    std::vector<int> order;
    TerritorySet reached = held, frontier = held;
    while (open & ~reached) {
        TerritorySet next = 0;
        for (TerritorySet f = frontier; f; f &= f - 1) next |= scorer.neighbors[std::countr_zero(f)];
        next &= ~reached;
        if (!next) next = (open & ~reached) & -(open & ~reached);  // an unreachable part: its lowest
        for (TerritorySet f = next & open & scorer.bonus; f; f &= f - 1) order.push_back(std::countr_zero(f));
        for (TerritorySet f = next & open & ~scorer.bonus; f; f &= f - 1)
            order.push_back(std::countr_zero(f));
        reached |= next;
        frontier = next;
    }
    return order;
}

// Where the pawns go: one on each new territory, the rest stacked on held ones (never above a
// tribe's 30 in one territory), lowest index first.
std::vector<int> spread(const PlayerPosition& player, TerritorySet added, int pawns) {
    std::vector<int> out(player.pawns.size(), 0);
    for (TerritorySet f = added; f; f &= f - 1) out[std::countr_zero(f)] = 1, --pawns;
    for (std::size_t t = 0; pawns > 0 && t < out.size(); ++t) {
        int room = 30 - player.pawns[t] - out[t];
        if (player.pawns[t] + out[t] == 0 || room <= 0) continue;
        int put = std::min(room, pawns);
        out[t] += put;
        pawns -= put;
    }
    if (pawns > 0) throw std::invalid_argument("every territory already holds 30 of the player's pawns");
    return out;
}

}  // namespace

Placement best_placement(const Map& map, const Profile& profile, const PlayerPosition& player, int pawns,
                         const solver::Deadline* deadline) {
    if (pawns < 0 || pawns > kMaxPlacementPawns)
        throw std::invalid_argument("best placement: pawns out of range");
    Scorer base;
    base.neighbors = scoring_neighbors(map, player.plays(ProsperityCard::RaftsAndCanoes));
    base.rule = profile.domain_without_bonus;
    const MapBits bits = map_bits(map);
    base.of_type = bits.of_type;
    for (const auto& played : player.play)
        if (auto type = blessing_type(played.card)) base.blessing[static_cast<int>(*type)] += 2;

    TerritorySet held = 0;
    for (int t = 0; t < map.size(); ++t)
        if (player.pawns[t] > 0) held |= TerritorySet{1} << t;
    const TerritorySet all = map.size() == 64 ? ~TerritorySet{0} : (TerritorySet{1} << map.size()) - 1;
    const TerritorySet open = all & ~held;
    const int target = std::min(pawns, std::popcount(open));

    std::vector<TerritoryType> types;
    if (auto fixed = profile.bonus_type_of(player.card))
        types = {*fixed};
    else if (player.bonus)
        types = {*player.bonus};
    else
        for (int t = 0; t < kTerritoryTypeCount; ++t) types.push_back(static_cast<TerritoryType>(t));

    Placement result;
    int best = -1;
    TerritorySet best_set = held;
    for (TerritoryType type : types) {
        Scorer scorer = base;
        scorer.bonus = bits.of_type[static_cast<int>(type)];
        Search search(scorer, search_order(scorer, held, open), deadline);
        TerritorySet set = search.run(held, target, greedy(scorer, held, open, target));
        result.nodes += search.nodes();
        if (int s = scorer.score(set); s > best) best = s, best_set = set;
    }

    result.added = spread(player, best_set & ~held, pawns);
    PlayerPosition after = player;
    for (int t = 0; t < map.size(); ++t) after.pawns[t] += result.added[t];
    MapGraph graph(map);
    PlayerScore check = score_player(graph, profile, after);
    if (check.points != best)
        throw std::logic_error("best placement: the search found " + std::to_string(best) +
                               " points, the scoring code counts " + std::to_string(check.points));
    result.points = check.points;
    result.bonus_type = check.bonus_type;
    return result;
}

}  // namespace tlaloc::aztlan
