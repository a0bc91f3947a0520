#!/usr/bin/env bash
# run-all hook for post 1: every benchmark of the post in the given profile, then the latency mode.
# Usage: lab-run.sh PROFILE OUTDIR [BENCHMARKDOTNET_ARGS...]   (called by scripts/run-all.sh)
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/../../scripts/lib/common.sh"

usage() { sed -n '2,3p' "$0" | sed 's/^# //'; }
lab_hook_args "$@"
case "$PROFILE" in
  smoke) LATENCY=(--threads 1,4 --batches 1 --warmup 0) ;;
  quick) LATENCY=(--batches 3 --warmup 1) ;;
  full)  LATENCY=() ;;
esac
cd "$HERE"
rm -rf BenchmarkDotNet.Artifacts/results

cmd=(dotnet run -c Release --no-build -- --filter '*' "${BDN_ARGS[@]}")
printf 'cd first-things-first/why-benchmarks-lie &&%s\n' "$(lab_quote_args "${cmd[@]}")" > "$OUT/command.txt"
"${cmd[@]}"
cp BenchmarkDotNet.Artifacts/results/*.md "$OUT/"

lat=(dotnet run -c Release --no-build -- latency --output "$OUT/latency" "${LATENCY[@]}")
printf 'cd first-things-first/why-benchmarks-lie &&%s\n' "$(lab_quote_args "${lat[@]}")" >> "$OUT/command.txt"
"${lat[@]}" | tee "$OUT/latency.txt"
