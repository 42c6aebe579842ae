// libFuzzer target: Aztlán map files (the property is in fuzz/FuzzProperties.cpp, format "aztlan-map").
#include "fuzz/FuzzProperties.h"

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv) {
    return tlaloc::fuzz::fuzz_initialize("aztlan-map", *argc, *argv);
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    return tlaloc::fuzz::fuzz_one_input("aztlan-map", data, size);
}
