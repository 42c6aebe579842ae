#!/usr/bin/env bash
# Sets everything up and runs the main job on shipped data: solves a sample Xalapa challenge.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
exec "${BUILD_DIR:-build}/tlaloc" xalapa solve puzzles/xalapa/challenges/basic-1.json "$@"
