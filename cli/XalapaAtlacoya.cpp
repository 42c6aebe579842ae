#include "cli/XalapaAtlacoya.h"
#include "cli/BalanceCommand.h"
#include "cli/ReplayShow.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>
#include <memory>
#include <sstream>
#include <string>

#include "cli/Commands.h"
#include "cli/LineReader.h"
#include "cli/TerminalTable.h"
#include "cli/Timeout.h"
#include "model/common/InputError.h"
#include "model/common/Json.h"
#include "model/xalapa/Challenge.h"
#include "puzzles/common/Bots.h"
#include "puzzles/xalapa/Atlacoya.h"
#include "puzzles/xalapa/AtlacoyaGame.h"
#include "session/GameLog.h"
#include "session/TablePlay.h"
#include "session/xalapa/AtlacoyaEngine.h"

namespace tlaloc::cli {

using namespace tlaloc::xalapa;

namespace {

struct AdviseOptions {
    std::string file;
    int tokens = 0;
    bool json = false;
    unsigned timeout = 60;
};

Json optional_int(const std::optional<int>& v) { return v ? Json(*v) : Json(nullptr); }

Json advice_to_json(const AtlacoyaAdvice& advice) {
    Json bids = Json::array();
    for (const BidAdvice& b : advice.bids) {
        Json j = {{"bid", b.bid}, {"possible", b.stones.has_value()}, {"stones", optional_int(b.stones)}};
        if (advice.tokens > 0) {
            j["tokens_needed"] = optional_int(b.tokens_needed);
            Json cover = Json::array();
            for (int t : b.cover) cover.push_back(t + 1);
            j["cover"] = b.tokens_needed ? cover : Json(nullptr);
            j["stones_with_cover"] = optional_int(b.stones_with_cover);
        }
        bids.push_back(j);
    }
    Json out = {{"bids", bids}};
    if (advice.tokens > 0) {
        out["tokens"] = advice.tokens;
        Json best = nullptr;
        for (const BidAdvice& b : advice.bids)
            if (advice.best_bid && b.bid == *advice.best_bid) {
                Json cover = Json::array();
                for (int t : b.cover) cover.push_back(t + 1);
                best = {{"bid", b.bid}, {"cover", cover}, {"stones", *b.stones_with_cover}};
            }
        out["best"] = best;
    }
    return out;
}

std::string cover_text(const std::vector<int>& cover) {
    std::string out;
    for (int t : cover) out += (out.empty() ? "" : ", ") + std::to_string(t + 1);
    return out;
}

void print_advice_text(const Challenge& row, const AtlacoyaAdvice& advice) {
    std::cout << "the row, in order:\n";
    for (std::size_t t = 0; t < row.tasks.size(); ++t)
        std::cout << "  " << t + 1 << ". " << row.tasks[t].describe() << "\n";
    if (row.formation) std::cout << "  and the formation, for every bid\n";
    for (const BidAdvice& b : advice.bids) {
        std::cout << "bid " << b.bid << ": ";
        if (b.stones)
            std::cout << "possible with " << *b.stones << " stone" << (*b.stones == 1 ? "" : "s");
        else
            std::cout << "impossible within " << row.max_stones << " stones";
        if (advice.tokens > 0 && !b.stones) {
            if (b.tokens_needed)
                std::cout << "; with " << *b.tokens_needed << " token" << (*b.tokens_needed == 1 ? "" : "s")
                          << " on challenge " << cover_text(b.cover) << ", " << *b.stones_with_cover
                          << " stones";
            else
                std::cout << "; not even with " << advice.tokens << " tokens";
        }
        std::cout << "\n";
    }
    if (advice.tokens > 0)
        std::cout << "highest bid with up to " << advice.tokens
                  << " tokens: " << (advice.best_bid ? std::to_string(*advice.best_bid) : std::string("none"))
                  << "\n";
}

void run_advise(const AdviseOptions& opt) {
    Challenge row = load_challenge(opt.file, shipped_catalogue());
    if (row.tasks.size() < static_cast<std::size_t>(kAtlacoyaLowestBid))
        throw InputError(opt.file, "tasks", "an Atlacoya row needs at least 2 tasks (the lowest bid is 2)");
    const solver::Deadline deadline(opt.timeout);
    ChallengeSolver solver;
    solver.set_deadline(&deadline);
    AtlacoyaAdvice advice =
        naming(opt.file, opt.timeout, [&] { return advise_bids(solver, row, opt.tokens); });
    if (opt.json)
        std::cout << json_text(advice_to_json(advice)) << "\n";
    else
        print_advice_text(row, advice);
}

void add_advise(CLI::App& atlacoya) {
    auto opt = std::make_shared<AdviseOptions>();
    auto* cmd = atlacoya.add_subcommand(
        "advise",
        "For each bid b (2 to 7): can the row's first b tasks all be met at once within max_stones,\n"
        "and with how few stones (proved). With --tokens T: the fewest challenges to cover with\n"
        "tokens for each bid, and the highest bid that T tokens make possible.\n"
        "Example: tlaloc xalapa atlacoya advise puzzles/xalapa/challenges/atlacoya-1.json --tokens 1");
    cmd->add_option("ROW", opt->file, "challenge JSON file whose tasks, in order, are the row")->required();
    cmd->add_option("--tokens", opt->tokens, "penalty tokens that may cover failed challenges (0-7)")
        ->capture_default_str()
        ->check(CLI::Range(0, 7));
    cmd->add_flag("--json", opt->json, "print the advice as one JSON object");
    add_timeout(*cmd, opt->timeout);
    cmd->callback([opt] { run_advise(*opt); });
}

struct PlayOptions {
    int players = 0;
    std::uint64_t seed = 1;
    std::vector<std::string> bots;
    std::string log;
    bool json = false;
    unsigned timeout = 600;
};

// One seat per player: greedy, best, random, cautious (Atlacoya's own) or human; by default cautious
// and greedy in turn.
std::vector<std::string> seat_names(const PlayOptions& opt) {
    std::vector<std::string> seats;
    if (opt.bots.empty()) {
        for (int p = 0; p < opt.players; ++p) seats.push_back(p % 2 ? "greedy" : "cautious");
        return seats;
    }
    if (static_cast<int>(opt.bots.size()) != opt.players)
        throw CLI::ValidationError("--bots", "names " + std::to_string(opt.bots.size()) + " bots for " +
                                                 std::to_string(opt.players) + " players (one per player)");
    for (const std::string& name : opt.bots) {
        const auto bot =
            read_bot_or_own(name, {BotName::Random, BotName::Greedy, BotName::Best, BotName::Human},
                            {"cautious"}, "--bots", std::cerr);
        seats.push_back(bot ? to_string(*bot) : name);
    }
    return seats;
}

std::string cells_text(const Board& board, const Json& stones) {
    std::string out;
    for (const Json& f : stones) {
        const Cell& c = board.cell(f.get<int>());
        out += (out.empty() ? "[" : " [") + std::to_string(c.row) + "," + std::to_string(c.col) + "]";
    }
    return out.empty() ? "none" : out;
}

std::string numbers_text(const std::vector<int>& positions) {
    std::string out;
    for (int c : positions) out += (out.empty() ? "" : " ") + std::to_string(c + 1);
    return out.empty() ? "none" : out;
}

std::string row_text(const Challenge& row) {
    std::ostringstream out;
    int number = 0;
    for (int t : atlacoya_order(row)) {
        out << "  " << ++number << ". ";
        if (t == static_cast<int>(row.tasks.size())) {
            out << "the position card";
            if (row.cards) out << " " << row.cards->position;
            out << " (" << row.formation->cells.size() << " stones in its shape)\n";
            continue;
        }
        const Task& task = row.tasks[static_cast<std::size_t>(t)];
        out << task.describe() << (task.label.empty() ? "" : " (" + task.label + ")") << "\n";
    }
    return out.str();
}

std::string play_text(std::size_t p, const Board& board, const Json& play, const AtlacoyaOutcome& o,
                      int total, int tokens) {
    std::vector<int> met;
    for (std::size_t c = 0; c < o.met.size(); ++c)
        if (o.met[c]) met.push_back(static_cast<int>(c));
    std::ostringstream out;
    out << "  player " << p + 1 << ": bid " << play["bid"].get<int>() << ", stones "
        << cells_text(board, play["stones"]) << "; met " << numbers_text(met);
    if (!o.covered.empty()) out << "; tokens on " << numbers_text(o.covered);
    if (o.stopped_at) out << "; stopped at " << *o.stopped_at + 1;
    out << "; " << to_string(o.scored) << " " << (o.points >= 0 ? "+" : "") << o.points << " -> " << total
        << " points, " << tokens << " token" << (tokens == 1 ? "" : "s") << "\n";
    return out.str();
}

// Each day as it ends: its row, then every player's play and result.
class DayLines {
public:
    void add(int player, const std::string& action, const session::Engine& after) {
        const auto& game = dynamic_cast<const session::AtlacoyaEngine&>(after);
        if (player == 0) row_ = row_text(game.row(0));
        plays_.push_back(Json::parse(action));
        const std::vector<AtlacoyaOutcome>* results = game.day_results();
        if (!results) return;
        text_ += "day " + std::to_string(game.state().day) + ":\n" + row_;
        for (std::size_t p = 0; p < plays_.size(); ++p)
            text_ += play_text(p, game.board(static_cast<int>(p)), plays_[p], (*results)[p],
                               game.state().points[p], game.state().tokens[p]);
        plays_.clear();
    }
    const std::string& text() const { return text_; }

private:
    std::string row_, text_;
    std::vector<Json> plays_;
};

std::string game_text(const session::AtlacoyaEngine& game, const std::vector<std::string>& seats,
                      std::uint64_t seed, const std::string& days) {
    std::ostringstream out;
    out << "Atlacoya, seed " << seed << ", " << seats.size() << " players"
        << (load_atlacoya_points().placeholder ? " (green and red points: placeholder values)" : "") << "\n";
    for (std::size_t p = 0; p < seats.size(); ++p)
        out << "  player " << p + 1 << ": " << seats[p] << " on " << game.board(static_cast<int>(p)).id
            << "\n";
    out << days << "ranking:\n";
    const std::vector<int> places = atlacoya_places(game.state());
    std::vector<std::size_t> order(places.size());
    for (std::size_t p = 0; p < order.size(); ++p) order[p] = p;
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return places[a] < places[b]; });
    for (std::size_t p : order) {
        const int tokens = game.state().tokens[p];
        out << "  " << places[p] << ". player " << p + 1 << " (" << seats[p] << ", "
            << game.board(static_cast<int>(p)).id << "): " << game.state().points[p] << " points, " << tokens
            << " token" << (tokens == 1 ? "" : "s") << " left\n";
    }
    return out.str();
}

