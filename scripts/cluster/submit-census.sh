#!/usr/bin/env bash
# Submits a tlaloc census to Slurm: a job array of SHARDS tasks (census-shard.sbatch, one shard each)
# and the merge (census-merge.sbatch), which waits for the whole array with --dependency=afterok.
# Prints the two job ids: "ARRAY_ID MERGE_ID".
# Usage: scripts/cluster/submit-census.sh LEVEL SHARDS OUT [CENSUS OPTION...]
#   e.g. scripts/cluster/submit-census.sh 1 64 /scratch/level1 --no-tier
# Environment: TLALOC, the tlaloc program every node runs (default: this checkout's build/tlaloc);
# SBATCH_ARGS, more sbatch options for both jobs (e.g. "--partition=long --time=02:00:00").
set -euo pipefail
if [ $# -lt 3 ]; then
  echo "usage: $0 LEVEL SHARDS OUT [CENSUS OPTION...]   e.g. $0 1 64 /scratch/level1 --no-tier" >&2
  exit 2
fi
LEVEL="$1" SHARDS="$2" OUT="$3"
shift 3
case "$SHARDS" in '' | *[!0-9]* | 0*) echo "$0: SHARDS: expected a whole number from 1, found \"$SHARDS\"" >&2; exit 2 ;; esac
here="$(cd "$(dirname "$0")" && pwd)"
TLALOC="${TLALOC:-$here/../../build/tlaloc}"
TLALOC="$(cd "$(dirname "$TLALOC")" && pwd)/$(basename "$TLALOC")"
[ -x "$TLALOC" ] || { echo "$0: $TLALOC is not a program (build it, or set TLALOC)" >&2; exit 2; }
mkdir -p "$OUT/logs"
OUT="$(cd "$OUT" && pwd)"
# The options are checked here, once, rather than in every task: a census of no item of this level.
"$TLALOC" xalapa census --level "$LEVEL" --shard "0/$SHARDS" --limit 0 "$@" > /dev/null 2>&1 || {
  "$TLALOC" xalapa census --level "$LEVEL" --shard "0/$SHARDS" --limit 0 "$@" > /dev/null
  exit 2
}
export TLALOC LEVEL SHARDS OUT CENSUS_ARGS="$*"
# shellcheck disable=SC2086
array=$(sbatch --parsable --array="0-$((SHARDS - 1))" --export=ALL ${SBATCH_ARGS:-} \
  --output="$OUT/logs/census-$LEVEL-%a.log" "$here/census-shard.sbatch")
array="${array%%;*}"
# shellcheck disable=SC2086
merge=$(sbatch --parsable --dependency="afterok:$array" --export=ALL ${SBATCH_ARGS:-} \
  --output="$OUT/logs/merge-$LEVEL.log" "$here/census-merge.sbatch")
merge="${merge%%;*}"
echo "$array $merge"
