// Scoring an age (rulebook "Wertung"/"Punteggio"): domains, size + bonus², the profile's rule for
// domains without the bonus type, the joker, Blessings, Rafts and Canoes; and map/position parsing.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>

#include "model/aztlan/Scoring.h"
#include "tests/support/AztlanFixtures.h"
#include "tests/support/ScratchDir.h"

using namespace tlaloc;
using namespace tlaloc::aztlan;
using aztlan_test::data;
using aztlan_test::run_tlaloc;
using aztlan_test::shipped;

namespace {
std::vector<PlayerScore> score_file(const std::string& file) {
    Position pos = load_position(file);
    MapGraph graph(pos.map);
    return score_age(graph, pos);
}

Position position_from(const std::string& text, const std::string& file = data("inline.json")) {
    Json j = Json::parse(text);
    return parse_position(JsonPlace(j, file));
}

// Field by field, so a writer that drops a field fails even if it drops it on both writes.
void expect_same_position(const Position& a, const Position& b, const std::string& what) {
    SCOPED_TRACE(what);
    EXPECT_EQ(map_to_json(a.map), map_to_json(b.map));
    EXPECT_EQ(a.profile.id, b.profile.id);
    ASSERT_EQ(a.players.size(), b.players.size());
    for (std::size_t i = 0; i < a.players.size(); ++i) {
        const PlayerPosition &p = a.players[i], &q = b.players[i];
        EXPECT_EQ(p.name, q.name);
        EXPECT_EQ(p.card, q.card);
        EXPECT_EQ(p.pawns, q.pawns);
        EXPECT_EQ(p.bonus, q.bonus);
        ASSERT_EQ(p.play.size(), q.play.size());
        for (std::size_t k = 0; k < p.play.size(); ++k) {
            EXPECT_EQ(p.play[k].card, q.play[k].card);
            EXPECT_EQ(p.play[k].territory, q.play[k].territory);
        }
        EXPECT_EQ(p.vp, q.vp);
        EXPECT_EQ(p.stack, q.stack);
        EXPECT_EQ(p.decisions, q.decisions);
    }
}

std::vector<std::string> json_files_in(const std::string& folder, const std::string& suffix = ".json") {
    std::vector<std::string> out;
    for (const auto& e : std::filesystem::directory_iterator(folder))
        if (e.path().string().ends_with(suffix)) out.push_back(e.path().string());
    std::sort(out.begin(), out.end());
    return out;
}
}  // namespace

// position_to_json writes what parse_position reads back: every shipped and fixture position, and
// one with every optional field (joker bonus, played cards in and out of territories, decisions).
TEST(AztlanPositionJson, EverySampleReadsBackTheSame) {
    std::vector<std::string> files = json_files_in(shipped("examples"));
    files.push_back(data("example-14.json"));
    files.push_back(data("example-22.json"));
    for (const auto& f : files) {
        Position pos = load_position(f);
        Json written = position_to_json(pos);
        expect_same_position(pos, parse_position(JsonPlace(written, f)), f);
    }
    Position full = position_from(R"({"map": ")" + data("example-14-map.json") + R"(", "profile": "it",
        "players": [{"name": "a", "card": 4, "bonus": "city", "pawns": {"A1": 2, "B1": 1}, "vp": 7, "stack": 1,
                     "play": ["rafts-and-canoes", {"card": "sacred-games", "territory": "A1"}],
                     "decisions": {"A1": "coexist", "B1": "defeat"}},
                    {"name": "b", "card": 9, "pawns": {"A1": 1}}]})");
    Json written = position_to_json(full);
    expect_same_position(full, parse_position(JsonPlace(written, "full.json")), "every optional field");
    EXPECT_EQ(written["profile"], "it");
    EXPECT_TRUE(written["map"].is_object());  // written inline: the copy needs no file beside it
}

