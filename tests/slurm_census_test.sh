#!/usr/bin/env bash
# The census through a live single-node Slurm: starts munged, slurmctld and slurmd on this machine
# with a configuration of its own in a temporary folder (its own ports, state, spool and logs;
# proctrack/linuxproc, task/none, no cgroups), submits the basic-level census (without tiers) as an
# array of 8 shards through scripts/cluster/submit-census.sh, requeues one shard while it runs
# (scontrol requeue: the task is stopped and started again, continuing its file), waits for the
# merge job, and checks that the merged summary is byte for byte the summary of the same census run
# as one process; then the same for a balance run (4 shards through submit-balance.sh). Every daemon it started is stopped by its PID when it ends, whatever the outcome.
# Usage: tests/slurm_census_test.sh TLALOC_PROGRAM
# Exit 0: passed; 77: skipped (not root, the Slurm and MUNGE packages not installed, or the daemons
# cannot start on this machine: said loudly, with their logs); else failed.
set -euo pipefail
# LIMIT_SECONDS: the whole test, below ctest's TIMEOUT (900 s), so that the clean-up runs
# (TLALOC_SLURM_TEST_LIMIT sets another, e.g. to see the clean-up after a failure).
readonly SKIP=77 LIMIT_SECONDS="${TLALOC_SLURM_TEST_LIMIT:-840}"
tlaloc="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
here="$(cd "$(dirname "$0")/.." && pwd)"
started=$(date +%s)

if [ "$(id -u)" -ne 0 ]; then
  echo "SKIPPED: the live-Slurm test starts munged, slurmctld and slurmd, which needs root (run as root)"
  exit $SKIP
fi
for program in munged mungekey slurmctld slurmd sbatch scontrol squeue scancel; do
  if ! command -v "$program" > /dev/null; then
    echo "SKIPPED: $program is missing (install slurmctld slurmd slurm-client munge; scripts/test.sh does)"
    exit $SKIP
  fi
done

tmp="$(mktemp -d /tmp/tlaloc-slurm-XXXXXX)"
chmod 711 "$tmp"
export SLURM_CONF="$tmp/slurm.conf"
daemons=()  # PIDs of what this script started
watchdog=""

say() { printf '[slurm test %4ss] %s\n' "$(($(date +%s) - started))" "$*"; }

