#include "puzzles/xalapa/Census.h"

#include <algorithm>
#include <map>
#include <set>
#include <sstream>

#include "puzzles/xalapa/Deal.h"
#include "puzzles/xalapa/SideEquivalence.h"

namespace tlaloc::xalapa {

namespace {
const char* const kBasicTops[4] = {"printed-1", "printed-2", "novice-1-stone", "novice-2-stones"};

std::vector<std::pair<int, int>> shape_key(const Formation& f) {
    std::vector<std::pair<int, int>> best;
    for (const auto& o : formation_orientations(f, Orientations::Rotate)) {
        std::vector<std::pair<int, int>> k;
        for (auto c : o) k.emplace_back(c.row, c.col);
        if (best.empty() || k < best) best = k;
    }
    return best;
}
}  // namespace

std::vector<CensusItem> basic_census_items(const Catalogue& cat) {
    std::vector<std::string> features;
    for (const auto& c : cat.cards)
        if (c.deck == Deck::Novice && c.kind == OracleCard::Kind::FeatureCard) features.push_back(c.id);
    // Two sides that a turn or mirror carries onto each other, keeping every formation allowed, deal
    // challenges with the same answers (SideEquivalence.h): the first of them stands for both.
    std::vector<const BoardSide*> boards;
    for (const auto& b : cat.boards) {
        bool seen = false;
        for (const BoardSide* kept : boards) seen = seen || sides_proved_identical(cat, kept->board, b.board);
        if (!seen) boards.push_back(&b);
    }
    std::vector<const PositionCard*> positions;
    std::set<std::vector<std::pair<int, int>>> seen_shapes;
    for (const auto& p : cat.positions)
        if (seen_shapes.insert(shape_key(p.three)).second) positions.push_back(&p);

    std::vector<CensusItem> items;
    const int f = static_cast<int>(features.size());
    for (const auto* board : boards)
        for (const auto* position : positions)
            // Columns 1 and 3 both ask for 1 stone, 2 and 4 for 2: an unordered pair for each.
            for (int a = 0; a < f; ++a)
                for (int c = a + 1; c < f; ++c)
                    for (int b = 0; b < f; ++b)
                        for (int d = b + 1; d < f; ++d) {
                            if (b == a || b == c || d == a || d == c) continue;
                            CensusItem item;
                            item.index = static_cast<std::int64_t>(items.size());
                            item.board = board;
                            item.position = position;
                            item.bottom = {features[a], features[b], features[c], features[d]};
                            items.push_back(item);
                        }
    return items;
}

Challenge census_challenge(const Catalogue& cat, const CensusItem& item) {
    Challenge ch;
    ch.board = item.board->board;
    ch.formation = item.position->three;
    for (int k = 0; k < 4; ++k) ch.tasks.push_back(column_task(cat, {kBasicTops[k], item.bottom[k]}));
    return ch;
}

Json census_record(ChallengeSolver& solver, const Catalogue& cat, const CensusItem& item,
                   std::int64_t total) {
    Challenge ch = census_challenge(cat, item);
    Solution best = solver.solve(ch, std::nullopt, true);
    CensusLine line;
    line.index = item.index;
    line.of = total;
    line.board = item.board->id;
    line.position = item.position->id;
    line.cards = item.bottom;
    line.penalty = best.evaluation.penalty;
    for (int i = 0; i < ch.board.size(); ++i)
        if (best.stones.test(i)) line.stones.push_back(ch.board.cell(i));
    line.unmet = best.evaluation.unmet_tasks();
    line.formation_unmet = ch.formation && !best.evaluation.formation_met;
    line.unique = *best.unique;
    return census_line_to_json(line);
}

Json census_line_to_json(const CensusLine& line) {
    Json stones = Json::array();
    for (const Cell& c : line.stones) stones.push_back({c.row, c.col});
    Json unmet = line.unmet;
    if (line.formation_unmet) unmet.push_back("formation");
    return Json{{"index", line.index},
                {"of", line.of},
                {"board", line.board},
                {"position", line.position},
                {"cards", {line.cards[0], line.cards[1], line.cards[2], line.cards[3]}},
                {"penalty", line.penalty},
                {"stones", stones},
                {"unmet", unmet},
                {"unique", line.unique}};
}

namespace {

// A name the census takes from the catalogue (a card, a position card, a board side); anything else
// is not a line of this box's census.
template <class Item>
std::string known_name(const JsonPlace& place, const std::vector<Item>& items, const std::string& what) {
    std::string name = place.as_string();
    for (const auto& item : items)
        if (item.id == name) return name;
    place.fail("unknown " + what + " \"" + name + "\"");
}

void read_unmet(const JsonPlace& list, CensusLine& line) {
    for (const auto& u : list.items()) {
        if (u.is_string()) {
            if (u.as_string() != "formation")
                u.fail("expected a column 0..3 or \"formation\", found \"" + u.as_string() + "\"");
            line.formation_unmet = true;
        } else {
            line.unmet.push_back(static_cast<int>(u.as_int(0, 3)));
        }
    }
}

}  // namespace

CensusLine parse_census_line(const JsonPlace& p, const Catalogue& cat) {
    p.expect_only_keys({"index", "of", "board", "position", "cards", "penalty", "stones", "unmet", "unique"});
    CensusLine line;
    line.index = p.at("index").as_int(0, 1LL << 40);
    line.of = p.at("of").as_int(1, 1LL << 40);
    if (line.index >= line.of)
        p.at("index").fail("item " + std::to_string(line.index) + " is beyond a census of " +
                           std::to_string(line.of) + " items");
    line.board = known_name(p.at("board"), cat.boards, "board");
    line.position = known_name(p.at("position"), cat.positions, "position card");
    auto cards = p.at("cards");
    if (cards.size() != line.cards.size()) cards.fail("expected the 4 bottom cards of a basic deal");
    for (std::size_t k = 0; k < line.cards.size(); ++k)
        line.cards[k] = known_name(cards.at(k), cat.cards, "card");
    line.penalty = static_cast<int>(p.at("penalty").as_int(0, 1 << 20));
    const Board& board = cat.board(line.board)->board;
    for (const auto& stone : p.at("stones").items()) {
        if (stone.size() != 2) stone.fail("a stone is [row, column]");
        line.stones.push_back({static_cast<int>(stone.at(0).as_int(0, board.rows - 1)),
                               static_cast<int>(stone.at(1).as_int(0, board.cols - 1))});
    }
    read_unmet(p.at("unmet"), line);
    line.unique = p.at("unique").as_bool();
    return line;
}

std::vector<CensusLine> parse_census_lines(const std::string& name, const std::string& content,
                                           const Catalogue& cat, std::int64_t& of) {
    std::vector<CensusLine> out;
    for (const JsonLine& line : parse_json_lines(name, content, "census lines")) {
        JsonPlace p(line.json, line.where);
        out.push_back(parse_census_line(p, cat));
        if (of >= 0 && out.back().of != of)
            p.at("of").fail("this line belongs to a census of " + std::to_string(out.back().of) +
                            " items, earlier lines to one of " + std::to_string(of));
        of = out.back().of;
    }
    return out;
}

namespace {

// The census's figures, from the lines each item once.
struct CensusTally {
    std::map<int, std::int64_t> penalties;  // penalty -> items
    std::int64_t gave_up = 0, unique = 0;
    std::map<std::string, std::pair<std::int64_t, std::int64_t>> card_unmet;  // card -> (unmet, seen)
    std::vector<const CensusLine*> by_penalty;                                // hardest first
    std::vector<std::pair<double, std::string>> card_rates;                   // highest unmet share first
};

CensusTally tally(const std::map<std::int64_t, CensusLine>& records) {
    CensusTally t;
    for (const auto& [index, line] : records) {
        ++t.penalties[line.penalty];
        if (!line.unmet.empty() || line.formation_unmet) ++t.gave_up;
        if (line.unique) ++t.unique;
        for (std::size_t k = 0; k < line.cards.size(); ++k) {
            auto& counts = t.card_unmet[line.cards[k]];
            ++counts.second;
            for (int u : line.unmet)
                if (static_cast<std::size_t>(u) == k) ++counts.first;
        }
        t.by_penalty.push_back(&line);
    }
    std::stable_sort(t.by_penalty.begin(), t.by_penalty.end(),
                     [](const CensusLine* a, const CensusLine* b) { return a->penalty > b->penalty; });
    for (const auto& [card, counts] : t.card_unmet)
        t.card_rates.push_back({static_cast<double>(counts.first) / counts.second, card});
    std::sort(t.card_rates.rbegin(), t.card_rates.rend());
    return t;
}

Json summary_json(const CensusTally& t, std::size_t challenges, std::int64_t total, std::int64_t duplicates) {
    const double n = static_cast<double>(challenges);
    Json dist = Json::object();
    for (auto [p, c] : t.penalties) dist[std::to_string(p)] = c;
    Json hardest = Json::array();
    for (std::size_t i = 0; i < t.by_penalty.size() && i < 10; ++i)
        hardest.push_back(census_line_to_json(*t.by_penalty[i]));
    Json cards = Json::array();
    for (const auto& [rate, card] : t.card_rates) cards.push_back({{"card", card}, {"unmet_share", rate}});
    return {{"challenges", challenges},
            {"expected", total},
            {"missing", total < 0 ? 0 : total - static_cast<std::int64_t>(challenges)},
            {"duplicate_lines", duplicates},
            {"penalty_distribution", dist},
            {"give_up_share", n ? t.gave_up / n : 0.0},
            {"unique_share", n ? t.unique / n : 0.0},
            {"hardest", hardest},
            {"cards_by_unmet_share", cards}};
}

std::string summary_text(const CensusTally& t, std::size_t challenges, std::int64_t total,
                         std::int64_t duplicates) {
    const double n = static_cast<double>(challenges);
    std::ostringstream out;
    out << "census: " << challenges << " challenges";
    if (total >= 0)
        out << " of " << total
            << (challenges == static_cast<std::size_t>(total) ? " (complete)"
                                                              : " (INCOMPLETE: some shards missing)");
    if (duplicates) out << ", " << duplicates << " duplicate lines ignored";
    out << "\npenalty distribution:\n";
    for (auto [p, c] : t.penalties) out << "  " << p << ": " << c << " (" << (100.0 * c / n) << "%)\n";
    out << "optimum gives up a task: " << t.gave_up << " (" << (n ? 100.0 * t.gave_up / n : 0) << "%)\n";
    out << "unique optimum: " << t.unique << " (" << (n ? 100.0 * t.unique / n : 0) << "%)\n";
    out << "hardest challenges:\n";
    for (std::size_t i = 0; i < t.by_penalty.size() && i < 5; ++i) {
        const CensusLine& line = *t.by_penalty[i];
        Json cards = line.cards;
        out << "  penalty " << line.penalty << "  board " << line.board << "  position " << line.position
            << "  cards " << cards.dump() << "\n";
    }
    out << "cards whose task the optimum most often gives up:\n";
    for (std::size_t i = 0; i < t.card_rates.size() && i < 5; ++i)
        out << "  " << t.card_rates[i].second << ": " << 100.0 * t.card_rates[i].first << "%\n";
    return out.str();
}

}  // namespace

Json summarize_census(const std::vector<std::pair<std::string, std::string>>& files, const Catalogue& cat,
                      std::string& text) {
    std::map<std::int64_t, CensusLine> records;
    std::int64_t total = -1, duplicates = 0;
    for (const auto& [name, content] : files) {
        for (auto& line : parse_census_lines(name, content, cat, total)) {
            std::int64_t index = line.index;
            if (!records.emplace(index, std::move(line)).second) ++duplicates;
        }
    }
    CensusTally t = tally(records);
    text = summary_text(t, records.size(), total, duplicates);
    return summary_json(t, records.size(), total, duplicates);
}

}  // namespace tlaloc::xalapa
