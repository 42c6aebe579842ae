// libFuzzer target: requests to the studio's web API, handed to its request handler directly (the
// property is in fuzz/FuzzProperties.cpp, format "studio-api").
#include "fuzz/FuzzProperties.h"

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv) {
    return tlaloc::fuzz::fuzz_initialize("studio-api", *argc, *argv);
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    return tlaloc::fuzz::fuzz_one_input("studio-api", data, size);
}
