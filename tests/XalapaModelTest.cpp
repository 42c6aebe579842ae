// Xalapa model: board and challenge parsing (with the error for each kind of bad input), features
// and the plain evaluator, against the rules in shared/rules/xalapa.md.
#include <gtest/gtest.h>

#include <functional>

#include "model/xalapa/Evaluation.h"
#include "puzzles/xalapa/RandomChallenge.h"
#include "tests/support/InputErrorText.h"

using namespace tlaloc;
using namespace tlaloc::xalapa;

namespace {

const char* kBoard = R"({"id": "t", "top_left": "black", "rows": [
  ["cactus/red", "gecko", "", "bird+cactus/blue"],
  ["bird", "cactus+gecko/red", "gecko/blue", ""],
  ["gecko/red+yellow", "", "cactus/blue", "bird"]]})";

Challenge challenge_from(const std::string& text) {
    Json j = parse_json_text(text, "c.json");
    return parse_challenge(JsonPlace(j, "c.json"), "c.json");
}

std::string error_of(const std::string& text) {
    return tlaloc::test_support::input_error_of([&] { challenge_from(text); });
}

std::string with_board(const std::string& rest) {
    return std::string(R"({"board": )") + kBoard + ", " + rest + "}";
}

CellSet cells(const Board& b, std::initializer_list<Cell> list) {
    CellSet s;
    for (auto c : list) s.set(b.index(c));
    return s;
}

}  // namespace

TEST(XalapaBoard, ParsesFieldsAndChessboardBackground) {
    Challenge ch = challenge_from(with_board(R"("tasks": [])"));
    const Board& b = ch.board;
    EXPECT_EQ(b.rows, 3);
    EXPECT_EQ(b.cols, 4);
    EXPECT_TRUE(b.at({0, 3}).has(Symbol::Bird));
    EXPECT_TRUE(b.at({0, 3}).has(Symbol::Cactus));
    EXPECT_TRUE(b.at({0, 3}).has(Line::Blue));
    EXPECT_TRUE(b.at({2, 0}).has(Line::Yellow));
    EXPECT_TRUE(b.at({0, 0}).black);   // top_left black
    EXPECT_FALSE(b.at({0, 1}).black);  // alternates like a chessboard
    EXPECT_TRUE(b.at({1, 1}).black);
    EXPECT_EQ(field_to_string(b.at({0, 3})), "cactus+bird/blue");
}

TEST(XalapaBoard, RoundTripsThroughJson) {
    std::mt19937_64 rng(7);
    for (int i = 0; i < 20; ++i) {
        RandomChallengeOptions o;
        o.min_rows = o.min_cols = 1;
        o.max_rows = o.max_cols = 12;
        o.random_orientations = true;
        Challenge ch = random_challenge(rng, o);
        Json j = challenge_to_json(ch);
        Challenge back = parse_challenge(JsonPlace(j, "x"), "x");
        EXPECT_EQ(challenge_to_json(back).dump(), j.dump());
    }
}

TEST(XalapaFeature, VocabularyOfTheDigest) {
    Challenge ch = challenge_from(with_board(R"("tasks": [])"));
    const Board& b = ch.board;
    Json dummy;
    JsonPlace here(dummy, "f");
    EXPECT_EQ(parse_feature("corner", here).cells(b), cells(b, {{0, 0}, {0, 3}, {2, 0}, {2, 3}}));
    EXPECT_EQ(parse_feature("edge", here).cells(b).count(), 10u);  // 3x4: every field but [1,1] and [1,2]
    EXPECT_EQ(parse_feature("double", here).cells(b), cells(b, {{0, 3}, {1, 1}}));
    EXPECT_EQ(parse_feature("blank", here).cells(b), cells(b, {{0, 2}, {1, 3}, {2, 1}}));
    EXPECT_EQ(parse_feature("lineless", here).cells(b),
              cells(b, {{0, 1}, {0, 2}, {1, 0}, {1, 3}, {2, 1}, {2, 3}}));
    EXPECT_EQ(parse_feature("gecko&red", here).cells(b), cells(b, {{1, 1}, {2, 0}}));
    EXPECT_EQ(parse_feature("any", here).cells(b).count(), 12u);
    EXPECT_EQ(parse_feature("black", here).cells(b).count() + parse_feature("white", here).cells(b).count(),
              12u);
}