TEST(AztlanProfileJson, EveryShippedProfileReadsBackTheSame) {
    for (const auto& f : json_files_in(shipped("profiles"))) {
        Profile p = load_profile(f);
        Json written = profile_to_json(p);
        Profile q = parse_profile(JsonPlace(written, f));
        EXPECT_EQ(p.id, q.id) << f;
        EXPECT_EQ(p.edition, q.edition) << f;
        EXPECT_EQ(p.card_type, q.card_type) << f;
        EXPECT_EQ(p.card_vp, q.card_vp) << f;
        EXPECT_EQ(p.domain_without_bonus, q.domain_without_bonus) << f;
        EXPECT_EQ(p.tie_break, q.tie_break) << f;
        EXPECT_EQ(p.card_vp_placeholder, q.card_vp_placeholder) << f;
        EXPECT_EQ(p.eagle_jaguar, q.eagle_jaguar) << f;
        EXPECT_EQ(p.eagle_jaguar_from_removed, q.eagle_jaguar_from_removed) << f;
    }
    Json with_vp = Json::parse(R"({"id": "x", "cards": {"4": "joker", "5": "terraced", "6": "desert",
        "7": "mountain", "8": "jungle", "9": "city"}, "card_vp": {"5": 2, "9": 0},
        "domain_without_bonus": "base", "tie_break": "top-pyramid", "eagle_jaguar": "same-territory",
        "eagle_jaguar_from_removed": false})");
    Profile p = parse_profile(JsonPlace(with_vp, "x.json"));
    Json written = profile_to_json(p);
    EXPECT_EQ(parse_profile(JsonPlace(written, "x.json")).card_vp, p.card_vp);
    EXPECT_EQ(written, with_vp);  // a file in the writer's own shape is written back unchanged
}

// Both rulebooks: card 9 (city), domains of 4/1, 3/2, 1/1 and 1/0 cities score 5 + 7 + 2 + 0 = 14;
// on the shipped map, with a red pawn sharing one territory (outnumbered pawns still hold it).
TEST(AztlanScore, RulebookExampleFourteenOnShippedMap) {
    auto scores = score_file(shipped("examples/score-14.json"));
    ASSERT_EQ(scores.size(), 2u);
    EXPECT_EQ(scores[0].bonus_type, TerritoryType::City);
    std::vector<std::pair<std::size_t, int>> domains;
    for (const auto& d : scores[0].domains) domains.emplace_back(d.territories.size(), d.bonus);
    std::sort(domains.begin(), domains.end());
    EXPECT_EQ(domains, (std::vector<std::pair<std::size_t, int>>{{1, 0}, {1, 1}, {3, 2}, {4, 1}}));
    EXPECT_EQ(scores[0].points, 14);
}

// The same example on a small hand-made map, domain by domain in the book's order.
TEST(AztlanScore, RulebookExampleFourteen) {
    auto scores = score_file(data("example-14.json"));
    ASSERT_EQ(scores.size(), 1u);
    EXPECT_EQ(scores[0].bonus_type, TerritoryType::City);
    std::vector<int> points;
    for (const auto& d : scores[0].domains) points.push_back(d.points);
    EXPECT_EQ(points, (std::vector<int>{5, 7, 2, 0}));
    EXPECT_EQ(scores[0].points, 14);
}

// Both rulebooks: the joker taken as desert, domains of 6 (3 deserts), 2 and 3 (1 each): 15 + 3 + 4 = 22.
TEST(AztlanScore, RulebookExampleTwentyTwoJokerPicksBestType) {
    for (const auto& file : {data("example-22.json"), shipped("examples/score-22.json")}) {
        auto scores = score_file(file);
        ASSERT_EQ(scores.size(), 1u);
        EXPECT_EQ(scores[0].bonus_type, TerritoryType::Desert) << file;
        EXPECT_EQ(scores[0].points, 22) << file;
        // The choice is the best over all types: no other type does better.
        Position pos = load_position(file);
        MapGraph graph(pos.map);
        for (int t = 0; t < kTerritoryTypeCount; ++t) {
            auto p = pos.players[0];
            p.bonus = static_cast<TerritoryType>(t);
            EXPECT_LE(score_player(graph, pos.profile, p).points, 22) << kTerritoryTypeNames[t];
        }
    }
}

TEST(AztlanScore, CliJsonHasThePinnedShape) {
    auto r = run_tlaloc("aztlan score " + data("example-14.json") + " --json");
    ASSERT_EQ(r.code, 0) << r.out;
    Json j = Json::parse(r.out);
    EXPECT_EQ(j["players"][0]["name"], "yellow");
    EXPECT_EQ(j["players"][0]["points"], 14);
    EXPECT_EQ(j["players"][0]["bonus_type"], "city");
    EXPECT_EQ(j["players"][0]["domains"][1]["territories"], Json::parse(R"(["B1","B2","B3"])"));
    EXPECT_EQ(j["players"][0]["domains"][1]["bonus"], 2);
    EXPECT_EQ(j["players"][0]["domains"][1]["points"], 7);
    EXPECT_EQ(j["domain_without_bonus"], "zero");
}

