#include "session/TablePlay.h"

#include <algorithm>
#include <stdexcept>

#include "model/common/InputError.h"
#include "model/common/Json.h"
#include "session/GameLog.h"

namespace tlaloc::session {

namespace {

// A game longer than this is a bug of an adapter or a bot, not a game.
constexpr std::size_t kMaxTableActions = 20000;

}  // namespace

TableState play_table(const TableSetup& setup, const solver::Deadline& deadline, std::size_t max_legal,
                      bool hint) {
    auto engine = make_engine(setup.spec, setup.seed);
    check_seats(setup.seats, *engine);
    if (setup.actions.size() > kMaxTableActions)
        throw InputError("request", "actions",
                         "a game has at most " + std::to_string(kMaxTableActions) + " actions");
    TableState out;
    auto record = [&](const std::string& action) {
        out.stages.push_back(engine->stage_label());
        out.actors.push_back(engine->to_act());
        engine->apply(action);
        out.actions.push_back(action);
    };
    for (std::size_t i = 0; i < setup.actions.size(); ++i) {
        if (auto why = engine->why_illegal(setup.actions[i]))
            throw InputError("request", "actions[" + std::to_string(i) + "]", *why);
        record(setup.actions[i]);
    }
    Rng rng(setup.seed * 0x9E3779B97F4A7C15ULL + out.actions.size());
    while (!engine->over() && setup.seats[static_cast<std::size_t>(engine->to_act())] != "human") {
        if (deadline.passed())
            throw solver::SearchLimitReached("the bots were answering at action " +
                                             std::to_string(out.actions.size() + 1));
        if (out.actions.size() >= kMaxTableActions)
            throw std::logic_error("the game did not end within " + std::to_string(kMaxTableActions) +
                                   " actions");
        const std::string& seat = setup.seats[static_cast<std::size_t>(engine->to_act())];
        record(seat_action(seat, *engine, rng));
    }
    for (int p = 0; p < engine->players(); ++p) out.names.push_back(engine->player_name(p));
    out.over = engine->over();
    out.to_act = engine->to_act();
    out.stage = engine->stage_label();
    // A person to act sees what their seat may know (a finished game shows everything: the engines'
    // describe_for and picture_svg_for say so).
    out.text = engine->describe_for(out.to_act);
    out.svg = engine->picture_svg_for(out.to_act);
    if (!out.over) {
        // The plainest first (Aztlán: a pawn placed without a move or the Eagle), so a cut list keeps them.
        std::vector<std::string> legal = engine->legal_actions();
        std::stable_sort(legal.begin(), legal.end(),
                         [](const std::string& a, const std::string& b) { return a.size() < b.size(); });
        out.legal_cut = legal.size() > max_legal;
        out.legal.assign(legal.begin(),
                         legal.begin() + static_cast<std::ptrdiff_t>(std::min(legal.size(), max_legal)));
        if (hint) out.hint = engine->own_bot_action(OwnBot::Greedy, rng);
    } else {
        out.scores = engine->scores();
        out.winners = engine->winners();
    }
    return out;
}

std::string table_log(const TableSetup& setup) {
    check_seats(setup.seats, *make_engine(setup.spec, setup.seed));
    if (logs_in_envelope(setup.spec.game))
        return log_text({setup.spec, setup.seed, setup.seats}, setup.actions);
    throw std::invalid_argument("no whole game named " + setup.spec.game);
}

}  // namespace tlaloc::session
