// `tlaloc xalapa ...`: solve challenges for the minimum penalty (and, with --all, every optimum),
// explain and rate them, deal rounds and generate puzzles (the census is in XalapaCensus.cpp).
#include <chrono>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>

#include "cli/Commands.h"
#include "cli/Progress.h"
#include "cli/Timeout.h"
#include "cli/XalapaAnswers.h"
#include "cli/XalapaAtlacoya.h"
#include "cli/XalapaCensus.h"
#include "cli/XalapaPictures.h"
#include "cli/XalapaPrint.h"
#include "puzzles/xalapa/Atlas.h"
#include "puzzles/xalapa/Generator.h"
#include "solver/common/SearchLimit.h"

namespace tlaloc::cli {

using namespace xalapa;

namespace {

// Each subcommand's command-line options are a <Verb>Options here; the library's own option
// structs (xalapa::DealOptions, xalapa::GenerateOptions) are always named with their namespace.

// ---- solve ----

struct SolveOptions {
    std::vector<std::string> files;
    bool json = false;
    bool all = false;
    std::int64_t cap = 1000;
    unsigned timeout = 60;
};

void print_solve_text(std::ostream& out, const Challenge& ch, const Solution& s, const std::string& file,
                      const std::optional<OptimalSets>& sets) {
    const Evaluation& e = s.evaluation;
    out << file << "  (board " << (ch.board.id.empty() ? "inline" : ch.board.id) << ")\n";
    out << "penalty " << e.penalty << " = " << e.stones << " stone" << (e.stones == 1 ? "" : "s") << " + "
        << ch.disfavor << " x " << e.unmet << " unmet   (optimal: proved, " << s.solver_checks
        << " solver checks)\n";
    print_board(out, ch.board, s.stones);
    print_tasks(out, ch, e);
    out << "stones: " << cells_to_text(ch.board, s.stones) << "\n";
    if (!sets) return;
    out << "optimal stone sets: " << (sets->more ? "more than " : "") << sets->count << "\n";
    out << "forced (a stone in every optimal set): " << cells_to_text(ch.board, sets->forced) << "\n";
    if (sets->examples.size() == 2) {
        out << "two different optimal sets:\n  A: " << cells_to_text(ch.board, sets->examples[0])
            << "\n  B: " << cells_to_text(ch.board, sets->examples[1]) << "\n";
    }
}

void run_solve(const SolveOptions& opt) {
    const solver::Deadline deadline(opt.timeout);
    // Validate every file before printing anything, so bad input never leaves partial output; the
    // answers are printed once all are found, so an exceeded --timeout leaves none either.
    std::vector<Challenge> challenges;
    for (const auto& f : opt.files) challenges.push_back(load_challenge(f, shipped_catalogue()));
    ChallengeSolver solver;
    solver.set_deadline(&deadline);
    std::ostringstream out;
    for (std::size_t k = 0; k < challenges.size(); ++k) {
        const Challenge& ch = challenges[k];
        SolveAnswer answer =
            naming(opt.files[k], opt.timeout, [&] { return solve_challenge(solver, ch, opt.all, opt.cap); });
        if (opt.json) {
            out << json_text(solve_answer_json(ch, answer, opt.files[k])) << "\n";
            continue;
        }
        if (k) out << "\n";
        print_solve_text(out, ch, answer.best, opt.files[k], answer.sets);
    }
    std::cout << out.str();
}

void add_solve(CLI::App& xalapa) {
    auto opt = std::make_shared<SolveOptions>();
    auto* solve = xalapa.add_subcommand(
        "solve",
        "Minimum penalty (stones + disfavor x unmet tasks) of each challenge file, proved optimal.\n"
        "Example: tlaloc xalapa solve puzzles/xalapa/challenges/basic-1.json --all");
    solve->add_option("FILE", opt->files, "challenge JSON files (see docs/xalapa.md)")->required();
    solve->add_flag("--json", opt->json, "one JSON object per line and file");
    solve->add_flag("--all", opt->all, "also count the optimal stone sets and list the forced stones");
    solve->add_option("--cap", opt->cap, "stop counting optimal sets at this many (with --all)")
        ->check(CLI::Range(std::int64_t{1}, std::int64_t{1000000}));
    add_timeout(*solve, opt->timeout);
    solve->callback([opt] { run_solve(*opt); });
}

// ---- deal ----

struct DealOptions {
    std::string level = "basic", board, out;
    std::uint64_t seed = 1;
    int side = 0;
    bool experts = false;
};

void run_deal(const DealOptions& o) {
    xalapa::DealOptions d;
    d.level = level_option(o.level);
    d.seed = o.seed;
    d.board = o.board;
    d.position_side = o.side;
    if (o.experts && d.level != Level::Basic)
        throw CLI::ValidationError("--expert-columns", "only the basic level has expert columns");
    d.expert_columns = o.experts;
    Catalogue catalogue = load_catalogue();
    emit(o.out, json_text(deal_to_json(deal(catalogue, d), d), 1) + "\n");
}

void add_deal(CLI::App& xalapa) {
    auto opt = std::make_shared<DealOptions>();
    auto* deal_cmd = xalapa.add_subcommand(
        "deal",
        "Deal a round like the box does at a level and write the challenge (pinned format + \"cards\").\n"
        "Example: tlaloc xalapa deal --level 2 --seed 7 --out round.json");
    deal_cmd->add_option("--level", opt->level, "basic, 1, 2, 3, 4 or 5")->required();
    deal_cmd->add_option("--seed", opt->seed, "the same seed deals the same round")
        ->check(whole_number_at_most(kMaxExactJsonInteger));
    deal_cmd->add_option("--board", opt->board, "board side id, e.g. sun-front (default: random)");
    deal_cmd->add_option("--position-side", opt->side, "3 or 4 stones (default: the level's)");
    deal_cmd->add_flag("--expert-columns", opt->experts, "basic level: experts also play columns 5-6");
    deal_cmd->add_option("--out", opt->out, "write here instead of printing")->check(output_path());
    deal_cmd->callback([opt] { run_deal(*opt); });
}

// ---- explain ----

struct ExplainOptions {
    std::string file;
    std::optional<std::string> stones;  // given, even as '' (then it is bad input, not absent)
    bool json = false;
    unsigned timeout = 60;
};

CellSet parse_stones(const std::string& text, const Board& board) {
    Json j = parse_json_text(text, "--stones");
    return stones_from_json(JsonPlace(j, "--stones"), board);
}

// The proof in words: the fewest stones for each number of tasks given up bound the penalty.
void print_penalty_bounds(const std::string& file, const Challenge& ch, const Explanation& x) {
    std::cout << file << ": the minimum penalty is " << x.optimum << " (" << x.best.evaluation.stones
              << " stones + " << ch.disfavor << " x " << x.best.evaluation.unmet
              << " unmet), proved optimal.\n\n";
    std::cout
        << "Why: the fewest stones for each number of tasks given up (the formation counts as a task):\n";
    for (std::size_t u = 0; u < x.by_given_up.size(); ++u) {
        std::cout << "  give up at most " << u << ": ";
        if (!x.by_given_up[u])
            std::cout << "impossible within " << ch.max_stones << " stones\n";
        else
            std::cout << *x.by_given_up[u] << " stones -> penalty at least "
                      << *x.by_given_up[u] + ch.disfavor * static_cast<int>(u) << "\n";
    }
    std::cout << "Every line is at least " << x.optimum << ", so no stone set scores " << x.optimum - 1
              << " or less (Z3 proved penalty <= " << x.optimum - 1 << " unsatisfiable).\n";
}

std::string task_name(const Challenge& ch, int t) {
    return t == static_cast<int>(ch.tasks.size())
               ? "the formation"
               : "task " + std::to_string(t + 1) + " (" + ch.tasks[t].describe() +
                     ")";  // from 1, as people count
}

void print_conflicts(const Challenge& ch, const Explanation& x) {
    auto print_conflict = [&](const std::vector<int>& c, const std::string& budget) {
        std::cout << "\nThese tasks cannot all be met with " << budget << " (a minimal conflicting set):\n";
        for (int t : c) std::cout << "  - " << task_name(ch, t) << "\n";
    };
    if (x.limit_conflict)
        print_conflict(*x.limit_conflict,
                       "at most " + std::to_string(ch.max_stones) + " stones (the stone limit)");
    else if (x.optimum_conflict)
        print_conflict(*x.optimum_conflict, "at most " + std::to_string(std::min(ch.max_stones, x.optimum)) +
                                                " stones, so one of them must be given up");
    else
        std::cout << "\nNo tasks conflict: the optimum meets them all.\n";
}

void print_proposed(const Challenge& ch, const Explanation& x) {
    std::cout << "\nYour stones (" << cells_to_text(ch.board, *x.proposed) << "): penalty "
              << x.mine->penalty;
    if (!x.mine->within_limit) std::cout << " -- more than the " << ch.max_stones << " stones allowed";
    std::cout << ", " << (x.mine->penalty - x.optimum) << " above the optimum.\n";
    print_tasks(std::cout, ch, *x.mine);
}

void run_explain(const ExplainOptions& o) {
    Challenge ch = load_challenge(o.file, shipped_catalogue());
    std::optional<CellSet> proposed;
    if (o.stones) proposed = parse_stones(*o.stones, ch.board);
    const solver::Deadline deadline(o.timeout);
    Explanation x = naming(o.file, o.timeout, [&] { return explain(ch, proposed, deadline); });
    if (o.json) {
        std::cout << json_text(explanation_json(ch, x)) << "\n";
        return;
    }
    print_penalty_bounds(o.file, ch, x);
    print_conflicts(ch, x);
    if (x.mine) print_proposed(ch, x);
}

void add_explain(CLI::App& xalapa) {
    auto opt = std::make_shared<ExplainOptions>();
    auto* explain_cmd = xalapa.add_subcommand(
        "explain",
        "Why the optimum is what it is: penalty by tasks given up, conflicting tasks, and what a\n"
        "proposed stone set costs.\n"
        "Example: tlaloc xalapa explain puzzles/xalapa/challenges/level2-1.json --stones '[[0,0],[1,1]]'");
    explain_cmd->add_option("FILE", opt->file, "challenge JSON file")->required();
    explain_cmd->add_option("--stones", opt->stones, "a proposed stone set as JSON, e.g. '[[0,1],[2,3]]'");
    explain_cmd->add_flag("--json", opt->json, "machine-readable output");
    add_timeout(*explain_cmd, opt->timeout);
    explain_cmd->callback([opt] { run_explain(*opt); });
}

// ---- rate ----

struct RateOptions {
    std::vector<std::string> files;
    bool json = false;
    unsigned timeout = 60;
};

void print_rating(std::ostream& out, const Challenge& ch, const Rating& r, const std::string& file) {
    out << file << ": " << kDifficultyLevels[r.level].name << " -- " << kDifficultyLevels[r.level].meaning
        << "\n"
        << "  optimum " << r.optimum << " (" << r.stones << " stones, " << r.unmet
        << " unmet); optimal stone sets: " << (r.optimal_sets_more ? "more than " : "") << r.optimal_sets
        << "\n";
    if (!r.smallest_conflict) {
        out << "  stones for the tasks one at a time: " << r.sum_of_single_task_stones
            << " (together: " << r.stones << ")\n";
        return;
    }
    out << "  " << (r.smallest_conflict <= 2 ? "smallest" : "a minimal (no single task or pair conflicts)")
        << " conflicting set, " << r.smallest_conflict << " task" << (r.smallest_conflict > 1 ? "s" : "")
        << ":";
    for (int t : r.conflict)
        out << " " << (t == static_cast<int>(ch.tasks.size()) ? std::string("formation") : std::to_string(t));
    out << "\n";
}

void run_rate(const RateOptions& o) {
    const solver::Deadline deadline(o.timeout);
    std::vector<Challenge> challenges;
    for (const auto& f : o.files) challenges.push_back(load_challenge(f, shipped_catalogue()));
    ChallengeSolver solver;
    solver.set_deadline(&deadline);
    std::ostringstream out;  // printed once every file is rated: nothing partial on a timeout
    for (std::size_t k = 0; k < challenges.size(); ++k) {
        Rating r = naming(o.files[k], o.timeout, [&] { return rate(solver, challenges[k]); });
        if (o.json) {
            Json j = rating_to_json(r);
            j["file"] = o.files[k];
            out << json_text(j) << "\n";
            continue;
        }
        print_rating(out, challenges[k], r, o.files[k]);
    }
    std::cout << out.str();
}

void add_rate(CLI::App& xalapa) {
    auto opt = std::make_shared<RateOptions>();
    auto* rate_cmd =
        xalapa.add_subcommand("rate",
                              "Difficulty rating (direct, combine, give-up, deep; see docs/xalapa.md).\n"
                              "Example: tlaloc xalapa rate puzzles/xalapa/challenges/*.json");
    rate_cmd->add_option("FILE", opt->files, "challenge JSON files")->required();
    rate_cmd->add_flag("--json", opt->json, "one JSON object per line");
    add_timeout(*rate_cmd, opt->timeout);
    rate_cmd->callback([opt] { run_rate(*opt); });
}

// ---- generate ----

struct GenerateOptions {
    std::string level = "2", difficulty, out;
    int count = 1;
    std::uint64_t seed = 1;
    bool unique = false;
    std::int64_t attempts = 200000;
    unsigned timeout = 600;
};

int difficulty_option(const std::string& name) {
    int d = difficulty_index(name);
    if (d >= 0) return d;
    std::string names;
    for (const auto& l : kDifficultyLevels) names += (names.empty() ? "" : ", ") + std::string(l.name);
    throw InputError("", "--difficulty", "unknown difficulty \"" + name + "\" (" + names + ")");
}

// The generator's settings from the options; bad values are reported before anything is made.
xalapa::GenerateOptions generator_settings(const GenerateOptions& o) {
    xalapa::GenerateOptions g;
    g.level = level_option(o.level);
    g.count = o.count;
    g.seed = o.seed;
    g.unique = o.unique;
    g.max_attempts = o.attempts;
    if (!o.difficulty.empty()) g.difficulty = difficulty_option(o.difficulty);
    if (!o.out.empty()) {
        std::error_code ec;
        std::filesystem::create_directories(o.out, ec);
        if (ec || !std::filesystem::is_directory(o.out))
            throw InputError(o.out, "", "cannot create this output folder");
    }
    return g;
}

// The folders that creating `dir` makes, deepest first: none when it exists.
std::vector<std::filesystem::path> missing_folders(const std::filesystem::path& dir) {
    std::vector<std::filesystem::path> out;
    std::error_code ec;
    for (auto p = std::filesystem::absolute(dir, ec); !ec && !p.empty() && !std::filesystem::exists(p, ec);
         p = p.parent_path()) {
        out.push_back(p);
        if (p == p.parent_path()) break;
    }
    return out;
}

// The puzzles found. When the generator stops (--timeout) it keeps those found so far (`out_of_time`
// says so); with none, the output folder goes again if this run made it (it is still empty then).
std::vector<GeneratedPuzzle> generate_or_clean_up(const GenerateOptions& o, const solver::Deadline& deadline,
                                                  bool& out_of_time) {
    const auto made = o.out.empty() ? std::vector<std::filesystem::path>{} : missing_folders(o.out);
    xalapa::GenerateOptions g = generator_settings(o);
    g.deadline = &deadline;
    g.out_of_time = &out_of_time;
    Catalogue catalogue = load_catalogue();
    ChallengeSolver solver;
    try {
        ProgressLine progress("xalapa generate");  // wiped before the puzzles or an error
        g.on_batch = [&](int kept, std::int64_t tried) {
            progress.text(std::to_string(kept) + " of " + std::to_string(g.count) + " puzzles kept, " +
                          std::to_string(tried) + " deals tried");
        };
        return naming(o.out.empty() ? "xalapa generate" : o.out, o.timeout,
                      [&] { return generate(catalogue, g, solver); });
    } catch (...) {
        std::error_code ec;
        for (const auto& dir : made) std::filesystem::remove(dir, ec);
        throw;
    }
}

void run_generate(const GenerateOptions& o) {
    const solver::Deadline deadline(o.timeout);
    bool out_of_time = false;
    auto puzzles = generate_or_clean_up(o, deadline, out_of_time);
    int k = 0;
    for (const auto& p : puzzles) {
        Json j = generated_puzzle_json(p);
        ++k;
        if (o.out.empty())
            std::cout << json_text(j) << "\n";
        else {
            char name[64];
            std::snprintf(name, sizeof name, "level%s-%03d.json", o.level.c_str(), k);
            write_file_atomically(std::filesystem::path(o.out) / name, json_text(j, 1) + "\n");
        }
    }
    std::cerr << "generated " << puzzles.size() << " of " << o.count << " challenges"
              << (o.out.empty() ? "" : " into " + o.out) << "\n";
    if (out_of_time) {
        std::cerr << "tlaloc: " << (o.out.empty() ? "xalapa generate" : o.out) << ": out of time (--timeout "
                  << o.timeout << " s): kept the " << puzzles.size() << " challenges found so far\n";
        set_exit_code(kExitTimeout);
    } else if (static_cast<int>(puzzles.size()) < o.count)
        std::cerr << "tlaloc: only " << puzzles.size() << " challenges met the conditions within "
                  << o.attempts << " deals\n";
}

void add_generate(CLI::App& xalapa) {
    auto opt = std::make_shared<GenerateOptions>();
    auto* gen = xalapa.add_subcommand(
        "generate",
        "Deal challenges at a level, keep those that are unique / of a difficulty, rated.\n"
        "Example: tlaloc xalapa generate --level 2 --count 5 --seed 1 --unique --difficulty combine --out puzzles-out");
    gen->add_option("--level", opt->level, "basic, 1, 2, 3, 4 or 5");
    gen->add_option("--count", opt->count, "how many challenges")->check(CLI::Range(1, 100000));
    gen->add_option("--seed", opt->seed, "same seed, same output")
        ->check(whole_number_at_most(kMaxExactJsonInteger));
    gen->add_flag("--unique", opt->unique, "keep only challenges with exactly one optimal stone set");
    gen->add_option("--difficulty", opt->difficulty, "keep only challenges rated exactly this");
    gen->add_option("--max-deals", opt->attempts, "give up after this many deals")
        ->check(CLI::Range(std::int64_t{1}, std::int64_t{100000000}));
    gen->add_option("--out", opt->out, "folder for the challenge files (default: JSON lines on stdout)")
        ->check(nonempty("folder name"));
    add_timeout(*gen, opt->timeout);
    gen->callback([opt] { run_generate(*opt); });
}

}  // namespace

void add_xalapa_commands(CLI::App& app) {
    auto* xalapa = app.add_subcommand("xalapa",
                                      "Xalapa: place oracle stones for the lowest penalty.\n"
                                      "Example: tlaloc xalapa solve puzzles/xalapa/challenges/basic-1.json");
    xalapa->require_subcommand(1);
    add_solve(*xalapa);
    add_deal(*xalapa);
    add_explain(*xalapa);
    add_rate(*xalapa);
    add_generate(*xalapa);
    add_xalapa_census_commands(*xalapa);
    add_xalapa_picture_commands(*xalapa);
    add_xalapa_atlacoya_commands(*xalapa);
    add_xalapa_play_commands(*xalapa);
}

}  // namespace tlaloc::cli
