// `tlaloc xalapa render|book`: thin wrappers around puzzles/xalapa/Render and Book.
#include <filesystem>
#include <iostream>
#include <memory>

#include "cli/XalapaPictures.h"
#include "model/common/Json.h"
#include "puzzles/xalapa/Book.h"
#include "puzzles/xalapa/Render.h"
#include "solver/xalapa/ChallengeSolver.h"

namespace tlaloc::cli {

using namespace xalapa;

namespace {

struct RenderCommand {
    std::string challenge;
    std::string svg;
    bool solution = false;
};

void run_render(const RenderCommand& cmd) {
    Challenge ch = load_challenge(cmd.challenge);
    Catalogue catalogue = load_catalogue();
    RenderOptions opt;
    opt.catalogue = &catalogue;
    if (cmd.solution) {
        ChallengeSolver solver;
        Solution s = solver.solve(ch);
        opt.stones = s.stones;
        opt.outcome = true;
        std::cout << "penalty " << s.evaluation.penalty << " (proved optimal)\n";
    }
    write_file_atomically(cmd.svg, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + render_svg(ch, opt));
    std::cout << "wrote " << cmd.svg << "\n";
}

struct BookCommand {
    int count = 6;
    std::string level = "2";
    std::string out;
    std::uint64_t seed = 1;
    bool unique = false;
    std::string difficulty;
    std::int64_t max_attempts = 20000;
};

void run_book(const BookCommand& cmd) {
    // Everything is checked before the (slow) generation and before anything is written.
    auto level = parse_level(cmd.level);
    if (!level)
        throw InputError("command line", "--level",
                         "unknown level \"" + cmd.level + "\" (basic, 1, 2, 3, 4, 5)");
    std::optional<int> difficulty;
    if (!cmd.difficulty.empty()) {
        int d = difficulty_index(cmd.difficulty);
        if (d < 0) {
            std::string names;
            for (const auto& l : kDifficultyLevels)
                names += (names.empty() ? "" : ", ") + std::string(l.name);
            throw InputError("command line", "--difficulty",
                             "unknown difficulty \"" + cmd.difficulty + "\" (" + names + ")");
        }
        difficulty = d;
    }
    std::filesystem::path dir(cmd.out);
    std::error_code ec;
    if (std::filesystem::exists(dir, ec) && !std::filesystem::is_directory(dir, ec))
        throw InputError(cmd.out, "", "exists and is not a folder");
    Catalogue catalogue = load_catalogue();
    ChallengeSolver solver;
    GenerateOptions g;
    g.level = *level;
    g.count = cmd.count;
    g.seed = cmd.seed;
    g.unique = cmd.unique;
    g.difficulty = difficulty;
    g.max_attempts = cmd.max_attempts;
    auto puzzles = generate(catalogue, g, solver);
    if (puzzles.empty())
        throw InputError("command line", "",
                         "no puzzle at level " + cmd.level + (cmd.unique ? " with a unique optimum" : "") +
                             (difficulty ? " rated " + cmd.difficulty : "") + " within " +
                             std::to_string(cmd.max_attempts) + " deals; nothing written");
    if (static_cast<int>(puzzles.size()) < cmd.count)
        std::cerr << "tlaloc: only " << puzzles.size() << " of " << cmd.count << " puzzles found within "
                  << cmd.max_attempts << " deals\n";
    BookSettings settings{*level, cmd.seed, cmd.unique, difficulty};
    std::string html = book_html(puzzles, settings, catalogue);
    std::filesystem::create_directories(dir, ec);
    if (ec) throw InputError(cmd.out, "", "cannot create the folder: " + ec.message());
    write_file_atomically(dir / "index.html", html);
    std::cout << "wrote " << (dir / "index.html").string() << " (" << puzzles.size() << " puzzles)\n";
}

}  // namespace

void add_xalapa_picture_commands(CLI::App& xalapa) {
    auto rc = std::make_shared<RenderCommand>();
    auto* render = xalapa.add_subcommand(
        "render",
        "Draw a challenge as a player sees it (board, symbols, lines, position card, challenge cards) as SVG;\n"
        "with --solution also a proved-optimal set of stones, the penalty and which tasks are met.\n"
        "Example: tlaloc xalapa render puzzles/xalapa/challenges/level2-1.json --solution --svg level2-1.svg");
    render->add_option("CHALLENGE", rc->challenge, "challenge JSON file (see docs/xalapa.md)")->required();
    render->add_option("--svg", rc->svg, "SVG file to write")->required();
    render->add_flag("--solution", rc->solution,
                     "solve the challenge and draw the optimal stones and the penalty");
    render->callback([rc] { run_render(*rc); });

    auto bc = std::make_shared<BookCommand>();
    auto* book = xalapa.add_subcommand(
        "book",
        "Write a printable HTML puzzle book (title page, one puzzle per page, then the solutions) from the generator.\n"
        "Example: tlaloc xalapa book --count 6 --level 2 --unique --out xalapa-book");
    book->add_option("--count", bc->count, "number of puzzles")->required()->check(CLI::Range(1, 200));
    book->add_option("--level", bc->level, "level set-up to deal: basic, 1, 2, 3, 4, 5")->required();
    book->add_option("--out", bc->out, "folder to write index.html into (created if missing)")->required();
    book->add_option("--seed", bc->seed, "random seed; the same seed makes the same book");
    book->add_flag("--unique", bc->unique, "only puzzles with exactly one optimal stone set");
    book->add_option("--difficulty", bc->difficulty,
                     "only puzzles rated exactly this (direct, combine, give-up, deep)");
    book->add_option("--max-attempts", bc->max_attempts, "give up after dealing this many candidates")
        ->check(CLI::Range(std::int64_t{1}, std::int64_t{10000000}));
    book->callback([bc] { run_book(*bc); });
}

}  // namespace tlaloc::cli
