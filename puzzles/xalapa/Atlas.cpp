#include "puzzles/xalapa/Atlas.h"

#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>

#include "puzzles/xalapa/SideEquivalence.h"

namespace tlaloc::xalapa {

namespace {

using Face = std::pair<int, int>;  // what a number says over a feature: (exactly/at most/at least, stones)

Face number_face(const Catalogue& cat, const std::string& id) {
    if (auto printed = printed_number(id)) return {0, *printed};
    const OracleCard& c = cat.card(id);
    if (c.kind == OracleCard::Kind::Bound) return {2, c.stones};
    if (c.kind != OracleCard::Kind::Number) throw std::logic_error(id + " is not a number card");
    return {c.at_most ? 1 : 0, c.stones};
}

bool is_number(const OracleCard& c) { return c.kind != OracleCard::Kind::FeatureCard; }

std::vector<std::string> card_ids(const Catalogue& cat, const std::function<bool(const OracleCard&)>& keep) {
    std::vector<std::string> ids;
    for (const auto& c : cat.cards)
        if (keep(c)) ids.push_back(c.id);
    return ids;
}

BigCount checked(BigCount value) {
    if (value < 0 || value > (BigCount{1} << 100)) throw std::logic_error("a census count overflows");
    return value;
}

BigCount choose(int n, int k) {
    if (k < 0 || n < 0 || k > n) return 0;
    BigCount r = 1;
    for (int i = 1; i <= k; ++i) r = checked(r * (n - k + i) / i);
    return r;
}

// Ways to split 2j items into j unordered pairs: (2j - 1)!!.
BigCount pairings(int j) {
    BigCount r = 1;
    for (int i = 2 * j - 1; i > 1; i -= 2) r = checked(r * i);
    return r;
}

std::vector<std::pair<int, int>> shape_key(const Formation& f) {
    std::vector<std::pair<int, int>> best;
    for (const auto& o : formation_orientations(f, Orientations::Rotate)) {
        std::vector<std::pair<int, int>> k;
        for (auto c : o) k.emplace_back(c.row, c.col);
        if (best.empty() || k < best) best = k;
    }
    return best;
}

using Shape = LevelAtlas::Shape;

// The task sets a shape gives: features for each face's slots, then the feature pairs.
BigCount shape_count(const Shape& s, int features) {
    BigCount n = 1;
    int left = features;
    for (int slots : s.face_slots) {
        n = checked(n * choose(left, slots));
        left -= slots;
    }
    return checked(n * choose(left, 2 * s.same_pairs) * pairings(s.same_pairs));
}

using ShapeKey = std::pair<std::vector<int>, std::vector<Face>>;

// The tasks one use of the number cards gives (`use[a]`: -2 unused, -1 over a feature, k: paired
// with number card k), keyed by what they show of the numbers: the sums of the number pairs and the
// faces of the featured slots, both sorted. Nothing when the group has too few columns or features.
std::optional<std::pair<ShapeKey, Shape>> shape_of(const Catalogue& cat, const ColumnGroup& g,
                                                   const std::vector<int>& use) {
    Shape s;
    ShapeKey key;
    auto& [sums, faces] = key;
    for (const auto& top : g.fixed_tops) faces.push_back(number_face(cat, top));
    for (std::size_t a = 0; a < use.size(); ++a) {
        if (use[a] == -1) {
            s.featured.push_back(g.numbers[a]);
            faces.push_back(number_face(cat, g.numbers[a]));
        } else if (use[a] > static_cast<int>(a)) {
            const std::string& other = g.numbers[static_cast<std::size_t>(use[a])];
            s.number_pairs.push_back({g.numbers[a], other});
            sums.push_back(number_face(cat, g.numbers[a]).second + number_face(cat, other).second);
        }
    }
    s.same_pairs = g.free_columns - static_cast<int>(s.number_pairs.size() + s.featured.size());
    if (s.same_pairs < 0 ||
        static_cast<int>(faces.size() + 2 * s.same_pairs) > static_cast<int>(g.features.size()))
        return std::nullopt;
    std::sort(sums.begin(), sums.end());
    std::sort(faces.begin(), faces.end());
    for (const Face& f : faces) {
        if (s.faces.empty() || s.faces.back() != f) {
            s.faces.push_back(f);
            s.face_slots.push_back(0);
        }
        ++s.face_slots.back();
    }
    return std::pair{key, s};
}

// Every way the group's number cards can be used (unused, over a feature, or paired with another
// number card), kept once per set of tasks it gives (the first way stands for the others).
std::vector<Shape> group_shapes(const Catalogue& cat, const ColumnGroup& g) {
    const int n = static_cast<int>(g.numbers.size());
    std::map<ShapeKey, Shape> shapes;
    std::vector<int> use(static_cast<std::size_t>(n), -2);
    std::function<void(int)> walk = [&](int i) {
        if (i == n) {
            if (auto shape = shape_of(cat, g, use)) shapes.emplace(std::move(*shape));
            return;
        }
        if (use[i] >= 0) return walk(i + 1);
        for (int u : {-2, -1}) {
            use[i] = u;
            walk(i + 1);
        }
        for (int k = i + 1; k < n; ++k) {
            if (use[k] != -2) continue;
            use[i] = k;
            use[k] = i;
            walk(i + 1);
            use[k] = -2;
        }
        use[i] = -2;
    };
    walk(0);
    std::vector<Shape> out;
    for (auto& [key, s] : shapes) {
        const BigCount c = shape_count(s, static_cast<int>(g.features.size()));
        if (c > BigCount{INT64_MAX}) throw std::logic_error("a group's count exceeds 63 bits");
        s.count = static_cast<std::int64_t>(c);
        if (s.count > 0) out.push_back(std::move(s));
    }
    return out;
}

// The `rank`-th k-subset of 0..n-1 in lexicographic order.
std::vector<int> unrank_combination(int n, int k, BigCount rank) {
    std::vector<int> out;
    int x = 0;
    for (int i = 0; i < k; ++i, ++x) {
        for (;; ++x) {
            const BigCount below = choose(n - 1 - x, k - 1 - i);
            if (rank < below) break;
            rank -= below;
        }
        out.push_back(x);
    }
    return out;
}

// The task sets of a group: those of its shapes together.
BigCount shapes_total(const std::vector<Shape>& shapes) {
    BigCount n = 0;
    for (const auto& s : shapes) n = checked(n + s.count);
    return n;
}

}  // namespace

std::string to_decimal(BigCount value) {
    if (value == 0) return "0";
    std::string s;
    const bool negative = value < 0;
    for (; value != 0; value /= 10) s.insert(s.begin(), static_cast<char>('0' + std::abs(int(value % 10))));
    return negative ? "-" + s : s;
}

LevelSpec level_spec(const Catalogue& cat, Level level) {
    auto novice = card_ids(cat, [](const OracleCard& c) { return c.deck == Deck::Novice && !is_number(c); });
    auto expert = card_ids(cat, [](const OracleCard& c) { return c.deck == Deck::Expert && !is_number(c); });
    ColumnGroup intermediate{
        {},
        card_ids(cat, [](const OracleCard& c) { return c.deck == Deck::Intermediate && is_number(c); }),
        card_ids(cat, [](const OracleCard& c) { return c.deck == Deck::Intermediate && !is_number(c); }),
        2};
    ColumnGroup first{{"printed-1", "printed-2"}, {}, novice, 2};
    LevelSpec s;
    s.level = level;
    s.sides = {level == Level::Basic || level == Level::One ? 3 : 4};
    switch (level) {
        case Level::Basic:
            s.groups = {{{"printed-1", "printed-2", "novice-1-stone", "novice-2-stones"}, {}, novice, 0}};
            break;
        case Level::One:
            s.groups = {first};
            break;
        case Level::Two:
            s.groups = {first, intermediate};
            break;
        case Level::Three:
            s.groups = {first, {{"expert-1-stone", "expert-2-stones"}, {}, expert, 0}};
            break;
        case Level::Four:
            first.features = card_ids(
                cat, [](const OracleCard& c) { return c.deck != Deck::Intermediate && !is_number(c); });
            s.groups = {first, intermediate};
            break;
        case Level::Five:
            s.groups = {{{},
                         card_ids(cat, is_number),
                         card_ids(cat, [](const OracleCard& c) { return !is_number(c); }),
                         6}};
            s.sides = {3, 4};
            break;
    }
    return s;
}

std::vector<const BoardSide*> board_classes(const Catalogue& cat) {
    // Two sides that a turn or mirror carries onto each other, keeping every formation allowed, deal
    // challenges with the same answers (SideEquivalence.h): the first of them stands for both.
    std::vector<const BoardSide*> boards;
    for (const auto& b : cat.boards) {
        bool seen = false;
        for (const BoardSide* kept : boards) seen = seen || sides_proved_identical(cat, kept->board, b.board);
        if (!seen) boards.push_back(&b);
    }
    return boards;
}

std::vector<PositionChoice> position_classes(const Catalogue& cat, const std::vector<int>& sides) {
    std::vector<PositionChoice> out;
    for (int side : sides) {
        std::set<std::vector<std::pair<int, int>>> seen;
        for (const auto& p : cat.positions)
            if (seen.insert(shape_key(side == 3 ? p.three : p.four)).second) out.push_back({&p, side});
    }
    return out;
}

BigCount group_count(const Catalogue& cat, const ColumnGroup& group) {
    return shapes_total(group_shapes(cat, group));
}

LevelCount count_level(const Catalogue& cat, Level level) {
    LevelCount c;
    c.level = level;
    const LevelSpec spec = level_spec(cat, level);
    c.boards = static_cast<std::int64_t>(board_classes(cat).size());
    c.positions = static_cast<std::int64_t>(position_classes(cat, spec.sides).size());
    c.challenges = BigCount{c.boards} * c.positions;
    for (const auto& g : spec.groups) {
        c.groups.push_back(group_count(cat, g));
        c.challenges = checked(c.challenges * c.groups.back());
    }
    return c;
}

LevelAtlas::LevelAtlas(const Catalogue& cat, Level level) : LevelAtlas(cat, level_spec(cat, level)) {}

LevelAtlas::LevelAtlas(const Catalogue& cat, LevelSpec spec)
    : catalogue_(cat),
      spec_(std::move(spec)),
      boards_(board_classes(cat)),
      positions_(position_classes(cat, spec_.sides)) {
    BigCount total =
        BigCount{static_cast<std::int64_t>(boards_.size())} * static_cast<std::int64_t>(positions_.size());
    for (const auto& g : spec_.groups) {
        GroupAtlas a;
        a.group = &g;
        a.shapes = group_shapes(cat, g);
        const BigCount n = shapes_total(a.shapes);
        a.count = static_cast<std::int64_t>(n);
        total = checked(total * n);
        groups_.push_back(std::move(a));
    }
    if (total > BigCount{INT64_MAX})
        throw std::logic_error("level " + std::string(to_string(spec_.level)) +
                               " has more than 2^63 challenges");
    count_ = static_cast<std::int64_t>(total);
}

// A group's task set `rank`: the shape, then each face's features (lexicographic among the features
// left), then the features of the pairs and how they pair up (least significant).
void LevelAtlas::unrank_group(const GroupAtlas& g, std::int64_t rank, std::vector<DealtColumn>& out) const {
    const Shape* s = nullptr;
    for (const auto& shape : g.shapes) {
        if (rank < shape.count) {
            s = &shape;
            break;
        }
        rank -= shape.count;
    }
    if (!s) throw std::logic_error("an atlas index beyond its group");
    std::vector<std::string> left = g.group->features;
    // The radices, most significant first: one per face, then the paired features, then the pairing.
    std::vector<BigCount> radix;
    int n = static_cast<int>(left.size());
    for (int slots : s->face_slots) {
        radix.push_back(choose(n, slots));
        n -= slots;
    }
    radix.push_back(choose(n, 2 * s->same_pairs));
    radix.push_back(pairings(s->same_pairs));
    std::vector<BigCount> digit(radix.size());
    BigCount r = rank;
    for (std::size_t i = radix.size(); i-- > 0;) {
        digit[i] = r % radix[i];
        r /= radix[i];
    }
    std::map<Face, std::vector<std::string>> by_face;  // the features under each face, ascending
    for (std::size_t f = 0; f < s->faces.size(); ++f) {
        std::vector<std::string> rest;
        auto picked = unrank_combination(static_cast<int>(left.size()), s->face_slots[f], digit[f]);
        for (int i = 0, p = 0; i < static_cast<int>(left.size()); ++i) {
            if (p < static_cast<int>(picked.size()) && picked[p] == i) {
                by_face[s->faces[f]].push_back(left[i]);
                ++p;
            } else {
                rest.push_back(left[i]);
            }
        }
        left = rest;
    }
    std::vector<std::string> paired;
    for (int i :
         unrank_combination(static_cast<int>(left.size()), 2 * s->same_pairs, digit[radix.size() - 2]))
        paired.push_back(left[i]);
    auto next_feature = [&](const std::string& number) {
        auto& pile = by_face[number_face(catalogue_, number)];
        std::string f = pile.front();
        pile.erase(pile.begin());
        return f;
    };
    for (const auto& top : g.group->fixed_tops) out.push_back({top, next_feature(top)});
    for (const auto& [a, b] : s->number_pairs) out.push_back({a, b});
    for (const auto& number : s->featured) out.push_back({number, next_feature(number)});
    BigCount pairing = digit.back();
    for (int j = s->same_pairs; j > 0; --j) {
        const BigCount below = pairings(j - 1);
        const std::size_t k = 1 + static_cast<std::size_t>(pairing / below);
        pairing %= below;
        out.push_back({paired[0], paired[k]});
        paired.erase(paired.begin() + static_cast<std::ptrdiff_t>(k));
        paired.erase(paired.begin());
    }
}

AtlasItem LevelAtlas::item(std::int64_t index) const {
    if (index < 0 || index >= count_) throw std::logic_error("an atlas index beyond its level");
    AtlasItem it;
    it.level = spec_.level;
    it.index = index;
    std::vector<std::int64_t> digit(groups_.size());
    std::int64_t r = index;
    for (std::size_t g = groups_.size(); g-- > 0;) {
        digit[g] = r % groups_[g].count;
        r /= groups_[g].count;
    }
    const auto positions = static_cast<std::int64_t>(positions_.size());
    const PositionChoice& p = positions_[static_cast<std::size_t>(r % positions)];
    it.board = boards_[static_cast<std::size_t>(r / positions)];
    it.position = p.card;
    it.side = p.side;
    for (std::size_t g = 0; g < groups_.size(); ++g) unrank_group(groups_[g], digit[g], it.columns);
    return it;
}

Challenge atlas_challenge(const Catalogue& cat, const AtlasItem& item) {
    Challenge ch;
    ch.board = item.board->board;
    ch.formation = item.side == 3 ? item.position->three : item.position->four;
    for (const auto& col : item.columns) ch.tasks.push_back(column_task(cat, col));
    ch.cards = DealtCards{item.columns, item.position->id, item.side, item.board->id};
    return ch;
}

}  // namespace tlaloc::xalapa
