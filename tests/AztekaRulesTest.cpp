// The Azteka rules engine against the rulebook (seed: azteka-rules-it.txt), one rule per test.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "model/azteka/Diagram.h"
#include "model/azteka/Position.h"
#include "model/azteka/Rules.h"

using namespace tlaloc;
using namespace tlaloc::azteka;

namespace {
Position make(std::vector<std::string> rings, const std::string& to_move, const std::string& extra = "") {
    Json j = Json::parse("{\"to_move\": \"" + to_move + "\"" + extra + "}");
    j["rings"] = rings;
    return parse_position(JsonPlace(j, "test.json"));
}

std::vector<int> placement_holes(const Game& g) {
    std::vector<int> out;
    for (const auto& a : legal_actions(g)) {
        if (a.kind == ActionKind::Place) out.push_back(hole(a.ring, a.sector));
    }
    std::sort(out.begin(), out.end());
    return out;
}
}  // namespace

// "adiacente, orizzontalmente o verticalmente, ad una pedina Vita già presente": same ring next
// sector, or same sector next ring; diagonals do not count.
TEST(AztekaRules, PlacementMustTouchAnOwnPawnOrthogonally) {
    Game g = start_game(make({"........", "...L....", "........", "D......."}, "life"));
    std::vector<int> expected = {hole(0, 3), hole(1, 2), hole(1, 4), hole(2, 3)};
    std::sort(expected.begin(), expected.end());
    EXPECT_EQ(placement_holes(g), expected);
}

// Rings wrap (sector 7 touches sector 0); rings do not (inner and outer holes have 3 neighbours).
TEST(AztekaRules, NeighboursWrapAroundTheRingButNotAcrossTheCentre) {
    auto n = neighbours(hole(0, 0));
    std::sort(n.begin(), n.end());
    EXPECT_EQ(n, (std::vector<int>{hole(0, 1), hole(0, 7), hole(1, 0)}));
    EXPECT_EQ(neighbours(hole(3, 7)).size(), 3u);
    EXPECT_EQ(neighbours(hole(2, 4)).size(), 4u);
    Game g = start_game(make({"........", "........", ".......L", "........"}, "life"));
    EXPECT_TRUE(is_legal(g, Action::place(2, 0)));
}

// "Durante il primo turno, il giocatore può piazzare la sua pedina dove vuole": the first pawn of
// each side is free, even next to nothing of its own.
TEST(AztekaRules, FirstPawnGoesAnywhere) {
    Game g = start_game(make({"L.......", "........", "........", "........"}, "death"));
    EXPECT_EQ(placement_holes(g).size(), 31u);
    EXPECT_EQ(legal_actions(g).size(), 31u + 4u);  // plus turning any of the four rings
}

// "Durante il primo turno ... dove vuole" (Decision in docs/azteka.md): "turno" is a player's turn,
// not the first of the match's two rounds (also called "turni"), and the freedom lasts until the
// side has a pawn on the board. Within round 1, Life's second pawn must touch its first; a side whose
// first turn turned a ring still places its first pawn anywhere.
TEST(AztekaRules, PrimoTurnoFreesEachSidesFirstPawnNotTheWholeFirstRound) {
    Game g = start_game(Position(profile_named("standard")));
    ASSERT_TRUE(is_legal(g, Action::place(0, 0)));
    apply(g, Action::place(0, 0));  // Life's first pawn: anywhere
    ASSERT_EQ(placement_holes(g).size(), 31u);
    apply(g, Action::place(3, 4));  // Death's first pawn: anywhere, far from Life's
    EXPECT_EQ(why_illegal(g, Action::place(2, 5)),
              "a new life pawn must touch one of its own pawns (same ring or same sector)");
    EXPECT_EQ(placement_holes(g), (std::vector<int>{hole(0, 1), hole(0, 7), hole(1, 0)}));

    Game h = start_game(Position(profile_named("standard")));
    apply(h, Action::turn(2));                  // Life's first turn places nothing
    apply(h, Action::place(1, 1));              // Death's first pawn
    EXPECT_EQ(placement_holes(h).size(), 31u);  // Life's first pawn, on its second turn: anywhere
}

