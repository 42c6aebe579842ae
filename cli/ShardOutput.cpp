#include "cli/ShardOutput.h"

#include <fcntl.h>
#include <pthread.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <thread>

#include "model/common/InputError.h"

namespace tlaloc::cli {

LineSink::LineSink(const std::string& out, bool resume, std::size_t keep_bytes) : name_(out) {
    if (out.empty()) return;
    fd_ = ::open(out.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC | (resume ? 0 : O_TRUNC), 0644);
    if (fd_ < 0) fail();
    struct stat st {};
    regular_ = ::fstat(fd_, &st) == 0 && S_ISREG(st.st_mode);
    if (resume && regular_ &&
        (::ftruncate(fd_, static_cast<off_t>(keep_bytes)) != 0 || ::lseek(fd_, 0, SEEK_END) < 0))
        fail();
}

LineSink::~LineSink() {
    if (fd_ < 0) return;
    if (regular_) ::fsync(fd_);
    ::close(fd_);
}

void LineSink::write(const std::string& line) {
    if (fd_ < 0) {
        std::cout << line << std::flush;
        return;
    }
    for (std::size_t done = 0; done < line.size();) {
        const ssize_t n = ::write(fd_, line.data() + done, line.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) fail();
        done += static_cast<std::size_t>(n);
    }
}

void LineSink::fail() const {
    throw InputError(name_, "", std::string("cannot be written: ") + std::strerror(errno));
}

std::string resume_content(const std::string& out) {
    if (out.empty()) throw InputError("", "--resume", "continues an --out file; give --out FILE");
    std::error_code ec;
    if (!std::filesystem::exists(out, ec)) return "";
    if (!std::filesystem::is_regular_file(out, ec))
        throw InputError(out, "", "is not a plain file, so it cannot be continued with --resume");
    std::ifstream in(out, std::ios::binary);
    std::string content((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (!in && !in.eof()) throw InputError(out, "", "cannot be read");
    return content;
}

CompleteLines complete_lines(const std::string& content) {
    const std::size_t end = content.rfind('\n');
    const std::size_t bytes = end == std::string::npos ? 0 : end + 1;
    return {bytes, bytes < content.size()};
}

namespace {
std::atomic<int> g_stop_signal{0};
}

void catch_stop_signals() {
    static bool caught = false;
    if (caught) return;
    caught = true;
    sigset_t stops;
    sigemptyset(&stops);
    sigaddset(&stops, SIGTERM);
    sigaddset(&stops, SIGINT);
    pthread_sigmask(SIG_BLOCK, &stops, nullptr);
    std::thread([stops] {
        for (;;) {
            int signal = 0;
            if (sigwait(&stops, &signal) != 0) continue;
            if (g_stop_signal.exchange(signal) != 0) ::_exit(128 + signal);
        }
    }).detach();
}

int stop_signal() { return g_stop_signal.load(); }

const char* stop_signal_name(int signal) { return signal == SIGTERM ? "SIGTERM" : "SIGINT"; }

}  // namespace tlaloc::cli
