// `tlaloc xalapa play | replay`: the seven-day basic game between bots and people at the terminal, its
// log and the log's re-check.
#include <algorithm>
#include <chrono>
#include <iomanip>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>

#include "cli/Commands.h"
#include "cli/LineReader.h"
#include "cli/ReplayShow.h"
#include "cli/Timeout.h"
#include "cli/XalapaAtlacoya.h"
#include "cli/XalapaPrint.h"
#include "model/common/InputError.h"
#include "model/common/Json.h"
#include "model/xalapa/Evaluation.h"
#include "puzzles/common/Bots.h"
#include "puzzles/xalapa/SevenDayLog.h"

namespace tlaloc::cli {

using namespace tlaloc::xalapa;

namespace {

struct PlayOptions {
    int players = 0;
    std::string level = "basic";
    std::uint64_t seed = 1;
    std::vector<std::string> bots;
    std::string experts;
    int hourglass = kDefaultHourglass;
    std::string log;
    bool json = false;
    unsigned timeout = 600;
    bool timeout_given = false;
};

std::vector<SeatPlayer> seat_players(const PlayOptions& opt) {
    if (opt.bots.empty()) {  // every seat a bot: best, greedy and random in turn
        const SeatPlayer cycle[] = {SeatPlayer::Best, SeatPlayer::Greedy, SeatPlayer::Random};
        std::vector<SeatPlayer> out;
        for (int p = 0; p < opt.players; ++p) out.push_back(cycle[p % 3]);
        return out;
    }
    if (static_cast<int>(opt.bots.size()) > opt.players)
        throw CLI::ValidationError("--bots", "names " + std::to_string(opt.bots.size()) + " seats for " +
                                                 std::to_string(opt.players) +
                                                 " players (at most one per player)");
    std::vector<SeatPlayer> names;
    for (const std::string& name : opt.bots)
        names.push_back(*parse_seat_player(to_string(read_bot(
            name, {BotName::Random, BotName::Greedy, BotName::Best, BotName::Human}, "--bots", std::cerr))));
    std::vector<SeatPlayer> out;  // one name for every seat, one per seat, or fewer taking turns
    for (int p = 0; p < opt.players; ++p) out.push_back(names[static_cast<std::size_t>(p) % names.size()]);
    return out;
}

// --experts: "all", "none" or seat numbers "1,3"; empty: the level's default.
std::vector<bool> seat_experts(const PlayOptions& opt, Level level) {
    const auto n = static_cast<std::size_t>(opt.players);
    if (opt.experts.empty()) return std::vector<bool>(n, experts_by_default(level));
    if (opt.experts == "all" || opt.experts == "none") return std::vector<bool>(n, opt.experts == "all");
    std::vector<bool> out(n, false);
    std::istringstream in(opt.experts);
    for (std::string item; std::getline(in, item, ',');) {
        const bool digits =
            !item.empty() && item.size() <= 2 && item.find_first_not_of("0123456789") == std::string::npos;
        const int seat = digits ? std::stoi(item) : 0;
        if (seat < 1 || seat > opt.players)
            throw CLI::ValidationError("--experts", "\"" + item + "\" is not a seat (1-" +
                                                        std::to_string(opt.players) + "), all or none");
        out[static_cast<std::size_t>(seat - 1)] = true;
    }
    return out;
}

std::string seconds_text(int tenths) {
    return std::to_string(tenths / kTenths) + "." + std::to_string(tenths % kTenths) + " s";
}

std::string seat_name(const SevenDaySetup& setup, std::size_t p) {
    const SevenDaySeat& s = setup.seats[p];
    return "seat " + std::to_string(p + 1) + " (" + to_string(s.player) + ", " +
           (s.expert ? "expert" : "beginner") + ", " + s.board.id + ")";
}

void print_challenges(std::ostream& out, const Challenge& ch, const std::optional<CellSet>& stones) {
    const std::vector<std::string> words = challenge_words(ch);
    std::vector<bool> met;
    if (stones) met = score_play(ch, *stones).met;
    for (std::size_t c = 0; c < words.size(); ++c) {
        out << "  " << c + 1 << ". " << words[c];
        if (c > 0 && ch.cards && c - 1 < ch.cards->columns.size())
            out << " (" << ch.cards->columns[c - 1].top << " / " << ch.cards->columns[c - 1].bottom << ")";
        if (stones) out << (met[c] ? "  - met" : "  - not met");
        out << "\n";
    }
}

// --- human seats ------------------------------------------------------------------------------------

const char* kHumanHelp =
    "commands: place R C (a stone on row R, column C, as numbered on the board), lift R C, done,\n"
    "          show (the board and which challenges your stones meet), help\n";

class HumanTerminal {
public:
    SevenDayPlay operator()(const SevenDayGame& game, int seat, std::optional<int> first_done) {
        const Challenge ch = game.seat_challenge(seat);
        const auto start = std::chrono::steady_clock::now();
        std::cout << "\nday " << game.day() << ", " << seat_name(game.setup(), static_cast<std::size_t>(seat))
                  << ": your turn. " << kSevenDayStones << " stones, 3 points per challenge not met.\n";
        if (first_done)
            std::cout << "on your clock, the first seat to finish says done at " << seconds_text(*first_done)
                      << ": you have until "
                      << seconds_text(hourglass_end(*first_done, game.setup().hourglass))
                      << ", when the hourglass runs out\n";
        CellSet stones;
        show(ch, stones);
        std::cout << kHumanHelp;
        for (;;) {
            const auto elapsed = [&] {
                return static_cast<int>(std::chrono::duration_cast<std::chrono::milliseconds>(
                                            std::chrono::steady_clock::now() - start)
                                            .count() /
                                        100);
            };
            std::optional<std::string> line;
            std::cout << "> " << std::flush;
            try {
                line = input_.next(hourglass(game, first_done, elapsed()), "the hourglass");
            } catch (const solver::SearchLimitReached&) {
                line.reset();
                std::cout << "the hourglass ran out: your board counts as it is\n";
                return {stones, std::nullopt, std::nullopt};
            }
            if (!line)
                throw InputError("standard input", "",
                                 "ended during day " + std::to_string(game.day()) + " of seat " +
                                     std::to_string(seat + 1) + " (type done to end a day)");
            if (first_done && elapsed() > hourglass_end(*first_done, game.setup().hourglass)) {
                std::cout << "too late: the hourglass ran out; your board counts as it is\n";
                return {stones, std::nullopt, std::nullopt};
            }
            if (command(*line, ch, stones)) return {stones, elapsed(), std::nullopt};
        }
    }

private:
    // The time left before the hourglass runs out, as a deadline for reading (none when nobody is done).
    static solver::Deadline hourglass(const SevenDayGame& game, std::optional<int> first_done, int now) {
        if (!first_done) return solver::Deadline(0);
        const int left = hourglass_end(*first_done, game.setup().hourglass) - now;
        return solver::Deadline(static_cast<unsigned>(std::max(1, (left + kTenths - 1) / kTenths)));
    }

