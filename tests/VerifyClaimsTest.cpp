// Rulebook claims checked against the model: every claim kind with true and false claims, domain
// tables against an independent brute force over small maps, and the shipped editions' findings.
#include <gtest/gtest.h>

#include <fstream>
#include <functional>
#include <random>
#include <set>

#include "cli/GameRegistry.h"
#include "puzzles/aztlan/RandomMap.h"
#include "tests/support/InputErrorText.h"
#include "tests/support/ScratchDir.h"
#include "verify/claims/Checker.h"
#include "verify/claims/EditionComparison.h"
#include "verify/claims/TableImplications.h"

using namespace tlaloc;
using namespace tlaloc::verify;

namespace {

ClaimsFile claims_from(const std::string& text) {
    static std::vector<Json> keep;  // JsonPlace points into the document while parsing only
    keep.push_back(Json::parse(text));
    return parse_claims(JsonPlace(keep.back(), "c.json"), cli::claim_catalog());
}

std::string error_of(const std::function<void()>& f) { return tlaloc::test_support::input_error_of(f); }

FileReport check(const std::string& text, const aztlan::Map* map = nullptr) {
    CheckContext ctx;
    ctx.map = map;
    ctx.map_name = "test-map";
    return check_claims(claims_from(text), ctx);
}

Status status_of(const std::string& claim_json, const aztlan::Map* map = nullptr,
                 const std::string& game = "aztlan") {
    return check("{\"game\":\"" + game + "\",\"claims\":[" + claim_json + "]}", map).results.at(0).status;
}

bool connected(const aztlan::Map& map, unsigned set) {
    if (!set) return false;
    unsigned seen = set & -set, frontier = seen;
    while (frontier) {
        int t = __builtin_ctz(frontier);
        frontier &= frontier - 1;
        for (int n : map.territories[t].neighbors) {
            unsigned bit = 1u << n;
            if ((set & bit) && !(seen & bit)) {
                seen |= bit;
                frontier |= bit;
            }
        }
    }
    return seen == set;
}

// The independent reference: every subset by bitmask, connectivity by flood fill.
std::vector<std::vector<TableCell>> brute_force_table(const aztlan::Map& map, int rows) {
    std::vector<std::vector<TableCell>> table(rows, std::vector<TableCell>(7));
    for (unsigned set = 1; set < (1u << map.size()); ++set) {
        int n = __builtin_popcount(set);
        if (n > rows || !connected(map, set)) continue;
        for (int type = 0; type < aztlan::kTerritoryTypeCount; ++type) {
            int k = 0;
            for (int t = 0; t < map.size(); ++t)
                k += (set >> t & 1) && static_cast<int>(map.territories[t].type) == type;
            if (k <= 6) table[n - 1][k] = k == 0 ? 0 : n + k * k;
        }
    }
    return table;
}

std::string table_json(const std::vector<std::vector<TableCell>>& table) {
    Json rows = Json::array();
    for (const auto& row : table) {
        Json r = Json::array();
        for (const auto& c : row) r.push_back(c ? Json(*c) : Json(nullptr));
        rows.push_back(r);
    }
    return "{\"id\":\"table\",\"kind\":\"domain_table\",\"table\":" + rows.dump() + "}";
}

}  // namespace

// Rule: a domain scores its size plus the square of its bonus territories, 0 without any; a '-'
// cell is a combination no connected set realises. Differential against a brute force.
TEST(VerifyDomainTable, BruteForceTableHoldsOnRandomMaps) {
    std::mt19937 rng(7);
    for (int round = 0; round < 15; ++round) {
        auto map = aztlan::random_map(rng, 9, 9);
        auto table = brute_force_table(map, 7);
        auto r = check("{\"game\":\"aztlan\",\"claims\":[" + table_json(table) + "]}", &map).results.at(0);
        EXPECT_EQ(r.status, Status::True) << r.evidence;
    }
}

