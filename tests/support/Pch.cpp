// The object that owns the tests' precompiled header (CMakeLists.txt, TLALOC_PCH): every test
// executable reuses it, so the standard headers, nlohmann/json and GoogleTest are parsed once for
// all of them. It defines nothing.
