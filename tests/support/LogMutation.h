// Mutants of a JSON-lines game log, each one field changed once, for the replay mutation tests: a
// replay that re-derives what the seed determines and checks every step should refuse (almost) every
// mutant that changes the game. A mutant is the whole log text with one change:
//   - a whole number one more, one less, or 0;
//   - a string replaced by another string the log holds under the same key (a plausible wrong value:
//     another card, another player, another action), else the string with "x" appended;
//   - a boolean flipped;
//   - an array with its last element dropped, or its first two elements swapped when they differ;
//   - a line removed, or a line repeated.
// Paths are JSON pointers prefixed by the line's index: "3/moves/0/card".
#pragma once
#include <algorithm>
#include <cstddef>
#include <functional>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "model/common/Json.h"

namespace test_support {

struct LogMutant {
    std::string where;  // "3/moves/0/card", "3 removed", "3 repeated"
    std::string text;   // the whole log with the change
};

namespace detail {

inline std::vector<std::string> log_lines(const std::string& log) {
    std::vector<std::string> lines;
    std::istringstream in(log);
    for (std::string line; std::getline(in, line);)
        if (!line.empty()) lines.push_back(line);
    return lines;
}

inline std::string join_lines(const std::vector<std::string>& lines) {
    std::string out;
    for (const auto& l : lines) out += l + "\n";
    return out;
}

inline void collect_strings(const tlaloc::Json& j, const std::string& key,
                            std::map<std::string, std::set<std::string>>& by_key) {
    if (j.is_object()) {
        for (auto it = j.begin(); it != j.end(); ++it) collect_strings(it.value(), it.key(), by_key);
    } else if (j.is_array()) {
        for (const auto& e : j) collect_strings(e, key, by_key);
    } else if (j.is_string()) {
        by_key[key].insert(j.get<std::string>());
    }
}

// Every changed value of the leaf or array at `j`.
inline std::vector<tlaloc::Json> changed_values(const tlaloc::Json& j, const std::string& key,
                                                const std::map<std::string, std::set<std::string>>& by_key) {
    std::vector<tlaloc::Json> out;
    if (j.is_boolean()) {
        out.push_back(!j.get<bool>());
    } else if (j.is_number_integer()) {
        const auto v = j.get<std::int64_t>();
        out.push_back(v + 1);
        out.push_back(v - 1);
        if (v != 0 && v != 1 && v != -1) out.push_back(0);
    } else if (j.is_number_float()) {
        out.push_back(j.get<double>() + 1);
    } else if (j.is_string()) {
        const auto s = j.get<std::string>();
        bool other = false;
        if (auto it = by_key.find(key); it != by_key.end())
            for (const auto& candidate : it->second)
                if (candidate != s) {
                    out.push_back(candidate);
                    other = true;
                    if (out.size() >= 3) break;
                }
        if (!other) out.push_back(s + "x");
    } else if (j.is_array() && !j.empty()) {
        tlaloc::Json shorter = j;
        shorter.erase(shorter.size() - 1);
        out.push_back(shorter);
        if (j.size() >= 2 && j[0] != j[1]) {
            tlaloc::Json swapped = j;
            std::swap(swapped[0], swapped[1]);
            out.push_back(swapped);
        }
    }
    return out;
}

inline void mutate_in(tlaloc::Json& j, const std::string& pointer, const std::string& key,
                      const std::map<std::string, std::set<std::string>>& by_key,
                      const std::function<void(const std::string&)>& emit) {
    for (auto& v : changed_values(j, key, by_key)) {
        tlaloc::Json saved = j;
        j = v;
        emit(pointer);
        j = saved;
    }
    if (j.is_object()) {
        for (auto it = j.begin(); it != j.end(); ++it)
            mutate_in(it.value(), pointer + "/" + it.key(), it.key(), by_key, emit);
    } else if (j.is_array()) {
        for (std::size_t i = 0; i < j.size(); ++i)
            mutate_in(j[i], pointer + "/" + std::to_string(i), key, by_key, emit);
    }
}

}  // namespace detail

// Every mutant of `log` (JSON lines). Lines that are not JSON are left as they are.
inline std::vector<LogMutant> log_mutants(const std::string& log) {
    const auto lines = detail::log_lines(log);
    std::vector<tlaloc::Json> parsed;
    std::map<std::string, std::set<std::string>> by_key;
    for (const auto& l : lines) {
        parsed.push_back(tlaloc::Json::parse(l, nullptr, false));
        if (!parsed.back().is_discarded()) detail::collect_strings(parsed.back(), "", by_key);
    }
    std::vector<LogMutant> out;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        auto copy = lines;
        copy.erase(copy.begin() + static_cast<std::ptrdiff_t>(i));
        out.push_back({std::to_string(i) + " removed", detail::join_lines(copy)});
        copy = lines;
        copy.insert(copy.begin() + static_cast<std::ptrdiff_t>(i), lines[i]);
        out.push_back({std::to_string(i) + " repeated", detail::join_lines(copy)});
        if (parsed[i].is_discarded()) continue;
        tlaloc::Json j = parsed[i];
        detail::mutate_in(j, std::to_string(i), "", by_key, [&](const std::string& where) {
            auto changed = lines;
            changed[i] = j.dump();
            out.push_back({where, detail::join_lines(changed)});
        });
    }
    return out;
}