TEST(VerifyDomainTable, EveryMutatedCellIsCaught) {
    std::mt19937 rng(11);
    auto map = aztlan::random_map(rng, 8, 8);
    auto table = brute_force_table(map, 6);
    for (std::size_t n = 0; n < table.size(); ++n) {
        for (std::size_t k = 0; k < table[n].size(); ++k) {
            auto mutated = table;
            mutated[n][k] =
                table[n][k] ? std::optional<int>() : std::optional<int>(static_cast<int>(n + 1 + k * k));
            auto r =
                check("{\"game\":\"aztlan\",\"claims\":[" + table_json(mutated) + "]}", &map).results.at(0);
            ASSERT_EQ(r.status, Status::False) << "cell " << n + 1 << "," << k;
            std::string cell = "(" + std::to_string(n + 1) + " territories, " + std::to_string(k) + " bonus)";
            EXPECT_NE(r.evidence.find(cell), std::string::npos) << r.evidence;
        }
    }
}

// A '-' that can occur is caught with a witness: a connected set of the right size and count.
TEST(VerifyDomainTable, DashThatOccursComesWithAConnectedWitness) {
    auto map = aztlan::load_map(std::string(TLALOC_TEST_DATA) + "/verify/path-map.json");
    auto r =
        check(
            R"({"game":"aztlan","claims":[{"id":"t","kind":"domain_table","table":[[0,2,null],[0,3,null],[0,4,null]]}]})",
            &map)
            .results.at(0);
    ASSERT_EQ(r.status, Status::False);
    const CellFinding* bad = nullptr;
    for (const auto& c : r.cells) {
        if (!c.problem.empty()) bad = &c;
    }
    ASSERT_NE(bad, nullptr);
    EXPECT_EQ(bad->size, 3);
    EXPECT_EQ(bad->bonus, 2);
    // path-map: j1 - d1 - j2 is the only way to get two of one type into three territories... or d1 j2 d2.
    EXPECT_TRUE(bad->witness.find("j1*, d1, j2*") != std::string::npos ||
                bad->witness.find("d1*, j2, d2*") != std::string::npos)
        << bad->witness;
}

TEST(VerifyDomainTable, ValueThatCannotOccurIsFalseWithTheEnumerationBound) {
    auto map = aztlan::load_map(std::string(TLALOC_TEST_DATA) + "/verify/path-map.json");
    // (2, 2) = 6 arithmetically, but no two territories of one type touch on path-map.
    auto r =
        check(R"({"game":"aztlan","claims":[{"id":"t","kind":"domain_table","table":[[0,2,null],[0,3,6]]}]})",
              &map)
            .results.at(0);
    EXPECT_EQ(r.status, Status::False);
    EXPECT_NE(r.evidence.find("enumerated"), std::string::npos) << r.evidence;
}

TEST(VerifyDomainTable, WithoutMapArithmeticIsCheckedAndTheRestUnchecked) {
    EXPECT_EQ(status_of(R"({"id":"t","kind":"domain_table","table":[[0,2,null],[0,3,null],[0,4,7]]})"),
              Status::Unchecked);
    EXPECT_EQ(status_of(R"({"id":"t","kind":"domain_table","table":[[0,2,null],[0,3,null],[0,4,8]]})"),
              Status::False);
    EXPECT_EQ(status_of(R"({"id":"t","kind":"domain_table","table":[[1,2]]})"),
              Status::False);  // no bonus scores 0
    EXPECT_EQ(status_of(R"({"id":"t","kind":"domain_table","table":[[0,2,5]]})"),
              Status::False);  // 2 bonus in 1 territory
}

