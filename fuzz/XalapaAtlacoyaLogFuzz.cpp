// libFuzzer target: Atlacoya game logs (the property is in fuzz/FuzzProperties.cpp, format
// "xalapa-atlacoya-log").
#include "fuzz/FuzzProperties.h"

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv) {
    return tlaloc::fuzz::fuzz_initialize("xalapa-atlacoya-log", *argc, *argv);
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    return tlaloc::fuzz::fuzz_one_input("xalapa-atlacoya-log", data, size);
}
