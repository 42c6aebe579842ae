// `tlaloc xalapa render|book`: thin wrappers around puzzles/xalapa/Render and Book.
#include <filesystem>
#include <iostream>
#include <memory>
#include <vector>

#include "cli/XalapaPictures.h"

#include "cli/Commands.h"
#include "cli/Progress.h"
#include "cli/Timeout.h"
#include "model/common/Json.h"
#include "puzzles/xalapa/Book.h"
#include "puzzles/xalapa/Catalogue.h"
#include "puzzles/xalapa/Difficulty.h"
#include "puzzles/xalapa/Render.h"
#include "solver/xalapa/ChallengeSolver.h"

namespace tlaloc::cli {

using namespace xalapa;

namespace {

// Each subcommand's command-line options are a <Verb>Options here; the library's own option
// structs (xalapa::RenderOptions, xalapa::GenerateOptions) are always named with their namespace.

// ---- render ----

struct RenderOptions {
    std::string challenge;
    std::string svg;
    bool solution = false;
    unsigned timeout = 60;
};

void run_render(const RenderOptions& o) {
    Challenge ch = load_challenge(o.challenge, shipped_catalogue());
    Catalogue catalogue = load_catalogue();
    xalapa::RenderOptions opt;
    opt.catalogue = &catalogue;
    if (o.solution) {
        ChallengeSolver solver;
        const solver::Deadline deadline(o.timeout);
        solver.set_deadline(&deadline);
        Solution s = naming(o.challenge, o.timeout, [&] { return solver.solve(ch); });
        opt.stones = s.stones;
        opt.outcome = true;
        std::cout << "penalty " << s.evaluation.penalty << " (proved optimal)\n";
    }
    write_file_atomically(o.svg, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + render_svg(ch, opt));
    std::cout << "wrote " << o.svg << "\n";
}

void add_render(CLI::App& xalapa) {
    auto opt = std::make_shared<RenderOptions>();
    auto* render = xalapa.add_subcommand(
        "render",
        "Draw a challenge as a player sees it (board, symbols, lines, position card, challenge cards) as SVG;\n"
        "with --solution also a proved-optimal set of stones, the penalty and which tasks are met.\n"
        "Example: tlaloc xalapa render puzzles/xalapa/challenges/level2-1.json --solution --svg level2-1.svg");
    render->add_option("CHALLENGE", opt->challenge, "challenge JSON file (see docs/xalapa.md)")->required();
    render->add_option("--svg", opt->svg, "SVG file to write")->required()->check(output_path());
    render->add_flag("--solution", opt->solution,
                     "solve the challenge and draw the optimal stones and the penalty");
    add_timeout(*render, opt->timeout);
    render->callback([opt] { run_render(*opt); });
}

// ---- book ----

struct BookOptions {
    std::vector<std::string> files;  // challenge files or studio books; none: a generated book
    int count = 6;
    std::string level = "2";
    std::string out;
    std::uint64_t seed = 1;
    bool unique = false;
    std::string difficulty;
    std::int64_t max_attempts = 20000;
    unsigned timeout = 600;  // as generate's
    std::string title = "Xalapa puzzle book", author;
    bool hide_difficulty = false, why = false;
    // Options of a generated book that were given (refused with files).
    std::vector<std::string> generator_options_given;
};

// The generator's settings from the options; bad values are reported before the (slow) generation
// and before anything is written.
xalapa::GenerateOptions generator_settings(const BookOptions& o) {
    auto level = parse_level(o.level);
    if (!level)
        throw InputError("command line", "--level",
                         "unknown level \"" + o.level + "\" (basic, 1, 2, 3, 4, 5)");
    xalapa::GenerateOptions g;
    g.level = *level;
    g.count = o.count;
    g.seed = o.seed;
    g.unique = o.unique;
    g.max_attempts = o.max_attempts;
    if (o.difficulty.empty()) return g;
    int d = difficulty_index(o.difficulty);
    if (d < 0) {
        std::string names;
        for (const auto& l : kDifficultyLevels) names += (names.empty() ? "" : ", ") + std::string(l.name);
        throw InputError("command line", "--difficulty",
                         "unknown difficulty \"" + o.difficulty + "\" (" + names + ")");
    }
    g.difficulty = d;
    return g;
}

// The generated puzzles; out of time, those found so far (`out_of_time` says so), or none at all.
std::vector<GeneratedPuzzle> book_puzzles(const BookOptions& o, const xalapa::GenerateOptions& g,
                                          const Catalogue& catalogue, ChallengeSolver& solver,
                                          const solver::Deadline& deadline, bool& out_of_time) {
    xalapa::GenerateOptions limited = g;
    limited.deadline = &deadline;
    limited.out_of_time = &out_of_time;
    auto puzzles = [&] {
        ProgressLine progress("xalapa book");  // wiped before the book or an error
        limited.on_batch = [&](int kept, std::int64_t tried) {
            progress.text(std::to_string(kept) + " of " + std::to_string(g.count) + " puzzles kept, " +
                          std::to_string(tried) + " deals tried");
        };
        return naming(o.out, o.timeout, [&] { return generate(catalogue, limited, solver); });
    }();
    if (out_of_time) return puzzles;
    if (puzzles.empty())
        throw InputError("command line", "",
                         "no puzzle at level " + o.level + (o.unique ? " with a unique optimum" : "") +
                             (g.difficulty ? " rated " + o.difficulty : "") + " within " +
                             std::to_string(o.max_attempts) + " deals; nothing written");
    if (static_cast<int>(puzzles.size()) < o.count)
        std::cerr << "tlaloc: only " << puzzles.size() << " of " << o.count << " puzzles found within "
                  << o.max_attempts << " deals\n";
    return puzzles;
}

// The challenges of the files, in order: a challenge file is one, a studio book ({"challenges": [...]})
// each of its own; every one read and checked before any is solved.
std::vector<std::pair<std::string, Challenge>> book_challenges(const std::vector<std::string>& files,
                                                               const Catalogue& catalogue) {
    std::vector<std::pair<std::string, Challenge>> out;
    for (const auto& f : files) {
        Json j = load_json_file(f);
        const JsonPlace root(j, f);
        const std::string name = std::filesystem::path(f).filename().string();
        if (root.is_object() && root.has("challenges")) {
            root.expect_only_keys({"challenges"});
            int k = 0;
            for (auto& c : root.at("challenges").items()) {
                Challenge ch = parse_challenge(c, f);
                check_dealt_cards(c, catalogue);
                out.push_back({name + " #" + std::to_string(++k), std::move(ch)});
            }
            if (k == 0) root.at("challenges").fail("a book with no challenge");
        } else {
            Challenge ch = parse_challenge(root, f);
            check_dealt_cards(root, catalogue);
            out.push_back({name, std::move(ch)});
        }
    }
    if (out.size() > 200) throw InputError("command line", "FILE", "a book holds at most 200 puzzles");
    return out;
}

void run_book(const BookOptions& o) {
    if (!o.files.empty() && !o.generator_options_given.empty())
        throw InputError("command line", o.generator_options_given.front(),
                         "applies to a generated book, not to one made of FILE...");
    std::filesystem::path dir(o.out);
    std::error_code ec;
    if (std::filesystem::exists(dir, ec) && !std::filesystem::is_directory(dir, ec))
        throw InputError(o.out, "", "exists and is not a folder");
    const Catalogue& catalogue = shipped_catalogue();
    ChallengeSolver solver;
    const solver::Deadline deadline(o.timeout);
    solver.set_deadline(&deadline);
    BookSettings settings;
    settings.title = o.title;
    settings.author = o.author;
    settings.hide_difficulty = o.hide_difficulty;
    std::vector<BookEntry> entries;
    std::size_t wanted = 0;
    bool out_of_time = false;
    if (o.files.empty()) {
        xalapa::GenerateOptions g = generator_settings(o);
        auto puzzles = book_puzzles(o, g, catalogue, solver, deadline, out_of_time);
        for (const auto& p : puzzles) entries.push_back(book_entry(p));
        wanted = static_cast<std::size_t>(o.count);
        settings.made =
            "level " + o.level +
            (g.difficulty ? " · difficulty " + std::string(kDifficultyLevels[*g.difficulty].name) : "") +
            (o.unique ? " · every puzzle has exactly one best answer" : "") + " · seed " +
            std::to_string(o.seed);
    } else {
        auto challenges = book_challenges(o.files, catalogue);
        wanted = challenges.size();
        settings.made = "from " + std::to_string(o.files.size()) + (o.files.size() == 1 ? " file" : " files");
        // Solved in order; out of time, the puzzles solved so far make the book (and the exit code is 3).
        ProgressLine progress("xalapa book");
        for (auto& [name, ch] : challenges) {
            try {
                if (deadline.passed()) throw solver::SearchLimitReached();
                entries.push_back(solve_book_entry(solver, ch, name, false));
                progress.count(static_cast<std::int64_t>(entries.size()),
                               static_cast<std::int64_t>(challenges.size()), "puzzles solved");
            } catch (const solver::SearchLimitReached&) {
                out_of_time = true;
                break;
            }
        }
        progress.clear();
        if (entries.empty())
            throw solver::SearchLimitReached();  // nothing solved in time: exit 3, nothing written
    }
    if (o.why && !out_of_time) {
        ProgressLine progress("xalapa book --why");
        std::int64_t done = 0;
        for (auto& e : entries) {
            try {
                const OptimalSets sets = solver.optimal_sets(e.challenge, e.solution, 1000);
                e.why = stone_reasons(e.challenge, e.solution, sets.forced);
                progress.count(++done, static_cast<std::int64_t>(entries.size()), "puzzles explained");
            } catch (const solver::SearchLimitReached&) {
                out_of_time = true;
                break;
            }
        }
    }
    std::string html = book_html(entries, settings, catalogue);
    std::filesystem::create_directories(dir, ec);
    if (ec) throw InputError(o.out, "", "cannot create the folder: " + ec.message());
    write_file_atomically(dir / "index.html", html);
    std::cout << "wrote " << (dir / "index.html").string() << " (" << entries.size() << " puzzles)\n";
    if (out_of_time) {
        std::cerr << "tlaloc: " << o.out << ": out of time (--timeout " << o.timeout
                  << " s): the book holds the " << entries.size() << " of " << wanted << " puzzles "
                  << (o.files.empty() ? "found" : "solved") << " in time"
                  << (o.why ? ", some without their reasons" : "") << "\n";
        set_exit_code(kExitTimeout);
    }
}

void add_book(CLI::App& xalapa) {
    auto opt = std::make_shared<BookOptions>();
    auto* book = xalapa.add_subcommand(
        "book",
        "Write a printable HTML puzzle book (title page, one puzzle per page, then the solutions): of your own "
        "challenge files and studio books, or from the generator.\n"
        "Example: tlaloc xalapa book my-puzzles/*.json --out my-book --title 'Sunday puzzles' --why\n"
        "         tlaloc xalapa book --count 6 --level 2 --unique --out xalapa-book");
    book->add_option("FILE", opt->files, "challenge files or studio books (BOOK.book.json), in order")
        ->check(CLI::ExistingFile);
    auto* count =
        book->add_option("--count", opt->count, "number of generated puzzles")->check(CLI::Range(1, 200));
    auto* level = book->add_option("--level", opt->level, "level set-up to deal: basic, 1, 2, 3, 4, 5");
    book->add_option("--out", opt->out, "folder to write index.html into (created if missing)")
        ->required()
        ->check(nonempty("folder name"));
    auto* seed = book->add_option("--seed", opt->seed, "random seed; the same seed makes the same book")
                     ->check(whole_number_at_most(kMaxExactJsonInteger));
    auto* unique = book->add_flag("--unique", opt->unique, "only puzzles with exactly one optimal stone set");
    auto* difficulty = book->add_option("--difficulty", opt->difficulty,
                                        "only puzzles rated exactly this (direct, combine, give-up, deep)");
    auto* attempts =
        book->add_option("--max-attempts", opt->max_attempts, "give up after dealing this many candidates")
            ->check(CLI::Range(std::int64_t{1}, std::int64_t{10000000}));
    book->add_option("--title", opt->title, "the title on the first page")->capture_default_str();
    book->add_option("--author", opt->author, "the author named under the title");
    book->add_flag("--hide-difficulty", opt->hide_difficulty,
                   "no difficulty on the puzzle pages (the solutions still name it)");
    book->add_flag("--why", opt->why, "each solution says why every stone is there");
    add_timeout(*book, opt->timeout);
    book->callback([=] {
        opt->generator_options_given.clear();
        for (auto* given : {count, level, seed, unique, difficulty, attempts})
            if (given->count() > 0) opt->generator_options_given.push_back(given->get_name());
        if (opt->files.empty() && (count->count() == 0 || level->count() == 0))
            throw InputError("command line", count->count() == 0 ? "--count" : "--level",
                             "is required for a generated book (or give challenge FILEs)");
        run_book(*opt);
    });
}

}  // namespace

void add_xalapa_picture_commands(CLI::App& xalapa) {
    add_render(xalapa);
    add_book(xalapa);
}

}  // namespace tlaloc::cli
