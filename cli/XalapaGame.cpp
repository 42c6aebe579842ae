// Xalapa's registry entry: commands, claims facts, file formats and the solver/evaluator cross-check.
#include <fstream>
#include <random>
#include <set>
#include <sstream>

#include "cli/Commands.h"
#include "cli/GameRegistry.h"
#include "model/xalapa/Challenge.h"
#include "model/xalapa/Components.h"
#include "model/xalapa/Evaluation.h"
#include "puzzles/xalapa/AtlacoyaGame.h"
#include "puzzles/xalapa/Catalogue.h"
#include "puzzles/xalapa/Census.h"
#include "puzzles/xalapa/Deal.h"
#include "puzzles/xalapa/RandomChallenge.h"
#include "puzzles/xalapa/SideComparison.h"
#include "solver/xalapa/ChallengeSolver.h"

namespace tlaloc::cli {

namespace {

std::string board_round_trip(const std::filesystem::path& file) {
    Json first = xalapa::board_to_json(xalapa::load_board(file));
    Json second = xalapa::board_to_json(xalapa::parse_board(JsonPlace(first, file.string())));
    return written_difference(first, second);
}

std::string challenge_round_trip(const std::filesystem::path& file) {
    Json first = xalapa::challenge_to_json(xalapa::load_challenge(file));
    Json second = xalapa::challenge_to_json(xalapa::parse_challenge(JsonPlace(first, file.string()), file));
    return written_difference(first, second);
}

// A census file line by line: each line written, read back and written again.
std::string census_round_trip(const std::filesystem::path& file) {
    xalapa::Catalogue catalogue = xalapa::load_catalogue();
    std::ifstream in(file);
    std::ostringstream content;
    content << in.rdbuf();
    std::int64_t of = -1;
    Json first = Json::array(), second = Json::array();
    for (const auto& line : xalapa::parse_census_lines(file.string(), content.str(), catalogue, of))
        first.push_back(xalapa::census_line_to_json(line));
    for (std::size_t i = 0; i < first.size(); ++i) {
        JsonPlace place(first[i], file.string() + ": line " + std::to_string(i + 1) + " as written");
        second.push_back(xalapa::census_line_to_json(xalapa::parse_census_line(place, catalogue)));
    }
    return written_difference(first, second);
}

// The default solver's proved optimum, re-checked by the evaluator, against a second solver that
// descends from the empty board with Z3 alone (no count search): two routes to one number.
std::string solver_agrees(std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    xalapa::Challenge ch = xalapa::random_challenge(rng, {});
    xalapa::ChallengeSolver fast, plain;
    plain.use_count_search(false);
    xalapa::Solution a = fast.solve(ch), b = plain.solve(ch);
    int evaluated = xalapa::evaluate(ch, a.stones).penalty;
    if (!a.optimal || !b.optimal) return "an optimum was not proved";
    if (evaluated != a.evaluation.penalty)
        return "the evaluator gives penalty " + std::to_string(evaluated) + " for the solver's stones, not " +
               std::to_string(a.evaluation.penalty);
    if (a.evaluation.penalty != b.evaluation.penalty)
        return "optimum " + std::to_string(a.evaluation.penalty) + " with the count search, " +
               std::to_string(b.evaluation.penalty) + " without";
    return "";
}

const xalapa::Catalogue& shipped_catalogue() {
    static const xalapa::Catalogue catalogue = xalapa::load_catalogue();
    return catalogue;
}

std::vector<std::string> side_names() {
    std::vector<std::string> out;
    for (const auto& side : shipped_catalogue().boards) out.push_back(side.id);
    return out;
}

verify::SidesVerdict compare_shipped_sides(const std::string& a, const std::string& b) {
    const xalapa::Catalogue& cat = shipped_catalogue();
    xalapa::ChallengeSolver solver;
    xalapa::SideComparison c = xalapa::compare_sides(solver, cat, *cat.board(a), *cat.board(b));
    return {c.identical, c.evidence};
}

// A round built on the first shipped board: `stones` stones on its first fields, `challenges` count
// tasks of which the last `unmet` ask for fewer stones than were placed (or, with none placed, for
// one); the evaluator scores it.
verify::RoundScore score_round(int challenges, int stones, int unmet) {
    const xalapa::Board& board = shipped_catalogue().boards.front().board;
    xalapa::Challenge ch;
    ch.board = board;
    if (stones > ch.max_stones || challenges > 16)
        return {std::nullopt, "a round has at most " + std::to_string(ch.max_stones) +
                                  " stones and at most 16 challenges; the claim places " +
                                  std::to_string(stones) + " stones on " + std::to_string(challenges) +
                                  " challenges"};
    for (int t = 0; t < challenges; ++t) {
        xalapa::Task task;
        task.feature.atoms = {xalapa::Atom::Any};
        const bool met = t < challenges - unmet;
        task.lo = met || stones > 0 ? 0 : 1;  // a failed task asks for fewer stones than were placed, or some
        task.hi = met || stones == 0 ? board.size() : stones - 1;
        ch.tasks.push_back(task);
    }
    xalapa::CellSet placed;
    for (int i = 0; i < stones; ++i) placed.set(static_cast<std::size_t>(i));
    const xalapa::Evaluation e = xalapa::evaluate(ch, placed);
    return {e.penalty, "tlaloc's evaluator scores " + std::to_string(e.stones) + " stones with " +
                           std::to_string(e.unmet) + " of " + std::to_string(challenges) +
                           " challenges failed at penalty " + std::to_string(e.penalty) + " (disfavor " +
                           std::to_string(ch.disfavor) + " per failed challenge)"};
}

// What the dealer puts down at each level (seed 1): the challenges of a round (card columns and the
// position card) and the oracle cards on the board (the printed 1 and 2 are not cards).
void derive_dealt_tables(verify::GameFacts& facts, const xalapa::Catalogue& catalogue) {
    auto& challenges = facts.tables["challenges_per_level"];
    auto& on_board = facts.tables["oracle_cards_on_the_board"];
    for (const char* name : xalapa::kLevelNames) {
        xalapa::DealOptions o;
        o.level = *xalapa::parse_level(name);
        const xalapa::Deal d = xalapa::deal(catalogue, o);
        std::set<std::string> cards;
        for (const auto& column : d.cards().columns) {
            for (const std::string& id : {column.top, column.bottom})
                if (!xalapa::printed_number(id)) cards.insert(id);
        }
        on_board[name] = static_cast<int>(cards.size());
        if (o.level != xalapa::Level::Five) challenges[name] = d.challenge.task_count();
        if (o.level == xalapa::Level::Basic) {
            o.expert_columns = true;
            challenges["basic_expert"] = xalapa::deal(catalogue, o).challenge.task_count();
        }
    }
    if (!catalogue.boards.empty())
        challenges["atlacoya"] =
            xalapa::deal_atlacoya_row(catalogue, 1, 1, catalogue.boards.front().board).task_count();
    facts.derived.insert({"challenges_per_level", "oracle_cards_on_the_board"});
}

// Counts the claims can fail on: the oracle and position cards of the shipped cards files, counted.
// A broken install leaves the typed counts (and the claims on them restated).
void derive_facts(verify::GameFacts& facts) {
    // What one failed challenge costs, as the evaluator scores a round with no stone placed.
    if (const auto one_failed = score_round(1, 0, 1).penalty) {
        facts.counts["disfavor_points"] = *one_failed;
        facts.derived.insert("disfavor_points");
    }
    xalapa::Catalogue catalogue;
    try {
        catalogue = xalapa::load_catalogue();
    } catch (const InputError&) {
        return;
    }
    std::map<std::string, int> by_back;
    int novice_features = 0;
    for (const auto& card : catalogue.cards) {
        ++by_back[xalapa::to_string(card.deck)];
        novice_features +=
            card.deck == xalapa::Deck::Novice && card.kind == xalapa::OracleCard::Kind::FeatureCard;
    }
    facts.tables["oracle_cards_by_back"] = by_back;
    facts.counts["oracle_cards"] = static_cast<int>(catalogue.cards.size());
    facts.counts["novice_feature_cards"] = novice_features;
    facts.counts["position_cards"] = static_cast<int>(catalogue.positions.size());
    try {
        derive_dealt_tables(facts, catalogue);
    } catch (const std::exception&) {}  // a dealer that fails leaves the typed tables (restated)
    facts.derived.insert({"oracle_cards_by_back", "oracle_cards", "novice_feature_cards", "position_cards",
                          "atlacoya_number_tiles_per_player"});
}

}  // namespace

GameEntry xalapa_game() {
    GameEntry g;
    g.name = "xalapa";
    g.add_commands = add_xalapa_commands;
    g.facts.name = "xalapa";
    g.facts.counts = xalapa::component_counts();
    g.facts.tables = xalapa::component_tables();
    derive_facts(g.facts);
    g.formats = {
        {"board", {"puzzles/xalapa/boards/*.json"}, board_round_trip, ""},
        {"challenge", {"puzzles/xalapa/challenges/*.json"}, challenge_round_trip, "xalapa solve {}"},
        {"census",
         {"tests/data/xalapa/census-*.jsonl"},
         census_round_trip,
         "xalapa census summarize {}",
         /*json_lines=*/true},
        {"atlacoya-log",
         {"tests/data/xalapa/atlacoya-*.jsonl"},
         nullptr,
         "xalapa atlacoya replay {}",
         /*json_lines=*/true},
        {"play-log", {"tests/data/xalapa/play-*.jsonl"}, nullptr, "xalapa replay {}", /*json_lines=*/true},
    };
    g.facts.sides = side_names;
    g.facts.compare_sides = compare_shipped_sides;
    g.facts.score_round = score_round;
    g.random_check = solver_agrees;
    return g;
}

}  // namespace tlaloc::cli
