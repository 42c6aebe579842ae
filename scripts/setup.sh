#!/usr/bin/env bash
# Installs the Debian packages tlaloc needs (a no-op when present) and builds it into build/.
# Usage: scripts/setup.sh [TARGET...]   (no target: everything, tests included; BUILD_DIR, BUILD_TYPE
#        and EXTRA_PACKAGES may be set in the environment)
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(g++ cmake ninja-build libz3-dev libboost-graph-dev libcli11-dev libgtest-dev nlohmann-json3-dev
          libcpp-httplib-dev ${EXTRA_PACKAGES:-})
missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  if [ "$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi

build_dir="${BUILD_DIR:-build}"
launcher=()
# ccache caches the files built on the precompiled headers only with this sloppiness (its manual).
if command -v ccache >/dev/null 2>&1; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  export CCACHE_SLOPPINESS="${CCACHE_SLOPPINESS:-pch_defines,time_macros,include_file_mtime,include_file_ctime}"
fi
cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE="${BUILD_TYPE:-Release}" "${launcher[@]}" >/dev/null
targets=()
for t in "$@"; do targets+=(--target "$t"); done
cmake --build "$build_dir" -j "$(nproc)" "${targets[@]}"
