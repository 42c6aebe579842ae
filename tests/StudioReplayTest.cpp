// The studio's replay calls through StudioApi::handle: the saved logs listed, a log replayed by name
// or sent whole, the picture of the step asked for, and bad requests answered 400 with one line
// naming the log's line or the request's key.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "cli/StudioApi.h"
#include "model/common/Json.h"
#include "support/CliRun.h"
#include "support/ScratchDir.h"

namespace {

using namespace tlaloc;

struct Fixture {
    std::filesystem::path data = test_support::scratch_dir("studio-replay");
    std::unique_ptr<cli::StudioApi> api;
    std::string aztlan_log, azteka_log;

    Fixture() {
        const auto a =
            test_support::run_tlaloc("aztlan play --players 2 --seed 3 --log " + (data / "a.jsonl").string());
        EXPECT_EQ(a.code, 0) << a.out;
        const auto z =
            test_support::run_tlaloc("azteka match --seed 2 --life-bot random --death-bot random --log " +
                                     (data / "z.jsonl").string());
        EXPECT_EQ(z.code, 0) << z.out;
        std::ofstream(data / "notes.txt") << "not a log\n";
        aztlan_log = read(data / "a.jsonl");
        azteka_log = read(data / "z.jsonl");
        cli::StudioSettings s;
        s.data = data;
        s.assets = cli::studio_assets_dir();
        api = std::make_unique<cli::StudioApi>(s);
    }
    static std::string read(const std::filesystem::path& file) {
        std::ifstream in(file);
        std::stringstream text;
        text << in.rdbuf();
        return text.str();
    }
    static Fixture& get() {
        static Fixture f;
        return f;
    }
    cli::StudioResponse post(const Json& body) const {
        cli::StudioRequest r;
        r.method = "POST";
        r.path = "/api/replay";
        r.body = body.dump();
        return api->handle(r);
    }
};

}  // namespace

TEST(StudioReplay, ListsTheLogsOfTheDataFolder) {
    cli::StudioRequest r;
    r.method = "GET";
    r.path = "/api/replays";
    const cli::StudioResponse res = Fixture::get().api->handle(r);
    ASSERT_EQ(res.status, 200) << res.body;
    EXPECT_EQ(Json::parse(res.body)["logs"], Json({"a.jsonl", "z.jsonl"}));
}

TEST(StudioReplay, ASavedLogGivesEveryStepsTextAndThePictureAsked) {
    const Fixture& f = Fixture::get();
    const cli::StudioResponse first = f.post({{"name", "a.jsonl"}});
    ASSERT_EQ(first.status, 200) << first.body;
    const Json j = Json::parse(first.body);
    EXPECT_EQ(j["game"], "aztlan");
    EXPECT_EQ(j["players"], 2);
    EXPECT_TRUE(j["wrong"].is_null());
    int actions = 0;
    std::istringstream lines(f.aztlan_log);
    for (std::string l; std::getline(lines, l);) actions += Json::parse(l)["kind"] == "action";
    ASSERT_EQ(static_cast<int>(j["steps"].size()), actions + 1);
    EXPECT_EQ(j["at"], 0);
    EXPECT_NE(j["svg"].get<std::string>().find("data-territory"), std::string::npos);
    EXPECT_EQ(j["steps"][1]["number"], 1);
    EXPECT_FALSE(j["steps"][1]["text"].get<std::string>().empty());

    const cli::StudioResponse later = f.post({{"name", "a.jsonl"}, {"at", actions}});
    ASSERT_EQ(later.status, 200) << later.body;
    const Json l = Json::parse(later.body);
    EXPECT_EQ(l["at"], actions);
    EXPECT_NE(l["svg"], j["svg"]);
    EXPECT_EQ(l["steps"], j["steps"]);  // the same replay, another picture
}

TEST(StudioReplay, APastedLogIsReplayedAsTheSavedOne) {
    const Fixture& f = Fixture::get();
    const cli::StudioResponse pasted = f.post({{"log", f.azteka_log}, {"at", 3}, {"game", "azteka"}});
    const cli::StudioResponse saved = f.post({{"name", "z.jsonl"}, {"at", 3}});
    ASSERT_EQ(pasted.status, 200) << pasted.body;
    ASSERT_EQ(saved.status, 200) << saved.body;
    EXPECT_EQ(Json::parse(pasted.body)["steps"], Json::parse(saved.body)["steps"]);
    EXPECT_EQ(Json::parse(pasted.body)["svg"], Json::parse(saved.body)["svg"]);
    EXPECT_NE(Json::parse(pasted.body)["svg"].get<std::string>().find("data-hole"), std::string::npos);
}

TEST(StudioReplay, BadRequestsAreOneLineNamingThePlace) {
    const Fixture& f = Fixture::get();
    auto error = [&](const Json& body) {
        const cli::StudioResponse r = f.post(body);
        EXPECT_EQ(r.status, 400) << body.dump() << "\n" << r.body;
        const std::string e = Json::parse(r.body).value("error", "");
        EXPECT_EQ(e.find('\n'), std::string::npos) << e;
        return e;
    };
    EXPECT_NE(error({{"name", "../a.jsonl"}}).find("no paths"), std::string::npos);
    EXPECT_NE(error({{"name", "gone.jsonl"}}).find("no log named"), std::string::npos);
    EXPECT_NE(error({{"name", "a.jsonl"}, {"log", "x"}}).find("either"), std::string::npos);
    EXPECT_NE(error(Json::object()).find("either"), std::string::npos);
    EXPECT_NE(error({{"name", "a.jsonl"}, {"game", "chess"}}).find("game"), std::string::npos);
    EXPECT_NE(error({{"name", "a.jsonl"}, {"game", "akelarre"}}).find("not of akelarre"), std::string::npos);
    EXPECT_NE(error({{"name", "a.jsonl"}, {"at", 4000}}).find("steps 0 to"), std::string::npos);
    EXPECT_NE(error({{"name", "a.jsonl"}, {"extra", 1}}).find("extra"), std::string::npos);
    // A broken second line: the error names the pasted log's line 2.
    std::string broken =
        f.aztlan_log.substr(0, f.aztlan_log.find('\n') + 1) + "{\"kind\": \"action\", \"phase\": 3}\n";
    EXPECT_NE(error({{"log", broken}}).find("pasted log:2"), std::string::npos);
}
