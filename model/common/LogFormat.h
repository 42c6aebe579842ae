// Every whole game's JSON-lines log opens with a setup line that names its format and version,
// "tlaloc-aztlan-game/2": rule corrections change what a replay must find, so a log of another
// version is refused (one line naming its version and what to do: play the game again from its
// seed) rather than replayed against rules it was not played by. Logs written before logs carried a
// version are version 1.
#pragma once
#include <string>

#include "model/common/Json.h"

namespace tlaloc {

struct LogFormat {
    const char* name;     // "tlaloc-aztlan-game"
    int version;          // the version this tlaloc writes and reads
    const char* command;  // what plays such a game again: "tlaloc aztlan play"
};

inline constexpr LogFormat kAztlanLog{"tlaloc-aztlan-game", 2, "tlaloc aztlan play"};
inline constexpr LogFormat kAztekaLog{"tlaloc-azteka-match", 2, "tlaloc azteka match"};
inline constexpr LogFormat kAkelarreLog{"tlaloc-akelarre-game", 2, "tlaloc akelarre play"};
inline constexpr LogFormat kAtlacoyaLog{"tlaloc-xalapa-atlacoya", 2, "tlaloc xalapa atlacoya play"};
inline constexpr LogFormat kSevenDayLog{"tlaloc-xalapa-play", 1, "tlaloc xalapa play"};

// "name/version", the value of the setup line's "format".
std::string log_format_text(const LogFormat& format);

// Checks the setup line `setup` (an object) names `format` at this version: an InputError naming
// the line otherwise, saying which format and version the log is of and, for an older version of
// this format, to play it again from its seed.
void check_log_format(const JsonPlace& setup, const LogFormat& format);

}  // namespace tlaloc