// Rulebook examples (page 7/8 in both editions): 5 + 7 + 2 + 0 = 14 and 15 + 3 + 4 = 22.
TEST(VerifyDomainScore, RulebookExamplesHoldAndWrongTotalsAreCaught) {
    EXPECT_EQ(
        status_of(R"({"id":"e","kind":"domain_score","bonus_domains":[[4,1],[3,2],[1,1],[1,0]],"total":14})"),
        Status::True);
    EXPECT_EQ(
        status_of(
            R"({"id":"e","kind":"domain_score","bonus_domains":[[6,3],[2,1],[3,1]],"points":[15,3,4],"total":22})"),
        Status::True);
    EXPECT_EQ(
        status_of(R"({"id":"e","kind":"domain_score","bonus_domains":[[4,1],[3,2],[1,1],[1,0]],"total":15})"),
        Status::False);
    EXPECT_EQ(
        status_of(
            R"({"id":"e","kind":"domain_score","bonus_domains":[[6,3],[2,1],[3,1]],"points":[15,3,5],"total":22})"),
        Status::False);
    EXPECT_EQ(status_of(R"({"id":"e","kind":"domain_score","bonus_domains":[[2,3]],"total":11})"),
              Status::False);
}

// A worked example and the printed table are read under their own file's edition profile: the
// 14-point example (domain D, one territory without the bonus type, scores 0) and a column 0 of 0
// hold under a profile that scores such a domain 0 and are false under one that keeps its size,
// and the example's evidence names the profile.
TEST(VerifyDomainScore, ExamplesAreScoredUnderTheFilesEditionProfile) {
    const auto dir = tlaloc::test_support::scratch_dir("verify-profile");
    const std::string shipped = std::string(TLALOC_SOURCE_DIR) + "/puzzles/aztlan/profiles/it.json";
    for (const char* reading : {"zero", "base"}) {
        Json profile = Json::parse(std::ifstream(shipped));
        profile["domain_without_bonus"] = reading;
        std::ofstream(dir / (std::string(reading) + ".json")) << profile.dump();
        std::ofstream(dir / (std::string(reading) + "-claims.json"))
            << R"({"game": "aztlan", "edition": "x", "profile": ")" << reading << R"(.json", "claims": [
                  {"id": "e", "kind": "domain_score", "bonus_domains": [[4,1],[3,2],[1,1],[1,0]], "total": 14},
                  {"id": "t", "kind": "domain_table", "table": [[0, 2]]}]})";
        auto loaded = load_for_checking(dir / (std::string(reading) + "-claims.json"), cli::claim_catalog());
        auto report = check_claims(loaded.claims, loaded.context);
        EXPECT_EQ(report.results.at(0).status, std::string(reading) == "zero" ? Status::True : Status::False)
            << reading << ": " << report.results.at(0).evidence;
        EXPECT_NE(report.results.at(0).evidence.find(std::string("under ") + reading + ".json"),
                  std::string::npos)
            << report.results.at(0).evidence;
        // The printed table's column 0 too: arithmetic under the profile's reading (no map given).
        EXPECT_EQ(report.results.at(1).status,
                  std::string(reading) == "zero" ? Status::Unchecked : Status::False)
            << reading << ": " << report.results.at(1).evidence;
    }
}

// Every engine claim of an edition runs under that edition's profile: the engine tables come with
// the profile the file names, and a file without one leaves them unchecked.
TEST(VerifyValueTable, EngineTablesComeFromTheFilesEditionProfile) {
    auto loaded = load_for_checking(std::string(TLALOC_SOURCE_DIR) + "/verify/rulebooks/aztlan-it.json",
                                    cli::claim_catalog());
    ASSERT_TRUE(loaded.context.profile.has_value());
    EXPECT_EQ(loaded.context.profile->file, "it.json");
    EXPECT_TRUE(loaded.context.profile->tables.count("engine_blessing_points"));
    EXPECT_FALSE(loaded.claims.facts->tables.count("engine_blessing_points"));
    EXPECT_EQ(
        status_of(R"({"id":"b","kind":"value_table","rule":"engine_blessing_points","values":{"1":2}})"),
        Status::Unchecked);
}

