#include "puzzles/xalapa/Census.h"

#include <algorithm>
#include <map>
#include <set>
#include <sstream>

#include "puzzles/xalapa/Deal.h"

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
    std::vector<const BoardSide*> boards;
    // Two sides with the same fields (symbols, lines, background) deal the same challenges.
    std::set<std::string> seen_boards;
    for (const auto& b : cat.boards) {
        std::string key = std::to_string(b.board.rows) + "x" + std::to_string(b.board.cols);
        for (const auto& f : b.board.fields)
            key += {static_cast<char>(f.symbols), static_cast<char>(f.lines), f.black ? 'b' : 'w'};
        if (seen_boards.insert(key).second) boards.push_back(&b);
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
    Json stones = Json::array();
    for (int i = 0; i < ch.board.size(); ++i)
        if (best.stones.test(i)) stones.push_back({ch.board.cell(i).row, ch.board.cell(i).col});
    Json unmet = best.evaluation.unmet_tasks();
    if (ch.formation && !best.evaluation.formation_met) unmet.push_back("formation");
    return Json{{"index", item.index},
                {"of", total},
                {"board", item.board->id},
                {"position", item.position->id},
                {"cards", {item.bottom[0], item.bottom[1], item.bottom[2], item.bottom[3]}},
                {"penalty", best.evaluation.penalty},
                {"stones", stones},
                {"unmet", unmet},
                {"unique", *best.unique}};
}

namespace {

// The census lines read so far, by item index (a repeated index counts as a duplicate line).
struct CensusLines {
    std::map<std::int64_t, Json> records;
    std::int64_t total = -1, duplicates = 0;
};

void read_census_file(const std::string& name, const std::string& content, CensusLines& lines) {
    std::istringstream in(content);
    std::string line;
    int line_no = 0;
    while (std::getline(in, line)) {
        ++line_no;
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
        std::string where = name + ":" + std::to_string(line_no);
        Json j = parse_json_text(line, where);
        JsonPlace p(j, where);
        auto index = p.at("index").as_int(0, 1LL << 40);
        auto of = p.at("of").as_int(1, 1LL << 40);
        if (lines.total >= 0 && of != lines.total)
            p.at("of").fail("this line belongs to a census of " + std::to_string(of) +
                            " items, earlier lines to one of " + std::to_string(lines.total));
        lines.total = of;
        p.at("penalty").as_int(0, 1 << 20);
        p.at("unique").as_bool();
        p.at("unmet").expect_array();
        for (const char* key : {"board", "position"}) p.at(key).as_string();  // the report prints them
        for (const auto& card : p.at("cards").items()) card.as_string();
        if (!lines.records.emplace(index, j).second) ++lines.duplicates;
    }
}

struct CensusTally {
    std::map<int, std::int64_t> penalties;  // penalty -> challenges
    std::int64_t gave_up = 0, unique = 0;
    std::vector<const Json*> by_penalty;                     // highest penalty first
    std::vector<std::pair<double, std::string>> card_rates;  // (unmet share, card), highest first
};

CensusTally tally(const std::map<std::int64_t, Json>& records) {
    CensusTally t;
    std::map<std::string, std::pair<std::int64_t, std::int64_t>> card_unmet;  // card -> (unmet, seen)
    for (const auto& [index, j] : records) {
        ++t.penalties[j["penalty"].get<int>()];
        if (!j["unmet"].empty()) ++t.gave_up;
        if (j["unique"].get<bool>()) ++t.unique;
        for (std::size_t k = 0; k < j["cards"].size(); ++k) {
            auto& counts = card_unmet[j["cards"][k].get<std::string>()];
            ++counts.second;
            for (const auto& u : j["unmet"])
                if (u.is_number_integer() && u.get<std::size_t>() == k) ++counts.first;
        }
        t.by_penalty.push_back(&j);
    }
    std::stable_sort(t.by_penalty.begin(), t.by_penalty.end(), [](const Json* a, const Json* b) {
        return (*a)["penalty"].get<int>() > (*b)["penalty"].get<int>();
    });
    for (const auto& [card, counts] : card_unmet)
        t.card_rates.push_back({static_cast<double>(counts.first) / counts.second, card});
    std::sort(t.card_rates.rbegin(), t.card_rates.rend());
    return t;
}

Json summary_json(const CensusLines& lines, const CensusTally& t) {
    const double n = static_cast<double>(lines.records.size());
    Json dist = Json::object();
    for (auto [p, c] : t.penalties) dist[std::to_string(p)] = c;
    Json hardest = Json::array();
    for (std::size_t i = 0; i < t.by_penalty.size() && i < 10; ++i) hardest.push_back(*t.by_penalty[i]);
    Json cards = Json::array();
    for (const auto& [rate, card] : t.card_rates) cards.push_back({{"card", card}, {"unmet_share", rate}});
    return {{"challenges", lines.records.size()},
            {"expected", lines.total},
            {"missing", lines.total < 0 ? 0 : lines.total - static_cast<std::int64_t>(lines.records.size())},
            {"duplicate_lines", lines.duplicates},
            {"penalty_distribution", dist},
            {"give_up_share", n ? t.gave_up / n : 0.0},
            {"unique_share", n ? t.unique / n : 0.0},
            {"hardest", hardest},
            {"cards_by_unmet_share", cards}};
}

std::string summary_text(const CensusLines& lines, const CensusTally& t) {
    const double n = static_cast<double>(lines.records.size());
    std::ostringstream out;
    out << "census: " << lines.records.size() << " challenges";
    if (lines.total >= 0)
        out << " of " << lines.total
            << (lines.records.size() == static_cast<std::size_t>(lines.total)
                    ? " (complete)"
                    : " (INCOMPLETE: some shards missing)");
    if (lines.duplicates) out << ", " << lines.duplicates << " duplicate lines ignored";
    out << "\npenalty distribution:\n";
    for (auto [p, c] : t.penalties) out << "  " << p << ": " << c << " (" << (100.0 * c / n) << "%)\n";
    out << "optimum gives up a task: " << t.gave_up << " (" << (n ? 100.0 * t.gave_up / n : 0) << "%)\n";
    out << "unique optimum: " << t.unique << " (" << (n ? 100.0 * t.unique / n : 0) << "%)\n";
    out << "hardest challenges:\n";
    for (std::size_t i = 0; i < t.by_penalty.size() && i < 5; ++i) {
        const Json& j = *t.by_penalty[i];
        out << "  penalty " << j["penalty"] << "  board " << j["board"].get<std::string>() << "  position "
            << j["position"].get<std::string>() << "  cards " << j["cards"].dump() << "\n";
    }
    out << "cards whose task the optimum most often gives up:\n";
    for (std::size_t i = 0; i < t.card_rates.size() && i < 5; ++i)
        out << "  " << t.card_rates[i].second << ": " << 100.0 * t.card_rates[i].first << "%\n";
    return out.str();
}

}  // namespace

Json summarize_census(const std::vector<std::pair<std::string, std::string>>& files, std::string& text) {
    CensusLines lines;
    for (const auto& [name, content] : files) read_census_file(name, content, lines);
    CensusTally t = tally(lines.records);
    text = summary_text(lines, t);
    return summary_json(lines, t);
}

}  // namespace tlaloc::xalapa
