#!/usr/bin/env bash
# Submits a tlaloc balance run to Slurm: a job array of SHARDS tasks (balance-shard.sbatch, one shard
# each) and the merge (balance-merge.sbatch), which waits for the whole array with --dependency=afterok.
# Prints the two job ids: "ARRAY_ID MERGE_ID".
# Usage: scripts/cluster/submit-balance.sh GAME SHARDS OUT [BALANCE OPTION...]
#   e.g. scripts/cluster/submit-balance.sh akelarre 40 /scratch/akelarre3 --games 2000 --players 3 --bots mcts,greedy
#   GAME: aztlan, azteka, akelarre or atlacoya (Xalapa's Atlacoya variant)
# Environment: TLALOC, the tlaloc program every node runs (default: this checkout's build/tlaloc);
# SBATCH_ARGS, more sbatch options for both jobs (e.g. "--partition=long --time=02:00:00").
set -euo pipefail
if [ $# -lt 3 ]; then
  echo "usage: $0 GAME SHARDS OUT [BALANCE OPTION...]   e.g. $0 akelarre 40 /scratch/akelarre3 --games 2000 --players 3" >&2
  exit 2
fi
GAME="$1" SHARDS="$2" OUT="$3"
shift 3
case "$GAME" in
  aztlan | azteka | akelarre) ;;
  atlacoya | "xalapa atlacoya") GAME="xalapa atlacoya" ;;
  *) echo "$0: GAME: expected aztlan, azteka, akelarre or atlacoya, found \"$GAME\"" >&2; exit 2 ;;
esac
case "$SHARDS" in '' | *[!0-9]* | 0*) echo "$0: SHARDS: expected a whole number from 1, found \"$SHARDS\"" >&2; exit 2 ;; esac
case " $* " in *" --shard "* | *" --out "* | *" --resume "* | *" --shard="* | *" --out="*)
  echo "$0: the shard, its file and --resume are set for each task; give only the run's options" >&2; exit 2 ;;
esac
here="$(cd "$(dirname "$0")" && pwd)"
TLALOC="${TLALOC:-$here/../../build/tlaloc}"
TLALOC="$(cd "$(dirname "$TLALOC")" && pwd)/$(basename "$TLALOC")"
[ -x "$TLALOC" ] || { echo "$0: $TLALOC is not a program (build it, or set TLALOC)" >&2; exit 2; }
mkdir -p "$OUT/logs"
OUT="$(cd "$OUT" && pwd)"
# The options are checked here, once, rather than in every task: a dry run plays nothing.
# shellcheck disable=SC2086
"$TLALOC" $GAME balance --shard "0/$SHARDS" "$@" --dry-run > /dev/null || exit 2
export TLALOC GAME SHARDS OUT BALANCE_ARGS="$*"
# shellcheck disable=SC2086
array=$(sbatch --parsable --array="0-$((SHARDS - 1))" --export=ALL ${SBATCH_ARGS:-} \
  --output="$OUT/logs/balance-%a.log" "$here/balance-shard.sbatch")
array="${array%%;*}"
# shellcheck disable=SC2086
merge=$(sbatch --parsable --dependency="afterok:$array" --export=ALL ${SBATCH_ARGS:-} \
  --output="$OUT/logs/balance-merge.log" "$here/balance-merge.sbatch")
merge="${merge%%;*}"
echo "$array $merge"