TEST(XalapaEvaluator, SeedWorkedExamplePenalty) {
    // The seed's scoring example: 2 challenges unmet and 5 stones -> 6 + 5 = 11.
    Challenge ch = challenge_from(with_board(R"("formation": [[0,0],[0,1],[0,2]],
      "tasks": [{"feature": "cactus", "count": 1}, {"feature": "red", "count": 2},
                {"feature": "corner", "at_most": 1}, {"feature": "gecko", "count": 2}])"));
    // Stones: [0,0] cactus+red+corner, [1,1] cactus+gecko+red -> cactus 2 (unmet), [0,3] corner,
    // [2,3] corner, [0,1] gecko: no straight line of 3 -> formation unmet too.
    Evaluation e = evaluate(ch, cells(ch.board, {{0, 0}, {1, 1}, {0, 3}, {2, 3}, {1, 2}}));
    EXPECT_EQ(e.stones, 5);
    EXPECT_FALSE(e.formation_met);
    EXPECT_FALSE(e.tasks[0].met);  // 3 stones on cactus
    EXPECT_TRUE(e.tasks[1].met);   // 2 on red
    EXPECT_FALSE(e.tasks[2].met);  // 3 corners
    EXPECT_TRUE(e.tasks[3].met);   // 2 on gecko
    EXPECT_EQ(e.unmet, 3);
    EXPECT_EQ(e.penalty, 5 + 3 * 3);
    // A formation stone counts for every task: a row of three on row 1 meets the formation.
    Evaluation f = evaluate(ch, cells(ch.board, {{1, 0}, {1, 1}, {1, 2}}));
    EXPECT_TRUE(f.formation_met);
    EXPECT_EQ(f.tasks[3].count, 2);  // [1,1] and [1,2] both show a gecko
}

TEST(XalapaEvaluator, SameTaskZeroEqualsZeroAndDoubleCounting) {
    Challenge ch =
        challenge_from(with_board(R"("tasks": [{"same": ["red", "gecko"]}, {"same": ["cactus", "gecko"]}])"));
    Evaluation none = evaluate(ch, CellSet{});
    EXPECT_TRUE(none.tasks[0].met);  // the seed: 0 on red and 0 on geckos meets the challenge
    // [1,1] is cactus+gecko+red: one stone counts for red, gecko and cactus alike.
    Evaluation one = evaluate(ch, cells(ch.board, {{1, 1}}));
    EXPECT_TRUE(one.tasks[0].met);
    EXPECT_TRUE(one.tasks[1].met);
    EXPECT_EQ(one.penalty, 1);
}

TEST(XalapaEvaluator, OrientationModes) {
    std::string base = R"("formation": [[0,0],[0,1],[1,0]], "tasks": [], "orientations": )";
    auto fixed = challenge_from(with_board(base + R"("fixed")"));
    auto rotate = challenge_from(with_board(base + R"("rotate")"));
    auto mirror = challenge_from(with_board(base + R"("rotate-mirror")"));
    // An L of three has 4 distinct rotations; mirroring adds nothing new for this shape.
    EXPECT_EQ(formation_orientations(*fixed.formation, Orientations::Fixed).size(), 1u);
    EXPECT_EQ(formation_orientations(*rotate.formation, Orientations::Rotate).size(), 4u);
    EXPECT_EQ(formation_orientations(*mirror.formation, Orientations::RotateMirror).size(), 4u);
    CellSet rotated = cells(fixed.board, {{0, 1}, {1, 1}, {1, 0}});  // the L turned
    EXPECT_FALSE(evaluate(fixed, rotated).formation_met);
    EXPECT_TRUE(evaluate(rotate, rotated).formation_met);
    // An S-tetromino is chiral: only rotate-mirror accepts its mirror image.
    std::string s = R"("formation": [[0,1],[0,2],[1,0],[1,1]], "tasks": [], "orientations": )";
    auto s_rot = challenge_from(with_board(s + R"("rotate")"));
    auto s_mir = challenge_from(with_board(s + R"("rotate-mirror")"));
    CellSet z = cells(s_rot.board, {{0, 0}, {0, 1}, {1, 1}, {1, 2}});
    EXPECT_FALSE(evaluate(s_rot, z).formation_met);
    EXPECT_TRUE(evaluate(s_mir, z).formation_met);
}

TEST(XalapaParse, EachBadInputGetsOneClearError) {
    struct Case {
        std::string text, expected;
    };
    std::vector<Case> cases = {
        {R"({"board": )" + std::string(kBoard) + R"(, "tasks": [{"feature": "gekko", "count": 1}]})",
         "c.json: tasks[0].feature: unknown feature \"gekko\""},
        {R"({"board": {"rows": [["cactus", "dragon"]]}, "tasks": []})",
         "c.json: board.rows[0][1]: unknown symbol \"dragon\""},
        {R"({"board": {"rows": [["cactus/green"]]}, "tasks": []})",
         "c.json: board.rows[0][0]: unknown line \"green\""},
        {R"({"board": {"rows": [["cactus", ""], [""]]}, "tasks": []})", "c.json: board.rows[1]: ragged rows"},
        {R"({"board": {"rows": [["cactus+cactus"]]}, "tasks": []})", "appears twice"},
        {with_board(R"("tasks": [{"feature": "red", "count": -1}])"),
         "c.json: tasks[0].count: a count cannot be negative"},
        {with_board(R"("tasks": [{"feature": "red", "count": 9223372036854775808}])"),
         "c.json: tasks[0].count: 9223372036854775808 is more than the board's 12 fields"},
        {with_board(R"("tasks": [{"feature": "red", "at_most": 18446744073709551615}])"),
         "c.json: tasks[0].at_most: 18446744073709551615 is more than the board's 12 fields"},
        {R"({"board": "/", "tasks": []})", "c.json: board: \"/\" is a folder, not a board file"},
        {with_board(R"("tasks": [], "max_stones": 13)"),
         "c.json: max_stones: max_stones 13 is more than the board's 12 fields"},
        {with_board(R"("tasks": [], "formation": [])"), "c.json: formation: the formation is empty"},
        {with_board(R"("tasks": [], "formation": [[0,0],[0,7]])"),
         "c.json: formation: the formation does not fit"},
        {with_board(R"("tasks": [], "formation": [[0,0],[0,0]])"), "appears twice in the formation"},
        {with_board(R"("tasks": [], "orientations": "spin")"), "c.json: orientations: expected \"fixed\""},
        {with_board(R"("tasks": [{"feature": "red"}])"), "c.json: tasks[0]: a task needs"},
        {with_board(R"("tasks": [{"feature": "red", "at_lest": 2}])"),
         "c.json: tasks[0]: unknown key \"at_lest\""},
        {with_board(R"("tasks": [{"feature": "red", "at_least": 3, "at_most": 1}])"), "is above at_most"},
        {with_board(R"("tasks": [{"same": ["red"]}])"),
         "c.json: tasks[0].same: \"same\" names exactly two features"},
        {with_board(R"("tasks": [], "disfavor": -3)"), "c.json: disfavor: -3 is out of range"},
        {R"({"board": "no/such/board.json", "tasks": []})", "c.json: board: board file"},
        {R"({"board": {"rows": []}, "tasks": []})", "c.json: board.rows: a board has 1 to 12 rows"},
        {R"({"tasks": []})", "c.json: top level: missing \"board\""},
        {with_board(R"("tasks": [], "id": 7)"), "c.json: id: expected a string, found an integer"},
        {with_board(R"("tasks": [], "cards": [])"), "c.json: cards: expected an object, found an array"},
        {with_board(R"("tasks": [], "cards": {"columns": [{"top": "printed-1"}], "position": "P1",
                    "position_side": 3, "board": "b"})"),
         "c.json: cards.columns[0]: missing \"bottom\""},
        {with_board(
             R"("tasks": [], "cards": {"columns": [], "position": "P1", "position_side": 5, "board": "b"})"),
         "c.json: cards.position_side: 5 is out of range"},
        {with_board(R"("tasks": [], "cards": {"columns": [], "position_side": 3, "board": "b"})"),
         "c.json: cards: missing \"position\""},
        {with_board(
             R"("tasks": [], "cards": {"columns": [], "position": "P1", "position_side": 3, "board": "b",
                    "deck": 1})"),
         "c.json: cards: unknown key \"deck\""},
        {R"([1, 2])", "c.json: expected an object"},
    };
    for (const auto& c : cases) {
        std::string msg = error_of(c.text);
        EXPECT_NE(msg.find(c.expected), std::string::npos) << "input: " << c.text << "\nmessage: " << msg;
    }
}