// "Ruotare un anello di un settore in senso orario": the pawn in sector i goes to sector i+1.
TEST(AztekaRules, TurningARingMovesEveryPawnOneSectorClockwise) {
    Game g = start_game(make({"L.D....D", "........", "L.......", "........"}, "life"));
    apply(g, Action::turn(0));
    EXPECT_EQ(g.position.at(0, 0), Pawn::Death);
    EXPECT_EQ(g.position.at(0, 1), Pawn::Life);
    EXPECT_EQ(g.position.at(0, 3), Pawn::Death);
    EXPECT_EQ(g.position.at(2, 0), Pawn::Life);  // other rings stay
    EXPECT_EQ(g.position.to_move, Side::Death);
}

// Birth: "riempie completamente un settore con le pedine della Vita ... ha il diritto di
// piazzarne un'altra ... rispettare le normali regole di piazzamento". The sentence's first half
// says "any empty space", its second the normal rules; tlaloc's Decision (docs/azteka.md): the bonus
// pawn must touch a Life pawn, so an empty hole touching none is refused.
TEST(AztekaRules, BirthGivesLifeAnotherPlacementUnderTheNormalRules) {
    Game g = start_game(make({"L.......", "L.......", "L.......", "....D..."}, "life"));
    Effects fx = apply(g, Action::place(3, 0));
    EXPECT_TRUE(fx.birth);
    EXPECT_TRUE(g.birth_pending);
    EXPECT_EQ(g.position.to_move, Side::Life);
    EXPECT_EQ(why_illegal(g, Action::turn(1)), "Birth is pending: place another pawn or skip");
    EXPECT_EQ(why_illegal(g, Action::place(2, 5)),
              "a new life pawn must touch one of its own pawns (same ring or same sector)");
    EXPECT_TRUE(is_legal(g, Action::place(2, 1)));
    // Under "any empty space" all 27 empty holes would do; the normal rules leave those touching Life.
    EXPECT_EQ(placement_holes(g), (std::vector<int>{hole(0, 1), hole(0, 7), hole(1, 1), hole(1, 7),
                                                    hole(2, 1), hole(2, 7), hole(3, 1), hole(3, 7)}));
    apply(g, Action::place(2, 1));
    EXPECT_FALSE(g.birth_pending);
    EXPECT_EQ(g.position.to_move, Side::Death);
    EXPECT_EQ(g.position.supply[0], 14 - 5);
}

TEST(AztekaRules, BirthMayBeDeclinedAndIsNotTriggeredByRingTurns) {
    Game h = start_game(make({"L.......", "L.......", "L.......", ".......L"}, "life"));
    apply(h, Action::turn(3));  // sector 0 is now all Life, but by a turn, not a placement
    EXPECT_FALSE(h.birth_pending);
    EXPECT_EQ(h.position.to_move, Side::Death);
    Game k = start_game(make({"L.......", "L.......", "L.......", "....D..."}, "life"));
    apply(k, Action::place(3, 0));
    ASSERT_TRUE(k.birth_pending);
    apply(k, Action::decline_birth());
    EXPECT_FALSE(k.birth_pending);
    EXPECT_EQ(k.position.to_move, Side::Death);
}

// Disintegration: after a Death placement every Life pawn whose neighbours are all Death pawns
// becomes a Death pawn (taken from Death's hand; the Life pawn returns to Life's hand).
TEST(AztekaRules, DisintegrationReplacesSurroundedLifePawns) {
    Game g = start_game(make({"DLD.....", "D.......", "........", "........"}, "death"));
    Effects fx = apply(g, Action::place(1, 1));
    EXPECT_EQ(fx.disintegrated, (std::vector<int>{hole(0, 1)}));
    EXPECT_EQ(g.position.at(0, 1), Pawn::Death);
    EXPECT_EQ(g.position.supply[1], 14 - 4 - 1);
    EXPECT_EQ(g.position.supply[0], 14);
}

TEST(AztekaRules, DisintegrationOnlyAfterAPlacementAndOnlyWhenFullySurrounded) {
    // The ring turn brings Death around the Life pawn, but only a placement triggers the ability.
    Game g = start_game(make({".DLD....", ".D......", "........", "........"}, "death"));
    apply(g, Action::turn(1));  // Death now at (1,2) under the Life pawn: surrounded, by a turn
    EXPECT_EQ(g.position.at(0, 2), Pawn::Life);
    Game h = start_game(make({".DLD....", "..D.....", "........", "........"}, "death"));
    apply(h, Action::place(1, 3));  // elsewhere: the Life pawn in (0,2) was already surrounded
    EXPECT_EQ(h.position.at(0, 2), Pawn::Death);
    Game k = start_game(make({"..LD....", "..D.....", "........", "........"}, "death"));
    apply(k, Action::place(1, 3));
    EXPECT_EQ(k.position.at(0, 2), Pawn::Life);  // (0,1) is empty
}

