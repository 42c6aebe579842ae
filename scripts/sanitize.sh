#!/usr/bin/env bash
# Builds the tests with AddressSanitizer and UndefinedBehaviorSanitizer into build-asan
# (scripts/sanitized_build.sh) and runs them through ctest; the slow differential tests take smaller
# samples there (TLALOC_TEST_SCALE=small). Any sanitizer report, in a test or in a `tlaloc` it runs,
# fails the run. docs/robustness.md.
# Usage: scripts/sanitize.sh [CTEST ARGS...]   (after scripts/test.sh has installed the packages;
#        ASAN_BUILD_DIR may be set in the environment)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
build_dir="${ASAN_BUILD_DIR:-build-asan}"

scripts/sanitized_build.sh

# Reports go to files as well as failing their process, so a report in a `tlaloc` that a test runs
# (whose exit code the test may not look at) fails the run too.
reports="$root/$build_dir/sanitizer-reports"
rm -rf "$reports"
mkdir -p "$reports"
export TLALOC_TEST_SCALE=small
export ASAN_OPTIONS="log_path=$reports/asan:detect_leaks=1:strict_string_checks=1:detect_stack_use_after_return=1:check_initialization_order=1"
export UBSAN_OPTIONS="log_path=$reports/ubsan:print_stacktrace=1:halt_on_error=1"
export LSAN_OPTIONS="suppressions=$root/scripts/lsan.supp:print_suppressions=0"

status=0
(cd "$build_dir" && ctest --output-on-failure -j "$(nproc)" "$@") || status=$?
if compgen -G "$reports/*" >/dev/null; then
  for f in "$reports"/*; do
    echo "==== sanitizer report $(basename "$f") ====" >&2
    head -n 60 "$f" >&2
  done
  echo "sanitize: $(ls "$reports" | wc -l) sanitizer report(s) above" >&2
  status=1
fi
exit $status