TEST(VerifyValueTable, AztlanTablesAgainstTheModel) {
    EXPECT_EQ(
        status_of(R"({"id":"b","kind":"value_table","rule":"bonus_points","values":{"1":1,"2":4,"3":9}})"),
        Status::True);
    EXPECT_EQ(
        status_of(R"({"id":"b","kind":"value_table","rule":"bonus_points","values":{"1":1,"2":4,"3":8}})"),
        Status::False);
    EXPECT_EQ(
        status_of(
            R"({"id":"o","kind":"value_table","rule":"offerings","values":{"1":1,"2":4,"3":9,"4":16,"5":25}})"),
        Status::True);
    EXPECT_EQ(status_of(R"({"id":"o","kind":"value_table","rule":"offerings","values":{"6":36}})"),
              Status::False);
    EXPECT_EQ(
        status_of(
            R"({"id":"p","kind":"value_table","rule":"pawns_per_age","players":3,"supply":30,"values":{"I":8,"II":7,"III":6,"IV":5,"V":4}})"),
        Status::True);
    EXPECT_EQ(
        status_of(R"({"id":"p","kind":"value_table","rule":"pawns_per_age","players":4,"values":{"1":8}})"),
        Status::False);
    // 8 + 7 + 6 + 5 + 4 = 30 does not fit a 25-pawn supply.
    EXPECT_EQ(
        status_of(
            R"({"id":"p","kind":"value_table","rule":"pawns_per_age","players":3,"supply":25,"values":{"1":8,"2":7,"3":6,"4":5,"5":4}})"),
        Status::False);
    EXPECT_EQ(status_of(R"({"id":"x","kind":"value_table","rule":"no_such_table","values":{"1":1}})"),
              Status::Unchecked);
}

TEST(VerifySum, ArithmeticAndModelCounts) {
    EXPECT_EQ(status_of(R"({"id":"d","kind":"sum","parts":[3,3,3,9,3,3,3,3],"total":30})"), Status::True);
    EXPECT_EQ(status_of(R"({"id":"d","kind":"sum","parts":[3,3,3,9,3,3,3,3],"total":31})"), Status::False);
    EXPECT_EQ(
        status_of(
            R"({"id":"d","kind":"sum","parts":[3,3,3,8,3,3,3,4],"total":30,"component":"prosperity_deck"})"),
        Status::False);
    // Akelarre: 21 × 5 + 5 = 110 cards.
    EXPECT_EQ(status_of(R"({"id":"d","kind":"sum","parts":[[21,5],5],"total":110,"component":"cards"})",
                        nullptr, "akelarre"),
              Status::True);
    EXPECT_EQ(
        status_of(R"({"id":"d","kind":"sum","parts":[[21,5],5],"total":110,"component":"creature_cards"})",
                  nullptr, "akelarre"),
        Status::False);
}

TEST(VerifySupply, PerPlayerTimesPlayersMustFit) {
    EXPECT_EQ(status_of(R"({"id":"s","kind":"supply","per_player":8,"players":6,"available":48})", nullptr,
                        "xalapa"),
              Status::True);
    EXPECT_EQ(status_of(R"({"id":"s","kind":"supply","per_player":6,"players":6,"available":30})", nullptr,
                        "xalapa"),
              Status::False);
    EXPECT_EQ(status_of(R"({"id":"s","kind":"supply","needed":[8,7,6,5,4],"available":30})"), Status::True);
}

