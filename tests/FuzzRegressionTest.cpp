// The fuzz targets' property (fuzz/FuzzProperties.h) on every saved reproducer, tests/data/fuzz/<format>/,
// and on every seed: each is accepted with answers that re-check, or rejected with one line naming
// a file. Run by scripts/test.sh in the sanitizer build too, where a crash or a report fails it.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>

#include "cli/GameRegistry.h"
#include "fuzz/FuzzProperties.h"

using namespace tlaloc::fuzz;
namespace fs = std::filesystem;

namespace {

const fs::path kSavedInputs = fs::path(TLALOC_TEST_DATA) / "fuzz";

std::string read_all(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

std::vector<fs::path> saved_inputs(const FuzzFormat& format) {
    std::vector<fs::path> out;
    std::error_code ec;
    if (!fs::is_directory(kSavedInputs / format.name, ec)) return out;
    for (const auto& e : fs::directory_iterator(kSavedInputs / format.name))
        if (e.is_regular_file()) out.push_back(e.path());
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<std::string> format_names() {
    std::vector<std::string> out;
    for (const auto& f : fuzz_formats()) out.push_back(f.name);
    return out;
}

class FuzzRegression : public testing::TestWithParam<std::string> {};

TEST_P(FuzzRegression, SavedInputsKeepTheProperty) {
    const FuzzFormat& format = *find_fuzz_format(GetParam());
    for (const auto& file : saved_inputs(format))
        EXPECT_EQ(property_violation(format, read_all(file)), "") << file;
}

TEST_P(FuzzRegression, SeedsKeepTheProperty) {
    const FuzzFormat& format = *find_fuzz_format(GetParam());
    auto seeds = seed_files(format);
    EXPECT_FALSE(seeds.empty()) << format.name << ": no seed files";
    for (const auto& file : seeds) EXPECT_EQ(property_violation(format, read_all(file)), "") << file;
}

INSTANTIATE_TEST_SUITE_P(Formats, FuzzRegression, testing::ValuesIn(format_names()),
                         [](const testing::TestParamInfo<std::string>& info) {
                             std::string name = info.param;
                             std::replace(name.begin(), name.end(), '-', '_');
                             return name;
                         });

TEST(FuzzRegressionFolders, EachNamesAFormat) {
    std::error_code ec;
    if (!fs::is_directory(kSavedInputs, ec)) return;
    for (const auto& e : fs::directory_iterator(kSavedInputs))
        EXPECT_NE(find_fuzz_format(e.path().filename().string()), nullptr)
            << e.path() << " is not a format of fuzz/FuzzProperties.cpp";
}

// One libFuzzer program fuzzes every format, under each format's target name: the names are distinct
// and lead back to their formats.
TEST(FuzzRegressionFolders, EveryFormatHasATargetName) {
    EXPECT_TRUE(fs::is_regular_file(fs::path(TLALOC_SOURCE_DIR) / "fuzz" / "FormatFuzz.cpp"));
    EXPECT_EQ(fuzz_target_name("xalapa-atlacoya-log"), "XalapaAtlacoyaLogFuzz");
    std::set<std::string> names;
    for (const auto& f : fuzz_formats()) {
        const std::string target = fuzz_target_name(f.name);
        EXPECT_TRUE(names.insert(target).second) << f.name << ": " << target << " names two formats";
        EXPECT_NE(target, "FormatFuzz") << f.name;
    }
}

// The registry is the one list of the games' formats: each is fuzzed, from its samples, in the
// folder of its first sample, with a property; and each property of fuzz/FuzzProperties.cpp is a
// format's.
TEST(FuzzRegistry, EveryRegisteredFormatIsFuzzedFromItsSamples) {
    std::size_t registered = 0;
    for (const auto& game : tlaloc::cli::games()) {
        for (const auto& f : game.formats) {
            ++registered;
            const FuzzFormat* fuzzed = find_fuzz_format(game.name + "-" + f.name);
            ASSERT_NE(fuzzed, nullptr) << game.name << " " << f.name;
            EXPECT_EQ(fuzzed->game, game.name);
            EXPECT_EQ(fuzzed->seeds, f.samples) << fuzzed->name;
            ASSERT_FALSE(f.samples.empty()) << fuzzed->name;
            EXPECT_EQ(fs::path(fuzzed->folder), fs::path(f.samples.front()).parent_path()) << fuzzed->name;
            EXPECT_TRUE(static_cast<bool>(fuzzed->exercise))
                << fuzzed->name << ": neither a property in fuzz/FuzzProperties.cpp nor a round trip";
        }
    }
    // Besides the games' formats, only tlaloc's own: claims files and studio requests.
    std::vector<std::string> own;
    for (const auto& f : fuzz_formats())
        if (f.game.empty()) own.push_back(f.name);
    EXPECT_EQ(own, (std::vector<std::string>{"claims", "studio-api"}));
    EXPECT_EQ(fuzz_formats().size(), registered + own.size());
    EXPECT_EQ(properties_without_a_format(), std::vector<std::string>{});
}

// Each format's target has its row in docs/robustness.md, and the command the registry names for a
// format is in its game's page.
TEST(FuzzRegistry, EveryFormatIsDocumented) {
    const fs::path docs = fs::path(TLALOC_SOURCE_DIR) / "docs";
    const std::string robustness = read_all(docs / "robustness.md");
    for (const auto& f : fuzz_formats())
        EXPECT_NE(robustness.find("| `" + fuzz_target_name(f.name) + "` |"), std::string::npos)
            << f.name << ": no row for " << fuzz_target_name(f.name) << " in docs/robustness.md";
    for (const auto& game : tlaloc::cli::games()) {
        const std::string page = read_all(docs / (game.name + ".md"));
        ASSERT_FALSE(page.empty()) << "docs/" << game.name << ".md";
        for (const auto& f : game.formats) {
            if (f.command.empty()) continue;
            const std::string command = "tlaloc " + f.command.substr(0, f.command.find(" {}"));
            EXPECT_NE(page.find(command), std::string::npos)
                << game.name << " " << f.name << ": docs/" << game.name << ".md does not show '" << command
                << "'";
        }
    }
}

}  // namespace