TEST(AztekaRules, DisintegrationStopsWhenDeathsHandIsEmpty) {
    // Two Life pawns get surrounded at once but Death has one pawn left after the placement (12 Death
    // pawns on the board, 2 in hand; none of them fills a sector or a ring).
    Game g = start_game(
        make({"DLD.DLD.", ".D...D..", "........", "DDDDDD.."}, "death", R"(, "supply": {"death": 2})"));
    apply(g, Action::place(0, 3));                // (0,3) is empty; no Life pawn is next to it
    EXPECT_EQ(g.position.at(0, 1), Pawn::Death);  // hole order: (0,1) first
    EXPECT_EQ(g.position.at(0, 5), Pawn::Life);
    EXPECT_EQ(g.position.supply[1], 0);
}

// "almeno una pedina della Vita in ogni settore e in ogni anello" and the book's counter-example
// "Non vi è alcuna pedina Vita nell'anello più interno".
TEST(AztekaRules, LifesGoalNeedsEverySectorAndEveryRing) {
    EXPECT_EQ(goal_met(make({"L.......", ".L......", "..L.....", "...LLLLL"}, "death"), Side::Life),
              "expand");
    EXPECT_FALSE(goal_met(make({"........", "LL......", "..L.....", "...LLLLL"}, "death"), Side::Life));
    EXPECT_FALSE(expands(make({"L.......", ".L......", "..L.....", "...LLLL."}, "death"), Side::Life));
}

// "riempire con le pedine della Morte almeno un settore completo oppure un anello completo".
TEST(AztekaRules, DeathsGoalIsAWholeSectorOrRing) {
    EXPECT_EQ(goal_met(make({"...D....", "...D....", "...D....", "...D...."}, "life"), Side::Death),
              "dominate");
    EXPECT_EQ(goal_met(make({"........", "DDDDDDDD", "........", "........"}, "life"), Side::Death),
              "dominate");
    EXPECT_FALSE(goal_met(make({"...D....", "...D....", "...D....", "..D....."}, "life"), Side::Death));
    // Roles: Life owning a whole sector does not "dominate" in the two-player game.
    EXPECT_FALSE(goal_met(make({"L.......", "L.......", "L.......", "L......."}, "death"), Side::Life));
}

// "Obiettivo generale ... tutte le proprie 14 pedine sul Cerchio della Vita".
TEST(AztekaRules, PlacingEveryPawnIsAGoalForBothSides) {
    // 13 Death pawns on the board (no sector or ring filled), one in hand.
    Game g = start_game(
        make({"DDDD....", "DDDD....", "....DDDD", "......D."}, "death", R"(, "supply": {"death": 1})"));
    apply(g, Action::place(3, 5));
    EXPECT_EQ(g.winner, Side::Death);
    EXPECT_EQ(g.winning_goal, "all pawns placed");
}

// A round ends when a side meets a goal; an action meeting both sides' goals wins for the actor.
TEST(AztekaRules, TheRoundEndsWhenAGoalIsMetEvenOnTheOpponentsTurn) {
    // Life turns ring 3 and lines up Death's sector: Death wins on Life's turn.
    Game g = start_game(make({"D.......", "D.......", "D.......", ".......D"}, "life"));
    apply(g, Action::turn(3));
    EXPECT_EQ(g.winner, Side::Death);
    EXPECT_TRUE(legal_actions(g).empty());
    EXPECT_EQ(why_illegal(g, Action::turn(0)), "the round is over");
    EXPECT_EQ(why_illegal(g, Action::place(1, 1)), "the round is over");
    // Playing an action the engine refuses is the caller's bug, and changes nothing.
    Game before = g;
    EXPECT_THROW(apply(g, Action::turn(0)), std::logic_error);
    EXPECT_THROW(pass(g), std::logic_error);
    EXPECT_EQ(g.position.holes, before.position.holes);
}

