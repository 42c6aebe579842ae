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

struct FuzzFormat {
    std::string
        name;  // "xalapa-challenge": fuzz target fuzz_<name>, regression files tests/data/fuzz/<name>/
    // The folder, relative to the source tree, where files of this format live: inputs are written to a
    // copy of it, so the relative paths inside them ("../boards/sun-front.json") resolve as they do there.
    std::string folder;
    // Seed corpus: files relative to the source tree, "dir/*.json" for a folder's files.
    std::vector<std::string> seeds;
    // The CLI's code path for such a file: parse and validate (InputError on bad input), then what is
    // cheap to compute from it; throws PropertyViolation when an answer does not re-check.
    std::function<void(const std::filesystem::path& file)> exercise;
};

// An answer that the model's own evaluator (or a second reading) contradicts.
struct PropertyViolation : std::logic_error {
    using std::logic_error::logic_error;
};

const std::vector<FuzzFormat>& fuzz_formats();
const FuzzFormat* find_fuzz_format(const std::string& name);

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
