#!/usr/bin/env bash
# Configures the instrumented build that scripts/sanitize.sh (the tests) and scripts/fuzz.sh (the fuzz
# targets) share, and builds the given targets in it: clang++ with AddressSanitizer, UBSan and
# libFuzzer's coverage (TLALOC_FUZZ), -O1 with line tables, assertions on. One build serves both,
# which keeps the test command within its time. Prints nothing but the build's progress.
# A fuzz target (XalapaChallengeFuzz, ...) is the one program FormatFuzz under the format's name: it is
# built as FormatFuzz, and build-asan/<Target>Fuzz links to it are made for every format it lists.
# Usage: scripts/sanitized_build.sh [TARGET...]   (ASAN_BUILD_DIR and FUZZ_CXX may be set)
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir="${ASAN_BUILD_DIR:-build-asan}"
cxx="${FUZZ_CXX:-$(command -v clang++-14 || command -v clang++ || true)}"
if [ -z "$cxx" ]; then
  echo "sanitized build: no clang++ (scripts/test.sh installs clang-14 and libclang-rt-14-dev)" >&2
  exit 2
fi
launcher=()
# ccache caches the files built on the precompiled headers only with this sloppiness (its manual).
if command -v ccache >/dev/null 2>&1; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  export CCACHE_SLOPPINESS="${CCACHE_SLOPPINESS:-pch_defines,time_macros,include_file_mtime,include_file_ctime}"
fi
cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="-O1 -g1" \
  -DCMAKE_CXX_COMPILER="$cxx" -DTLALOC_FUZZ=ON "${launcher[@]}" >/dev/null
targets=()
fuzz=0
for t in "$@"; do
  case "$t" in
    *Fuzz) fuzz=1; t=FormatFuzz ;;
  esac
  targets+=(--target "$t")
done
cmake --build "$build_dir" -j "$(nproc)" "${targets[@]}"
if [ "$fuzz" = 1 ]; then
  for name in $(ASAN_OPTIONS=detect_leaks=0 TLALOC_FUZZ_LIST=1 "$build_dir/FormatFuzz"); do
    ln -sfn FormatFuzz "$build_dir/$name"
  done
fi
