#!/usr/bin/env bash
# Sets everything up, builds everything (the benches too, which it does not run) and runs the whole
# suite through ctest: the GoogleTest executables, the layering check, the format check (clang-format
# is installed for it), the studio and the verify report in a headless browser (chromium,
# chromium-driver, python3-selenium are installed for it), the JSON Schemas (python3-jsonschema) and
# the census through a live single-node Slurm (slurmctld, slurmd, slurm-client and munge are
# installed for it). Then the same tests built with AddressSanitizer and UBSan
# (scripts/sanitize.sh, build-asan) and each fuzz target for 30 s (scripts/fuzz.sh, build-asan; clang
# and libFuzzer are installed for it).
# TLALOC_TEST_SANITIZERS=0 skips the sanitizer run, TLALOC_TEST_FUZZ_SECONDS=0 the fuzzing
# (another number: that many seconds per target). See docs/robustness.md.
#
# scripts/test.sh --quick [CTEST ARG...]: the everyday tier: the same Release build (without the
# benches), then the tests labelled unit and cli but not slow (no browser, no Slurm, no sanitizers,
# no fuzzing). CI runs the full suite (no --quick).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--quick" ]; then
  shift
  scripts/setup.sh all
  cd "${BUILD_DIR:-build}"
  exec ctest --output-on-failure -j "$(nproc)" -L '^(unit|cli)$' "$@"
fi
# chromium, chromium-driver and python3-selenium: the browser tests (tests/*_browser_test.py);
# python3-jsonschema: the schemas' test (tests/schemas_test.py);
# slurmctld, slurmd, slurm-client and munge: the census through a live Slurm (tests/slurm_census_test.sh).
# `all` and the benches (not run here: they must keep building).
EXTRA_PACKAGES="clang-format clang-14 libclang-rt-14-dev chromium chromium-driver python3-selenium python3-jsonschema \
slurmctld slurmd slurm-client munge" \
  scripts/setup.sh all benches
(cd "${BUILD_DIR:-build}" && ctest --output-on-failure -j "$(nproc)" "$@")
if [ "${TLALOC_TEST_SANITIZERS:-1}" != 0 ]; then
  scripts/sanitize.sh "$@"
fi
if [ "${TLALOC_TEST_FUZZ_SECONDS:-30}" != 0 ]; then
  scripts/fuzz.sh "${TLALOC_TEST_FUZZ_SECONDS:-30}"
fi
