#!/usr/bin/env bash
# Fails when a C++ file differs from what clang-format (with the tree's .clang-format) would write.
# Usage: scripts/check_format.sh        (scripts/check_format.sh --fix rewrites the files instead)
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t files < <(git ls-files '*.cpp' '*.h' 2>/dev/null || find model solver verify puzzles cli tests bench -name '*.cpp' -o -name '*.h')
if [ "${1:-}" = "--fix" ]; then
  clang-format -i "${files[@]}"
  exit 0
fi
if ! clang-format --dry-run --Werror "${files[@]}" 2>/tmp/tlaloc-format.$$; then
  grep -E '^[^ ].*: (error|warning):' /tmp/tlaloc-format.$$ | sed 's/: error: .*/: not formatted (run scripts\/check_format.sh --fix)/' | sort -u >&2
  rm -f /tmp/tlaloc-format.$$
  exit 1
fi
rm -f /tmp/tlaloc-format.$$
echo "format: ${#files[@]} files match .clang-format"
