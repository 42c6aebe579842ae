#!/usr/bin/env bash
# Fails when a file includes from a higher layer. The layers, lowest first:
#   model <- solver <- verify <- puzzles <- session <- cli
# (tests/ and bench/ may include anything). model/ is also kept free of Z3.
# Usage: scripts/check_layers.sh [ROOT]     (ROOT defaults to the repository)
set -euo pipefail
root="${1:-$(cd "$(dirname "$0")/.." && pwd)}"
layers=(model solver verify puzzles session cli)
status=0
for ((i = 0; i < ${#layers[@]}; i++)); do
  layer=${layers[$i]}
  [ -d "$root/$layer" ] || continue
  higher=("${layers[@]:$((i + 1))}")
  [ ${#higher[@]} -gt 0 ] || continue
  pattern="^[[:space:]]*#[[:space:]]*include[[:space:]]*\"($(IFS='|'; echo "${higher[*]}"))/"
  while IFS= read -r hit; do
    echo "layering: ${hit#"$root"/}: $layer/ may include only from lower layers (model <- solver <- verify <- puzzles <- session <- cli)" >&2
    status=1
  done < <(grep -rnE --include='*.h' --include='*.cpp' "$pattern" "$root/$layer" || true)
done
while IFS= read -r hit; do
  echo "layering: ${hit#"$root"/}: model/ holds pure rules and data, no Z3 (put it in solver/)" >&2
  status=1
done < <(grep -rnE --include='*.h' --include='*.cpp' '^[[:space:]]*#[[:space:]]*include[[:space:]]*<z3' "$root/model" 2>/dev/null || true)
[ $status -eq 0 ] && echo "layering: every include points down"
exit $status