// Aggressive variant: a third action turns a ring two sectors, only for the side with more pawns
// on it; no abilities.
TEST(AztekaRules, AggressiveDoubleTurnNeedsTheMajorityOfTheRing) {
    Game g = start_game(
        make({"LLD.....", "LD......", "L.......", "..D....."}, "life", R"(, "variant": "aggressive")"));
    EXPECT_TRUE(is_legal(g, Action::turn_two(0)));
    EXPECT_EQ(why_illegal(g, Action::turn_two(1)), "life does not hold more of ring 1 than the others");
    EXPECT_EQ(why_illegal(g, Action::turn_two(3)), "life does not hold more of ring 3 than the others");
    apply(g, Action::turn_two(0));
    EXPECT_EQ(g.position.at(0, 2), Pawn::Life);
    EXPECT_EQ(g.position.at(0, 4), Pawn::Death);
    Game a = start_game(
        make({"DLD.....", "........", "........", "........"}, "death", R"(, "variant": "aggressive")"));
    EXPECT_TRUE(is_legal(a, Action::place(3, 6)));  // any free hole
    apply(a, Action::place(1, 1));
    EXPECT_EQ(a.position.at(0, 1), Pawn::Life);  // no Disintegration
}

// Three players: 12 pawns each, order Life, Death, Mummies, any empty hole, both goals for all.
TEST(AztekaRules, ThreePlayerGameHasTwelvePawnsEachAndSharedGoals) {
    Position p =
        make({"M.......", "M.......", "M.......", "........"}, "mummies", R"(, "variant": "three-player")");
    EXPECT_EQ(p.supply[2], 9);
    Game g = start_game(p);
    apply(g, Action::place(3, 0));
    EXPECT_EQ(g.winner, Side::Mummies);
    EXPECT_EQ(g.winning_goal, "dominate");
    Game h = start_game(
        make({"L.......", "........", "........", "........"}, "life", R"(, "variant": "three-player")"));
    EXPECT_TRUE(is_legal(h, Action::place(3, 4)));
    apply(h, Action::place(3, 4));
    EXPECT_EQ(h.position.to_move, Side::Death);
    apply(h, Action::turn(0));
    EXPECT_EQ(h.position.to_move, Side::Mummies);
    apply(h, Action::turn(0));
    EXPECT_EQ(h.position.to_move, Side::Life);
}

// "tutte le posizioni ... occupate senza che nessun giocatore abbia raggiunto uno dei due obiettivi
// ... ciascun giocatore ha a disposizione un ultimo turno ... ruotare un anello ... parità".
TEST(AztekaRules, FullBoardGivesEachSideOneRingTurnThenADraw) {
    // Each side misses a sector or a ring, and turning ring 1 never mends that.
    Position p =
        make({"DLLDLLDL", "MMDMMDMM", "DLLDLLDL", "MMDMMDM."}, "mummies", R"(, "variant": "three-player")");
    Game g = start_game(p);
    ASSERT_FALSE(g.over());
    apply(g, Action::place(3, 7));
    ASSERT_FALSE(g.over());
    EXPECT_EQ(g.last_turns_left, 3);
    for (const auto& a : legal_actions(g)) EXPECT_EQ(a.kind, ActionKind::Turn);
    EXPECT_EQ(why_illegal(g, Action::place(0, 0)), "the board is full: the last turns are ring turns only");
    apply(g, Action::turn(1));
    apply(g, Action::turn(1));
    EXPECT_FALSE(g.over());
    apply(g, Action::turn(1));
    EXPECT_TRUE(g.drawn);
}

// Every rule that refuses an action says which, in words `tlaloc azteka play` could show.
TEST(AztekaRules, EveryRefusalNamesItsRule) {
    Game g = start_game(make({"L.......", "L.......", "L.......", "....D..."}, "life"));
    EXPECT_EQ(why_illegal(g, Action::place(0, 0)), "ring 0, sector 0 is taken");
    EXPECT_EQ(why_illegal(g, Action::place(0, 4)),
              "a new life pawn must touch one of its own pawns (same ring or same sector)");
    EXPECT_EQ(why_illegal(g, Action::place(4, 0)), "there is no ring 4, sector 0 (rings 0-3, sectors 0-7)");
    EXPECT_EQ(why_illegal(g, Action::turn(-1)), "there is no ring -1 (rings 0-3)");
    EXPECT_EQ(why_illegal(g, Action::turn_two(0)), "a ring turns two sectors only in the aggressive variant");
    EXPECT_EQ(why_illegal(g, Action::decline_birth()), "there is no Birth placement to decline");
    EXPECT_EQ(why_illegal(g, Action::place(0, 1)), std::nullopt);
    EXPECT_EQ(why_illegal(g, Action::turn(2)), std::nullopt);
    // Only three players play on with an empty hand: for two, placing every pawn is a goal.
    Game empty_hand = start_game(make({"DDDDDDD.", "DDDDD...", "........", "........"}, "death",
                                      R"(, "variant": "three-player", "supply": {"death": 0})"));
    ASSERT_FALSE(empty_hand.over());
    EXPECT_EQ(why_illegal(empty_hand, Action::place(0, 7)), "death has no pawn left in hand");
    Game aggressive = start_game(
        make({"LLD.....", "LD......", "L.......", "..D....."}, "life", R"(, "variant": "aggressive")"));
    EXPECT_EQ(why_illegal(aggressive, Action::turn_two(0)), std::nullopt);
    aggressive.last_turns_left = 1;  // two players never fill the board; the rule is there all the same
    EXPECT_EQ(why_illegal(aggressive, Action::turn_two(0)),
              "the last turns allow one-sector ring turns only");
}

