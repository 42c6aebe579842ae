// The fuzz targets' property (fuzz/FuzzProperties.h) on every saved reproducer, tests/data/fuzz/<format>/,
// and on every seed: each is accepted with answers that re-check, or rejected with one line naming
// a file. Run by scripts/test.sh in the sanitizer build too, where a crash or a report fails it.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>

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

TEST(FuzzRegressionFolders, EveryFormatHasATarget) {
    for (const auto& f : fuzz_formats()) {
        std::string target;
        bool upper = true;
        for (char c : f.name) {
            if (c == '-') {
                upper = true;
                continue;
            }
            target += upper ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
            upper = false;
        }
        EXPECT_TRUE(fs::is_regular_file(fs::path(TLALOC_SOURCE_DIR) / "fuzz" / (target + "Fuzz.cpp")))
            << f.name;
    }
}

}  // namespace
