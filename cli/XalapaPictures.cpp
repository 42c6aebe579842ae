// `tlaloc xalapa render|book`: thin wrappers around puzzles/xalapa/Render and Book.
#include <filesystem>
#include <iostream>
#include <memory>

#include "cli/XalapaPictures.h"

#include "cli/Commands.h"
#include "cli/Timeout.h"
#include "model/common/Json.h"
#include "puzzles/xalapa/Book.h"
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
    int count = 6;
    std::string level = "2";
    std::string out;
    std::uint64_t seed = 1;
    bool unique = false;
    std::string difficulty;
    std::int64_t max_attempts = 20000;
    unsigned timeout = 600;  // as generate's
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

std::vector<GeneratedPuzzle> book_puzzles(const BookOptions& o, const xalapa::GenerateOptions& g,
                                          const Catalogue& catalogue) {
    ChallengeSolver solver;
    const solver::Deadline deadline(o.timeout);
    xalapa::GenerateOptions limited = g;
    limited.deadline = &deadline;
    auto puzzles = naming(o.out, o.timeout, [&] { return generate(catalogue, limited, solver); });
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

void run_book(const BookOptions& o) {
    xalapa::GenerateOptions g = generator_settings(o);
    std::filesystem::path dir(o.out);
    std::error_code ec;
    if (std::filesystem::exists(dir, ec) && !std::filesystem::is_directory(dir, ec))
        throw InputError(o.out, "", "exists and is not a folder");
    Catalogue catalogue = load_catalogue();
    auto puzzles = book_puzzles(o, g, catalogue);
    BookSettings settings{g.level, o.seed, o.unique, g.difficulty};
    std::string html = book_html(puzzles, settings, catalogue);
    std::filesystem::create_directories(dir, ec);
    if (ec) throw InputError(o.out, "", "cannot create the folder: " + ec.message());
    write_file_atomically(dir / "index.html", html);
    std::cout << "wrote " << (dir / "index.html").string() << " (" << puzzles.size() << " puzzles)\n";
}

void add_book(CLI::App& xalapa) {
    auto opt = std::make_shared<BookOptions>();
    auto* book = xalapa.add_subcommand(
        "book",
        "Write a printable HTML puzzle book (title page, one puzzle per page, then the solutions) from the generator.\n"
        "Example: tlaloc xalapa book --count 6 --level 2 --unique --out xalapa-book");
    book->add_option("--count", opt->count, "number of puzzles")->required()->check(CLI::Range(1, 200));
    book->add_option("--level", opt->level, "level set-up to deal: basic, 1, 2, 3, 4, 5")->required();
    book->add_option("--out", opt->out, "folder to write index.html into (created if missing)")
        ->required()
        ->check(nonempty("folder name"));
    book->add_option("--seed", opt->seed, "random seed; the same seed makes the same book")
        ->check(whole_number_at_most(kMaxExactJsonInteger));
    book->add_flag("--unique", opt->unique, "only puzzles with exactly one optimal stone set");
    book->add_option("--difficulty", opt->difficulty,
                     "only puzzles rated exactly this (direct, combine, give-up, deep)");
    book->add_option("--max-attempts", opt->max_attempts, "give up after dealing this many candidates")
        ->check(CLI::Range(std::int64_t{1}, std::int64_t{10000000}));
    add_timeout(*book, opt->timeout);
    book->callback([opt] { run_book(*opt); });
}

}  // namespace

void add_xalapa_picture_commands(CLI::App& xalapa) {
    add_render(xalapa);
    add_book(xalapa);
}

}  // namespace tlaloc::cli
