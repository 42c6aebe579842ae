// `tlaloc xalapa ...`: solve challenges for the minimum penalty (and, with --all, every optimum).
#include <chrono>
#include <fstream>
#include <iostream>
#include <sstream>

#include "cli/Commands.h"
#include "cli/XalapaPictures.h"
#include "cli/XalapaPrint.h"
#include "puzzles/xalapa/Census.h"
#include "puzzles/xalapa/Generator.h"

namespace tlaloc::cli {

using namespace xalapa;

namespace {

struct SolveOptions {
    std::vector<std::string> files;
    bool json = false;
    bool all = false;
    std::int64_t cap = 1000;
};

void run_solve(const SolveOptions& opt) {
    // Validate every file before printing anything, so bad input never leaves partial output.
    std::vector<Challenge> challenges;
    for (const auto& f : opt.files) challenges.push_back(load_challenge(f));
    ChallengeSolver solver;
    for (std::size_t k = 0; k < challenges.size(); ++k) {
        const Challenge& ch = challenges[k];
        Solution s = solver.solve(ch);
        std::optional<OptimalSets> sets;
        if (opt.all) sets = solver.optimal_sets(ch, s, opt.cap);
        if (opt.json) {
            Json j = solution_to_json(ch, s);
            j["file"] = opt.files[k];
            if (sets) {
                j["optimal_sets"] = sets->count;
                j["optimal_sets_more"] = sets->more;
                j["forced"] = cells_to_json(ch.board, sets->forced);
                j["never"] = cells_to_json(ch.board, sets->never);
                Json examples = Json::array();
                for (const auto& ex : sets->examples) examples.push_back(cells_to_json(ch.board, ex));
                j["examples"] = examples;
            }
            std::cout << j.dump() << "\n";
            continue;
        }
        if (k) std::cout << "\n";
        const Evaluation& e = s.evaluation;
        std::cout << opt.files[k] << "  (board " << (ch.board.id.empty() ? "inline" : ch.board.id) << ")\n";
        std::cout << "penalty " << e.penalty << " = " << e.stones << " stone" << (e.stones == 1 ? "" : "s")
                  << " + " << ch.disfavor << " x " << e.unmet << " unmet   (optimal: proved, "
                  << s.solver_checks << " solver checks)\n";
        print_board(std::cout, ch.board, s.stones);
        print_tasks(std::cout, ch, e);
        std::cout << "stones: " << cells_to_text(ch.board, s.stones) << "\n";
        if (sets) {
            std::cout << "optimal stone sets: " << (sets->more ? "more than " : "") << sets->count << "\n";
            std::cout << "forced (a stone in every optimal set): " << cells_to_text(ch.board, sets->forced)
                      << "\n";
            if (sets->examples.size() == 2) {
                std::cout << "two different optimal sets:\n  A: "
                          << cells_to_text(ch.board, sets->examples[0])
                          << "\n  B: " << cells_to_text(ch.board, sets->examples[1]) << "\n";
            }
        }
    }
}

Level level_option(const std::string& name) {
    auto level = parse_level(name);
    if (!level) throw InputError("", "--level", "unknown level \"" + name + "\" (basic, 1, 2, 3, 4, 5)");
    return *level;
}

// Writes `text` to `out` atomically, or prints it when `out` is empty.
void emit(const std::string& out, const std::string& text) {
    if (out.empty())
        std::cout << text;
    else
        write_file_atomically(out, text);
}

std::string task_name(const Challenge& ch, int t) {
    return t == static_cast<int>(ch.tasks.size())
               ? "the formation"
               : "task " + std::to_string(t) + " (" + ch.tasks[t].describe() + ")";
}

Json rating_to_json(const Rating& r) {
    return Json{{"difficulty", kDifficultyLevels[r.level].name},
                {"optimum", r.optimum},
                {"stones", r.stones},
                {"unmet", r.unmet},
                {"optimal_sets", r.optimal_sets},
                {"optimal_sets_more", r.optimal_sets_more},
                {"smallest_conflict", r.smallest_conflict},
                {"conflict", r.conflict},
                {"sum_of_single_task_stones", r.sum_of_single_task_stones}};
}

struct DealCli {
    std::string level = "basic", board, out;
    std::uint64_t seed = 1;
    int side = 0;
    bool experts = false;
};

void run_deal(const DealCli& o) {
    DealOptions d;
    d.level = level_option(o.level);
    d.seed = o.seed;
    d.board = o.board;
    d.position_side = o.side;
    d.expert_columns = o.experts;
    Catalogue catalogue = load_catalogue();
    emit(o.out, deal_to_json(deal(catalogue, d), d).dump(1) + "\n");
}

CellSet parse_stones(const std::string& text, const Board& board) {
    Json j = parse_json_text(text, "--stones");
    JsonPlace p(j, "--stones");
    CellSet s;
    for (auto& cell : p.items()) {
        if (cell.size() != 2) cell.fail("a stone is [row, col], found " + cell.json().dump());
        Cell c{static_cast<int>(cell.at(0).as_int(-1000, 1000)),
               static_cast<int>(cell.at(1).as_int(-1000, 1000))};
        if (!board.contains(c))
            cell.fail("cell " + cell.json().dump() + " is outside the " + std::to_string(board.rows) + "x" +
                      std::to_string(board.cols) + " board");
        if (s.test(board.index(c))) cell.fail("cell " + cell.json().dump() + " holds a stone twice");
        s.set(board.index(c));
    }
    return s;
}

struct ExplainCli {
    std::string file, stones;
    bool json = false;
};

void run_explain(const ExplainCli& o) {
    Challenge ch = load_challenge(o.file);
    std::optional<CellSet> proposed;
    if (!o.stones.empty()) proposed = parse_stones(o.stones, ch.board);
    ChallengeSolver solver;
    Solution best = solver.solve(ch);
    const int optimum = best.evaluation.penalty;
    auto by_given_up = solver.fewest_stones_by_given_up(ch);
    std::vector<int> all;
    for (int t = 0; t < ch.task_count(); ++t) all.push_back(t);
    auto limit_conflict = solver.minimal_conflict(ch, all, ch.max_stones);
    auto optimum_conflict = solver.minimal_conflict(ch, all, std::min(ch.max_stones, optimum));
    Json j{{"penalty", optimum}, {"optimal", true}};
    Json table = Json::array();
    for (std::size_t u = 0; u < by_given_up.size(); ++u)
        table.push_back(
            {{"given_up_at_most", u},
             {"fewest_stones", by_given_up[u] ? Json(*by_given_up[u]) : Json(nullptr)},
             {"penalty_at_least",
              by_given_up[u] ? Json(*by_given_up[u] + ch.disfavor * static_cast<int>(u)) : Json(nullptr)}});
    j["by_tasks_given_up"] = table;
    j["conflict_within_stone_limit"] = limit_conflict ? Json(*limit_conflict) : Json(nullptr);
    j["conflict_at_optimum"] = optimum_conflict ? Json(*optimum_conflict) : Json(nullptr);
    std::optional<Evaluation> mine;
    if (proposed) {
        mine = evaluate(ch, *proposed);
        Json broken = Json::array();
        for (int t : mine->unmet_tasks()) broken.push_back(t);
        if (ch.formation && !mine->formation_met) broken.push_back("formation");
        j["proposed"] = {{"penalty", mine->penalty},
                         {"stones", mine->stones},
                         {"within_limit", mine->within_limit},
                         {"broken", broken},
                         {"above_optimum", mine->penalty - optimum}};
    }
    if (o.json) {
        std::cout << j.dump() << "\n";
        return;
    }
    std::cout << o.file << ": the minimum penalty is " << optimum << " (" << best.evaluation.stones
              << " stones + " << ch.disfavor << " x " << best.evaluation.unmet
              << " unmet), proved optimal.\n\n";
    std::cout
        << "Why: the fewest stones for each number of tasks given up (the formation counts as a task):\n";
    for (std::size_t u = 0; u < by_given_up.size(); ++u) {
        std::cout << "  give up at most " << u << ": ";
        if (!by_given_up[u])
            std::cout << "impossible within " << ch.max_stones << " stones\n";
        else
            std::cout << *by_given_up[u] << " stones -> penalty at least "
                      << *by_given_up[u] + ch.disfavor * static_cast<int>(u) << "\n";
    }
    std::cout << "Every line is at least " << optimum << ", so no stone set scores " << optimum - 1
              << " or less (Z3 proved penalty <= " << optimum - 1 << " unsatisfiable).\n";
    auto print_conflict = [&](const std::optional<std::vector<int>>& c, const std::string& budget) {
        if (!c) return;
        std::cout << "\nThese tasks cannot all be met with " << budget << " (a minimal conflicting set):\n";
        for (int t : *c) std::cout << "  - " << task_name(ch, t) << "\n";
    };
    if (limit_conflict)
        print_conflict(limit_conflict,
                       "at most " + std::to_string(ch.max_stones) + " stones (the stone limit)");
    else if (optimum_conflict)
        print_conflict(optimum_conflict, "at most " + std::to_string(std::min(ch.max_stones, optimum)) +
                                             " stones, so one of them must be given up");
    else
        std::cout << "\nNo tasks conflict: the optimum meets them all.\n";
    if (mine) {
        std::cout << "\nYour stones (" << cells_to_text(ch.board, *proposed) << "): penalty "
                  << mine->penalty;
        if (!mine->within_limit) std::cout << " -- more than the " << ch.max_stones << " stones allowed";
        std::cout << ", " << (mine->penalty - optimum) << " above the optimum.\n";
        print_tasks(std::cout, ch, *mine);
    }
}

struct RateCli {
    std::vector<std::string> files;
    bool json = false;
};

void run_rate(const RateCli& o) {
    std::vector<Challenge> challenges;
    for (const auto& f : o.files) challenges.push_back(load_challenge(f));
    ChallengeSolver solver;
    for (std::size_t k = 0; k < challenges.size(); ++k) {
        Rating r = rate(solver, challenges[k]);
        if (o.json) {
            Json j = rating_to_json(r);
            j["file"] = o.files[k];
            std::cout << j.dump() << "\n";
            continue;
        }
        std::cout << o.files[k] << ": " << kDifficultyLevels[r.level].name << " -- "
                  << kDifficultyLevels[r.level].meaning << "\n"
                  << "  optimum " << r.optimum << " (" << r.stones << " stones, " << r.unmet
                  << " unmet); optimal stone sets: " << (r.optimal_sets_more ? "more than " : "")
                  << r.optimal_sets << "\n";
        if (r.smallest_conflict) {
            std::cout << "  "
                      << (r.smallest_conflict <= 2 ? "smallest"
                                                   : "a minimal (no single task or pair conflicts)")
                      << " conflicting set, " << r.smallest_conflict << " task"
                      << (r.smallest_conflict > 1 ? "s" : "") << ":";
            for (int t : r.conflict)
                std::cout << " "
                          << (t == static_cast<int>(challenges[k].tasks.size()) ? std::string("formation")
                                                                                : std::to_string(t));
            std::cout << "\n";
        } else {
            std::cout << "  stones for the tasks one at a time: " << r.sum_of_single_task_stones
                      << " (together: " << r.stones << ")\n";
        }
    }
}

struct GenerateCli {
    std::string level = "2", difficulty, out;
    int count = 1;
    std::uint64_t seed = 1;
    bool unique = false;
    std::int64_t attempts = 200000;
};

void run_generate(const GenerateCli& o) {
    GenerateOptions g;
    g.level = level_option(o.level);
    g.count = o.count;
    g.seed = o.seed;
    g.unique = o.unique;
    g.max_attempts = o.attempts;
    if (!o.difficulty.empty()) {
        int d = difficulty_index(o.difficulty);
        if (d < 0) {
            std::string names;
            for (const auto& l : kDifficultyLevels)
                names += (names.empty() ? "" : ", ") + std::string(l.name);
            throw InputError("", "--difficulty",
                             "unknown difficulty \"" + o.difficulty + "\" (" + names + ")");
        }
        g.difficulty = d;
    }
    if (!o.out.empty()) {
        std::error_code ec;
        std::filesystem::create_directories(o.out, ec);
        if (ec || !std::filesystem::is_directory(o.out))
            throw InputError(o.out, "", "cannot create this output folder");
    }
    Catalogue catalogue = load_catalogue();
    ChallengeSolver solver;
    auto puzzles = generate(catalogue, g, solver);
    int k = 0;
    for (const auto& p : puzzles) {
        Json j = deal_to_json(p.deal, p.deal_options);
        j["rating"] = rating_to_json(p.rating);
        j["difficulty"] = kDifficultyLevels[p.rating.level].name;
        ++k;
        if (o.out.empty())
            std::cout << j.dump() << "\n";
        else {
            char name[64];
            std::snprintf(name, sizeof name, "level%s-%03d.json", o.level.c_str(), k);
            write_file_atomically(std::filesystem::path(o.out) / name, j.dump(1) + "\n");
        }
    }
    std::cerr << "generated " << puzzles.size() << " of " << o.count << " challenges"
              << (o.out.empty() ? "" : " into " + o.out) << "\n";
    if (static_cast<int>(puzzles.size()) < o.count)
        std::cerr << "tlaloc: only " << puzzles.size() << " challenges met the conditions within "
                  << o.attempts << " deals\n";
}

struct CensusCli {
    std::string level = "basic", shard = "0/1", out;
    std::int64_t limit = -1;
    std::vector<std::string> files;
    bool json = false;
};

void run_census(const CensusCli& o) {
    if (level_option(o.level) != Level::Basic)
        throw InputError("", "--level",
                         "the census covers the basic level (other levels deal from too many combinations)");
    long long k = -1, n = -1;
    char slash = 0;
    std::istringstream in(o.shard);
    if (!(in >> k >> slash >> n) || slash != '/' || n < 1 || k < 0 || k >= n || !in.eof())
        throw InputError("", "--shard", "expected K/N with 0 <= K < N, e.g. 0/4, found \"" + o.shard + "\"");
    Catalogue catalogue = load_catalogue();
    auto items = basic_census_items(catalogue);
    ChallengeSolver solver;
    std::ostringstream lines;
    auto start = std::chrono::steady_clock::now();
    auto last = start;
    std::int64_t done = 0, mine = 0;
    for (const auto& item : items)
        if (item.index % n == k && (o.limit < 0 || mine < o.limit)) ++mine;
    for (const auto& item : items) {
        if (item.index % n != k) continue;
        if (o.limit >= 0 && done >= o.limit) break;
        lines << census_record(solver, catalogue, item, static_cast<std::int64_t>(items.size())).dump()
              << "\n";
        ++done;
        auto now = std::chrono::steady_clock::now();
        if (now - last > std::chrono::seconds(5)) {
            double secs = std::chrono::duration<double>(now - start).count();
            std::cerr << "census shard " << o.shard << ": " << done << "/" << mine << " ("
                      << static_cast<int>(done / secs) << "/s)\n";
            last = now;
        }
    }
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    emit(o.out, lines.str());
    std::cerr << "census shard " << o.shard << ": " << done << " challenges in " << secs << " s ("
              << (secs > 0 ? done / secs : 0) << "/s)\n";
}

void run_census_summarize(const CensusCli& o) {
    std::vector<std::pair<std::string, std::string>> files;
    for (const auto& f : o.files) {
        std::error_code ec;
        if (!std::filesystem::is_regular_file(f, ec)) throw InputError(f, "", "no such file");
        std::ifstream in(f);
        std::ostringstream text;
        text << in.rdbuf();
        files.push_back({f, text.str()});
    }
    std::string text;
    Json summary = summarize_census(files, load_catalogue(), text);
    if (o.json)
        std::cout << summary.dump() << "\n";
    else
        std::cout << text;
}

}  // namespace

void add_xalapa_commands(CLI::App& app) {
    auto* xalapa = app.add_subcommand("xalapa",
                                      "Xalapa: place oracle stones for the lowest penalty.\n"
                                      "Example: tlaloc xalapa solve puzzles/xalapa/challenges/basic-1.json");
    xalapa->require_subcommand(1);

    auto opt = std::make_shared<SolveOptions>();
    auto* solve = xalapa->add_subcommand(
        "solve",
        "Minimum penalty (stones + disfavor x unmet tasks) of each challenge file, proved optimal.\n"
        "Example: tlaloc xalapa solve puzzles/xalapa/challenges/basic-1.json --all");
    solve->add_option("FILE", opt->files, "challenge JSON files (see docs/xalapa.md)")->required();
    solve->add_flag("--json", opt->json, "one JSON object per line and file");
    solve->add_flag("--all", opt->all, "also count the optimal stone sets and list the forced stones");
    solve->add_option("--cap", opt->cap, "stop counting optimal sets at this many (with --all)")
        ->check(CLI::Range(std::int64_t{1}, std::int64_t{1000000}));
    solve->callback([opt] { run_solve(*opt); });

    auto deal_opt = std::make_shared<DealCli>();
    auto* deal_cmd = xalapa->add_subcommand(
        "deal",
        "Deal a round like the box does at a level and write the challenge (pinned format + \"cards\").\n"
        "Example: tlaloc xalapa deal --level 2 --seed 7 --out round.json");
    deal_cmd->add_option("--level", deal_opt->level, "basic, 1, 2, 3, 4 or 5")->required();
    deal_cmd->add_option("--seed", deal_opt->seed, "the same seed deals the same round");
    deal_cmd->add_option("--board", deal_opt->board, "board side id, e.g. sun-front (default: random)");
    deal_cmd->add_option("--position-side", deal_opt->side, "3 or 4 stones (default: the level's)");
    deal_cmd->add_flag("--expert-columns", deal_opt->experts, "basic level: experts also play columns 5-6");
    deal_cmd->add_option("--out", deal_opt->out, "write here instead of printing");
    deal_cmd->callback([deal_opt] { run_deal(*deal_opt); });

    auto explain_opt = std::make_shared<ExplainCli>();
    auto* explain = xalapa->add_subcommand(
        "explain",
        "Why the optimum is what it is: penalty by tasks given up, conflicting tasks, and what a\n"
        "proposed stone set costs.\n"
        "Example: tlaloc xalapa explain puzzles/xalapa/challenges/level2-1.json --stones '[[0,0],[1,1]]'");
    explain->add_option("FILE", explain_opt->file, "challenge JSON file")->required();
    explain->add_option("--stones", explain_opt->stones,
                        "a proposed stone set as JSON, e.g. '[[0,1],[2,3]]'");
    explain->add_flag("--json", explain_opt->json, "machine-readable output");
    explain->callback([explain_opt] { run_explain(*explain_opt); });

    auto rate_opt = std::make_shared<RateCli>();
    auto* rate_cmd =
        xalapa->add_subcommand("rate",
                               "Difficulty rating (direct, combine, give-up, deep; see docs/xalapa.md).\n"
                               "Example: tlaloc xalapa rate puzzles/xalapa/challenges/*.json");
    rate_cmd->add_option("FILE", rate_opt->files, "challenge JSON files")->required();
    rate_cmd->add_flag("--json", rate_opt->json, "one JSON object per line");
    rate_cmd->callback([rate_opt] { run_rate(*rate_opt); });

    auto gen_opt = std::make_shared<GenerateCli>();
    auto* gen = xalapa->add_subcommand(
        "generate",
        "Deal challenges at a level, keep those that are unique / of a difficulty, rated.\n"
        "Example: tlaloc xalapa generate --level 2 --count 5 --seed 1 --unique --difficulty combine --out puzzles-out");
    gen->add_option("--level", gen_opt->level, "basic, 1, 2, 3, 4 or 5");
    gen->add_option("--count", gen_opt->count, "how many challenges")->check(CLI::Range(1, 100000));
    gen->add_option("--seed", gen_opt->seed, "same seed, same output");
    gen->add_flag("--unique", gen_opt->unique, "keep only challenges with exactly one optimal stone set");
    gen->add_option("--difficulty", gen_opt->difficulty, "keep only challenges rated exactly this");
    gen->add_option("--max-deals", gen_opt->attempts, "give up after this many deals")
        ->check(CLI::Range(std::int64_t{1}, std::int64_t{100000000}));
    gen->add_option("--out", gen_opt->out, "folder for the challenge files (default: JSON lines on stdout)");
    gen->callback([gen_opt] { run_generate(*gen_opt); });

    auto census_opt = std::make_shared<CensusCli>();
    auto* census = xalapa->add_subcommand(
        "census",
        "Solve every distinct challenge the box deals at the basic level (sharded), or summarize.\n"
        "Example: tlaloc xalapa census --level basic --shard 0/2 --out shard0.jsonl\n"
        "         tlaloc xalapa census summarize shard0.jsonl shard1.jsonl");
    census->add_option("--level", census_opt->level, "basic");
    census->add_option("--shard", census_opt->shard,
                       "K/N: this run solves the items whose index mod N is K (0-based)");
    census->add_option("--out", census_opt->out, "write the JSON lines here (default: stdout)");
    census->add_option("--limit", census_opt->limit,
                       "solve at most this many items of the shard (for trials)");
    auto* summarize = census->add_subcommand("summarize",
                                             "Merge census files into one report.\n"
                                             "Example: tlaloc xalapa census summarize shard*.jsonl");
    summarize->add_option("FILE", census_opt->files, "census JSON-lines files")->required();
    summarize->add_flag("--json", census_opt->json, "the summary as JSON");
    summarize->callback([census_opt] { run_census_summarize(*census_opt); });
    census->callback([census_opt, summarize] {
        if (!summarize->parsed()) run_census(*census_opt);
    });

    add_xalapa_picture_commands(*xalapa);
}

}  // namespace tlaloc::cli
