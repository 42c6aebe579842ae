// Every whole game's JSON-lines log opens with a setup line that names its format and version,
// "tlaloc-aztlan-game/2": rule corrections change what a replay must find, so a log of another
// version is refused (one line naming its version and what to do: play the game again from its
// seed) rather than replayed against rules it was not played by. Logs written before logs carried a
// version are version 1.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "model/common/Json.h"

namespace tlaloc {

struct LogFormat {
    const char* name;     // "tlaloc-aztlan-game"
    int version;          // the version this tlaloc writes and reads
    const char* command;  // what plays such a game again: "tlaloc aztlan play"
};

inline constexpr LogFormat kAztlanLog{"tlaloc-aztlan-game", 3, "tlaloc aztlan play"};
inline constexpr LogFormat kAztekaLog{"tlaloc-azteka-match", 3, "tlaloc azteka match"};
inline constexpr LogFormat kAkelarreLog{"tlaloc-akelarre-game", 3, "tlaloc akelarre play"};
inline constexpr LogFormat kAtlacoyaLog{"tlaloc-xalapa-atlacoya", 3, "tlaloc xalapa atlacoya play"};
inline constexpr LogFormat kSevenDayLog{"tlaloc-xalapa-play", 1, "tlaloc xalapa play"};

// "name/version", the value of the setup line's "format".
std::string log_format_text(const LogFormat& format);

// Checks the setup line `setup` (an object) names `format` at this version: an InputError naming
// the line otherwise, saying which format and version the log is of and, for an older version of
// this format, to play it again from its seed.
void check_log_format(const JsonPlace& setup, const LogFormat& format);

// What every replay shares once a log's lines are read.
// Fails `line` unless its "kind" is `kind`: expected a "round" line here, found "turn".
void expect_log_kind(const JsonPlace& line, const std::string& kind);
// A value for a replay's message: its JSON text, cut short past 200 characters (never inside a
// UTF-8 character) so the message stays one readable line.
std::string shown_in_log(const Json& value);
// The first of `keys` whose value differs between the recorded object and the one the rules derive
// ("points recorded 19, the rules give 16"; a missing key counts as null); nullopt when all agree.
// `source` says where the derived value comes from: "the rules give", "the seed deals", ...
std::optional<std::string> first_differing_key(const Json& recorded, const Json& derived,
                                               const std::vector<std::string>& keys,
                                               const std::string& source = "the rules give");
// A recorded line (or part of one) must have the form of the one the rules derive: the same keys,
// the same kinds of values, item by item (items past the derived ones are left to the comparison of
// values). Anything else fails `got` (bad input), while a value of the right form that differs is a
// wrong step, the replay's finding. A derived null says nothing about the form.
void expect_log_form(const JsonPlace& got, const Json& like);
// The first place where `recorded` differs from `derived`, searched through objects and arrays
// ("row.cards.columns[2].bottom recorded \"novice-gecko\", the seed deals \"novice-red\""), named
// from `path`; nullopt when they are equal.
std::optional<std::string> first_json_difference(const Json& recorded, const Json& derived,
                                                 const std::string& path, const std::string& source);

}  // namespace tlaloc