// A game with a person's seat, at the terminal over the shared table.
void run_play_with_people(const PlayOptions& opt, const std::vector<std::string>& seats) {
    session::TableSetup table;
    table.spec = {"atlacoya", opt.players, "standard"};
    table.seed = opt.seed;
    table.seats = seats;
    const solver::Deadline deadline(opt.timeout);
    LineReader input;
    const auto played =
        naming("xalapa atlacoya play", opt.timeout, [&] { return play_at_terminal(table, input, deadline); });
    if (!played) return;  // abandoned: no log
    const std::string log = session::table_log(*played);
    if (!opt.log.empty()) write_file_atomically(opt.log, log);
    if (opt.json) std::cout << log;
}

void run_play(const PlayOptions& opt) {
    const std::vector<std::string> seats = seat_names(opt);
    if (std::find(seats.begin(), seats.end(), "human") != seats.end())
        return run_play_with_people(opt, seats);
    const solver::Deadline deadline(opt.timeout);
    const session::SeatedGame game{{"atlacoya", opt.players, "standard"}, opt.seed, seats};
    DayLines days;
    const session::PlayedGame played = naming("xalapa atlacoya play", opt.timeout, [&] {
        return session::play_seated(
            game, nullptr,
            [&](int player, const std::string&, const std::string& action, const session::Engine& after) {
                days.add(player, action, after);
            },
            deadline);
    });
    if (!opt.log.empty()) write_file_atomically(opt.log, played.log);
    if (opt.json)
        std::cout << played.log;
    else
        std::cout << game_text(dynamic_cast<const session::AtlacoyaEngine&>(*played.engine), seats, opt.seed,
                               days.text());
}

