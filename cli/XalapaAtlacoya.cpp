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
#include "puzzles/xalapa/AtlacoyaLog.h"

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

std::vector<AtlacoyaBot> seat_bots(const PlayOptions& opt) {
    std::vector<AtlacoyaBot> bots;
    if (opt.bots.empty()) {  // cautious and greedy in turn
        for (int p = 0; p < opt.players; ++p)
            bots.push_back(p % 2 ? AtlacoyaBot::Greedy : AtlacoyaBot::Cautious);
        return bots;
    }
    if (static_cast<int>(opt.bots.size()) != opt.players)
        throw CLI::ValidationError("--bots", "names " + std::to_string(opt.bots.size()) + " bots for " +
                                                 std::to_string(opt.players) + " players (one per player)");
    // best: the greedy bidder, Atlacoya's strongest; cautious: a bot of Atlacoya's own.
    for (const std::string& name : opt.bots) {
        const auto bot = read_bot_or_own(name, {BotName::Greedy, BotName::Best}, {"cautious", "human"},
                                         "--bots", std::cerr);
        bots.push_back(*parse_atlacoya_bot(bot ? to_string(*bot) : name));
    }
    return bots;
}

std::string cells_text(const Board& board, const CellSet& stones) {
    std::string out;
    for (int i = 0; i < board.size(); ++i)
        if (stones.test(static_cast<std::size_t>(i)))
            out += (out.empty() ? "[" : " [") + std::to_string(board.cell(i).row) + "," +
                   std::to_string(board.cell(i).col) + "]";
    return out.empty() ? "none" : out;
}

std::string numbers_text(const std::vector<int>& positions) {
    std::string out;
    for (int c : positions) out += (out.empty() ? "" : " ") + std::to_string(c + 1);
    return out.empty() ? "none" : out;
}

void print_row(const Challenge& row) {
    int number = 0;
    for (int t : atlacoya_order(row)) {
        std::cout << "  " << ++number << ". ";
        if (t == static_cast<int>(row.tasks.size())) {
            std::cout << "the position card";
            if (row.cards) std::cout << " " << row.cards->position;
            std::cout << " (" << row.formation->cells.size() << " stones in its shape)\n";
            continue;
        }
        const Task& task = row.tasks[static_cast<std::size_t>(t)];
        std::cout << task.describe() << (task.label.empty() ? "" : " (" + task.label + ")") << "\n";
    }
}

void print_play(std::size_t p, const Board& board, const AtlacoyaPlay& play, const AtlacoyaOutcome& o,
                int total, int tokens) {
    std::vector<int> met;
    for (std::size_t c = 0; c < o.met.size(); ++c)
        if (o.met[c]) met.push_back(static_cast<int>(c));
    std::cout << "  player " << p + 1 << ": bid " << play.bid << ", stones " << cells_text(board, play.stones)
              << "; met " << numbers_text(met);
    if (!o.covered.empty()) std::cout << "; tokens on " << numbers_text(o.covered);
    if (o.stopped_at) std::cout << "; stopped at " << *o.stopped_at + 1;
    std::cout << "; " << to_string(o.scored) << " " << (o.points >= 0 ? "+" : "") << o.points << " -> "
              << total << " points, " << tokens << " token" << (tokens == 1 ? "" : "s") << "\n";
}

void print_game(const AtlacoyaGame& game) {
    const AtlacoyaSetup& setup = game.setup;
    std::cout << "Atlacoya, seed " << setup.seed << ", " << setup.seats.size() << " players"
              << (setup.points.placeholder ? " (green and red points: placeholder values)" : "") << "\n";
    for (std::size_t p = 0; p < setup.seats.size(); ++p)
        std::cout << "  player " << p + 1 << ": " << to_string(setup.seats[p].bot) << " on "
                  << setup.seats[p].board.id << "\n";
    for (std::size_t d = 0; d < game.days.size(); ++d) {
        const AtlacoyaDay& day = game.days[d];
        std::cout << "day " << d + 1 << ":\n";
        print_row(day.row);
        for (std::size_t p = 0; p < day.plays.size(); ++p)
            print_play(p, setup.seats[p].board, day.plays[p], day.outcomes[p], day.points[p], day.tokens[p]);
    }
    std::cout << "ranking:\n";
    std::vector<std::size_t> order(game.places.size());
    for (std::size_t p = 0; p < order.size(); ++p) order[p] = p;
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return game.places[a] < game.places[b]; });
    for (std::size_t p : order) {
        std::cout << "  " << game.places[p] << ". player " << p + 1 << " (" << to_string(setup.seats[p].bot)
                  << ", " << setup.seats[p].board.id << "): " << game.state.points[p] << " points, "
                  << game.state.tokens[p] << " token" << (game.state.tokens[p] == 1 ? "" : "s") << " left\n";
    }
}

// A game with a person's seat, at the terminal over the shared table: the other seats are greedy.
void run_play_with_people(const PlayOptions& opt) {
    if (static_cast<int>(opt.bots.size()) != opt.players)
        throw CLI::ValidationError("--bots", "names " + std::to_string(opt.bots.size()) + " seats for " +
                                                 std::to_string(opt.players) + " players (one per player)");
    session::TableSetup table;
    table.spec = {"atlacoya", opt.players, "standard"};
    table.seed = opt.seed;
    for (const std::string& name : opt.bots) {
        if (name == "human") {
            table.seats.push_back("human");
            continue;
        }
        const auto bot = read_bot_or_own(name, {BotName::Greedy, BotName::Best}, {"cautious", "human"},
                                         "--bots", std::cerr);
        if (!bot)
            throw CLI::ValidationError(
                "--bots",
                "with a human seat the other seats are greedy (or best) bots, not \"" + name + "\"");
        table.seats.push_back("greedy");
    }
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
    if (std::find(opt.bots.begin(), opt.bots.end(), "human") != opt.bots.end())
        return run_play_with_people(opt);
    const std::vector<AtlacoyaBot> bots = seat_bots(opt);
    const Catalogue catalogue = load_catalogue();
    const AtlacoyaSetup setup = setup_atlacoya(catalogue, opt.seed, bots, load_atlacoya_points());
    const solver::Deadline deadline(opt.timeout);
    ChallengeSolver solver;
    solver.set_deadline(&deadline);
    const AtlacoyaGame game =
        naming("xalapa atlacoya play", opt.timeout, [&] { return play_atlacoya(solver, catalogue, setup); });
    const std::string log = atlacoya_log_text(game);
    if (!opt.log.empty()) write_file_atomically(opt.log, log);
    if (opt.json)
        std::cout << log;
    else
        print_game(game);
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
           "one seat per player, comma-separated: greedy, best (= greedy), cautious or human (a person\n"
           "at the terminal; the other seats are then greedy or best) (default: cautious and greedy in turn)")
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
