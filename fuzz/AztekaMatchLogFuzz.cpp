// libFuzzer target: Azteka match logs (the property is in fuzz/FuzzProperties.cpp, format
// "azteka-match-log").
#include "fuzz/FuzzProperties.h"

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv) {
    return tlaloc::fuzz::fuzz_initialize("azteka-match-log", *argc, *argv);
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    return tlaloc::fuzz::fuzz_one_input("azteka-match-log", data, size);
}