namespace {
// The legal actions as the rulebook lists them, written out independently of why_illegal.
std::vector<Action> rulebook_actions(const Game& g) {
    std::vector<Action> out;
    if (g.over()) return out;
    const Position& pos = g.position;
    bool last_turn = g.last_turns_left > 0;
    if (!last_turn) {
        for (int h = 0; h < kHoles; ++h)
            if (placement_allowed(pos, pos.to_move, h))
                out.push_back(Action::place(ring_of(h), sector_of(h)));
    }
    if (g.birth_pending) {
        out.push_back(Action::decline_birth());
        return out;
    }
    for (int r = 0; r < kRings; ++r) out.push_back(Action::turn(r));
    if (!pos.profile->double_turn || last_turn) return out;
    for (int r = 0; r < kRings; ++r) {
        int mine = 0, empty = 0;
        for (int s = 0; s < kSectors; ++s) {
            mine += pos.at(r, s) == pawn_of(pos.to_move);
            empty += pos.at(r, s) == Pawn::None;
        }
        if (mine > kSectors - mine - empty) out.push_back(Action::turn_two(r));
    }
    return out;
}
}  // namespace

// On random rounds of every variant: legal_actions lists exactly the actions without a reason,
// in the rulebook's order, and every other action (off the board too) has one.
TEST(AztekaRules, LegalActionsAreTheActionsWithoutAReason) {
    std::mt19937 rng(5);
    std::vector<Action> every;
    for (int r = -1; r <= kRings; ++r) {
        for (int s = -1; s <= kSectors; ++s) every.push_back(Action::place(r, s));
        every.push_back(Action::turn(r));
        every.push_back(Action::turn_two(r));
    }
    every.push_back(Action::decline_birth());
    for (const std::string& variant : profile_names()) {
        for (int round = 0; round < 40; ++round) {
            Game g = start_game(Position(profile_named(variant)));
            for (int step = 0; step < 80; ++step) {
                auto legal = legal_actions(g);
                ASSERT_EQ(legal, rulebook_actions(g)) << variant << " round " << round << " step " << step;
                for (const Action& a : every) {
                    bool listed = std::find(legal.begin(), legal.end(), a) != legal.end();
                    ASSERT_EQ(!why_illegal(g, a), listed) << describe(a);
                    ASSERT_EQ(is_legal(g, a), listed) << describe(a);
                }
                if (g.over()) break;
                apply(g, legal[rng() % legal.size()]);
            }
        }
    }
}

TEST(AztekaRules, ActionWordsRoundTrip) {
    for (Action a : {Action::place(3, 7), Action::turn(2), Action::turn_two(1), Action::decline_birth()}) {
        EXPECT_EQ(parse_action_words(describe(a)), a);
    }
    EXPECT_FALSE(parse_action_words("place 4 0"));
    EXPECT_FALSE(parse_action_words("place 0 8"));
    EXPECT_FALSE(parse_action_words("turn 1 2"));
    EXPECT_FALSE(parse_action_words("turn -1"));
    EXPECT_FALSE(parse_action_words("dance"));
}

TEST(AztekaRules, DiagramShowsEveryHoleOnItsSpoke) {
    Position p = make({"L.......", "....D...", "........", ".......L"}, "life");
    std::string d = draw_circle(p);
    EXPECT_EQ(std::count(d.begin(), d.end(), 'L'), 2 + 2);  // two pawns, two ring listings
    EXPECT_NE(d.find("ring 3: .......L"), std::string::npos);
    // Sector 0's label sits straight above the centre.
    auto centre_line_start = d.rfind('\n', d.find('+')) + 1;
    EXPECT_EQ(d.find('0'), d.find('+') - centre_line_start);
}
