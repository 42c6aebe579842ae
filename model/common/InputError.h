// Bad input is the user's mistake, not a crash: every parser throws InputError with the file, the
// place in it and what is wrong, and the CLI turns it into one line on stderr and exit code 2.
#pragma once
#include <stdexcept>
#include <string>

namespace tlaloc {

class InputError : public std::runtime_error {
public:
    // file: as the user named it ("" when the input did not come from a file);
    // place: where in it, e.g. "tasks[2].feature" or "line 4, column 7" ("" for the whole file).
    InputError(std::string file, std::string place, const std::string& what);
    const std::string& file() const { return file_; }
    const std::string& place() const { return place_; }

private:
    std::string file_, place_;
};

// Process exit codes shared by every command.
// 3 means only "no answer within the --timeout limit"; a bug (an internal error) is 4.
enum ExitCode : int {
    kExitOk = 0,
    kExitFalseClaim = 1,
    kExitBadInput = 2,
    kExitTimeout = 3,
    kExitInternal = 4
};

}  // namespace tlaloc
