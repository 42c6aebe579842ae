// `tlaloc aztlan ...`: score an age, resolve conflicts, compute the domain scoring table of a map and
// reconstruct a map whose table matches the printed one. Parse, call, print; nothing decided here.

#include <chrono>
#include <iostream>
#include <map>
#include <memory>

#include "cli/AztlanPictures.h"
#include "cli/Commands.h"
#include "cli/Progress.h"
#include "cli/Timeout.h"
#include "model/aztlan/Conflicts.h"
#include "model/aztlan/DomainTable.h"
#include "model/aztlan/MapGraph.h"
#include "model/aztlan/PrintedTable.h"
#include "model/aztlan/Scoring.h"
#include "model/aztlan/TerritorySet.h"
#include "solver/aztlan/BestPlacement.h"
#include "solver/aztlan/Reconstruct.h"
#include "solver/common/SearchLimit.h"

namespace tlaloc::cli {
void add_aztlan_game_commands(CLI::App& group);  // cli/AztlanPlay.cpp

namespace {
using namespace tlaloc::aztlan;

std::string ids(const Map& map, const std::vector<int>& territories) {
    std::string out;
    for (int t : territories) out += (out.empty() ? "" : " ") + map.territories[t].id;
    return out;
}

Json territory_ids(const Map& map, const std::vector<int>& territories) {
    Json out = Json::array();
    for (int t : territories) out.push_back(map.territories[t].id);
    return out;
}

void print_score(const Position& pos, const std::vector<PlayerScore>& scores, bool json) {
    const Map& map = pos.map;
    if (json) {
        Json players = Json::array();
        for (const auto& s : scores) {
            Json domains = Json::array();
            for (const auto& d : s.domains) {
                domains.push_back({{"territories", territory_ids(map, d.territories)},
                                   {"bonus", d.bonus},
                                   {"points", d.points}});
            }
            players.push_back({{"name", s.name},
                               {"points", s.points},
                               {"bonus_type", to_string(s.bonus_type)},
                               {"domains", domains},
                               {"domain_points", s.domain_points},
                               {"blessing_points", s.blessing_points}});
        }
        Json out = {{"profile", pos.profile.id},
                    {"domain_without_bonus", to_string(pos.profile.domain_without_bonus)},
                    {"players", players}};
        std::cout << json_text(out, 2) << "\n";
        return;
    }
    std::cout << "profile " << pos.profile.id << ": a domain without the bonus type scores "
              << (pos.profile.domain_without_bonus == DomainWithoutBonus::Zero ? "0" : "its size") << "\n";
    for (std::size_t i = 0; i < scores.size(); ++i) {
        const auto& s = scores[i];
        std::cout << s.name << " (card " << pos.players[i].card << ", bonus type " << to_string(s.bonus_type)
                  << "): " << s.points << " points\n";
        for (const auto& d : s.domains) {
            std::cout << "  domain of " << d.territories.size() << " [" << ids(map, d.territories) << "], "
                      << d.bonus << " " << to_string(s.bonus_type) << ": " << d.points << "\n";
        }
        if (s.blessing_points) std::cout << "  blessings: " << s.blessing_points << "\n";
    }
}

struct ScoreOptions {
    std::string file, svg;
    bool json = false;
};

void run_score(const ScoreOptions& opt) {
    Position pos = load_position(opt.file);
    MapGraph graph(pos.map);
    const auto scores = score_age(graph, pos);
    if (!opt.svg.empty()) write_map_picture(opt.svg, opt.file, pos, {});
    print_score(pos, scores, opt.json);
}

void add_score(CLI::App& group) {
    auto opt = std::make_shared<ScoreOptions>();
    auto* cmd =
        group.add_subcommand("score",
                             "Score the domains of every player in a position (one age's scoring phase).\n"
                             "Example:  tlaloc aztlan score puzzles/aztlan/examples/score-14.json --json");
    cmd->add_option("POSITION", opt->file, "position file (JSON)")->required();
    cmd->add_flag("--json", opt->json, "print JSON");
    cmd->add_option("--svg", opt->svg,
                    "also draw the position, its domains outlined, as SVG (as 'aztlan render')")
        ->check(output_path());
    cmd->callback([opt] { run_score(*opt); });
}

Json player_names(const Position& pos, const std::vector<int>& players) {
    Json out = Json::array();
    for (int p : players) out.push_back(pos.players[p].name);
    return out;
}

// The players' names, joined with commas.
std::string joined(const Position& pos, const std::vector<int>& players) {
    std::string out;
    for (int p : players) out += (out.empty() ? "" : ", ") + pos.players[p].name;
    return out;
}

Json conflicts_json(const Position& pos, const ConflictPhase& phase) {
    const Map& map = pos.map;
    Json conflicts = Json::array();
    for (const auto& c : phase.conflicts) {
        conflicts.push_back(
            {{"territory", map.territories[c.territory].id},
             {"outcome", to_string(c.outcome)},
             {"winner", c.winner >= 0 ? Json(pos.players[c.winner].name) : Json(nullptr)},
             {"decision",
              c.chosen ? Json(*c.chosen == Decision::Defeat ? "defeat" : "coexist") : Json(nullptr)},
             {"strongest", player_names(pos, c.strongest)},
             {"removed", player_names(pos, c.removed)},
             {"card_drawn_by", player_names(pos, c.card_drawn_by)},
             {"notes", c.notes}});
    }
    Json players = Json::array();
    for (std::size_t p = 0; p < pos.players.size(); ++p) {
        Json pawns = Json::object();
        for (int t = 0; t < map.size(); ++t) {
            if (phase.pawns[p][t]) pawns[map.territories[t].id] = phase.pawns[p][t];
        }
        players.push_back(
            {{"name", pos.players[p].name}, {"pawns", pawns}, {"cards_drawn", phase.cards_drawn[p]}});
    }
    return {{"order", player_names(pos, phase.order)}, {"conflicts", conflicts}, {"players", players}};
}

// The human report, from the same ConflictPhase the JSON is built from.
void print_conflicts_text(const Position& pos, const ConflictPhase& phase) {
    const Map& map = pos.map;
    std::cout << "turn order: " << joined(pos, phase.order) << "\n";
    for (const auto& c : phase.conflicts) {
        std::cout << map.territories[c.territory].id << ": ";
        if (c.winner < 0)
            std::cout << "tie between " << joined(pos, c.strongest) << ", they coexist without cards";
        else
            std::cout << pos.players[c.winner].name << " is strongest and chooses to "
                      << (c.chosen == Decision::Coexist ? "coexist" : "defeat");
        // A defeat that Sacred Games turned into coexistence: say what the winner chose and why the
        // outcome differs.
        if (c.winner >= 0 && c.chosen == Decision::Defeat && c.outcome == ConflictOutcome::Coexist)
            std::cout << ", but must coexist with whoever played sacred-games";
        if (!c.removed.empty()) std::cout << "; removed: " << joined(pos, c.removed);
        if (!c.card_drawn_by.empty()) std::cout << "; card drawn by " << joined(pos, c.card_drawn_by);
        std::cout << "\n";
        for (const auto& n : c.notes) std::cout << "  " << n << "\n";
    }
    for (std::size_t p = 0; p < pos.players.size(); ++p) {
        std::cout << pos.players[p].name << ": " << phase.cards_drawn[p] << " card(s) drawn; pawns";
        std::map<std::string, int> pawns;  // by territory id, as the JSON object lists them
        for (int t = 0; t < map.size(); ++t)
            if (phase.pawns[p][t]) pawns[map.territories[t].id] = phase.pawns[p][t];
        for (const auto& [id, n] : pawns) std::cout << " " << id << "=" << n;
        std::cout << "\n";
    }
}

struct ConflictsOptions {
    std::string file;
    bool json = false;
};

void run_conflicts(const ConflictsOptions& opt) {
    Position pos = load_position(opt.file);
    const ConflictPhase phase = resolve_conflicts(pos);
    if (opt.json)
        std::cout << json_text(conflicts_json(pos, phase), 2) << "\n";
    else
        print_conflicts_text(pos, phase);
}

void add_conflicts(CLI::App& group) {
    auto opt = std::make_shared<ConflictsOptions>();
    auto* cmd = group.add_subcommand(
        "conflicts",
        "Resolve the conflict phase of a position: turn order, power = card x pawns, defeat or coexist.\n"
        "Example:  tlaloc aztlan conflicts puzzles/aztlan/examples/conflicts-a-e.json --json");
    cmd->add_option("POSITION", opt->file, "position file (JSON) with vp, stack and decisions per player")
        ->required();
    cmd->add_flag("--json", opt->json, "print JSON");
    cmd->callback([opt] { run_conflicts(*opt); });
}

void check_bitset_size(const Map& map, const std::string& file) {
    if (map.size() > kMaxBitsetTerritories) {
        throw InputError(file, "territories",
                         "the domain table supports maps of at most 64 territories (this one has " +
                             std::to_string(map.size()) + ")");
    }
}

void print_grid(const std::string& title, int rows, const std::function<std::string(int, int)>& cell) {
    std::cout << title << "\n   n |";
    for (int k = 0; k <= kMaxBonusColumn; ++k) std::cout << "  k=" << k;
    std::cout << "\n";
    for (int n = 1; n <= rows; ++n) {
        std::cout << (n < 10 ? "   " : "  ") << n << " |";
        for (int k = 0; k <= kMaxBonusColumn; ++k) {
            std::string c = cell(n, k);
            std::cout << std::string(5 - std::min<std::size_t>(5, c.size()), ' ') << c;
        }
        std::cout << "\n";
    }
}

void print_table(const Map& map, const DomainTable& table) {
    print_grid("domain scoring table of map \"" + map.id + "\" (size n + k^2, 0 for k = 0, '-' cannot occur)",
               table.max_size, [&](int n, int k) {
                   auto v = table.value(n, k);
                   return v ? std::to_string(*v) : std::string("-");
               });
    for (int t = 0; t < kTerritoryTypeCount; ++t) {
        print_grid(
            std::string("\nper type: ") + kTerritoryTypeNames[t] + " ('x' occurs)", table.max_size,
            [&](int n, int k) { return table.per_type[t][n - 1][k] ? std::string("x") : std::string("."); });
    }
}

struct BestPlacementOptions {
    std::string file, player, svg;
    int pawns = 0;
    bool json = false;
    unsigned timeout = 60;
};

int player_named(const Position& pos, const BestPlacementOptions& opt) {
    for (std::size_t p = 0; p < pos.players.size(); ++p)
        if (pos.players[p].name == opt.player) return static_cast<int>(p);
    std::string names;
    for (const auto& p : pos.players) names += (names.empty() ? "" : ", ") + p.name;
    throw InputError(opt.file, "--player", "no player named \"" + opt.player + "\" (players: " + names + ")");
}

void print_placement(const Position& pos, const BestPlacementOptions& opt, const Placement& best) {
    const Map& map = pos.map;
    Json place = Json::object();
    for (int t = 0; t < map.size(); ++t)
        if (best.added[t]) place[map.territories[t].id] = best.added[t];
    if (opt.json) {
        std::cout << Json{{"points", best.points},
                          {"place", place},
                          {"bonus_type", to_string(best.bonus_type)},
                          {"proof_nodes", best.nodes}}
                         .dump()
                  << "\n";
        return;
    }
    std::cout << opt.player << " with " << opt.pawns << " more pawn(s): " << best.points
              << " points (bonus type " << to_string(best.bonus_type)
              << "), proved best by an exact search of " << best.nodes
              << " nodes and recounted by the scorer\n  place:";
    for (auto it = place.begin(); it != place.end(); ++it)
        std::cout << " " << it.key() << "+" << it.value().dump();
    std::cout << "\n";
}

// The position after the placement, the territories that got pawns highlighted with their count.
void draw_placement(Position pos, int p, const BestPlacementOptions& opt, const Placement& best) {
    MapPictureOptions options;
    for (int t = 0; t < pos.map.size(); ++t) {
        if (!best.added[t]) continue;
        pos.players[p].pawns[t] += best.added[t];
        options.highlight[t] = best.added[t];
    }
    options.notes.push_back(opt.player + " places " + std::to_string(opt.pawns) +
                            " more pawn(s) where highlighted: " + std::to_string(best.points) +
                            " points, proved best. Pawns and domains are drawn after the placement.");
    write_map_picture(opt.svg, opt.file, pos, options);
}

void run_best_placement(const BestPlacementOptions& opt) {
    if (opt.pawns < 0 || opt.pawns > kMaxPlacementPawns)
        throw InputError(opt.file, "--pawns",
                         "K must be 0.." + std::to_string(kMaxPlacementPawns) + " (got " +
                             std::to_string(opt.pawns) + ")");
    Position pos = load_position(opt.file);
    check_bitset_size(pos.map, opt.file);
    const int p = player_named(pos, opt);
    const solver::Deadline deadline(opt.timeout);
    Placement best;
    try {
        best = naming(opt.file, opt.timeout, [&] {
            return best_placement(pos.map, pos.profile, pos.players[p], opt.pawns, &deadline);
        });
    } catch (const std::invalid_argument& e) {
        throw InputError(opt.file, "players[" + std::to_string(p) + "].pawns", e.what());
    }
    if (!opt.svg.empty()) draw_placement(pos, p, opt, best);
    print_placement(pos, opt, best);
}

void add_best_placement(CLI::App& group) {
    auto opt = std::make_shared<BestPlacementOptions>();
    auto* cmd = group.add_subcommand(
        "best-placement",
        "The most points ('aztlan score') a player can reach by placing K more pawns (stacking allowed),\n"
        "proved by an exact branch and bound and recounted by the scorer.\n"
        "Example:  tlaloc aztlan best-placement puzzles/aztlan/examples/score-22.json --player yellow --pawns 3 --json");
    cmd->add_option("POSITION", opt->file, "position file (JSON), as for 'aztlan score'")->required();
    cmd->add_option("--player", opt->player, "the player's name")->required();
    cmd->add_option("--pawns", opt->pawns, "K, pawns to place (0-10)")->required();
    cmd->add_flag("--json", opt->json, "print JSON: {\"points\": N, \"place\": {territory: pawns}}");
    cmd->add_option("--svg", opt->svg,
                    "also draw the position after the placement, the placement highlighted")
        ->check(output_path());
    add_timeout(*cmd, opt->timeout);
    cmd->callback([opt] { run_best_placement(*opt); });
}

struct TableOptions {
    std::string file;
    int max_size = 15;
    std::uint64_t limit = 1'000'000'000;
    bool json = false;
    unsigned timeout = 60;
};

void run_table(const TableOptions& opt) {
    Map map = load_map(opt.file);
    check_bitset_size(map, opt.file);
    const solver::Deadline deadline(opt.timeout);
    const DomainTable table = [&] {
        ProgressLine progress("table");  // wiped when this ends, before the table or an error
        try {
            return naming(opt.file, opt.timeout, [&] {
                return compute_domain_table(
                    map, opt.max_size,
                    [&](double done) {
                        if (deadline.passed()) throw solver::SearchLimitReached();
                        progress.fraction(done);
                    },
                    opt.limit);
            });
        } catch (const DomainTableLimit& e) {
            throw InputError(
                opt.file, "",
                std::string("table: ") + e.what() + " (a smaller --max-size or a larger --limit may help)");
        }
    }();
    if (opt.json)
        std::cout << json_text(domain_table_to_json(table)) << "\n";
    else
        print_table(map, table);
}

void add_table(CLI::App& group) {
    auto opt = std::make_shared<TableOptions>();
    auto* cmd = group.add_subcommand(
        "table",
        "Compute the domain scoring table of a map: which (domain size n, bonus count k) can occur.\n"
        "Example:  tlaloc aztlan table puzzles/aztlan/aztlan.json --max-size 15 --json");
    cmd->add_option("MAP", opt->file, "map file (JSON)")->required();
    cmd->add_option("--limit", opt->limit,
                    "give up after this many connected sets (default 1e9; 0 = no limit)")
        ->check(whole_number_at_most(std::uint64_t{1} << 62));
    cmd->add_option("--max-size", opt->max_size,
                    "largest domain size (rows), default 15; capped at the map's size")
        ->check(CLI::Range(1, 1000000));
    cmd->add_flag("--json", opt->json, "print JSON");
    add_timeout(*cmd, opt->timeout);
    cmd->callback([opt] { run_table(*opt); });
}

struct ReconstructOptions {
    std::string table_file, board_file, out_file;
    unsigned seed = 1;
    int rounds = 500;
    bool verbose = false;
    unsigned timeout = 60;
};

Map load_board(const std::filesystem::path& board_path) {
    Map board = load_map(board_path);
    if (board.size() % kTerritoryTypeCount != 0 || board.size() > kMaxBitsetTerritories) {
        throw InputError(
            board_path.string(), "territories",
            "a board to reconstruct needs a multiple of 5 territories, at most 64 (this one has " +
                std::to_string(board.size()) + ")");
    }
    return board;
}

void print_reconstructed(const ReconstructResult& result, const std::string& out_file) {
    std::string text = json_text(map_to_json(*result.map), 2) + "\n";
    if (out_file.empty())
        std::cout << text;
    else
        write_file_atomically(out_file, text);
    std::cerr << "reconstructed in " << result.rounds << " rounds (" << result.span_cuts << " span cuts, "
              << result.rejected
              << " assignments blocked); its table equals the target, checked by enumeration\n";
}

void run_reconstruct(const ReconstructOptions& opt) {
    DomainTable target = load_domain_table(opt.table_file.empty() ? printed_table_file()
                                                                  : std::filesystem::path(opt.table_file));
    Map board = load_board(opt.board_file.empty() ? data_dir() / "puzzles" / "aztlan" / "board.json"
                                                  : std::filesystem::path(opt.board_file));
    aztlan::ReconstructOptions options;
    options.seed = opt.seed;
    options.max_rounds = opt.rounds;
    options.deadline = solver::Deadline(opt.timeout);
    auto result = naming("reconstruct", opt.timeout, [&] {
        return reconstruct_types(board, target, options, [&opt](const std::string& line) {
            if (opt.verbose) std::cerr << line << "\n";
        });
    });
    if (!result.map) {
        std::cerr << "tlaloc: " << result.why_not << "\n";
        set_exit_code(kExitFalseClaim);
        return;
    }
    print_reconstructed(result, opt.out_file);
}

void add_reconstruct(CLI::App& group) {
    auto opt = std::make_shared<ReconstructOptions>();
    auto* cmd = group.add_subcommand(
        "reconstruct",
        "Find territory types (6 of each) on a board's graph, with Z3, so that the map's domain table\n"
        "equals a target table (default: the rulebooks' printed table, on puzzles/aztlan/board.json).\n"
        "Example:  tlaloc aztlan reconstruct --seed 1 --out /tmp/aztlan.json");
    cmd->add_option("--table", opt->table_file,
                    "target table (JSON as printed by 'table --json'); default the printed table");
    cmd->add_option(
        "--board", opt->board_file,
        "map whose borders and lakes to use (its types are ignored); default puzzles/aztlan/board.json");
    cmd->add_option("--seed", opt->seed, "Z3 random seed (default 1)");
    cmd->add_option("--rounds", opt->rounds, "most proposals to try (default 500)")
        ->check(CLI::Range(1, 100000));
    cmd->add_option("--out", opt->out_file, "write the map here instead of printing it")
        ->check(output_path());
    cmd->add_flag("--verbose", opt->verbose, "one line per round on stderr");
    add_timeout(*cmd, opt->timeout);
    cmd->callback([opt] { run_reconstruct(*opt); });
}
}  // namespace

void add_aztlan_commands(CLI::App& app) {
    auto* group = app.add_subcommand(
        "aztlan",
        "Aztlán: whole games (play, replay, audit), scoring, conflicts, the best placement, the domain\nscoring table, map reconstruction, pictures of maps and positions.");
    group->require_subcommand(1);
    add_score(*group);
    add_conflicts(*group);
    add_table(*group);
    add_reconstruct(*group);
    add_best_placement(*group);
    add_aztlan_render(*group);
    add_aztlan_game_commands(*group);
}

}  // namespace tlaloc::cli