    static void show(const Challenge& ch, const CellSet& stones) {
        print_board(std::cout, ch.board, stones);
        std::cout << "challenges (" << stones.count() << (stones.count() == 1 ? " stone" : " stones")
                  << " placed, penalty now " << score_play(ch, stones).penalty << "):\n";
        print_challenges(std::cout, ch, stones);
    }

    // Applies one typed command; true on "done".
    static bool command(const std::string& line, const Challenge& ch, CellSet& stones) {
        std::istringstream in(line);
        std::string word;
        in >> word;
        if (word.empty()) return false;
        if (word == "done") return true;
        if (word == "help") {
            std::cout << kHumanHelp;
            return false;
        }
        if (word == "show") {
            show(ch, stones);
            return false;
        }
        if (word == "place" || word == "lift") {
            int r = -1, c = -1;
            std::string rest;
            if (!(in >> r >> c) || (in >> rest)) {
                std::cout << "usage: " << word << " ROW COLUMN, e.g. " << word << " 2 3\n";
                return false;
            }
            place_or_lift(word == "place", Cell{r, c}, ch.board, stones);
            return false;
        }
        std::cout << "unknown command \"" << word << "\" (help lists them)\n";
        return false;
    }

    static void place_or_lift(bool place, Cell cell, const Board& board, CellSet& stones) {
        if (!board.contains(cell)) {
            std::cout << "no field " << cell.row << " " << cell.col << " (rows and columns 0-"
                      << board.rows - 1 << ")\n";
            return;
        }
        const auto i = static_cast<std::size_t>(board.index(cell));
        if (place && stones.test(i)) std::cout << "a stone is already there\n";
        if (place && !stones.test(i) && static_cast<int>(stones.count()) >= kSevenDayStones)
            std::cout << "all " << kSevenDayStones << " stones are on the board: lift one first\n";
        else if (place)
            stones.set(i);
        if (!place && !stones.test(i)) std::cout << "no stone there\n";
        if (!place) stones.reset(i);
        std::cout << stones.count() << (stones.count() == 1 ? " stone: " : " stones: ")
                  << cells_to_text(board, stones) << "\n";
    }

