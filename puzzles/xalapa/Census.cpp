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
    line.shard = options.shard;
    return census_line_to_json(line);
}

std::optional<std::pair<std::int64_t, std::int64_t>> parse_shard(const std::string& text) {
    long long k = -1, n = -1;
    char slash = 0;
    std::istringstream in(text);
    if (text.find_first_not_of("0123456789/") != std::string::npos || !(in >> k >> slash >> n) ||
        slash != '/' || !in.eof() || n < 1 || n > (1LL << 40) || k >= n)
        return std::nullopt;
    return std::pair<std::int64_t, std::int64_t>{k, n};
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
    if (line.shard) j["shard"] = std::to_string(line.shard->first) + "/" + std::to_string(line.shard->second);
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

// "K/N" with 0 <= K < N <= 2^40, and the line's item (or draw) is one of shard K's.
void read_shard(const JsonPlace& p, CensusLine& line) {
    const auto shard = p.get("shard");
    if (!shard) return;
    const std::string text = shard->as_string();
    const auto parsed = parse_shard(text);
    if (!parsed) shard->fail("expected K/N with 0 <= K < N, found \"" + text + "\"");
    const auto [k, n] = *parsed;
    const std::int64_t number = line.sample ? line.draw : line.index;
    if (number % n != k)
        shard->fail(std::string(line.sample ? "draw " : "item ") + std::to_string(number) +
                    " is not one of shard " + text + "'s");
    line.shard = {k, n};
}

}  // namespace

CensusLine parse_census_line(const JsonPlace& p, const Catalogue& cat) {
    p.expect_only_keys({"level", "index", "of", "board", "position", "cards", "penalty", "stones", "unmet",
                        "unique", "side", "tier", "sample", "seed", "draw", "shard"});
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
    read_shard(p, line);
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
    std::map<std::pair<Level, std::pair<std::uint64_t, std::int64_t>>, std::string> first_seen;
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
            if (line.shard) run.shard_files[*line.shard].insert(name);
            if (run.lines.emplace(key, std::move(line)).second) {
                first_seen[{run.level, key}] = json_line.where;
            } else if (++run.duplicates <= 5) {
                run.duplicate_notes.push_back(std::string(run.sample ? "draw " : "index ") +
                                              std::to_string(key.second) + " (" +
                                              first_seen[{run.level, key}] + ", " + json_line.where + ")");
            }
        }
    }
    return runs;
}

namespace {
// How many of the numbers 0 .. size-1 are K mod N.
std::int64_t shard_size(std::int64_t size, std::int64_t k, std::int64_t n) {
    return size > k ? (size - k + n - 1) / n : 0;
}
}  // namespace

CensusGaps census_gaps(const CensusRun& run) {
    CensusGaps gaps;
    // Per seed (one seed, 0, for a full census): how many numbers there should be, and which are there.
    std::map<std::uint64_t, std::int64_t> size;
    for (const auto& [key, line] : run.lines)
        size[key.first] = run.sample ? std::max(size[key.first], key.second + 1) : run.of;
    if (!run.sample) size[0] = run.of;
    std::int64_t present = 0;
    for (const auto& [seed, count] : size) {
        std::int64_t next = 0;
        auto it = run.lines.lower_bound({seed, 0});
        for (; it != run.lines.end() && it->first.first == seed; ++it, ++present) {
            for (; next < it->first.second && gaps.first.size() < 10; ++next) gaps.first.push_back(next);
            next = it->first.second + 1;
        }
        for (; next < count && gaps.first.size() < 10; ++next) gaps.first.push_back(next);
        gaps.missing += count;
    }
    gaps.missing -= present;
    std::set<std::int64_t> ns;
    for (const auto& [shard, files] : run.shard_files) {
        ns.insert(shard.second);
        if (files.size() < 2) continue;
        std::string where;
        for (const auto& f : files) where += (where.empty() ? "" : " and ") + f;
        gaps.twice.push_back(std::to_string(shard.first) + "/" + std::to_string(shard.second) + " in " +
                             where);
    }
    if (gaps.missing == 0) return gaps;
    for (std::int64_t n : ns) {
        if (n > 100000) continue;  // a trial over a tiny slice: the missing indexes say enough
        std::map<std::int64_t, std::int64_t> held;
        for (const auto& [key, line] : run.lines) ++held[key.second % n];
        for (std::int64_t k = 0; k < n; ++k) {
            std::int64_t want = 0;
            for (const auto& [seed, count] : size) want += shard_size(count, k, n);
            if (want > held[k]) gaps.shards[{k, n}] = {want - held[k], want};
        }
    }
    return gaps;
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

std::string shard_name(const std::pair<std::int64_t, std::int64_t>& shard) {
    return std::to_string(shard.first) + "/" + std::to_string(shard.second);
}

}  // namespace

Json census_gaps_json(const CensusRun& run) {
    const CensusGaps gaps = census_gaps(run);
    Json shards = Json::array();
    for (const auto& [shard, counts] : gaps.shards)
        shards.push_back({{"shard", shard_name(shard)}, {"missing", counts.first}, {"of", counts.second}});
    return {{"missing", gaps.missing},
            {"missing_first", gaps.first},
            {"missing_by_shard", shards},
            {"duplicates", run.duplicate_notes},
            {"shards_in_several_files", gaps.twice}};
}