// A dealt challenge names its cards: they are parsed into typed members, written back as the same
// JSON, and parse again to equal cards; keys tlaloc does not interpret ride along untouched.
TEST(XalapaChallenge, DealtCardsRoundTripThroughJson) {
    const std::string text = with_board(R"("id": "round-7", "level": "2", "seed": 7, "note": {"by": "hand"},
        "tasks": [{"feature": "red", "count": 1, "label": "printed-1 / novice-red"}, {"same": ["gecko", "bird"]}],
        "cards": {"columns": [{"top": "printed-1", "bottom": "novice-red"},
                              {"top": "novice-gecko", "bottom": "novice-bird"}],
                  "position": "P3", "position_side": 4, "board": "sun-front"})");
    Challenge ch = challenge_from(text);
    ASSERT_TRUE(ch.cards);
    EXPECT_EQ(ch.id, "round-7");
    ASSERT_EQ(ch.cards->columns.size(), 2u);
    EXPECT_EQ(ch.cards->columns[0], (DealtColumn{"printed-1", "novice-red"}));
    EXPECT_EQ(ch.cards->columns[1], (DealtColumn{"novice-gecko", "novice-bird"}));
    EXPECT_EQ(ch.cards->position, "P3");
    EXPECT_EQ(ch.cards->position_side, 4);
    EXPECT_EQ(ch.cards->board, "sun-front");
    EXPECT_EQ(ch.extra, Json::parse(R"({"level": "2", "seed": 7, "note": {"by": "hand"}})"));

    Json written = challenge_to_json(ch);
    Json original = parse_json_text(text, "c.json");
    for (const char* key : {"id", "cards", "level", "seed", "note"})
        EXPECT_EQ(written[key], original[key]) << key;
    Challenge back = parse_challenge(JsonPlace(written, "c.json"), "c.json");
    ASSERT_TRUE(back.cards);
    EXPECT_EQ(*back.cards, *ch.cards);
    EXPECT_EQ(back.id, ch.id);
    EXPECT_EQ(back.extra, ch.extra);
    EXPECT_EQ(challenge_to_json(back).dump(), written.dump());

    // A challenge that names no cards and no id gets none, and writes none.
    Challenge plain = challenge_from(with_board(R"("tasks": [])"));
    EXPECT_FALSE(plain.cards);
    EXPECT_FALSE(plain.id);
    Json plain_json = challenge_to_json(plain);
    EXPECT_FALSE(plain_json.contains("cards"));
    EXPECT_FALSE(plain_json.contains("id"));
}