// A domain without the bonus type scores 0 in both editions: the Italian book's own worked example
// (domain D, it p. 7) and column 0 of its printed table say so; only one Italian sentence, read
// alone, would keep the size (verify reports that inconsistency). Both profiles score the book's
// example 14, not 15.
TEST(AztlanScore, BothProfilesScoreADomainWithoutBonusZeroAsTheBooksExample) {
    for (const char* edition : {"it", "de"}) {
        auto pos = position_from(R"({"map": "example-14-map.json", "profile": ")" + std::string(edition) +
                                 R"(", "players": [{"name": "y", "card": 9, "pawns": {"D1": 1, "C1": 1}}]})");
        MapGraph graph(pos.map);
        EXPECT_EQ(score_age(graph, pos)[0].points, 0 + 2) << edition;
        Position example = load_position(data("example-14.json"));
        example.profile = load_named_profile(edition, JsonPlace(Json(), ""));
        EXPECT_EQ(score_age(MapGraph(example.map), example)[0].points, 14) << edition;
    }
    auto r = run_tlaloc("aztlan score " + data("example-14-it.json") + " --json");
    ASSERT_EQ(r.code, 0) << r.out;
    EXPECT_EQ(Json::parse(r.out)["players"][0]["points"], 14);
}

// Each Blessing played pays its 2 VP per territory: the books set no limit on how many prosperity
// cards a player plays in a phase, so the same Blessing played twice pays twice.
TEST(AztlanScore, TheSameBlessingPlayedTwicePaysTwice) {
    auto pos = position_from(R"({"map": "example-14-map.json", "players": [{"name": "y", "card": 7,
        "pawns": {"A2": 1, "D1": 1, "X2": 1}, "play": ["blessing-mixcoatl", "blessing-mixcoatl"]}]})");
    MapGraph graph(pos.map);
    EXPECT_EQ(score_age(graph, pos)[0].blessing_points, 2 * 2 * 3);
}

// Rafts and Canoes joins every two of the player's territories on one lake, on every lake at once,
// in both editions (the Italian text states it for two territories, the German for every pair: one
// reading, see docs/aztlan.md).
TEST(AztlanScore, RaftsAndCanoesJoinsEveryPairOnEveryLakeInBothEditions) {
    const std::string map = R"({"id": "two-lakes", "territories": [
        {"id": "A", "type": "city", "neighbors": ["B"], "lakes": ["L1"]},
        {"id": "B", "type": "jungle", "neighbors": ["A", "C"]},
        {"id": "C", "type": "desert", "neighbors": ["B"], "lakes": ["L1", "L2"]},
        {"id": "D", "type": "city", "neighbors": ["E"], "lakes": ["L2"]},
        {"id": "E", "type": "mountain", "neighbors": ["D"]},
        {"id": "F", "type": "city", "neighbors": [], "lakes": ["L1"]}]})";
    for (const char* edition : {"it", "de"}) {
        auto pos = position_from(R"({"map": )" + map + R"(, "profile": ")" + edition +
                                 R"(", "players": [{"name": "y", "card": 9,
            "pawns": {"A": 1, "C": 1, "D": 1, "F": 1}, "play": ["rafts-and-canoes"]}]})");
        MapGraph graph(pos.map);
        auto s = score_age(graph, pos)[0];
        EXPECT_EQ(s.domains.size(), 1u) << edition;  // A-C and A-F across L1, C-D across L2
        EXPECT_EQ(s.points, 4 + 3 * 3) << edition;
    }
}

// A domain is held with one pawn, even outnumbered by others; pawns of others do not join domains.
TEST(AztlanScore, OthersPawnsNeitherJoinNorBreakDomains) {
    auto pos = position_from(R"({"map": "example-14-map.json",
        "players": [{"name": "y", "card": 9, "pawns": {"A1": 1, "A3": 1}},
                    {"name": "r", "card": 9, "pawns": {"A1": 5, "A2": 3}}]})");
    MapGraph graph(pos.map);
    auto s = score_age(graph, pos);
    EXPECT_EQ(s[0].domains.size(), 2u);  // A2 held only by r: y's A1 and A3 stay apart
    EXPECT_EQ(s[1].domains.size(), 1u);
    EXPECT_EQ(s[1].points, 2 + 1);
}

