#include "cli/StudioReplay.h"

#include <algorithm>
#include <cctype>

#include "model/common/InputError.h"
#include "session/Games.h"
#include "session/Replay.h"
#include "session/TablePlay.h"
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
    if (p.has("name") == p.has("log"))
        p.fail("give either \"log\" (the log's text) or \"name\" (a saved log)");
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
        throw InputError(name, "",
                         "the log has " + std::to_string(shown.steps.size()) + " steps, over the " +
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

Json table_request(const Json& body, const std::string& file, unsigned seconds) {
    const JsonPlace p(body, file);
    p.expect_object();
    p.expect_only_keys({"game", "players", "variant", "seed", "seats", "actions", "hint"});
    session::TableSetup setup;
    setup.spec.game = p.at("game").as_string();
    const auto& games = session::engine_games();
    if (std::find(games.begin(), games.end(), setup.spec.game) == games.end())
        p.at("game").fail("expected aztlan, azteka, akelarre or atlacoya");
    setup.spec.players = static_cast<int>(p.at("players").as_int(2, 6));
    setup.spec.variant = session::variants_of(setup.spec.game).front();
    if (auto v = p.get("variant"); v && !v->is_null()) setup.spec.variant = v->as_string();
    setup.seed = static_cast<std::uint64_t>(p.at("seed").as_int(0, kMaxExactJsonInteger));
    for (const JsonPlace& s : p.at("seats").items()) setup.seats.push_back(s.as_string());
    if (auto a = p.get("actions")) {
        if (a->size() > 20000) a->fail("a game has at most 20000 actions");
        for (const JsonPlace& x : a->items()) setup.actions.push_back(x.as_string());
    }
    const bool hint = p.has("hint") && p.at("hint").as_bool();
    const solver::Deadline deadline(seconds);
    session::TableState t;
    try {
        t = session::play_table(setup, deadline, 5000, hint);
    } catch (const std::invalid_argument& e) {
        p.fail(e.what());
    } catch (const session::DeadEnd& e) {
        p.fail(std::string("the bots met a dead end (a known gap of this game's bots), try another seed: ") +
               e.what());
    } catch (solver::SearchLimitReached& e) {
        e.set_context(file, seconds);
        throw;
    }
    Json out = {{"actions", t.actions}, {"actors", t.actors},       {"stages", t.stages},
                {"names", t.names},     {"to_act", t.to_act},       {"over", t.over},
                {"stage", t.stage},     {"text", t.text},           {"svg", t.svg},
                {"legal", t.legal},     {"legal_cut", t.legal_cut}, {"scores", t.scores},
                {"winners", t.winners}};
    if (t.hint) out["hint"] = *t.hint;
    if (t.over) {
        setup.actions = t.actions;
        try {
            out["log"] = session::table_log(setup);
        } catch (const std::invalid_argument& e) {
            out["no_log"] = e.what();  // the game has no log naming these seats
        }
    }
    return out;
}

}  // namespace tlaloc::cli
