#include "model/akelarre/Meld.h"

#include <algorithm>
#include <set>

namespace tlaloc::akelarre {

namespace {

std::vector<Card> non_jokers(const std::vector<Card>& cards) {
    std::vector<Card> out;
    for (const Card& c : cards)
        if (!c.joker()) out.push_back(c);
    return out;
}

// Why the cards are not a set, or "" when they are one.
std::string set_problem(const std::vector<Card>& cards) {
    std::set<Family> families;
    for (const Card& c : cards) {
        if (!families.insert(c.family).second) return "two cards of the " + family_name(c.family) + " family";
    }
    auto plain = non_jokers(cards);
    for (const Card& c : plain) {
        if (c.value != plain.front().value)
            return "values differ (" + to_string(plain.front()) + ", " + to_string(c) + ")";
    }
    return "";
}

// Windows [low, low + n - 1] inside 2..6 holding every non-joker value once; empty when none.
std::vector<std::pair<int, int>> run_windows(const std::vector<Card>& cards, std::string& problem) {
    std::vector<std::pair<int, int>> windows;
    for (const Card& c : cards) {
        if (c.family != cards.front().family) {
            problem = "families differ (" + to_string(cards.front()) + ", " + to_string(c) + ")";
            return windows;
        }
    }
    auto plain = non_jokers(cards);
    std::set<int> values;
    for (const Card& c : plain) {
        if (!values.insert(c.value).second) {
            problem = "value " + std::to_string(c.value) + " appears twice";
            return windows;
        }
    }
    const int n = static_cast<int>(cards.size());
    for (int low = kLowestValue; low + n - 1 <= kHighestValue; ++low) {
        int high = low + n - 1;
        if (values.empty() || (*values.begin() >= low && *values.rbegin() <= high))
            windows.push_back({low, high});
    }
    if (windows.empty())
        problem = "values " + std::to_string(*values.begin()) + " and " + std::to_string(*values.rbegin()) +
                  " are too far apart for " + std::to_string(n) + " consecutive cards";
    return windows;
}

}  // namespace

MeldReading read_meld(const std::vector<Card>& cards) {
    MeldReading r;
    const int n = static_cast<int>(cards.size());
    if (n < kMeldMin) {
        r.why_not = "a meld needs at least " + std::to_string(kMeldMin) + " cards";
        return r;
    }
    if (n > kMeldMax) {
        r.why_not = "a meld has at most " + std::to_string(kMeldMax) + " cards";
        return r;
    }
    std::string set_why = set_problem(cards);
    if (set_why.empty()) {
        r.valid = true;
        r.kind = MeldKind::Set;
        auto plain = non_jokers(cards);
        r.value = plain.empty() ? 0 : plain.front().value;
        for (const Card& c : cards) {
            if (!c.joker()) continue;
            JokerReading j{c, {}};
            for (int v = kLowestValue; v <= kHighestValue; ++v)
                if (r.value == 0 || v == r.value) j.stands_for.push_back(v);
            r.jokers.push_back(j);
        }
        return r;
    }
    std::string run_why;
    auto windows = run_windows(cards, run_why);
    if (!windows.empty()) {
        r.valid = true;
        r.kind = MeldKind::Run;
        r.family = cards.front().family;
        r.windows = windows;
        std::set<int> present;
        for (const Card& c : non_jokers(cards)) present.insert(c.value);
        std::set<int> missing;
        for (auto [low, high] : windows)
            for (int v = low; v <= high; ++v)
                if (!present.count(v)) missing.insert(v);
        for (const Card& c : cards)
            if (c.joker()) r.jokers.push_back({c, std::vector<int>(missing.begin(), missing.end())});
        return r;
    }
    // One family points at a run, several families at a set: explain the one the player was after.
    bool one_family = std::all_of(cards.begin(), cards.end(),
                                  [&](const Card& c) { return c.family == cards.front().family; });
    r.why_not = one_family ? "not a run: " + run_why : "not a set: " + set_why + "; not a run: " + run_why;
    return r;
}

bool can_take(const std::vector<Card>& meld, std::size_t index) {
    if (meld.size() != 4 || index >= meld.size()) return false;
    MeldReading whole = read_meld(meld);
    if (!whole.valid) return false;
    if (whole.kind == MeldKind::Set) return true;
    std::vector<Card> rest = meld;
    Card taken = rest[index];
    rest.erase(rest.begin() + static_cast<std::ptrdiff_t>(index));
    MeldReading left = read_meld(rest);
    if (!left.valid) return false;
    if (taken.joker()) return true;
    for (auto [low, high] : left.windows)
        if (taken.value == low - 1 || taken.value == high + 1) return true;
    return false;
}

std::string describe(const MeldReading& r) {
    if (!r.valid) return "not a meld: " + r.why_not;
    std::string s;
    if (r.kind == MeldKind::Set) {
        s = r.value ? "set of " + std::to_string(r.value) + "s" : "set of any one value";
    } else {
        s = "run of " + family_name(r.family) + " ";
        for (std::size_t i = 0; i < r.windows.size(); ++i) {
            if (i) s += " or ";
            s += std::to_string(r.windows[i].first) + "-" + std::to_string(r.windows[i].second);
        }
    }
    for (const auto& j : r.jokers) {
        s += ", " + to_string(j.joker) + " = ";
        for (std::size_t i = 0; i < j.stands_for.size(); ++i) {
            if (i) s += " or ";
            s += family_letter(j.joker.family) + std::to_string(j.stands_for[i]);
        }
    }
    return s;
}

}  // namespace tlaloc::akelarre