// Rafts and Canoes: two of the player's territories on the same lake count as adjacent.
TEST(AztlanScore, RaftsAndCanoesJoinTerritoriesOnOneLake) {
    std::string base = R"({"map": "example-14-map.json", "players": [{"name": "y", "card": 9,
        "pawns": {"A1": 1, "A2": 1, "A3": 1, "A4": 1, "B3": 1} PLAY}]})";
    auto without = position_from(std::regex_replace(base, std::regex("PLAY"), ""));
    auto with =
        position_from(std::regex_replace(base, std::regex("PLAY"), R"(, "play": ["rafts-and-canoes"])"));
    MapGraph graph(without.map);
    EXPECT_EQ(score_age(graph, without)[0].points, 5 + 2);
    EXPECT_EQ(score_age(graph, with)[0].points, 5 + 4);  // one domain of 5 with 2 cities
}

// Blessings: +2 per held territory of the god's type, whatever the domains or the bonus type.
TEST(AztlanScore, BlessingCountsHeldTerritoriesOfItsType) {
    auto pos = position_from(R"({"map": "example-14-map.json", "players": [{"name": "y", "card": 7,
        "pawns": {"A2": 1, "D1": 1, "X2": 1}, "play": ["blessing-mixcoatl"]}]})");
    MapGraph graph(pos.map);
    auto s = score_age(graph, pos)[0];
    EXPECT_EQ(s.blessing_points, 2 * 3);
    EXPECT_EQ(s.points, 6);  // no mountain held: the domains score 0
}

TEST(AztlanScore, BadInputIsOneLineAndExitTwo) {
    auto dir = tlaloc::test_support::scratch_dir("aztlan-score");
    std::filesystem::create_directories(dir);
    std::filesystem::copy_file(data("example-14-map.json"), dir / "example-14-map.json",
                               std::filesystem::copy_options::overwrite_existing);
    struct Case {
        std::string text, expect;
    };
    std::vector<Case> cases = {
        {"{\"map\": ", "malformed JSON"},
        {R"({"map": "example-14-map.json", "players": [{"name": "y", "card": 10, "pawns": {}}]})",
         "players[0].card: 10 is out of range 4..9"},
        {R"({"map": "example-14-map.json", "players": [{"name": "y", "card": 9, "pawns": {"Q9": 1}}]})",
         "unknown territory \"Q9\""},
        {R"({"map": "example-14-map.json", "players": [{"name": "y", "card": 9, "pawns": {"A1": -1}}]})",
         "players[0].pawns.A1: -1 is out of range"},
        {R"({"map": "example-14-map.json", "profile": "../../etc", "players": []})", "profile names are"},
        {R"({"map": "example-14-map.json", "profile": "xx", "players": [{"name": "y", "card": 9, "pawns": {}}]})",
         "unknown profile \"xx\""},
        {R"({"map": "example-14-map.json", "players": [{"name": "y", "card": 9, "pawns": {}, "bonus": "city"}]})",
         "not the joker"},
        {R"({"map": "example-14-map.json", "players": [{"name": "y", "card": 9, "pawns": {}, "play": ["magic"]}]})",
         "unknown prosperity card \"magic\""},
        {R"({"map": "nope.json", "players": []})", "nope.json: no such file"},
        {R"({"map": {"id": "m", "territories": [{"id": "a", "type": "city", "neighbors": ["b"]}, {"id": "b", "type": "city", "neighbors": []}]}, "players": []})",
         "adjacency is not symmetric: \"a\" lists \"b\" but \"b\" does not list \"a\""},
        {R"({"map": {"id": "m", "territories": [{"id": "a", "type": "swamp", "neighbors": []}]}, "players": []})",
         "map.territories[0].type: unknown territory type \"swamp\""},
        {R"({"map": {"id": "m", "territories": [{"id": "a", "type": "city", "neighbors": ["a"]}]}, "players": []})",
         "lists itself"},
        {R"({"map": {"id": "m", "territories": [{"id": "a", "type": "city", "neighbors": []}, {"id": "a", "type": "city", "neighbors": []}]}, "players": []})",
         "duplicate territory id"},
    };
    for (std::size_t i = 0; i < cases.size(); ++i) {
        auto file = dir / ("p" + std::to_string(i) + ".json");
        std::ofstream(file) << cases[i].text;
        auto r = run_tlaloc("aztlan score " + file.string());
        EXPECT_EQ(r.code, 2) << cases[i].text << "\n" << r.out;
        EXPECT_NE(r.out.find(dir.string()), std::string::npos) << r.out;
        EXPECT_NE(r.out.find(cases[i].expect), std::string::npos) << r.out;
        EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << r.out;
    }
    std::filesystem::remove_all(dir);
}

