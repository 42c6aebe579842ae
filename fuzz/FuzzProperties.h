// The property the fuzz targets check, one input format each: bytes written as a file where the
// shipped files of that format live are either accepted (and what tlaloc computes from them re-checks)
// or rejected with an InputError of one line that names a file. Anything else is a finding.
#pragma once
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

namespace tlaloc::fuzz {

// What a fuzz target does with one input file (throws PropertyViolation when an answer does not
// re-check, InputError for bad input).
using Exercise = std::function<void(const std::filesystem::path& file)>;

// The formats are the game registry's (cli/GameRegistry.h: every game's `formats`, named
// "<game>-<format>") and tlaloc's own two, claims files and studio requests.
struct FuzzFormat {
    std::string
        name;  // "xalapa-challenge": fuzz target fuzz_<name>, regression files tests/data/fuzz/<name>/
    std::string game;  // the registered game the format is of; "" for tlaloc's own
    // The folder, relative to the source tree, where files of this format live: inputs are written to a
    // copy of it, so the relative paths inside them ("../boards/sun-front.json") resolve as they do there.
    std::string folder;
    // Seed corpus: files relative to the source tree, "dir/*.json" for a folder's files.
    std::vector<std::string> seeds;
    // The CLI's code path for such a file: parse and validate (InputError on bad input), then what is
    // cheap to compute from it; throws PropertyViolation when an answer does not re-check. Empty for
    // a registered format with neither a property of its own here nor a round trip (a test fails).
    Exercise exercise;
};

// An answer that the model's own evaluator (or a second reading) contradicts.
struct PropertyViolation : std::logic_error {
    using std::logic_error::logic_error;
};

const std::vector<FuzzFormat>& fuzz_formats();
const FuzzFormat* find_fuzz_format(const std::string& name);
// The name a format is fuzzed under ("xalapa-atlacoya-log": "XalapaAtlacoyaLogFuzz"): the link to
// fuzz/FormatFuzz.cpp's program that fuzzes it, its corpus and findings folders.
std::string fuzz_target_name(const std::string& format);
// The names of the properties in fuzz/FuzzProperties.cpp that no format has (a format renamed or
// removed from the registry): a test keeps this empty.
std::vector<std::string> properties_without_a_format();

// The seed files of a format, sorted.
std::vector<std::filesystem::path> seed_files(const FuzzFormat& format);

// "" when the property holds for `bytes` read as a file of `format`, else what broke it. Crashes,
// hangs and sanitizer reports are left to the sanitizers and the fuzzer's own time limit.
std::string property_violation(const FuzzFormat& format, const std::string& bytes);

// libFuzzer's start of every target: copies the format's seed files into the first corpus folder on the
// command line (the one new inputs go to), so any run starts from the shipped files.
int fuzz_initialize(const std::string& format_name, int argc, char** argv);
// libFuzzer's entry of every target: aborts with the violation on stderr.
int fuzz_one_input(const std::string& format_name, const std::uint8_t* data, std::size_t size);

}  // namespace tlaloc::fuzz
