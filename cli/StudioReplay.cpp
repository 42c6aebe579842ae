#include "cli/StudioReplay.h"

#include <cctype>

#include "model/common/InputError.h"
#include "session/Replay.h"
#include "solver/common/SearchLimit.h"

namespace tlaloc::cli {

namespace {

bool log_file_name(const std::string& name) {
    if (name.size() < 7 || name.size() > 128 || !name.ends_with(".jsonl") || name[0] == '.' || name[0] == '-')
        return false;
    for (unsigned char c : name)
        if (!std::isalnum(c) && c != '-' && c != '_' && c != '.') return false;
    return true;
}

}  // namespace

Json saved_game_logs(const StudioFolder& folder) {
    Json logs = Json::array();
    for (const std::string& f : folder.list())
        if (log_file_name(f)) logs.push_back(f);
    return Json{{"logs", logs}};
}

Json replay_request(const Json& body, const std::string& file, const StudioFolder& folder, unsigned seconds) {
    const JsonPlace p(body, file);
    p.expect_object();
    p.expect_only_keys({"log", "name", "game", "at"});
    std::string name = "pasted log", content;
    if (p.has("name") == p.has("log")) p.fail("give either \"log\" (the log's text) or \"name\" (a saved log)");
    if (auto n = p.get("name")) {
        name = n->as_string();
        if (!log_file_name(name)) n->fail("a saved log is a plain file name ending in .jsonl (no paths)");
        auto text = folder.read(name, kMaxReplayLogBytes);
        if (!text) n->fail("no log named \"" + name + "\" in the studio's data folder");
        content = *text;
    } else {
        content = p.at("log").as_string();
    }
    std::string game;
    if (auto g = p.get("game"); g && !g->is_null()) {
        game = g->as_string();
        const auto& games = session::replay_games();
        if (std::find(games.begin(), games.end(), game) == games.end())
            g->fail("expected aztlan, azteka, akelarre, atlacoya or seven-day");
    }
    session::ReplayPictures pictures;
    pictures.step = p.has("at") ? static_cast<int>(p.at("at").as_int(0, kMaxReplaySteps)) : 0;
    const solver::Deadline deadline(seconds);
    session::ReplayShow shown;
    try {
        shown = session::show_replay(game, name, content, pictures, deadline);
    } catch (solver::SearchLimitReached& e) {
        e.set_context(name, seconds);
        throw;
    }
    if (shown.steps.size() > kMaxReplaySteps)
        throw InputError(name, "", "the log has " + std::to_string(shown.steps.size()) + " steps, over the " +
                                       std::to_string(kMaxReplaySteps) + " the studio shows");
    if (pictures.step >= static_cast<int>(shown.steps.size()))
        p.at("at").fail("the log has steps 0 to " + std::to_string(shown.steps.size() - 1));
    Json steps = Json::array();
    for (const session::ReplayStep& s : shown.steps)
        steps.push_back({{"number", s.number},
                         {"stage", s.stage},
                         {"player", s.player},
                         {"who", s.who},
                         {"action", s.action},
                         {"text", s.text}});
    return Json{{"game", shown.game},
                {"players", shown.players},
                {"name", name},
                {"wrong", shown.wrong ? Json(*shown.wrong) : Json(nullptr)},
                {"steps", steps},
                {"at", pictures.step},
                {"svg", shown.steps[static_cast<std::size_t>(pictures.step)].svg}};
}

}  // namespace tlaloc::cli
