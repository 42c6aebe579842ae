#include "cli/StudioFolder.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <random>

#include "model/common/InputError.h"

namespace tlaloc::cli {

namespace {

// Closes a descriptor at the end of a scope.
struct Fd {
    int fd = -1;
    ~Fd() {
        if (fd >= 0) ::close(fd);
    }
};

std::string temporary_name(const std::string& name) {
    static std::atomic<unsigned long> counter{0};
    thread_local std::mt19937_64 random{std::random_device{}()};
    return "." + name + ".tmp-" + std::to_string(::getpid()) + "-" + std::to_string(counter++) + "-" +
           std::to_string(random() % 1000000007);
}

}  // namespace

StudioFolder::StudioFolder(const std::filesystem::path& folder) : path_(folder) {
    fd_ = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd_ < 0) throw InputError(folder.string(), "", "cannot open the studio's data folder (--data)");
}

StudioFolder::~StudioFolder() {
    if (fd_ >= 0) ::close(fd_);
}

std::optional<std::string> StudioFolder::read(const std::string& name, std::size_t max_bytes) const {
    // O_NONBLOCK: opening a FIFO does not wait for a writer (and it is refused below as not regular).
    Fd f{::openat(fd_, name.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)};
    if (f.fd < 0) {
        if (errno == ENOENT) return std::nullopt;
        if (errno == ELOOP)
            throw InputError(name, "", "is a symbolic link; the studio keeps to its data folder");
        throw InputError(name, "", std::string("cannot read this file: ") + std::strerror(errno));
    }
    struct stat st {};
    if (::fstat(f.fd, &st) != 0 || !S_ISREG(st.st_mode))
        throw InputError(name, "", "is not a regular file; the studio reads only its own files");
    if (st.st_nlink != 1)
        throw InputError(name, "", "has other hard links; the studio reads only files it could have written");
    if (static_cast<std::size_t>(st.st_size) > max_bytes)
        throw InputError(name, "", "is over " + std::to_string(max_bytes) + " bytes");
    std::string text;
    char buffer[65536];
    while (true) {
        ssize_t n = ::read(f.fd, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) throw InputError(name, "", std::string("cannot read this file: ") + std::strerror(errno));
        if (n == 0) break;
        text.append(buffer, static_cast<std::size_t>(n));
        if (text.size() > max_bytes)
            throw InputError(name, "", "is over " + std::to_string(max_bytes) + " bytes");
    }
    return text;
}

void StudioFolder::write(const std::string& name, const std::string& text) const {
    const std::string temporary = temporary_name(name);
    Fd f{::openat(fd_, temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644)};
    if (f.fd < 0) throw InputError(name, "", std::string("cannot write this file: ") + std::strerror(errno));
    auto fail = [&](const std::string& why) {
        ::unlinkat(fd_, temporary.c_str(), 0);
        return InputError(name, "", "cannot write this file: " + why);
    };
    for (std::size_t done = 0; done < text.size();) {
        ssize_t n = ::write(f.fd, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) throw fail(std::strerror(errno));
        done += static_cast<std::size_t>(n);
    }
    if (::fsync(f.fd) != 0) throw fail(std::strerror(errno));
    if (::renameat(fd_, temporary.c_str(), fd_, name.c_str()) != 0) throw fail(std::strerror(errno));
}

std::vector<std::string> StudioFolder::list() const {
    std::vector<std::string> names;
    int copy = ::openat(fd_, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (copy < 0) return names;
    DIR* dir = ::fdopendir(copy);
    if (!dir) {
        ::close(copy);
        return names;
    }
    while (dirent* e = ::readdir(dir)) {
        struct stat st {};
        if (::fstatat(fd_, e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0) continue;
        if (S_ISREG(st.st_mode) && st.st_nlink == 1) names.emplace_back(e->d_name);
    }
    ::closedir(dir);
    std::sort(names.begin(), names.end());
    return names;
}

bool StudioFolder::is_link(const std::string& name) const {
    struct stat st {};
    return ::fstatat(fd_, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK(st.st_mode);
}

}  // namespace tlaloc::cli
