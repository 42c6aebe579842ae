// libFuzzer target: seven-day game logs of xalapa play (the property is in fuzz/FuzzProperties.cpp, format
// "xalapa-play-log").
#include "fuzz/FuzzProperties.h"

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv) {
    return tlaloc::fuzz::fuzz_initialize("xalapa-play-log", *argc, *argv);
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    return tlaloc::fuzz::fuzz_one_input("xalapa-play-log", data, size);
}
