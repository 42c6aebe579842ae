#include "session/TablePlay.h"

#include <algorithm>
#include <deque>
#include <stdexcept>

#include "model/common/InputError.h"
#include "model/common/Json.h"
#include "puzzles/xalapa/AtlacoyaLog.h"
#include "puzzles/xalapa/Catalogue.h"
#include "session/GameLog.h"
#include "session/xalapa/AtlacoyaEngine.h"

namespace tlaloc::session {

namespace {

// A game longer than this is a bug of an adapter or a bot, not a game.
constexpr std::size_t kMaxTableActions = 20000;

// Every action of the setup, a whole turn given as a list split into its steps.
std::deque<std::string> flat_steps(const std::vector<std::string>& actions) {
    std::deque<std::string> out;
    for (const std::string& a : actions) {
        if (auto steps = action_steps(a))
            out.insert(out.end(), steps->begin(), steps->end());
        else
            out.push_back(a);
    }
    return out;
}

std::string next_of(std::deque<std::string>& queue) {
    if (queue.empty()) throw std::invalid_argument("the game is not over: its log is written at the end");
    std::string a = queue.front();
    queue.pop_front();
    return a;
}

// The game replayed day by day as `xalapa atlacoya play` plays it, each player's play the recorded
// one instead of a bot's; the log's seats then say who sat there.
std::string atlacoya_log(const TableSetup& setup) {
    std::deque<std::string> queue = flat_steps(setup.actions);
    const xalapa::Catalogue& cat = xalapa::shipped_catalogue();
    xalapa::AtlacoyaGame game;
    std::vector<xalapa::AtlacoyaBot> bots;
    for (const std::string& s : setup.seats) {
        if (s == "random")
            throw std::invalid_argument(
                "Atlacoya's log names the cautious and greedy bots and people, not a random seat");
        bots.push_back(xalapa::AtlacoyaBot::Greedy);
    }
    game.setup = xalapa::setup_atlacoya(cat, setup.seed, bots, xalapa::load_atlacoya_points());
    game.state = xalapa::AtlacoyaState(setup.spec.players);
    // The engine reads each play (its stones are field numbers of the player's board).
    AtlacoyaEngine engine(setup.spec.players, setup.seed);
    xalapa::AtlacoyaPiles piles = xalapa::atlacoya_piles(cat, setup.seed);
    for (int day = 1; day <= xalapa::kAtlacoyaDays; ++day) {
        xalapa::AtlacoyaDay d;
        d.row = xalapa::deal_atlacoya_day(cat, piles, game.setup.seats.front().board);
        d.piles = xalapa::pile_sizes(piles);
        std::vector<xalapa::Challenge> rows;
        for (std::size_t p = 0; p < game.setup.seats.size(); ++p) {
            rows.push_back(xalapa::row_on_board(d.row, game.setup.seats[p].board));
            const std::string action = next_of(queue);
            d.plays.push_back(engine.play_of(action));
            engine.apply(action);
        }
        d.outcomes = xalapa::play_day(game.state, rows, game.setup.points, d.plays);
        d.points = game.state.points;
        d.tokens = game.state.tokens;
        game.days.push_back(std::move(d));
    }
    game.places = xalapa::atlacoya_places(game.state);
    std::string text = xalapa::atlacoya_log_text(game);
    Json first = Json::parse(text.substr(0, text.find('\n')));
    for (std::size_t p = 0; p < setup.seats.size(); ++p)
        if (setup.seats[p] == "human") first["players"][p]["bot"] = "human";
    return first.dump() + text.substr(text.find('\n'));
}

}  // namespace

TableState play_table(const TableSetup& setup, const solver::Deadline& deadline, std::size_t max_legal,
                      bool hint) {
    auto engine = make_engine(setup.spec, setup.seed);
    check_seats(setup.seats, engine->players());
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
        record(engine->own_bot_action(seat_bot(seat), rng));
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
    check_seats(setup.seats, make_engine(setup.spec, setup.seed)->players());
    if (logs_in_envelope(setup.spec.game))
        return log_text({setup.spec, setup.seed, setup.seats}, setup.actions);
    if (setup.spec.game == "atlacoya") return atlacoya_log(setup);
    throw std::invalid_argument("no whole game named " + setup.spec.game);
}

}  // namespace tlaloc::session
