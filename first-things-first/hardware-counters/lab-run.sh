#!/usr/bin/env bash
# scripts/run-all.sh's hook for post 5 ("Hardware Counters"): the caches from every source (a latency sweep), the
# prediction, the AccessPatterns benchmarks (with the Linux counter columns), then (quick, full) perf stat on both
# loops and the flame graphs (folded stacks, SVG, speedscope).
set -euo pipefail
# shellcheck source=../../scripts/lib/hook.sh
. "$(dirname "${BASH_SOURCE[0]}")/../../scripts/lib/hook.sh"

# perf stat / flame graph size: 1M elements, the post's L3-resident case, quick to build and to loop over.
PERF_N=1000000

LAB_BUDGET="smoke=38 quick=80 full=140"
LAB_HOOK_HELP=$(cat <<TEXT
  PROFILE smoke   every AccessPatterns case once, cold (proves the benchmarks and the counters run)
  PROFILE quick   AccessPatterns at the post's three sizes in 3 interleaved rounds (a round: every case once, in
                  its own process, 1 warmup + 3 iterations of ~100 ms); perf stat and flame graphs at N=$PERF_N
                  with 1 s loops
  PROFILE full    the same first rounds; perf stat and flame graphs with 5 s loops
  OUTDIR          caches.md, caches.json                sysfs, CPUID and the latency sweep side by side; the sweep
                  cache-sweep.csv                       the curve: ns per load vs working set (the report charts it)
                                                        smoke: quick sweep to 16 MiB, quick: one sweep to 4x the
                                                        largest claimed cache (<= 1 GiB), full: five sweeps
                  prediction-before.md                  where each size should land, from the best cache source
                  *-report-github.md, *.csv, *.json     AccessPatterns (with the Linux counter columns)
                  *-prediction.md                       the prediction checked against the measured ratios
                  perf-stat/perf-stat.md                perf stat, both loops              (quick, full)
                  flame-graph/*.folded, *.svg, *.speedscope.json, flame-graph.md
                                                        folded stacks, flame graphs, hot frames (quick, full)
Without perf, quick and full skip the perf parts with a note (perf-skipped.txt) instead of failing.
TEXT
)
lab_hook_start "$@"

case "$PROFILE" in
  smoke) BDN=("${SMOKE_BDN[@]}")
         PERF_SECONDS=0; SWEEP=(--sweep quick --max-mib 16) ;;
  quick) BDN=(--warmupCount 1 --iterationCount 3 --iterationTime 100)
         PERF_SECONDS=1; SWEEP=(--sweep quick) ;;
  full)  BDN=(--warmupCount 1 --iterationCount 3 --iterationTime 100)
         PERF_SECONDS=5; SWEEP=(--sweep full) ;;
esac

# The sweep first, alone on the machine's caches; every later step (prediction, its check) reads what it recorded.
# More rounds for the planner: AccessPatterns' cases with the first rounds' settings, against the sweep they recorded.
lab_hook_more() {
  if [ "$1" != bdn ] || [ -n "$2" ]; then lab_usage_error "$LAB_NAME runs more rounds of AccessPatterns only"; fi
  if [ -f "$OUT/caches.json" ]; then export FTF_CACHES_JSON="$OUT/caches.json"; fi
  lab_more_bdn "$OUT" "${BDN[@]}" || lab_failed "more rounds"
}
lab_more_dispatch

if lab_run caches --write "$OUT" "${SWEEP[@]}"; then
  export FTF_CACHES_JSON="$OUT/caches.json"
else
  lab_failed caches
fi
lab_run predict | tee "$OUT/prediction-before.md" || lab_failed predict
# The program prints the prediction again first, then BenchmarkDotNet's run, then the prediction check.
lab_bdn "$OUT" --filter '*AccessPatterns*' "${BDN[@]}" || lab_failed AccessPatterns

if [ "$PROFILE" != smoke ]; then
  if lab_has_cmd perf; then
    lab_script Scripts/perf-stat.sh "$PERF_N" --seconds "$PERF_SECONDS" --out "$OUT/perf-stat" || lab_failed perf-stat
    lab_script Scripts/flame-graph.sh "$PERF_N" --seconds "$PERF_SECONDS" --out "$OUT/flame-graph" || lab_failed flame-graph
  else
    lab_warn "perf is not installed: perf stat and flame graphs skipped (Debian: sudo apt-get install -y linux-perf)"
    echo "perf was not installed on this machine: perf stat and flame graphs were skipped." > "$OUT/perf-skipped.txt"
  fi
fi
lab_hook_done
