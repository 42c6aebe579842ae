// Starting tlaloc as a process of its own (to stop it with a signal midway) and waiting for it.
#pragma once
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>

#include <gtest/gtest.h>
#include <signal.h>

#include <cerrno>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <thread>
#include <vector>

extern char** environ;

namespace tlaloc::test_support {

// Starts `args` (args[0] the program), standard input and output /dev/null, standard error into `err`;
// returns its process id, or -1.
inline pid_t start_process(const std::vector<std::string>& args, const std::filesystem::path& err) {
    std::vector<char*> argv;
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 2, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    pid_t pid = -1;
    if (posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ) != 0) pid = -1;
    posix_spawn_file_actions_destroy(&actions);
    return pid;
}

// The process's wait status once it has ended.
inline int wait_for(pid_t pid) {
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
    return status;
}

// A file's bytes ("" when it is missing).
inline std::string file_text(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// A shard stopped by SIGKILL at random moments and started again: up to `attempts` times `args`
// (which write the lines of `out`, resuming it) is started and killed after a random time between
// 1/20 and 2/5 of `whole_ms` (its uninterrupted time); after each kill the complete lines of `out`
// must be the first lines of `want`. A last start runs to the end and must give `want` exactly.
// Returns the number of kills (a start that ended before its kill stops the attempts).
inline int kill_and_resume(const std::vector<std::string>& args, const std::filesystem::path& out,
                           const std::filesystem::path& err, const std::string& want, int whole_ms,
                           std::mt19937& random, int attempts = 4) {
    int kills = 0;
    for (int attempt = 0; attempt < attempts; ++attempt) {
        const pid_t pid = start_process(args, err);
        EXPECT_GT(pid, 0);
        if (pid <= 0) return kills;
        const int ms = std::uniform_int_distribution<int>(whole_ms / 20, whole_ms * 2 / 5)(random);
        std::this_thread::sleep_for(std::chrono::milliseconds(ms));
        ::kill(pid, SIGKILL);
        const int status = wait_for(pid);
        if (WIFEXITED(status)) {  // it finished before the kill
            EXPECT_EQ(WEXITSTATUS(status), 0) << file_text(err);
            break;
        }
        ++kills;
        const std::string part = file_text(out);
        const std::size_t complete = part.empty() ? 0 : part.rfind('\n') + 1;
        EXPECT_EQ(want.compare(0, complete, part, 0, complete), 0)
            << "after kill " << kills << ", the complete lines are not the shard's first lines";
    }
    const int status = wait_for(start_process(args, err));
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << file_text(err);
    EXPECT_EQ(file_text(out), want) << "after " << kills << " kills";
    return kills;
}

}  // namespace tlaloc::test_support
