#!/usr/bin/env bash
# DAMON off vs on, in interleaved rounds: does the guest kernel's reclaim (kdamond 0, a paddr "pageout" scheme) move
# the lab's drift probe (LabReport probe: a CPU loop and a 64 MiB pointer chase)? Each round runs both states, in an
# order drawn from a recorded seed; each state settles, then the probe runs PROBES times, each a new process.
# Restores the kdamond's state on exit, Ctrl-C included. Needs root (it writes /sys/kernel/mm/damon).
# Usage: investigations/damon/ab.sh [ROUNDS] [OUT]   (defaults: 12, investigations/damon/ab)
# Environment: SEED (default: drawn), PROBES (4), SETTLE seconds after each switch (3).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
rounds=${1:-12}
out=${2:-$here/ab}
probes=${PROBES:-4}
settle=${SETTLE:-3}
kd=/sys/kernel/mm/damon/admin/kdamonds/0

if ! [[ $rounds =~ ^[0-9]+$ ]] || [ "$rounds" -lt 2 ]; then
  echo "error: ROUNDS must be a whole number ≥ 2 (got '$rounds')" >&2; exit 2
fi
[[ $probes =~ ^[1-9][0-9]*$ ]] || { echo "error: PROBES must be a whole number ≥ 1 (got '$probes')" >&2; exit 2; }
[[ $settle =~ ^[0-9]+$ ]] || { echo "error: SETTLE must be whole seconds (got '$settle')" >&2; exit 2; }
[ -w "$kd/state" ] || { echo "error: $kd/state is not writable: this kernel has no DAMON sysfs kdamond, or you are not root" >&2; exit 3; }
[ -z "$(ls -A "$out" 2>/dev/null)" ] || { echo "error: $out is not empty" >&2; exit 2; }

original=$(cat "$kd/state")
# The kernel refuses (EBUSY) to turn on a kdamond that is on, or off one that is off.
set_state() { [ "$(cat "$kd/state")" = "$1" ] || echo "$1" > "$kd/state"; }
restore() { set_state "$original" 2>/dev/null || echo "warning: could not set $kd/state back to $original" >&2; }
trap restore EXIT
trap 'exit 130' INT TERM

dotnet build "$root/shared/LabReport" -c Release -nologo -v q > /dev/null
lab=(dotnet "$root/shared/LabReport/bin/Release/net10.0/LabReport.dll")
mkdir -p "$out"
seed=${SEED:-$(( (RANDOM << 15) | RANDOM ))}
RANDOM=$seed
{
  echo "# $(date -u +%Y-%m-%dT%H:%M:%SZ), commit $(git -C "$root" rev-parse --short HEAD), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(nproc) CPUs"
  echo "# kdamond 0 was '$original'; scheme 0: $(cat "$kd/contexts/0/schemes/0/action"), age ≥ $(cat "$kd/contexts/0/schemes/0/access_pattern/age/min") aggregations of $(cat "$kd/contexts/0/monitoring_attrs/intervals/aggr_us") µs"
  echo "SEED=$seed PROBES=$probes SETTLE=$settle investigations/damon/ab.sh $rounds"
} > "$out/command.txt"

for r in $(seq 1 "$rounds"); do
  if (( RANDOM % 2 )); then order="off on"; else order="on off"; fi
  for state in $order; do
    # Every "on" side starts a fresh kdamond, as the round before may have left it on: each starts with no region aged.
    set_state off
    [ "$state" = off ] || set_state on
    sleep "$settle"
    for _ in $(seq 1 "$probes"); do
      "${lab[@]}" probe --label "r$r-$state" --append "$out/probes.csv" > /dev/null
    done
  done
  echo "round $r of $rounds: $order"
done