# Stops the jobs (so no slurmstepd outlives its slurmd), then every daemon by PID, then removes the
# folder unless the test failed (then the logs are printed and kept).
cleanup() {
  local code=$?
  set +e
  if [ -n "$watchdog" ]; then
    pkill -P "$watchdog" 2> /dev/null
    kill "$watchdog" 2> /dev/null
  fi
  if [ ${#daemons[@]} -gt 0 ]; then
    scancel --quiet --full -p tlaloc 2> /dev/null
    for _ in $(seq 1 30); do
      [ -z "$(squeue -h -o %i 2> /dev/null)" ] && break
      sleep 1
    done
    # Job step daemons started by our slurmd carry our SLURM_CONF: stop any that is left, by PID.
    for env in /proc/[0-9]*/environ; do
      pid="${env#/proc/}"
      pid="${pid%/environ}"
      if [ "$(cat "/proc/$pid/comm" 2> /dev/null)" = slurmstepd ] &&
        { tr '\0' '\n' < "$env"; } 2> /dev/null | grep -qx "SLURM_CONF=$SLURM_CONF"; then
        kill -KILL "$pid" 2> /dev/null
      fi
    done
    for pid in "${daemons[@]}"; do kill -TERM "$pid" 2> /dev/null; done
    for pid in "${daemons[@]}"; do
      for _ in $(seq 1 50); do kill -0 "$pid" 2> /dev/null || break; sleep 0.2; done
      kill -KILL "$pid" 2> /dev/null
      wait "$pid" 2> /dev/null
    done
  fi
  if [ "$code" -ne 0 ] && [ "$code" -ne $SKIP ]; then
    for log in "$tmp"/*.log "$tmp"/out/logs/*.log; do
      [ -f "$log" ] && { echo "----- $log"; tail -n 40 "$log"; }
    done
    echo "the test's folder is kept: $tmp"
  else
    rm -rf "$tmp"
  fi
  exit "$code"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
# Past the limit, the test stops itself (through the TERM trap, so the daemons are stopped too).
(sleep "$LIMIT_SECONDS" && echo "FAILED: not done within $LIMIT_SECONDS s" >&2 && kill -TERM $$) &
watchdog=$!

fail() { echo "FAILED: $*" >&2; exit 1; }
# The machine cannot run the daemons (a container without the kernel features they need, say): the
# test is skipped, loudly, with their logs' last lines; everything after they are up must pass.
cannot_start() {
  echo "SKIPPED: $* on this machine; the last lines of the daemons' logs:" >&2
  for log in "$tmp"/*.log; do [ -f "$log" ] && { echo "== $log" >&2; tail -n 5 "$log" >&2; }; done
  exit $SKIP
}

# Two TCP ports nobody listens on (the kernel's choice through python3, else two random ones).
free_ports() {
  python3 -c 'import socket
s = [socket.socket() for _ in range(2)]
for x in s: x.bind(("127.0.0.1", 0))
print(" ".join(str(x.getsockname()[1]) for x in s))' 2> /dev/null || shuf -i 20000-60000 -n 2 | paste -sd ' '
}

# ---- MUNGE: its own key and socket
mkdir -m 711 "$tmp/munge"
mungekey --create --keyfile="$tmp/munge/munge.key" 2> /dev/null || dd if=/dev/urandom of="$tmp/munge/munge.key" bs=1024 count=1 status=none
chmod 400 "$tmp/munge/munge.key"
munged --foreground --force --key-file="$tmp/munge/munge.key" --socket="$tmp/munge/munge.socket" \
  --pid-file="$tmp/munge/munged.pid" --log-file="$tmp/munged.log" --seed-file="$tmp/munge/munged.seed" \
  > "$tmp/munged.stdout.log" 2>&1 &
daemons+=($!)
for _ in $(seq 1 50); do [ -S "$tmp/munge/munge.socket" ] && break; sleep 0.1; done
[ -S "$tmp/munge/munge.socket" ] || cannot_start "munged did not start"

# ---- Slurm: one node, this machine
read -r ctld_port slurmd_port < <(free_ports)
host="$(hostname -s)"
cpus="$(nproc)"
mkdir -p "$tmp/state" "$tmp/spool"
cat > "$SLURM_CONF" << CONF
ClusterName=tlaloc-test
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$tmp/munge/munge.socket
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/slurmctld.log
SlurmdLogFile=$tmp/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
SwitchType=switch/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
KillWait=20
MinJobAge=600
SchedulerParameters=defer_batch=false
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=tlaloc Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
slurmctld -D -i -f "$SLURM_CONF" > "$tmp/slurmctld.stdout.log" 2>&1 &
daemons+=($!)
slurmd -D -f "$SLURM_CONF" -N "$host" > "$tmp/slurmd.stdout.log" 2>&1 &
daemons+=($!)
for _ in $(seq 1 60); do
  sinfo -h -o %T 2> /dev/null | grep -qE '^(idle|mixed|allocated)' && break
  sleep 1
done
sinfo -h -o %T 2> /dev/null | grep -qE '^(idle|mixed|allocated)' || cannot_start "the Slurm node did not come up"
say "munged, slurmctld and slurmd up (PIDs ${daemons[*]}); $cpus CPUs"

# ---- The same census as one process, beside the array (it shares the cores)
"$tlaloc" xalapa census --level basic --no-tier --out "$tmp/single.jsonl" 2> "$tmp/single.log" &
single=$!
daemons+=($single)

# ---- The array and its merge
read -r array merge < <(TLALOC="$tlaloc" "$here/scripts/cluster/submit-census.sh" basic 8 "$tmp/out" --no-tier)
say "submitted the array $array (8 shards) and the merge $merge"

# ---- Requeue shard 1 midway: once it runs and has written 1000 lines
victim="${array}_1"
shard1="$tmp/out/census-basic-1.jsonl"
for _ in $(seq 1 600); do
  [ -f "$shard1" ] && [ "$(wc -l < "$shard1")" -ge 1000 ] && break
  sleep 0.2
done
[ -f "$shard1" ] || fail "shard 1 did not start within 2 minutes: $(squeue 2>&1 | head -n 12)"
before=$(wc -l < "$shard1")
[ "$before" -lt 17820 ] || fail "shard 1 finished before it could be requeued"
scontrol requeue "$victim"
say "requeued shard 1 ($victim) with $before of its 17820 lines written"

# ---- Wait for the merge
while :; do
  state="$(scontrol -o show job "$merge" | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p')"
  reason="$(scontrol -o show job "$merge" | sed -n 's/.* Reason=\([^ ]*\).*/\1/p')"
  case "$state" in
    COMPLETED) break ;;
    FAILED | CANCELLED | TIMEOUT | NODE_FAIL | OUT_OF_MEMORY) fail "the merge job ended $state" ;;
  esac
  [ "$reason" != DependencyNeverSatisfied ] || fail "the merge will never run: a shard did not end well"
  sleep 2
done
say "the merge job completed"
grep -q "lines already in $shard1" "$tmp/out/logs/census-basic-1.log" ||
  fail "shard 1 did not continue its file after the requeue"
grep -q "stopped by SIGTERM" "$tmp/out/logs/census-basic-1.log" ||
  fail "shard 1 was not stopped by SIGTERM on the requeue"

# ---- The one-process summary, and the comparison
wait "$single" || fail "the one-process census failed: $(tail -n 3 "$tmp/single.log")"
"$tlaloc" xalapa census summarize "$tmp/single.jsonl" > "$tmp/single-summary.txt"
"$tlaloc" xalapa census summarize --json "$tmp/single.jsonl" > "$tmp/single-summary.json"
cmp "$tmp/single-summary.txt" "$tmp/out/summary-basic.txt" || {
  diff "$tmp/single-summary.txt" "$tmp/out/summary-basic.txt" | head -20
  fail "the merged summary differs from the one-process summary"
}
cmp "$tmp/single-summary.json" "$tmp/out/summary-basic.json" || fail "the merged JSON summary differs"
grep -q "census: 142560 challenges of 142560 (complete)" "$tmp/out/summary-basic.txt" ||
  fail "the merged census is not complete: $(head -n 3 "$tmp/out/summary-basic.txt")"
say "the merged census summary of 8 shards (one requeued midway) is the one-process summary"

# ---- A balance run the same way: 4 shards through submit-balance.sh, shard 1 requeued midway
# (SIGTERM: it stops after the game in hand and starts again, continuing its file), the merge job after
# the array; the table must be the one-process run's.
balance_args=(--games 160 --players 3 --bots greedy,random --seed 3)
"$tlaloc" akelarre balance "${balance_args[@]}" > "$tmp/balance-single.txt" 2> "$tmp/balance-single.log" &
single=$!
daemons+=($single)
read -r barray bmerge < <(TLALOC="$tlaloc" "$here/scripts/cluster/submit-balance.sh" akelarre 4 "$tmp/balance" "${balance_args[@]}")
say "submitted the balance array $barray (4 shards) and its merge $bmerge"
bshard1="$tmp/balance/balance-1.jsonl"
for _ in $(seq 1 600); do
  [ -f "$bshard1" ] && [ "$(wc -l < "$bshard1")" -ge 6 ] && break
  sleep 0.1
done
bbefore=$(wc -l < "$bshard1")
[ "$bbefore" -lt 41 ] || fail "balance shard 1 finished before it could be stopped"
scontrol requeue "${barray}_1"
say "requeued balance shard 1 with $((bbefore - 1)) of its 40 games written"
while :; do
  state="$(scontrol -o show job "$bmerge" | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p')"
  reason="$(scontrol -o show job "$bmerge" | sed -n 's/.* Reason=\([^ ]*\).*/\1/p')"
  case "$state" in
    COMPLETED) break ;;
    FAILED | CANCELLED | TIMEOUT | NODE_FAIL | OUT_OF_MEMORY) fail "the balance merge job ended $state" ;;
  esac
  [ "$reason" != DependencyNeverSatisfied ] || fail "the balance merge will never run: a shard did not end well"
  sleep 1
done
grep -q "games already in $bshard1" "$tmp/balance/logs/balance-1.log" ||
  fail "balance shard 1 did not continue its file after the requeue"
grep -q "stopped by SIGTERM" "$tmp/balance/logs/balance-1.log" ||
  fail "balance shard 1 was not stopped by SIGTERM on the requeue"
wait "$single" || fail "the one-process balance run failed: $(tail -n 3 "$tmp/balance-single.log")"
cmp "$tmp/balance-single.txt" "$tmp/balance/balance.txt" || {
  diff "$tmp/balance-single.txt" "$tmp/balance/balance.txt" | head -20
  fail "the merged balance table differs from the one-process table"
}
grep -q "^games: 160 " "$tmp/balance/balance.txt" || fail "the merged balance run is not complete"
say "PASSED: census (8 shards) and balance (4 shards), each with a shard requeued midway, merge to the one-process results; wall time $(($(date +%s) - started)) s"
