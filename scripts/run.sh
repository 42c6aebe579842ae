#!/usr/bin/env bash
# Sets everything up and runs the main job on shipped data: solves a sample Xalapa challenge.
# Builds only the `tlaloc` executable (the tests are built by scripts/test.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh tlaloc
exec "${BUILD_DIR:-build}/tlaloc" xalapa solve puzzles/xalapa/challenges/basic-1.json "$@"
