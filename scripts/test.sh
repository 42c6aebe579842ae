#!/usr/bin/env bash
# Sets everything up, builds everything and runs the whole suite through ctest: the GoogleTest
# executables, the layering check and the format check (clang-format is installed for it).
set -euo pipefail
cd "$(dirname "$0")/.."
EXTRA_PACKAGES="clang-format" scripts/setup.sh
cd "${BUILD_DIR:-build}"
ctest --output-on-failure -j "$(nproc)" "$@"
