#!/usr/bin/env bash
# scripts/run-all.sh's hook for post 1 ("Why Benchmarks Lie"): every benchmark of the post, then the latency mode.
set -euo pipefail
# shellcheck source=../../scripts/lib/hook.sh
. "$(dirname "${BASH_SOURCE[0]}")/../../scripts/lib/hook.sh"

LAB_BUDGET="smoke=80 quick=100 full=300"
LAB_HOOK_HELP=$(cat <<'TEXT'
  PROFILE smoke   every benchmark once, cold; latency mode 1 batch at 1 and 4 threads
  PROFILE quick   every benchmark (Lazy, Narrow, Realistic, NoFlush, Zipfian; both backends) at 1 and 32 threads,
                  the two ends of every verdict (BenchmarkDotNet's --filter matches parameters too), 1 warmup +
                  3 iterations of ~100 ms (a Realistic iteration is one 500K batch, longer); latency mode at 1 and
                  32 threads, 3 batches after 1 warmup
  PROFILE full    the post's ShortRun job (3 warmups + 3 iterations of ~250 ms); latency mode at 1/4/16/32
                  threads, 10 batches after 2 warmups (its defaults)
  OUTDIR          *-report-github.md, *-report-full.json  the three benchmark classes
                  latency.txt, latency/*.hgrm, latency/summary.md  the latency mode
TEXT
)
lab_hook_start "$@"

FILTER=(--filter '*')
case "$PROFILE" in
  smoke) BDN=(--strategy ColdStart --launchCount 1 --warmupCount 0 --iterationCount 1 --unrollFactor 1 --invocationCount 1)
         LATENCY=(--threads '1,4' --batches 1 --warmup 0) ;;
  # BenchmarkDotNet writes parameters in declaration order, which may change: match ThreadCount in either place.
  quick) FILTER=(--filter '*ThreadCount: 1,*' '*ThreadCount: 1)' '*ThreadCount: 32,*' '*ThreadCount: 32)')
         BDN=(--warmupCount 1 --iterationCount 3 --iterationTime 100)
         LATENCY=(--threads '1,32' --batches 3 --warmup 1) ;;
  full)  BDN=(--iterationTime 250)
         LATENCY=() ;;
esac

lab_bdn "$OUT" "${FILTER[@]}" "${BDN[@]}" || lab_failed benchmarks
lab_run latency --output "$OUT/latency" "${LATENCY[@]}" | tee "$OUT/latency.txt" || lab_failed latency
lab_hook_done
