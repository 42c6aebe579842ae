// The studio's data folder, reached only through a descriptor opened once: every file is opened
// relative to it without following symbolic links (openat with O_NOFOLLOW), so there is no gap between
// a check and its use that a link swapped in could exploit. Reads take regular files with one link only
// (a hard link planted there could name any file of the same file system) and never wait on a FIFO;
// writes go to a new temporary file in the folder that is then renamed over the name (a rename replaces a
// link itself, never what it points to).
#pragma once
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace tlaloc::cli {

class StudioFolder {
public:
    // Opens the folder (an InputError naming it when it cannot).
    explicit StudioFolder(const std::filesystem::path& folder);
    ~StudioFolder();
    StudioFolder(const StudioFolder&) = delete;
    StudioFolder& operator=(const StudioFolder&) = delete;

    // The text of `name` (a plain file name), or nullopt when there is no such file. An InputError
    // naming the file when it is a link, not a regular file, has other hard links or is over `max_bytes`.
    std::optional<std::string> read(const std::string& name, std::size_t max_bytes) const;
    // Writes `text` as `name` whole or not at all. An InputError naming the file when it cannot.
    void write(const std::string& name, const std::string& text) const;
    // The names of the regular files with one link, sorted.
    std::vector<std::string> list() const;
    // Whether `name` is there as a symbolic link (for a clearer refusal; safety does not rest on it).
    bool is_link(const std::string& name) const;

private:
    int fd_ = -1;
    std::filesystem::path path_;
};

}  // namespace tlaloc::cli