    LineReader input_;
};

// --- the game as text ---------------------------------------------------------------------------------

void print_day(const SevenDayGame& game, const Catalogue& cat, std::size_t d) {
    const SevenDaySetup& setup = game.setup();
    const SevenDayDay& day = game.days()[d];
    std::cout << "day " << d + 1 << ":\n";
    print_challenges(std::cout, day_challenge(cat, day.cards, setup.seats.front().board), std::nullopt);
    std::optional<int> first;
    for (const SevenDayPlay& p : day.plays)
        if (p.done_at && (!first || *p.done_at < *first)) first = p.done_at;
    std::cout << "  first done at " << seconds_text(*first) << "; the hourglass ran out at "
              << seconds_text(hourglass_end(*first, setup.hourglass)) << "\n";
    for (std::size_t p = 0; p < day.plays.size(); ++p) {
        const SevenDayPlay& play = day.plays[p];
        const SevenDayResult& r = day.results[p];
        std::cout << "  seat " << p + 1 << ": ";
        if (play.done_at)
            std::cout << "done at " << seconds_text(*play.done_at);
        else if (play.plan)
            std::cout << "cut off by the hourglass with " << play.stones.count() << " of its "
                      << play.plan->count() << " stones laid";
        else
            std::cout << "cut off by the hourglass";
        std::cout << ", stones " << cells_to_text(setup.seats[p].board, play.stones) << "; not met ";
        std::string unmet;
        for (std::size_t c = 0; c < r.met.size(); ++c)
            if (!r.met[c]) unmet += (unmet.empty() ? "" : " ") + std::to_string(c + 1);
        std::cout << (unmet.empty() ? "none" : unmet) << "; penalty " << r.penalty << " -> " << day.totals[p]
                  << "\n";
    }
}

void print_game(const SevenDayGame& game, const Catalogue& cat) {
    const SevenDaySetup& setup = game.setup();
    std::cout << "Xalapa, seed " << setup.seed << ", level " << to_string(setup.level) << ", "
              << setup.seats.size() << " players, hourglass " << setup.hourglass << " s\n";
    for (std::size_t p = 0; p < setup.seats.size(); ++p) std::cout << "  " << seat_name(setup, p) << "\n";
    for (std::size_t d = 0; d < game.days().size(); ++d) print_day(game, cat, d);
    const std::vector<int> places = game.places();
    std::cout << "ranking (lowest total wins):\n";
    for (int place = 1; place <= game.players(); ++place)
        for (std::size_t p = 0; p < places.size(); ++p)
            if (places[p] == place)
                std::cout << "  " << place << ". " << seat_name(setup, p) << ": " << game.totals()[p] << "\n";
}

void run_play(const PlayOptions& opt) {
    const auto level = parse_level(opt.level);
    const std::vector<SeatPlayer> players = seat_players(opt);
    const Catalogue& catalogue = shipped_catalogue();
    const SevenDaySetup setup =
        setup_seven_days(catalogue, opt.seed, *level, players, seat_experts(opt, *level), opt.hourglass);
    // A game with people in it lasts as long as they take: --timeout then bounds it only when given.
    const bool people = std::find(players.begin(), players.end(), SeatPlayer::Human) != players.end();
    const unsigned seconds = people && !opt.timeout_given ? 0 : opt.timeout;
    const solver::Deadline deadline(seconds);
    ChallengeSolver solver;
    solver.set_deadline(&deadline);
    HumanTerminal human;
    const SevenDayGame game = naming("xalapa play", seconds, [&] {
        return play_seven_days(
            solver, catalogue, setup,
            [&](const SevenDayGame& g, int seat, std::optional<int> f) { return human(g, seat, f); });
    });
    const std::string log = seven_day_log_text(catalogue, game);
    if (!opt.log.empty()) write_file_atomically(opt.log, log);
    if (opt.json)
        std::cout << log;
    else
        print_game(game, catalogue);
}

void add_play(CLI::App& xalapa) {
    auto opt = std::make_shared<PlayOptions>();
    auto* cmd = xalapa.add_subcommand(
        "play",
        "Plays the seven-day game: each day the oracle's cards are dealt for the level, every seat places\n"
        "stones on its own board, a race that ends an hourglass after the first 'done'; penalties add up\n"
        "and the lowest total after 7 days wins. Bots (random, greedy, best) and people (human) at the\n"
        "terminal. Same seed, same game.\n"
        "Example: tlaloc xalapa play --players 3 --seed 7 --bots best,greedy,random --log game.jsonl");
    cmd->add_option("--players", opt->players, "number of players (2-6)")
        ->required()
        ->check(CLI::Range(2, 6));
    cmd->add_option("--level", opt->level, "basic, 1, 2, 3, 4 or 5")
        ->capture_default_str()
        ->check(CLI::IsMember({"basic", "1", "2", "3", "4", "5"}));
    cmd->add_option("--seed", opt->seed, "seed for the boards, the cards and the bots")
        ->capture_default_str()
        ->check(CLI::Range(std::uint64_t{0}, static_cast<std::uint64_t>(kSevenDayMaxSeed)));
    cmd->add_option("--bots", opt->bots,
                    "the seats, comma-separated: random, greedy, best or human; one name for every\n"
                    "seat, one per seat, or fewer taking turns (default: best, greedy, random in turn)")
        ->delimiter(',');
    cmd->add_option("--experts", opt->experts,
                    "seats playing as experts (7 challenges), e.g. 1,3, or all or none\n"
                    "(default: none at basic and level 1, all from level 2)");
    cmd->add_option("--hourglass", opt->hourglass, "seconds the hourglass runs after the first done")
        ->capture_default_str()
        ->check(CLI::Range(1, kMaxHourglass));
    cmd->add_option("--log", opt->log, "write the game as JSON lines to this file (replay checks it)")
        ->check(output_path());
    cmd->add_flag("--json", opt->json, "print the JSON lines log instead of the text");
    add_timeout(*cmd, opt->timeout);
    cmd->callback([opt, cmd] {
        opt->timeout_given = cmd->count("--timeout") > 0;
        run_play(*opt);
    });
}

}  // namespace

void add_xalapa_play_commands(CLI::App& xalapa) {
    add_play(xalapa);
    add_replay_command(
        xalapa,
        {"seven-day",
         "Re-checks a log from 'xalapa play --log': the boards and every day's cards dealt again from the\n"
         "seed, the bots asked again, the race run again, every play against the rules, every score\n"
         "and the ranking recomputed. Exit 0: all right; 1: the first wrong step; 2: not a game log.\n"
         "With --show it first prints every seat's play of every day and the scores after it.\n"
         "Example: tlaloc xalapa replay game.jsonl\n"
         "Example: tlaloc xalapa replay game.jsonl --show --step 3",
         600});
}

}  // namespace tlaloc::cli
