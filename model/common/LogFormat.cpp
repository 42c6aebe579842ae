#include "model/common/LogFormat.h"

namespace tlaloc {

std::string log_format_text(const LogFormat& format) {
    return std::string(format.name) + "/" + std::to_string(format.version);
}

void check_log_format(const JsonPlace& setup, const LogFormat& format) {
    setup.expect_object();
    std::string again = std::string("play the game again from its seed (") + format.command;
    if (const auto seed = setup.get("seed"); seed && seed->json().is_number_integer())
        again += " --seed " + seed->json().dump();
    again += " ...) and replay the new log";
    const auto given = setup.get("format");
    if (!given)
        setup.fail("a log of version 1 of " + std::string(format.name) +
                   " (written before logs named their format; rules have been corrected since), and this "
                   "tlaloc replays version " +
                   std::to_string(format.version) + ": " + again);
    const std::string text = given->as_string();
    const std::size_t slash = text.rfind('/');
    const std::string name = text.substr(0, slash);
    if (slash == std::string::npos || name != format.name) {
        given->fail(
            "expected \"" + log_format_text(format) + "\", found \"" + text + "\"" +
            (slash == std::string::npos || name.rfind("tlaloc-", 0) != 0 ? "" : " (a log of another game)"));
    }
    const std::string version = text.substr(slash + 1);
    if (version == std::to_string(format.version)) return;
    const bool older = !version.empty() && version.size() < 6 &&
                       version.find_first_not_of("0123456789") == std::string::npos &&
                       std::stoi(version) < format.version;
    given->fail("a log of version " + version + " of " + format.name + ", and this tlaloc replays version " +
                std::to_string(format.version) +
                (older ? ": " + again : " (a log from a newer tlaloc: replay it with that one)"));
}

}  // namespace tlaloc