// Rule: penalty = stones + disfavor x failed challenges, the disfavor 3; Jasmine's round in the
// rulebook (5 stones, 2 of 5 challenges failed: 11) is scored by the Xalapa evaluator itself.
TEST(VerifyRoundScore, TheEvaluatorScoresTheWorkedExample) {
    const auto result = [](const std::string& claim, const std::string& game = "xalapa") {
        return check("{\"game\":\"" + game + "\",\"claims\":[" + claim + "]}").results.at(0);
    };
    auto r = result(R"({"id":"r","kind":"round_score","challenges":5,"stones":5,"unmet":2,"penalty":11})");
    EXPECT_EQ(r.status, Status::True) << r.evidence;
    EXPECT_NE(r.evidence.find("penalty 11"), std::string::npos) << r.evidence;
    // 3 stones, 1 failed: 3 + 3 = 6, so 7 is false, with the evaluator's figure as evidence.
    r = result(R"({"id":"r","kind":"round_score","challenges":5,"stones":3,"unmet":1,"penalty":7})");
    EXPECT_EQ(r.status, Status::False);
    EXPECT_NE(r.evidence.find("penalty 6"), std::string::npos) << r.evidence;
    r = result(R"({"id":"r","kind":"round_score","challenges":7,"stones":0,"unmet":7,"penalty":21})");
    EXPECT_EQ(r.status, Status::True) << r.evidence;
    // More stones than a player has: the model cannot build the round.
    EXPECT_EQ(
        result(R"({"id":"r","kind":"round_score","challenges":5,"stones":9,"unmet":0,"penalty":9})").status,
        Status::Unchecked);
    EXPECT_EQ(result(R"({"id":"r","kind":"round_score","challenges":5,"stones":5,"unmet":2,"penalty":11})",
                     "aztlan")
                  .status,
              Status::Unchecked);
    auto msg = error_of([] {
        claims_from(
            R"({"game":"xalapa","claims":[{"id":"r","kind":"round_score","challenges":5,"stones":5,"unmet":6,"penalty":23}]})");
    });
    EXPECT_NE(msg.find("c.json: claims[0].unmet: 6 is out of range"), std::string::npos) << msg;
}

// Rule: German text, both examples and the table: a domain without bonus scores 0. The Italian
// reading ("no bonus points", i.e. base points) contradicts its own table and example.
TEST(VerifyRule, ItalianNoBonusReadingIsAnInternalInconsistency) {
    auto claims = load_claims_file(std::string(TLALOC_SOURCE_DIR) + "/verify/rulebooks/aztlan-it.json",
                                   cli::claim_catalog());
    auto report = check_claims(claims, CheckContext{});
    bool found = false;
    for (const auto& r : report.results) {
        if (r.id == "no-bonus-domain") {
            found = true;
            EXPECT_EQ(r.status, Status::False);
            EXPECT_NE(r.evidence.find("internal inconsistency"), std::string::npos) << r.evidence;
            EXPECT_NE(r.evidence.find("example-city"), std::string::npos) << r.evidence;
        }
    }
    EXPECT_TRUE(found);
    const std::string base =
        R"({"game":"aztlan","claims":[{"id":"r","kind":"rule","rule":"domain_without_bonus","value":"base"},)";
    EXPECT_EQ(check(base + R"({"id":"t","kind":"domain_table","table":[[0,2]]}]})").results[0].status,
              Status::False);
    const std::string zero =
        R"({"game":"aztlan","claims":[{"id":"r","kind":"rule","rule":"domain_without_bonus","value":"zero"},)";
    EXPECT_EQ(check(zero + R"({"id":"t","kind":"domain_table","table":[[0,2]]}]})").results[0].status,
              Status::True);
}

TEST(VerifyRule, TieBreakNeedsAProfile) {
    EXPECT_EQ(status_of(R"({"id":"r","kind":"rule","rule":"tie_break","value":"top"})"), Status::Unchecked);
    CheckContext ctx;
    ctx.profile = EditionReadings{"p.json", {{"tie_break", "bottom-pyramid"}}};
    auto claims = claims_from(
        R"({"game":"aztlan","claims":[{"id":"a","kind":"rule","rule":"tie_break","value":"top"},{"id":"b","kind":"rule","rule":"tie_break","value":"bottom"}]})");
    auto r = check_claims(claims, ctx);
    EXPECT_EQ(r.results[0].status, Status::False);
    EXPECT_EQ(r.results[1].status, Status::True);
}

