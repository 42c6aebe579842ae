// Input errors name the file and the element: the conventions every parser builds on.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>

#include "model/common/Json.h"
#include "model/common/Text.h"
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
    EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir), std::filesystem::directory_iterator()),
              1);  // out.txt alone: no temporary file is left
    EXPECT_THROW(write_file_atomically(dir / "missing-dir" / "x.txt", "x"), InputError);
    EXPECT_NE(message_of([&] { write_file_atomically(dir, "x"); }).find("is a folder"), std::string::npos);
    std::filesystem::remove_all(dir);
}

TEST(Json, AtomicWriteReplacesALinksTargetNotTheLink) {
    auto dir = tlaloc::test_support::scratch_dir("json-link");
    std::filesystem::create_directories(dir);
    std::ofstream(dir / "target.txt") << "old";
    std::filesystem::create_symlink("target.txt", dir / "link.txt");
    write_file_atomically(dir / "link.txt", "new");
    EXPECT_TRUE(std::filesystem::is_symlink(dir / "link.txt"));
    std::ifstream in(dir / "target.txt");
    std::string s;
    in >> s;
    EXPECT_EQ(s, "new");
    std::filesystem::remove_all(dir);
}

TEST(Json, AtomicWriteWritesIntoAPipeInsteadOfReplacingIt) {
    auto dir = tlaloc::test_support::scratch_dir("json-fifo");
    std::filesystem::create_directories(dir);
    const auto fifo = dir / "pipe";
    ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
    // A reader is open first (without blocking), so the writer's open does not wait for one.
    const int reader = open(fifo.c_str(), O_RDONLY | O_NONBLOCK);
    ASSERT_GE(reader, 0);
    write_file_atomically(fifo, "through the pipe");
    EXPECT_TRUE(std::filesystem::is_fifo(fifo));
    char buf[64] = {};
    const ssize_t n = read(reader, buf, sizeof buf - 1);
    close(reader);
    EXPECT_EQ(std::string(buf, n > 0 ? static_cast<std::size_t>(n) : 0), "through the pipe");
    std::filesystem::remove_all(dir);
}

TEST(Json, DuplicateKeysAreRefused) {
    auto msg = message_of([] { parse_json_text(R"({"to_move": "life", "to_move": "death"})", "d.json"); });
    EXPECT_NE(msg.find("d.json: malformed JSON: the key \"to_move\" appears twice"), std::string::npos)
        << msg;
    // The same key in two objects is fine.
    EXPECT_NO_THROW(
        parse_json_text(R"({"a": {"x": 1}, "b": {"x": 2}, "c": [{"x": 3}, {"x": 4}]})", "ok.json"));
}

TEST(Json, ANumberBeyondRangeNamesItsLine) {
    auto msg = message_of([] { parse_json_text("{\n  \"supply\": {\"life\": 1e400}\n}", "n.json"); });
    EXPECT_NE(msg.find("n.json: line 2, column"), std::string::npos) << msg;
    EXPECT_NE(msg.find("a number is out of range: '1e400'"), std::string::npos) << msg;
}

TEST(Json, MessagesAreValidTextWhateverTheInputBytes) {
    auto msg =
        message_of([] { throw InputError("b.json", "id", "unknown board \"x\xff\xfey\" (Aztl\xc3\xa1n)"); });
    EXPECT_EQ(msg, "b.json: id: unknown board \"x\\xff\\xfey\" (Aztl\xc3\xa1n)");
    // A real file: nlohmann's own message echoes the bytes it read.
    msg = message_of([] { parse_json_text("{\"id\": \"x\xff\xfey\"}", "u.json"); });
    EXPECT_EQ(msg.find('\xff'), std::string::npos) << msg;
    EXPECT_NE(msg.find("u.json: line 1"), std::string::npos) << msg;
}

TEST(Json, AHugeEchoIsCutShort) {
    const std::string name(100000, 'Q');
    auto msg = message_of([&] { throw InputError("t.json", "hand[0]", "unknown card '" + name + "'"); });
    EXPECT_LT(msg.size(), 600u);
    EXPECT_NE(msg.find("t.json: hand[0]: unknown card 'QQQ"), std::string::npos) << msg;
    EXPECT_NE(msg.find("(100015 characters)"), std::string::npos) << msg;
}

TEST(CommonText, NearestNameFindsLikelyTyposOnly) {
    const std::vector<std::string> known = {"disfavor_tiles", "oracle_stones", "number_tiles"};
    EXPECT_EQ(tlaloc::nearest_name("disfavour_tiles", known), "disfavor_tiles");
    EXPECT_EQ(tlaloc::nearest_name("Oracle_Stones", known), "oracle_stones");
    EXPECT_EQ(tlaloc::nearest_name("numbre_tiles", known), "number_tiles");  // a swap is one edit
    EXPECT_EQ(tlaloc::nearest_name("x", known), "");
    EXPECT_EQ(tlaloc::nearest_name("pyramids", known), "");
    EXPECT_EQ(tlaloc::did_you_mean("disfavor_tile", known), " — did you mean disfavor_tiles?");
    EXPECT_EQ(tlaloc::did_you_mean(std::string(300, 'a'), known), "");
}
