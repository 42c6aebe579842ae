#!/usr/bin/env bash
# Sets everything up, builds the tests and runs the whole suite through ctest.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cd "${BUILD_DIR:-build}"
ctest --output-on-failure -j "$(nproc)" "$@"
