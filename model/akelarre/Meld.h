// Melds on a meeting place: a set (one value, different families) or a run (one family, consecutive
// values), 3-5 cards, jokers standing for any card of their family. Says what a meld is, or why not.
#pragma once
#include <string>
#include <vector>

#include "model/akelarre/Card.h"

namespace tlaloc::akelarre {

constexpr int kMeldMin = 3;
constexpr int kMeldMax = 5;  // the fifth card completes a meld, which is then captured

enum class MeldKind { Set, Run };

// What one joker of a meld can stand for: every value that some valid reading gives it.
struct JokerReading {
    Card joker;
    std::vector<int> stands_for;
};

struct MeldReading {
    bool valid = false;
    std::string why_not;  // when not valid
    MeldKind kind = MeldKind::Set;
    // Set: the shared value (0 when the set is all jokers: then any value works).
    int value = 0;
    // Run: the family and every window [low, high] of values it can occupy.
    Family family = Family::Fairies;
    std::vector<std::pair<int, int>> windows;
    std::vector<JokerReading> jokers;
};

// Reads the cards as a meld of `kMeldMin`..`kMeldMax` cards. A joker is not bound to one card when
// laid: a meld is valid while some reading of its jokers makes it a set or a run.
MeldReading read_meld(const std::vector<Card>& cards);

// Whether the card at `index` may be taken from a valid 4-card meld: any card of a set; from a run
// only a card at one end of some reading of it (the three left stay a run).
bool can_take(const std::vector<Card>& meld, std::size_t index);

// "set of 5s", "run of fairies 3-5", with jokers: "GJ = G5".
std::string describe(const MeldReading& reading);

}  // namespace tlaloc::akelarre
