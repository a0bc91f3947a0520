#!/usr/bin/env bash
# An upper bound for what DAMON's pageout can cost a build: an up-to-date (no-op) build of one post, timed with the page
# cache warm and right after dropping it (echo 1 > /proc/sys/vm/drop_caches: every clean file page evicted, far more
# than the pageout of pages idle for a minute). Rounds in an order drawn from a recorded seed. Needs root.
# Usage: investigations/damon/cold-build.sh [ROUNDS] [OUT_CSV]   (defaults: 5, investigations/damon/cold-build.csv)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
rounds=${1:-5}
out=${2:-$here/cold-build.csv}
project=$root/first-things-first/hardware-counters
if ! [[ $rounds =~ ^[0-9]+$ ]] || [ "$rounds" -lt 2 ]; then
  echo "error: ROUNDS must be a whole number ≥ 2 (got '$rounds')" >&2; exit 2
fi
[ -w /proc/sys/vm/drop_caches ] || { echo "error: /proc/sys/vm/drop_caches is not writable (run as root)" >&2; exit 3; }
[ ! -e "$out" ] || { echo "error: $out exists" >&2; exit 2; }

# The build servers would keep the SDK in memory between builds: none, as in BenchmarkDotNet's own builds.
build() {
  dotnet build "$project" -c Release --no-restore -nologo -v q --nodeReuse:false /p:UseSharedCompilation=false > "$log" ||
    { cat "$log" >&2; echo "error: the build of $project failed" >&2; exit 1; }
}
log=$(mktemp)
trap 'rm -f -- "$log"' EXIT
dotnet restore "$project" -v q > /dev/null
build  # up to date from here on
seed=${SEED:-$(( (RANDOM << 15) | RANDOM ))}
RANDOM=$seed
echo "# SEED=$seed investigations/damon/cold-build.sh $rounds; commit $(git -C "$root" rev-parse --short HEAD)" > "$out"
echo "round,cache,seconds" >> "$out"
for r in $(seq 1 "$rounds"); do
  if (( RANDOM % 2 )); then order="warm cold"; else order="cold warm"; fi
  for cache in $order; do
    if [ "$cache" = cold ]; then sync; echo 1 > /proc/sys/vm/drop_caches; else build; fi  # warm: read it all once more
    start=$(date +%s.%N)
    build
    echo "$r,$cache,$(echo "$(date +%s.%N) - $start" | bc)" >> "$out"
  done
done
cat "$out"
