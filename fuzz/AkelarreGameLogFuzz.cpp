// libFuzzer target: Akelarre game logs (the property is in fuzz/FuzzProperties.cpp, format
// "akelarre-game-log").
#include "fuzz/FuzzProperties.h"

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv) {
    return tlaloc::fuzz::fuzz_initialize("akelarre-game-log", *argc, *argv);
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    return tlaloc::fuzz::fuzz_one_input("akelarre-game-log", data, size);
}
