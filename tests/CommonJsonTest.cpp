// Input errors name the file and the element: the conventions every parser builds on.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "model/common/Json.h"
#include "tests/support/InputErrorText.h"
#include "tests/support/ScratchDir.h"

using namespace tlaloc;

namespace {
std::string message_of(const std::function<void()>& f) { return tlaloc::test_support::input_error_of(f); }
}  // namespace

TEST(Json, MalformedTextNamesLineAndColumn) {
    auto msg = message_of([] { parse_json_text("{\n  \"a\": [1, 2,,]\n}", "f.json"); });
    EXPECT_NE(msg.find("f.json: line 2, column"), std::string::npos) << msg;
    EXPECT_NE(msg.find("malformed JSON"), std::string::npos) << msg;
}

TEST(Json, MissingFileIsAnInputError) {
    auto msg = message_of([] { load_json_file("/nonexistent/x.json"); });
    EXPECT_EQ(msg, "/nonexistent/x.json: no such file");
}

TEST(Json, PlacesNameTheElementPath) {
    Json j = Json::parse(R"({"tasks": [{"count": 1}, {"count": -1}]})");
    JsonPlace root(j, "c.json");
    auto msg = message_of([&] { root.at("tasks").at(1).at("count").as_int(0, 10); });
    EXPECT_EQ(msg, "c.json: tasks[1].count: -1 is out of range 0..10");
    msg = message_of([&] { root.at("tasks").at(0).at("feature"); });
    EXPECT_EQ(msg, "c.json: tasks[0]: missing \"feature\"");
    msg = message_of([&] { root.at("tasks").at(0).expect_only_keys({"feature"}); });
    EXPECT_NE(msg.find("unknown key \"count\""), std::string::npos) << msg;
}

TEST(Json, IntegersRejectFractionsAndStrings) {
    Json j = Json::parse(R"({"a": 1.5, "b": "3", "c": 2.0})");
    JsonPlace root(j, "c.json");
    EXPECT_THROW(root.at("a").as_int(0, 10), InputError);
    EXPECT_THROW(root.at("b").as_int(0, 10), InputError);
    EXPECT_EQ(root.at("c").as_int(0, 10), 2);
}

TEST(Json, AtomicWriteLeavesNoTemporaryFile) {
    auto dir = tlaloc::test_support::scratch_dir("json");
    std::filesystem::create_directories(dir);
    write_file_atomically(dir / "out.txt", "hello");
    std::ifstream in(dir / "out.txt");
    std::string s;
    in >> s;
    EXPECT_EQ(s, "hello");
    EXPECT_FALSE(std::filesystem::exists(dir / "out.txt.tmp-tlaloc"));
    EXPECT_THROW(write_file_atomically(dir / "missing-dir" / "x.txt", "x"), InputError);
    std::filesystem::remove_all(dir);
}