void add_play(CLI::App& atlacoya) {
    auto opt = std::make_shared<PlayOptions>();
    auto* cmd = atlacoya.add_subcommand(
        "play",
        "Plays a whole Atlacoya game (7 days) between bots and prints each day's row, every bid,\n"
        "the stones, the challenges met and the points, then the ranking. Same seed, same game.\n"
        "A human seat plays at the terminal: it sees its row and picks a bid and stones from a numbered list.\n"
        "Example: tlaloc xalapa atlacoya play --players 3 --seed 7 --bots cautious,greedy,best --log game.jsonl");
    cmd->add_option("--players", opt->players, "number of players (2-6)")
        ->required()
        ->check(CLI::Range(2, 6));
    cmd->add_option("--seed", opt->seed, "seed for the board sides and the rows")
        ->capture_default_str()
        ->check(CLI::Range(std::uint64_t{0}, static_cast<std::uint64_t>(kAtlacoyaMaxSeed)));
    cmd->add_option(
           "--bots", opt->bots,
           "one seat per player, comma-separated: greedy, best (= greedy), cautious, random or human (a\n"
           "person at the terminal) (default: cautious and greedy in turn)")
        ->delimiter(',');
    cmd->add_option("--log", opt->log, "write the game as JSON lines to this file (replay checks it)")
        ->check(output_path());
    cmd->add_flag("--json", opt->json, "print the JSON lines log instead of the text");
    add_timeout(*cmd, opt->timeout);
    cmd->callback([opt] { run_play(*opt); });
}

}  // namespace

void add_xalapa_atlacoya_commands(CLI::App& xalapa) {
    auto* atlacoya = xalapa.add_subcommand(
        "atlacoya", "The Atlacoya variant: bid how many challenges of the row you will meet, in order.");
    atlacoya->require_subcommand(1);
    add_advise(*atlacoya);
    add_play(*atlacoya);
    add_replay_command(
        *atlacoya,
        {"atlacoya",
         "Re-checks a game log from 'atlacoya play --log': the boards, rows and piles dealt again from the\n"
         "seed, every play against the rules, every result and the ranking recomputed.\n"
         "Exit 0: all right; 1: the first wrong step; 2: not a game log.\n"
         "With --show it first prints every play and the scores after it.\n"
         "Example: tlaloc xalapa atlacoya replay game.jsonl\n"
         "Example: tlaloc xalapa atlacoya replay game.jsonl --show"});
    add_balance_command(*atlacoya, "atlacoya", "xalapa atlacoya");
}

}  // namespace tlaloc::cli
