// libFuzzer target: Aztlán game logs (the property is in fuzz/FuzzProperties.cpp, format
// "aztlan-game-log").
#include "fuzz/FuzzProperties.h"

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv) {
    return tlaloc::fuzz::fuzz_initialize("aztlan-game-log", *argc, *argv);
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    return tlaloc::fuzz::fuzz_one_input("aztlan-game-log", data, size);
}
