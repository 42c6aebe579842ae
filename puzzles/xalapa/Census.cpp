#include "puzzles/xalapa/Census.h"

#include "model/common/Text.h"

#include <algorithm>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>

#include "puzzles/xalapa/Deal.h"
#include "puzzles/xalapa/Difficulty.h"

namespace tlaloc::xalapa {

namespace {

// How many columns a level deals.
std::size_t level_columns(Level level) { return level == Level::Basic || level == Level::One ? 4 : 6; }
}  // namespace

std::vector<CensusItem> basic_census_items(const Catalogue& cat) {
    std::vector<std::string> features;
    for (const auto& c : cat.cards)
        if (c.deck == Deck::Novice && c.kind == OracleCard::Kind::FeatureCard) features.push_back(c.id);
    const auto boards = board_classes(cat);
    const auto positions = position_classes(cat, {3});

    std::vector<CensusItem> items;
    const int f = static_cast<int>(features.size());
    for (const auto* board : boards)
        for (const auto& position : positions)
            // Columns 1 and 3 both ask for 1 stone, 2 and 4 for 2: an unordered pair for each.
            for (int a = 0; a < f; ++a)
                for (int c = a + 1; c < f; ++c)
                    for (int b = 0; b < f; ++b)
                        for (int d = b + 1; d < f; ++d) {
                            if (b == a || b == c || d == a || d == c) continue;
                            CensusItem item;
                            item.index = static_cast<std::int64_t>(items.size());
                            item.board = board;
                            item.position = position.card;
                            const std::string bottom[4] = {features[a], features[b], features[c],
                                                           features[d]};
                            for (int k = 0; k < 4; ++k)
                                item.columns.push_back({kBasicColumnTops[k], bottom[k]});
                            items.push_back(item);
                        }
    return items;
}

Json census_record(ChallengeSolver& solver, const Catalogue& cat, const AtlasItem& item, std::int64_t total,
                   const CensusRecordOptions& options) {
    Challenge ch = atlas_challenge(cat, item);
    Solution best = solver.solve(ch, std::nullopt, true);
    CensusLine line;
    line.level = item.level;
    line.index = item.index;
    line.of = total;
    line.board = item.board->id;
    line.position = item.position->id;
    line.side = item.side;
    line.columns = item.columns;
    line.penalty = best.evaluation.penalty;
    for (int i = 0; i < ch.board.size(); ++i)
        if (best.stones.test(i)) line.stones.push_back(ch.board.cell(i));
    line.unmet = best.evaluation.unmet_tasks();
    line.formation_unmet = ch.formation && !best.evaluation.formation_met;
    line.unique = *best.unique;
    if (options.rate)
        line.tier = kDifficultyLevels[static_cast<std::size_t>(rate(solver, ch, best, 2).level)].name;
    line.sample = options.sample;
    line.seed = options.seed;
    line.draw = options.draw;
    return census_line_to_json(line);
}

std::int64_t sample_index(std::uint64_t seed, std::int64_t draw, std::int64_t count) {
    if (count < 1) throw std::logic_error("a sample drawn from no challenges");
    // splitmix64 over (seed, draw), then rejection so every index is equally likely.
    std::uint64_t state =
        seed * 0x9E3779B97F4A7C15ULL ^ (static_cast<std::uint64_t>(draw) + 0x632BE59BD9B4E019ULL);
    auto next = [&state] {
        std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    };
    const auto n = static_cast<std::uint64_t>(count);
    const std::uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    for (;;) {
        std::uint64_t x = next();
        if (x < limit) return static_cast<std::int64_t>(x % n);
    }
}

namespace {
// A line's "cards": the basic level's bottom cards (its tops are fixed), other levels' [top, bottom].
Json cards_json(const CensusLine& line) {
    Json cards = Json::array();
    for (const auto& col : line.columns) {
        if (line.level == Level::Basic)
            cards.push_back(col.bottom);
        else
            cards.push_back({col.top, col.bottom});
    }
    return cards;
}
}  // namespace

Json census_line_to_json(const CensusLine& line) {
    Json stones = Json::array();
    for (const Cell& c : line.stones) stones.push_back({c.row, c.col});
    Json unmet = line.unmet;
    if (line.formation_unmet) unmet.push_back("formation");
    const Json cards = cards_json(line);
    Json j{{"level", to_string(line.level)},
           {"index", line.index},
           {"of", line.of},
           {"board", line.board},
           {"position", line.position},
           {"cards", cards},
           {"penalty", line.penalty},
           {"stones", stones},
           {"unmet", unmet},
           {"unique", line.unique}};
    if (line.level != Level::Basic) j["side"] = line.side;
    if (line.tier) j["tier"] = *line.tier;
    if (line.sample) {
        j["sample"] = true;
        j["seed"] = line.seed;
        j["draw"] = line.draw;
    }
    return j;
}

namespace {

// A name the census takes from the catalogue (a card, a position card, a board side); anything else
// is not a line of this box's census.
template <class Item>
std::string known_name(const JsonPlace& place, const std::vector<Item>& items, const std::string& what) {
    std::string name = place.as_string();
    std::vector<std::string> known;
    for (const auto& item : items) {
        if (item.id == name) return name;
        known.push_back(item.id);
    }
    place.fail("unknown " + what + " \"" + name + "\"" + did_you_mean(name, known));
}

std::string known_card(const JsonPlace& place, const Catalogue& cat) {
    const std::string name = place.as_string();
    if (printed_number(name)) return name;
    return known_name(place, cat.cards, "card");
}

void read_unmet(const JsonPlace& list, CensusLine& line) {
    const int last = static_cast<int>(line.columns.size()) - 1;
    for (const auto& u : list.items()) {
        if (u.is_string()) {
            if (u.as_string() != "formation")
                u.fail("expected a column 0.." + std::to_string(last) + " or \"formation\", found \"" +
                       u.as_string() + "\"");
            if (line.formation_unmet) u.fail("\"formation\" is listed twice");
            line.formation_unmet = true;
        } else {
            const int column = static_cast<int>(u.as_int(0, last));
            if (!line.unmet.empty() && column <= line.unmet.back())
                u.fail("the columns given up are listed once each, in ascending order");
            line.unmet.push_back(column);
        }
    }
}

void read_cards(const JsonPlace& cards, const Catalogue& cat, CensusLine& line) {
    const std::size_t want = level_columns(line.level);
    if (cards.size() != want)
        cards.fail("expected the " + std::to_string(want) + " columns of a level-" + to_string(line.level) +
                   " deal, found " + std::to_string(cards.size()));
    for (std::size_t k = 0; k < want; ++k) {
        if (line.level == Level::Basic) {
            line.columns.push_back({kBasicColumnTops[k], known_name(cards.at(k), cat.cards, "card")});
            continue;
        }
        const JsonPlace col = cards.at(k);
        if (col.size() != 2) col.fail("a column is [top, bottom]");
        line.columns.push_back({known_card(col.at(0), cat), known_card(col.at(1), cat)});
    }
}

void read_sample(const JsonPlace& p, CensusLine& line) {
    if (!p.has("sample")) {
        for (const char* key : {"seed", "draw"})
            if (p.has(key)) p.at(key).fail("only a sampled line has a seed and a draw");
        return;
    }
    line.sample = p.at("sample").as_bool();
    if (!line.sample) p.at("sample").fail("write \"sample\": true, or leave it out");
    line.seed = static_cast<std::uint64_t>(p.at("seed").as_int(0, kMaxExactJsonInteger));
    line.draw = p.at("draw").as_int(0, 1LL << 40);
}

}  // namespace

CensusLine parse_census_line(const JsonPlace& p, const Catalogue& cat) {
    p.expect_only_keys({"level", "index", "of", "board", "position", "cards", "penalty", "stones", "unmet",
                        "unique", "side", "tier", "sample", "seed", "draw"});
    CensusLine line;
    if (auto level = p.get("level")) {
        auto parsed = parse_level(level->as_string());
        if (!parsed) level->fail("unknown level \"" + level->as_string() + "\" (basic, 1, 2, 3, 4, 5)");
        line.level = *parsed;
    }
    // 2^50: room for level 5's 1.07 x 10^13 challenges, and far below any count a census could cover.
    line.index = p.at("index").as_int(0, (1LL << 50) - 1);
    line.of = p.at("of").as_int(1, 1LL << 50);
    if (line.index >= line.of)
        p.at("index").fail("item " + std::to_string(line.index) + " is beyond a census of " +
                           std::to_string(line.of) + " items");
    line.board = known_name(p.at("board"), cat.boards, "board");
    line.position = known_name(p.at("position"), cat.positions, "position card");
    const std::vector<int> sides = level_spec(cat, line.level).sides;
    line.side = sides.front();
    if (auto side = p.get("side")) {
        line.side = static_cast<int>(side->as_int(3, 4));
        if (std::find(sides.begin(), sides.end(), line.side) == sides.end())
            side->fail("level " + std::string(to_string(line.level)) + " does not play the " +
                       std::to_string(line.side) + "-stone side");
    } else if (sides.size() > 1) {
        p.fail("missing \"side\" (level " + std::string(to_string(line.level)) + " plays either side)");
    }
    read_cards(p.at("cards"), cat, line);
    line.penalty = static_cast<int>(p.at("penalty").as_int(0, (1 << 20) - 1));
    const Board& board = cat.board(line.board)->board;
    for (const auto& stone : p.at("stones").items()) {
        if (stone.size() != 2) stone.fail("a stone is [row, column]");
        const Cell cell{static_cast<int>(stone.at(0).as_int(0, board.rows - 1)),
                        static_cast<int>(stone.at(1).as_int(0, board.cols - 1))};
        if (std::find(line.stones.begin(), line.stones.end(), cell) != line.stones.end())
            stone.fail("a field holds one stone; this one is listed twice");
        line.stones.push_back(cell);
    }
    read_unmet(p.at("unmet"), line);
    line.unique = p.at("unique").as_bool();
    if (auto tier = p.get("tier")) {
        if (difficulty_index(tier->as_string()) < 0) tier->fail("unknown tier \"" + tier->as_string() + "\"");
        line.tier = tier->as_string();
    }
    read_sample(p, line);
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

std::map<Level, CensusRun> read_census_runs(const std::vector<std::pair<std::string, std::string>>& files,
                                            const Catalogue& cat) {
    std::map<Level, CensusRun> runs;
    for (const auto& [name, content] : files) {
        for (const JsonLine& json_line : parse_json_lines(name, content, "census lines")) {
            JsonPlace p(json_line.json, json_line.where);
            CensusLine line = parse_census_line(p, cat);
            auto [it, fresh] = runs.try_emplace(line.level);
            CensusRun& run = it->second;
            if (fresh) {
                run.level = line.level;
                run.sample = line.sample;
                run.of = line.of;
            }
            if (run.sample != line.sample)
                p.fail(std::string("level ") + to_string(line.level) +
                       (line.sample ? ": a sampled line among the lines of a full census"
                                    : ": a census line among the lines of a sample"));
            if (run.of != line.of)
                p.at("of").fail("this line belongs to a census of " + std::to_string(line.of) +
                                " items, earlier lines of level " + to_string(line.level) + " to one of " +
                                std::to_string(run.of));
            if (line.sample) run.seeds.insert(line.seed);
            auto key =
                line.sample ? std::pair{line.seed, line.draw} : std::pair{std::uint64_t{0}, line.index};
            if (!run.lines.emplace(key, std::move(line)).second) ++run.duplicates;
        }
    }
    return runs;
}

std::vector<std::pair<std::string, int>> census_line_cards(const CensusLine& line) {
    std::vector<std::pair<std::string, int>> out;
    for (std::size_t k = 0; k < line.columns.size(); ++k) {
        const auto& col = line.columns[k];
        if (line.level != Level::Basic && !printed_number(col.top))
            out.push_back({col.top, static_cast<int>(k)});
        out.push_back({col.bottom, static_cast<int>(k)});
    }
    return out;
}

CensusTally tally_census(const CensusRun& run) {
    CensusTally t;
    for (const auto& [key, line] : run.lines) {
        ++t.penalties[line.penalty];
        t.penalty_sum += line.penalty;
        if (!line.unmet.empty() || line.formation_unmet) ++t.gave_up;
        if (line.unique) ++t.unique;
        if (line.tier) {
            ++t.rated;
            ++t.tiers[*line.tier];
        }
        for (const auto& [card, column] : census_line_cards(line)) {
            auto& counts = t.card_unmet[card];
            ++counts.second;
            if (std::find(line.unmet.begin(), line.unmet.end(), column) != line.unmet.end()) ++counts.first;
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

namespace {

Json summary_json(const CensusTally& t, const CensusRun& run) {
    const std::size_t challenges = run.lines.size();
    const double n = static_cast<double>(challenges);
    Json dist = Json::object();
    for (auto [p, c] : t.penalties) dist[std::to_string(p)] = c;
    Json hardest = Json::array();
    for (std::size_t i = 0; i < t.by_penalty.size() && i < 10; ++i)
        hardest.push_back(census_line_to_json(*t.by_penalty[i]));
    Json cards = Json::array();
    for (const auto& [rate, card] : t.card_rates) cards.push_back({{"card", card}, {"unmet_share", rate}});
    return {{"level", to_string(run.level)},
            {"sample", run.sample},
            {"challenges", challenges},
            {"expected", run.of},
            {"missing", run.sample ? 0 : run.of - static_cast<std::int64_t>(challenges)},
            {"duplicate_lines", run.duplicates},
            {"penalty_distribution", dist},
            {"give_up_share", n ? t.gave_up / n : 0.0},
            {"unique_share", n ? t.unique / n : 0.0},
            {"hardest", hardest},
            {"cards_by_unmet_share", cards}};
}

std::string summary_text(const CensusTally& t, const CensusRun& run) {
    const std::size_t challenges = run.lines.size();
    const double n = static_cast<double>(challenges);
    std::ostringstream out;
    if (run.level != Level::Basic) out << "level " << to_string(run.level) << " ";
    if (run.sample) {
        out << "sample: " << challenges << " draws from the " << run.of << " distinct challenges";
    } else {
        out << "census: " << challenges << " challenges of " << run.of
            << (challenges == static_cast<std::size_t>(run.of) ? " (complete)"
                                                               : " (INCOMPLETE: some shards missing)");
    }
    if (run.duplicates) out << ", " << run.duplicates << " duplicate lines ignored";
    out << "\npenalty distribution:\n";
    for (auto [p, c] : t.penalties) out << "  " << p << ": " << c << " (" << (100.0 * c / n) << "%)\n";
    out << "optimum gives up a task: " << t.gave_up << " (" << (n ? 100.0 * t.gave_up / n : 0) << "%)\n";
    out << "unique optimum: " << t.unique << " (" << (n ? 100.0 * t.unique / n : 0) << "%)\n";
    out << "hardest challenges:\n";
    for (std::size_t i = 0; i < t.by_penalty.size() && i < 5; ++i) {
        const CensusLine& line = *t.by_penalty[i];
        out << "  penalty " << line.penalty << "  board " << line.board << "  position " << line.position
            << "  cards " << cards_json(line).dump() << "\n";
    }
    out << "cards whose task the optimum most often gives up:\n";
    for (std::size_t i = 0; i < t.card_rates.size() && i < 5; ++i)
        out << "  " << t.card_rates[i].second << ": " << 100.0 * t.card_rates[i].first << "%\n";
    return out.str();
}

}  // namespace

Json summarize_census(const std::vector<std::pair<std::string, std::string>>& files, const Catalogue& cat,
                      std::string& text) {
    const auto runs = read_census_runs(files, cat);
    Json levels = Json::array();
    text.clear();
    for (const auto& [level, run] : runs) {
        CensusTally t = tally_census(run);
        text += (text.empty() ? "" : "\n") + summary_text(t, run);
        levels.push_back(summary_json(t, run));
    }
    if (levels.size() == 1) return levels[0];
    return {{"levels", levels}};
}

}  // namespace tlaloc::xalapa