namespace {
// A position file in a scratch folder whose one player holds `pawns` on the example-14 map.
std::string position_with_pawns(const std::string& name, const std::string& pawns) {
    auto file = tlaloc::test_support::scratch_dir("aztlan-score") / name;
    std::ofstream(file) << R"({"map": ")" << data("example-14-map.json")
                        << R"(", "players": [{"name": "y", "card": 9, "pawns": )" << pawns << "}]}";
    return file.string();
}
}  // namespace

// A player with no pawns left on the map (the format allows 0..30 per territory) holds no domain and
// scores 0. It once died with "cannot create std::vector larger than max_size()" (exit 3): on a graph
// filtered down to no vertex, Boost's connected_components returns INT_MAX + 1 components.
TEST(AztlanScore, ScoreAcceptsEmptyPawnsObject) {
    auto file = position_with_pawns("empty-pawns.json", "{}");
    auto r = run_tlaloc("aztlan score " + file);
    ASSERT_EQ(r.code, 0) << r.out;
    EXPECT_NE(r.out.find("y (card 9, bonus type city): 0 points\n"), std::string::npos) << r.out;
    r = run_tlaloc("aztlan score --json " + file);
    ASSERT_EQ(r.code, 0) << r.out;
    Json j = Json::parse(r.out);
    EXPECT_EQ(j["players"][0]["points"], 0);
    EXPECT_EQ(j["players"][0]["domains"], Json::array());
}

TEST(AztlanScore, ScoreAcceptsPawnsThatAreAllZero) {
    auto r =
        run_tlaloc("aztlan score --json " + position_with_pawns("zero-pawns.json", R"({"A1": 0, "B2": 0})"));
    ASSERT_EQ(r.code, 0) << r.out;
    EXPECT_EQ(Json::parse(r.out)["players"][0]["points"], 0);
}

namespace {
// Domains by a plain flood fill: each sorted, ordered by their smallest territory.
std::vector<std::vector<int>> flood_fill_domains(const Map& map, const std::vector<bool>& held, bool lakes) {
    std::vector<std::vector<int>> out;
    std::vector<bool> seen(map.size(), false);
    auto linked = [&](int a, int b) {
        const auto& na = map.territories[a].neighbors;
        if (std::find(na.begin(), na.end(), b) != na.end()) return true;
        if (!lakes) return false;
        for (const auto& l : map.territories[a].lakes) {
            const auto& lb = map.territories[b].lakes;
            if (std::find(lb.begin(), lb.end(), l) != lb.end()) return true;
        }
        return false;
    };
    for (int s = 0; s < map.size(); ++s) {
        if (!held[s] || seen[s]) continue;
        std::vector<int> domain{s}, todo{s};
        seen[s] = true;
        while (!todo.empty()) {
            int v = todo.back();
            todo.pop_back();
            for (int u = 0; u < map.size(); ++u) {
                if (held[u] && !seen[u] && linked(v, u)) {
                    seen[u] = true;
                    domain.push_back(u);
                    todo.push_back(u);
                }
            }
        }
        std::sort(domain.begin(), domain.end());
        out.push_back(domain);
    }
    return out;
}
}  // namespace

// On generated maps (with lakes) and held sets from none to all: the domains equal a flood fill.
// The empty held set is the one that overflowed inside Boost's connected_components under UBSan.
TEST(AztlanScore, DomainsOnGeneratedMapsEqualAFloodFillEvenWhenNothingIsHeld) {
    for (unsigned seed = 1; seed <= 40; ++seed) {
        Map map = aztlan_test::random_map(8 + static_cast<int>(seed % 13), static_cast<int>(seed % 7), seed);
        std::mt19937 rng(seed);
        for (auto& t : map.territories) {
            if (rng() % 3 == 0) t.lakes.push_back("L" + std::to_string(rng() % 3));
        }
        MapGraph graph(map);
        for (int density = 0; density <= 4; ++density) {
            std::vector<bool> held(map.size());
            for (int i = 0; i < map.size(); ++i) held[i] = static_cast<int>(rng() % 4) < density;
            for (bool lakes : {false, true}) {
                EXPECT_EQ(graph.domains(held, lakes), flood_fill_domains(map, held, lakes))
                    << "seed " << seed << ", density " << density << ", lakes " << lakes;
            }
        }
    }
}