std::string census_gaps_text(const CensusRun& run) {
    const CensusGaps gaps = census_gaps(run);
    std::ostringstream out;
    const char* what = run.sample ? "draw" : "index";
    if (gaps.missing) {
        out << "missing: " << gaps.missing << (run.sample ? " draws below the highest draw" : " items")
            << ", first " << what;
        for (std::size_t i = 0; i < gaps.first.size(); ++i) out << (i ? ", " : " ") << gaps.first[i];
        out << "\n";
    }
    if (!gaps.shards.empty()) {
        out << "shards with lines missing:";
        std::size_t shown = 0;
        for (const auto& [shard, counts] : gaps.shards) {
            if (++shown > 20) {
                out << " and " << gaps.shards.size() - 20 << " more";
                break;
            }
            out << (shown > 1 ? ", " : " ") << shard_name(shard) << " (" << counts.first << " of "
                << counts.second << (counts.first == counts.second ? ": none there" : "") << ")";
        }
        out << "\n";
    }
    for (const auto& note : run.duplicate_notes) out << "duplicate " << note << "\n";
    for (const auto& twice : gaps.twice) out << "shard " << twice << "\n";
    return out.str();
}

namespace {

Json summary_json(const CensusTally& t, const CensusRun& run) {
    const std::size_t challenges = run.lines.size();
    const double n = static_cast<double>(challenges);
    Json dist = Json::object();
    for (auto [p, c] : t.penalties) dist[std::to_string(p)] = c;
    Json hardest = Json::array();
    for (std::size_t i = 0; i < t.by_penalty.size() && i < 10; ++i) {
        // Without "shard": the summary of a census does not depend on how it was split.
        hardest.push_back(census_line_to_json(*t.by_penalty[i]));
        hardest.back().erase("shard");
    }
    Json cards = Json::array();
    for (const auto& [rate, card] : t.card_rates) cards.push_back({{"card", card}, {"unmet_share", rate}});
    const Json gaps = census_gaps_json(run);
    return {{"level", to_string(run.level)},
            {"sample", run.sample},
            {"challenges", challenges},
            {"expected", run.of},
            {"missing", gaps["missing"]},
            {"gaps", gaps},
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
            << (challenges == static_cast<std::size_t>(run.of) ? " (complete)" : " (INCOMPLETE)");
    }
    if (run.duplicates) out << ", " << run.duplicates << " duplicate lines ignored";
    out << "\n" << census_gaps_text(run) << "penalty distribution:\n";
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

namespace tlaloc::xalapa {

namespace {
// Why `line`, the file's line number `j` (from 0), is not the line the shard under `spec` writes
// there; empty when it is.
std::string resume_mismatch(const CensusLine& line, std::int64_t j, const CensusShardSpec& spec) {
    const LevelAtlas& atlas = *spec.atlas;
    const std::string level = to_string(atlas.level());
    if (line.level != atlas.level())
        return std::string("a line of level ") + to_string(line.level) + " in the file of a level-" + level +
               " shard";
    if (line.of != atlas.count())
        return "a line of a census of " + std::to_string(line.of) + " items; level " + level + " has " +
               std::to_string(atlas.count());
    if (line.sample != spec.sample)
        return line.sample ? "a sampled line in the file of a full census"
                           : "a census line in the file of a sample";
    if (line.sample && line.seed != spec.seed)
        return "a line of the sample with seed " + std::to_string(line.seed) + ", not " +
               std::to_string(spec.seed);
    if (line.shard && *line.shard != std::pair{spec.k, spec.n})
        return "a line of shard " + std::to_string(line.shard->first) + "/" +
               std::to_string(line.shard->second) + ", not " + std::to_string(spec.k) + "/" +
               std::to_string(spec.n);
    const std::int64_t want = spec.k + j * spec.n;
    const std::int64_t number = line.sample ? line.draw : line.index;
    if (number != want)
        return std::string(line.sample ? "draw " : "item ") + std::to_string(number) + " where shard " +
               std::to_string(spec.k) + "/" + std::to_string(spec.n) + " writes " + std::to_string(want) +
               " (lines are written in order, once each)";
    const std::int64_t index = line.sample ? sample_index(spec.seed, want, atlas.count()) : want;
    const AtlasItem item = atlas.item(index);
    if (line.index != index || line.board != item.board->id || line.position != item.position->id ||
        line.side != item.side || line.columns != item.columns)
        return "the challenge differs from item " + std::to_string(index) + " of level " + level +
               " (another box's cards or boards?)";
    if (line.tier.has_value() != spec.rated)
        return spec.rated ? "a line without a tier (written with --no-tier)"
                          : "a line with a tier (written without --no-tier)";
    return "";
}
}  // namespace

CensusResume census_resume_point(const std::string& name, const std::string& content,
                                 const Catalogue& catalogue, const CensusShardSpec& spec) {
    CensusResume resume;
    const std::size_t end = content.rfind('\n');
    resume.keep_bytes = end == std::string::npos ? 0 : end + 1;
    resume.cut = resume.keep_bytes < content.size();
    const std::string complete = content.substr(0, resume.keep_bytes);
    if (complete.find_first_not_of(" \t\r\n") == std::string::npos) return resume;
    for (const JsonLine& json_line : parse_json_lines(name, complete, "census lines")) {
        const JsonPlace p(json_line.json, json_line.where);
        const CensusLine line = parse_census_line(p, catalogue);
        const std::string why = resume_mismatch(line, resume.lines, spec);
        if (!why.empty())
            p.fail(why + "; --resume continues the file of the same level, shard, sample and tiers");
        ++resume.lines;
    }
    return resume;
}

}  // namespace tlaloc::xalapa