struct MutationScore {
    std::size_t mutants = 0;          // mutants that change the game (the exempt ones are not counted)
    std::size_t detected = 0;         // of those, refused by the replay
    std::size_t exempt = 0;           // mutants of fields that cannot change the game
    std::vector<std::string> missed;  // where the undetected ones are
    double rate() const { return mutants == 0 ? 1.0 : static_cast<double>(detected) / mutants; }
};

// Replays every mutant of `log` (every `step`-th with a step): `refused(text)` is true when the replay
// rejects the log (bad input or a wrong step); `exempt(where)` names the fields that cannot change the
// game (documented per game).
inline MutationScore score_mutants(const std::string& log,
                                   const std::function<bool(const std::string&)>& refused,
                                   const std::function<bool(const std::string& where)>& exempt,
                                   std::size_t step = 1) {
    MutationScore score;
    const auto mutants = log_mutants(log);
    for (std::size_t i = 0; i < mutants.size(); i += std::max<std::size_t>(1, step)) {
        const LogMutant& m = mutants[i];
        if (exempt(m.where)) {
            ++score.exempt;
            continue;
        }
        ++score.mutants;
        if (refused(m.text))
            ++score.detected;
        else
            score.missed.push_back(m.where);
    }
    return score;
}

// Several logs scored on a sample of their mutants (every k-th, about `per_log` of each), with the
// figures also kept apart for the mutants outside each log's last line (an end line recomputed whole
// refuses all of its mutants, which would flatter the rate over the actions).
struct SampledScore {
    MutationScore total, actions;

    void add(const std::string& name, const std::string& log, std::size_t per_log,
             const std::function<bool(const std::string&)>& refused,
             const std::function<bool(const std::string& where)>& exempt) {
        const auto mutants = log_mutants(log);
        const std::string last = std::to_string(detail::log_lines(log).size() - 1) + "/";
        const std::size_t step = std::max<std::size_t>(1, mutants.size() / std::max<std::size_t>(1, per_log));
        for (std::size_t i = 0; i < mutants.size(); i += step) {
            const LogMutant& m = mutants[i];
            if (exempt(m.where)) {
                ++total.exempt;
                continue;
            }
            const bool end_line = m.where.rfind(last, 0) == 0;
            const bool refused_it = refused(m.text);
            ++total.mutants;
            actions.mutants += !end_line;
            total.detected += refused_it;
            actions.detected += refused_it && !end_line;
            if (!refused_it) total.missed.push_back(name + " " + m.where);
        }
    }

    // "azteka log mutants: 7763 of 7769 refused (99.9 %), 25 exempt; without the end line: ...; missed: ..."
    std::string describe(const std::string& game) const {
        std::ostringstream out;
        out << game << " log mutants: " << total.detected << " of " << total.mutants << " refused ("
            << 100.0 * total.rate() << " %), " << total.exempt
            << " exempt; without the end line: " << actions.detected << " of " << actions.mutants << " ("
            << 100.0 * actions.rate() << " %); missed:";
        for (const auto& w : total.missed) out << " " << w;
        return out.str();
    }
};

}  // namespace test_support