// The two Aztlán editions disagree on the final tie-break and on the no-bonus reading, not on the table.
TEST(VerifyCompare, AztlanEditionsDifferOnTieBreak) {
    auto it = load_claims_file(std::string(TLALOC_SOURCE_DIR) + "/verify/rulebooks/aztlan-it.json",
                               cli::claim_catalog());
    auto de = load_claims_file(std::string(TLALOC_SOURCE_DIR) + "/verify/rulebooks/aztlan-de.json",
                               cli::claim_catalog());
    auto cmp = compare_editions(it, de);
    std::set<std::string> ids;
    for (const auto& d : cmp.differences) ids.insert(d.id);
    EXPECT_TRUE(ids.count("tie-break"));
    EXPECT_TRUE(ids.count("no-bonus-domain"));
    EXPECT_FALSE(ids.count("domain-table"));
    auto other = claims_from(
        R"({"game":"aztlan","claims":[{"id":"domain-table","kind":"domain_table","table":[[0,3]]}]})");
    auto cmp2 = compare_editions(it, other);
    bool cell = false;
    for (const auto& d : cmp2.differences) cell = cell || (d.id == "domain-table" && d.what == "table cell");
    EXPECT_TRUE(cell);
}

// Xalapa Atlacoya: 6 number tiles (2-7) per player for up to 6 players, but the box lists 30.
// The Xalapa findings: Atlacoya's number tiles do not fit in the box, and 5 penalty tokens do not
// cover a round of 7 challenges; every other claim holds (the mirrored boards included).
TEST(VerifyShipped, XalapaAtlacoyaNumberTilesAndTokensPerRoundDoNotFit) {
    auto claims = load_claims_file(std::string(TLALOC_SOURCE_DIR) + "/verify/rulebooks/xalapa-it.json",
                                   cli::claim_catalog());
    auto report = check_claims(claims, CheckContext{});
    for (const auto& r : report.results) {
        if (r.id == "atlacoya-number-tiles") {
            EXPECT_EQ(r.status, Status::False);
            EXPECT_NE(r.evidence.find("36"), std::string::npos) << r.evidence;
        } else if (r.id == "tokens-per-round") {
            EXPECT_EQ(r.status, Status::False);
            EXPECT_NE(r.evidence.find("2 short"), std::string::npos) << r.evidence;
        } else {
            EXPECT_EQ(r.status, Status::True) << r.id << ": " << r.evidence;
        }
    }
}

TEST(VerifyImplied, PrintedTableImpliesNoTouchingAndNoBorderingFour) {
    auto claims = load_claims_file(std::string(TLALOC_SOURCE_DIR) + "/verify/rulebooks/aztlan-de.json",
                                   cli::claim_catalog());
    auto imps = implications_of(std::get<DomainTableClaim>(claims.claims.at(0).body).table);
    std::set<std::string> statements;
    for (const auto& i : imps) statements.insert(i.statement);
    EXPECT_TRUE(statements.count("no two territories of one type touch"));
    EXPECT_TRUE(statements.count("no territory borders four territories of one type"));
    // path-map has no touching pair of one type, so that statement holds; and d1 borders two jungles.
    auto map = aztlan::load_map(std::string(TLALOC_TEST_DATA) + "/verify/path-map.json");
    CheckContext ctx;
    ctx.map = &map;
    ctx.map_name = "path-map";
    check_implications(imps, ctx);
    for (const auto& i : imps) {
        if (i.statement == "no two territories of one type touch") {
            EXPECT_EQ(i.holds, true) << i.evidence;
        }
        // path-map is too small for 4 of one type anywhere: "some set of 6 holds four" fails on it.
        if (i.bonus == 4 && i.shape == Implication::Shape::SmallestSet) {
            EXPECT_EQ(i.holds, false) << i.evidence;
        }
    }
}

// A value printed where a domain of n would hold k > n bonus territories implies nothing about maps
// (no "connected set of 0" statement); `verify rulebook` reports the cell as impossible.
TEST(VerifyImplied, AnImpossibleCellImpliesNothing) {
    std::vector<std::vector<TableCell>> table = {{0, std::nullopt, 5}};
    for (const auto& i : implications_of(table)) {
        EXPECT_EQ(i.statement.find("set of 0"), std::string::npos) << i.statement;
        if (i.bonus == 2) EXPECT_EQ(i.shape, Implication::Shape::NeverWithin) << i.statement;
    }
}

