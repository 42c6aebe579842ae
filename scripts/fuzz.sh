#!/usr/bin/env bash
# Builds the libFuzzer program (fuzz/FormatFuzz.cpp, one target name per input format) in the instrumented build-asan
# (scripts/sanitized_build.sh) and runs each for SECONDS (default 60) on its corpus
# (build-asan/corpus/<target>, seeded from the shipped files); a crash, a hang, a sanitizer report or
# a broken property is a finding and fails the run (the input is saved in
# build-asan/findings/<target>/). Targets run side by side, one per core. docs/robustness.md.
# Usage: scripts/fuzz.sh [SECONDS] [TARGET...]   (ASAN_BUILD_DIR and FUZZ_CXX may be set)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
shift || true
build_dir="${ASAN_BUILD_DIR:-build-asan}"

# The one program and its target names (links), then every format's target unless some are named.
scripts/sanitized_build.sh FormatFuzz
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  mapfile -t targets < <(ASAN_OPTIONS=detect_leaks=0 TLALOC_FUZZ_LIST=1 "$build_dir/FormatFuzz")
fi

# One target: its corpus (kept between runs), findings, log and a one-line result.
run_target() {
  local t=$1 dir="$build_dir/fuzz-runs/$1"
  mkdir -p "$build_dir/corpus/$t" "$build_dir/findings/$t" "$dir/tmp"
  local code=0
  # TMPDIR: the scratch copies the target writes its inputs into.
  TMPDIR="$dir/tmp" ASAN_OPTIONS="detect_leaks=1" UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1" \
    LSAN_OPTIONS="suppressions=$(pwd)/scripts/lsan.supp:print_suppressions=0" \
    "$build_dir/$t" "$build_dir/corpus/$t" -max_total_time="$seconds" -timeout=25 -rss_limit_mb=2560 \
    -dict=fuzz/json.dict -print_final_stats=1 -artifact_prefix="$build_dir/findings/$t/" >"$dir/log" 2>&1 || code=$?
  local execs
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$dir/log" | tail -n 1)
  if [ "$code" -eq 0 ]; then
    echo "$t: ok, ${execs:-?} executions in ${seconds} s, corpus $(ls "$build_dir/corpus/$t" | wc -l) files" >"$dir/result"
  else
    echo "$t: FINDING (exit $code), see $dir/log; input saved in $build_dir/findings/$t/" >"$dir/result"
  fi
}

rm -rf "$build_dir/fuzz-runs"
jobs_max=$(nproc)
for t in "${targets[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs_max" ]; do wait -n || true; done
  run_target "$t" &
done
wait

passed=0
failed=0
for t in "${targets[@]}"; do
  result=$(cat "$build_dir/fuzz-runs/$t/result" 2>/dev/null || echo "$t: FINDING (no result)")
  echo "$result"
  if [[ "$result" == *FINDING* ]]; then
    failed=$((failed + 1))
    grep -E "^(==[0-9]+==ERROR|SUMMARY|fuzz |.*runtime error|ALARM|==[0-9]+== ERROR)" "$build_dir/fuzz-runs/$t/log" | head -n 5 >&2 || true
  else
    passed=$((passed + 1))
  fi
done
echo "fuzz: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
