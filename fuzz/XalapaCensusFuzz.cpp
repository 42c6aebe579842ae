// libFuzzer target: Xalapa census lines files (the property is in fuzz/FuzzProperties.cpp, format
// "xalapa-census").
#include "fuzz/FuzzProperties.h"

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv) {
    return tlaloc::fuzz::fuzz_initialize("xalapa-census", *argc, *argv);
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    return tlaloc::fuzz::fuzz_one_input("xalapa-census", data, size);
}
