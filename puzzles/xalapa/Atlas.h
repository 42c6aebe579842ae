// The atlas of every level: how many distinct challenges each level deals (counted exactly, by
// combinatorics), and a numbering of them, so a census can solve item i of any level and a sample
// can draw items uniformly by their number.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "puzzles/xalapa/Catalogue.h"
#include "puzzles/xalapa/Deal.h"

namespace tlaloc::xalapa {

// Columns dealt from one pool of cards. A challenge asks its tasks in no particular order, so two
// deals are one challenge when they ask the same tasks: columns whose tops read the same number may
// exchange their bottom cards, a feature-over-feature column reads the same upside down, columns may
// change places, and a number card reads the same over or under a feature. Pools of different
// groups share no card, so a level's challenges are the product of its groups'.
struct ColumnGroup {
    std::vector<std::string> fixed_tops;  // printed numbers or number cards, each over a pool feature
    std::vector<std::string> numbers;     // number cards the free columns may use
    std::vector<std::string> features;    // feature cards of the pool
    int free_columns = 0;                 // columns of any pool card over any other pool card
};

struct LevelSpec {
    Level level = Level::Basic;
    std::vector<ColumnGroup> groups;  // in column order
    std::vector<int> sides;           // the position card sides the level plays (3, 4 or both)
};

// The level's set-up as in deal(): which cards go where.
LevelSpec level_spec(const Catalogue& catalogue, Level level);

// Board sides and position card sides that deal the same challenges count once: the first of each
// class stands for it (the same classes as the basic census).
std::vector<const BoardSide*> board_classes(const Catalogue& catalogue);
struct PositionChoice {
    const PositionCard* card = nullptr;
    int side = 3;
};
std::vector<PositionChoice> position_classes(const Catalogue& catalogue, const std::vector<int>& sides);

// A count that may exceed 64 bits while it is being formed.
using BigCount = __int128;
std::string to_decimal(BigCount value);

// The distinct task sets one group deals.
BigCount group_count(const Catalogue& catalogue, const ColumnGroup& group);

struct LevelCount {
    Level level = Level::Basic;
    std::int64_t boards = 0, positions = 0;
    std::vector<BigCount> groups;  // distinct task sets per column group
    BigCount challenges = 0;       // boards x positions x every group's count
};
LevelCount count_level(const Catalogue& catalogue, Level level);

// One distinct challenge of a level: its board, position card side and the columns in deal order.
struct AtlasItem {
    Level level = Level::Basic;
    std::int64_t index = 0;
    const BoardSide* board = nullptr;
    const PositionCard* position = nullptr;
    int side = 3;
    std::vector<DealtColumn> columns;
};

// The level's numbering: item `index` (0 <= index < count_level().challenges, which must fit in 63
// bits) with the board class most significant, then the position class, then each group's task set.
// A group's task sets are numbered by the faces its numbers show, then by the features chosen for
// each face in lexicographic order, then by the feature pairs: at the basic level this is the order
// basic_census_items() lists.
class LevelAtlas {
public:
    LevelAtlas(const Catalogue& catalogue, Level level);
    LevelAtlas(const Catalogue& catalogue, LevelSpec spec);  // a set-up of one's own (tests)
    LevelAtlas(const LevelAtlas&) = delete;                  // its groups point into its own spec
    LevelAtlas& operator=(const LevelAtlas&) = delete;
    Level level() const { return spec_.level; }
    std::int64_t count() const { return count_; }
    AtlasItem item(std::int64_t index) const;

    // One way a group uses its number cards (which pairs of them make a "stones on the board" column,
    // which lie over features), kept once per set of tasks it gives, with the number of task sets.
    struct Shape {
        std::vector<std::pair<std::string, std::string>> number_pairs;  // number over number
        std::vector<std::string> featured;                              // number card over a feature
        std::vector<std::pair<int, int>> faces;  // distinct faces of the featured slots, ascending
        std::vector<int> face_slots;             // how many slots show each face (fixed tops too)
        int same_pairs = 0;                      // feature-over-feature columns
        std::int64_t count = 0;                  // the task sets of this shape
    };

private:
    struct GroupAtlas {
        const ColumnGroup* group = nullptr;
        std::vector<Shape> shapes;
        std::int64_t count = 0;
    };
    void unrank_group(const GroupAtlas& g, std::int64_t rank, std::vector<DealtColumn>& out) const;

    const Catalogue& catalogue_;
    LevelSpec spec_;
    std::vector<const BoardSide*> boards_;
    std::vector<PositionChoice> positions_;
    std::vector<GroupAtlas> groups_;
    std::int64_t count_ = 0;
};

Challenge atlas_challenge(const Catalogue& catalogue, const AtlasItem& item);

}  // namespace tlaloc::xalapa