TEST(VerifyClaimsFile, BadInputNamesFileAndPlace) {
    auto msg = error_of([] { claims_from(R"({"game":"aztlan","claims":[{"id":"a","kind":"tabel"}]})"); });
    EXPECT_NE(msg.find("c.json: claims[0].kind: unknown claim kind \"tabel\""), std::string::npos) << msg;
    msg = error_of([] {
        claims_from(
            R"({"game":"aztlan","claims":[{"id":"a","kind":"sum","parts":[1],"total":1},{"id":"a","kind":"sum","parts":[1],"total":1}]})");
    });
    EXPECT_NE(msg.find("claims[1].id: duplicate claim id"), std::string::npos) << msg;
    msg = error_of([] { claims_from(R"({"game":"chess","claims":[]})"); });
    EXPECT_NE(msg.find("c.json: game: unknown game"), std::string::npos) << msg;
    msg = error_of([] {
        claims_from(
            R"({"game":"aztlan","claims":[{"id":"t","kind":"domain_table","table":[[0,1,2,3,4,5,6,7]]}]})");
    });
    EXPECT_NE(msg.find("claims[0].table[0]"), std::string::npos) << msg;
    msg = error_of([] {
        claims_from(R"({"game":"aztlan","claims":[{"id":"t","kind":"domain_table","table":[[0,"x"]]}]})");
    });
    EXPECT_NE(msg.find("claims[0].table[0][1]"), std::string::npos) << msg;
    msg = error_of([] {
        claims_from(
            R"({"game":"aztlan","claims":[{"id":"d","kind":"domain_score","bonus_domains":[[0,1]],"total":1}]})");
    });
    EXPECT_NE(msg.find("claims[0].bonus_domains[0][0]: 0 is out of range"), std::string::npos) << msg;
    msg = error_of(
        [] { claims_from(R"({"game":"aztlan","claims":[{"id":"s","kind":"sum","parts":[1],"totl":1}]})"); });
    EXPECT_NE(msg.find("unknown key \"totl\""), std::string::npos) << msg;
    msg = error_of([] {
        claims_from(
            R"({"game":"xalapa","claims":[{"id":"s","kind":"supply","per_player":1,"players":2,"needed":[1],"available":3}]})");
    });
    EXPECT_NE(msg.find("claims[0]: a supply claim states either"), std::string::npos) << msg;
    msg = error_of([] { load_claims_file("/nonexistent/claims.json", cli::claim_catalog()); });
    EXPECT_EQ(msg, "/nonexistent/claims.json: no such file");
}

// The printed table (last page of both books) on the shipped reconstructed map: it holds, and a
// '-' turned into a value or a value turned into '-' is caught (the latter with its witness).
TEST(VerifyShipped, PrintedTableOnShippedMapAndItsMutations) {
    auto path = std::string(TLALOC_SOURCE_DIR) + "/verify/rulebooks/aztlan-de.json";
    auto loaded = load_for_checking(path, cli::claim_catalog());
    ASSERT_NE(loaded.context.map, nullptr);
    ClaimsFile only_table = loaded.claims;
    only_table.claims.resize(1);
    EXPECT_EQ(check_claims(only_table, loaded.context).results[0].status, Status::True);
    auto dash_to_value = only_table;
    std::get<DomainTableClaim>(dash_to_value.claims[0].body).table[4][4] = 5 + 16;  // (5, 4): the book's '-'
    auto r = check_claims(dash_to_value, loaded.context).results[0];
    EXPECT_EQ(r.status, Status::False);
    EXPECT_NE(r.evidence.find("(5 territories, 4 bonus)"), std::string::npos) << r.evidence;
    auto value_to_dash = only_table;
    std::get<DomainTableClaim>(value_to_dash.claims[0].body).table[5][4] =
        std::nullopt;  // (6, 4) = 22 in the book
    r = check_claims(value_to_dash, loaded.context).results[0];
    EXPECT_EQ(r.status, Status::False);
    EXPECT_NE(r.evidence.find("occurs on map"), std::string::npos) << r.evidence;
}
