#!/usr/bin/env bash
# scripts/run-all.sh's hook for post 5: the prediction, the AccessPatterns benchmarks with the profile's
# arguments, then (quick/full) perf stat on a small N and the flame graphs; copies every output into OUTDIR.
set -euo pipefail
POST_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$POST_DIR/Scripts/runner.sh"

# perf stat / flame graph size: 1M elements, the post's L3-resident case, quick to build and to loop over.
PERF_N=1000000

usage() {
  cat <<'USAGE'
Usage: first-things-first/hardware-counters/lab-run.sh PROFILE OUTDIR [BENCHMARKDOTNET_ARGS...]

  PROFILE   smoke | quick | full (as scripts/run-all.sh; the BenchmarkDotNet arguments of the profile follow OUTDIR)
  OUTDIR    where the outputs go:
              OUTDIR/prediction-before.md                 where each size should land, from this machine's caches
              OUTDIR/*-report-github.md, *.csv            AccessPatterns (with the Linux counter columns)
              OUTDIR/*-prediction.md                      the prediction checked against the measured ratios
              OUTDIR/perf-stat/perf-stat.md               perf stat, both loops, N=1000000    (quick, full)
              OUTDIR/flame-graph/*.folded, flame-graph.md folded stacks and hot frames (quick, full)

Smoke runs every case once, cold (it proves the benchmarks and the counters run; it measures nothing).
Without perf, quick/full skip the perf parts with a note instead of failing the benchmarks.
Example: lab-run.sh quick /tmp/hc --launchCount 1 --warmupCount 1 --iterationCount 5
USAGE
}

lab_hook_args "$@"
case "$PROFILE" in
  smoke) PERF_SECONDS=0 ;;
  quick) PERF_SECONDS=2 ;;
  full) PERF_SECONDS=5 ;;
esac
lab_need_cmd dotnet "dotnet-sdk-10.0" "or see https://dot.net/install"

hc_workdir hardware-counters

hc_build
hc_app

# What a reader types (from this folder) to reproduce each output.
{
  echo "cd first-things-first/hardware-counters && dotnet run -c Release -- predict"
  printf 'cd first-things-first/hardware-counters && dotnet run -c Release -- --filter %q%s\n' '*AccessPatterns*' "$(lab_quote_args "${BDN_ARGS[@]}")"
  if [ "$PROFILE" != smoke ]; then
    echo "cd first-things-first/hardware-counters && ./Scripts/perf-stat.sh $PERF_N --seconds $PERF_SECONDS --out <dir>"
    echo "cd first-things-first/hardware-counters && ./Scripts/flame-graph.sh $PERF_N --seconds $PERF_SECONDS --out <dir>"
  fi
} > "$OUT/command.txt"

failures=()
"${HC_APP[@]}" predict | tee "$OUT/prediction-before.md" || failures+=(predict)

lab_info "AccessPatterns ($PROFILE)"
# The program prints the prediction again first, then BenchmarkDotNet's run, then the prediction check.
if ! "${HC_APP[@]}" --filter '*AccessPatterns*' --artifacts "$HC_WORK/bdn" "${BDN_ARGS[@]}"; then
  failures+=(AccessPatterns)
fi
copied=0
for f in "$HC_WORK"/bdn/results/*.md "$HC_WORK"/bdn/results/*.csv; do
  [ -f "$f" ] || continue
  cp "$f" "$OUT/"
  copied=1
done
[ "$copied" -eq 1 ] || lab_warn "no tables in $HC_WORK/bdn/results"

if [ "$PROFILE" != smoke ]; then
  if lab_has_cmd perf; then
    lab_info "perf stat, N=$PERF_N"
    "$HC_SCRIPTS_DIR/perf-stat.sh" "$PERF_N" --seconds "$PERF_SECONDS" --out "$OUT/perf-stat" --no-build || failures+=(perf-stat)
    lab_info "flame graphs (folded stacks), N=$PERF_N"
    "$HC_SCRIPTS_DIR/flame-graph.sh" "$PERF_N" --seconds "$PERF_SECONDS" --out "$OUT/flame-graph" --no-build || failures+=(flame-graph)
  else
    lab_warn "perf is not installed: perf stat and flame graphs skipped (Debian: sudo apt-get install -y linux-perf)"
    echo "perf was not installed on this machine: perf stat and flame graphs were skipped." > "$OUT/perf-skipped.txt"
  fi
fi

if [ "${#failures[@]}" -gt 0 ]; then
  lab_die "failed: ${failures[*]}"
fi
lab_info "hardware-counters: outputs in $OUT"
