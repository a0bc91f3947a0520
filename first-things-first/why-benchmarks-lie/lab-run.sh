#!/usr/bin/env bash
# scripts/run-all.sh's hook for post 1 ("Why Benchmarks Lie"): every benchmark of the post, then the latency mode.
set -euo pipefail
# shellcheck source=../../scripts/lib/hook.sh
. "$(dirname "${BASH_SOURCE[0]}")/../../scripts/lib/hook.sh"

LAB_BUDGET="smoke=80 quick=140 full=340"
LAB_HOOK_HELP=$(cat <<'TEXT'
  PROFILE smoke   every benchmark once, cold; latency mode 1 batch at 1 and 4 threads
  PROFILE quick   the cases the claims read, both backends: Narrow and Realistic at 1, 2 and 32 threads (the ends
                  of every claim, and the most threads that run at once on 2 CPUs), NoFlush at 32, Lazy at 1 and 32,
                  in 3 interleaved rounds: a round is every case once, in its own process, the post's ShortRun
                  (3 warmups + 3 iterations) of ~100 ms (a Realistic iteration is one 500K batch, longer); no latency mode (no
                  claim is judged on it)
  PROFILE full    every benchmark at 1, 2, 4 and 32 threads (4: the chart's 2 CPUs oversubscribed 2:1) in 3 rounds
                  of the same kind; latency mode at 1/4/16/32 threads, 10 batches after 2 warmups (its defaults).
                  The post's 16 threads run on demand (--filter '*ThreadCount: 16*'): no claim reads them.
                  The Zipfian extension is not a claim of the post: run it alone with --filter '*Zipfian*'.
  OUTDIR          *-report-github.md, *-report-full.json  the three benchmark classes
                  latency.txt, latency/*.hgrm, latency/summary.md  the latency mode
TEXT
)
lab_hook_start "$@"

# The post's classes; the Zipfian extension only on demand (it is no claim of the post).
CLASSES=(WhyBenchmarksLieBenchmark WhyBenchmarksLieSequentialBenchmark)
FILTER=(--filter)
for class in "${CLASSES[@]}"; do FILTER+=("*.$class.*"); done
# A round's case: the post's ShortRun (3 warmups, 3 iterations), its iterations cut to ~100 ms. With 1 warmup and 2
# iterations, as before, 18 of the 40 Lazy processes of a full run were still leaving the JIT's first tiers in
# the measured iterations (in 4eea03d's full runs: 50 ns, then 17 ns, for the same insert).
ROUND_BDN=(--iterationTime 100)
case "$PROFILE" in
  smoke) FILTER=(--filter '*')
         BDN=("${SMOKE_BDN[@]}")
         LATENCY=(--threads '1,4' --batches 1 --warmup 0) ;;
  # BenchmarkDotNet writes parameters in declaration order, which may change: match ThreadCount in either place.
  # The cases the claims read: Narrow and Realistic at 1, 2 and 32 threads, NoFlush at 32, Lazy at 1 and 32 (each
  # pattern twice: ThreadCount may come first or last in the name).
  quick) FILTER=(--filter
           '*Benchmark.InsertNarrow(*ThreadCount: 1,*' '*Benchmark.InsertNarrow(*ThreadCount: 1)'
           '*Benchmark.InsertNarrow(*ThreadCount: 2,*' '*Benchmark.InsertNarrow(*ThreadCount: 2)'
           '*Benchmark.InsertNarrow(*ThreadCount: 32,*' '*Benchmark.InsertNarrow(*ThreadCount: 32)'
           '*Benchmark.InsertRealistic(*ThreadCount: 1,*' '*Benchmark.InsertRealistic(*ThreadCount: 1)'
           '*Benchmark.InsertRealistic(*ThreadCount: 2,*' '*Benchmark.InsertRealistic(*ThreadCount: 2)'
           '*Benchmark.InsertRealistic(*ThreadCount: 32,*' '*Benchmark.InsertRealistic(*ThreadCount: 32)'
           '*Benchmark.InsertRealisticNoFlush(*ThreadCount: 32,*' '*Benchmark.InsertRealisticNoFlush(*ThreadCount: 32)'
           '*Benchmark.InsertSequential(*ThreadCount: 1,*' '*Benchmark.InsertSequential(*ThreadCount: 1)'
           '*Benchmark.InsertSequential(*ThreadCount: 32,*' '*Benchmark.InsertSequential(*ThreadCount: 32)')
         BDN=("${ROUND_BDN[@]}")
         LATENCY=() ;;
  full)  FILTER=(--filter
           '*Benchmark.Insert*(*ThreadCount: 1,*' '*Benchmark.Insert*(*ThreadCount: 1)'
           '*Benchmark.Insert*(*ThreadCount: 2,*' '*Benchmark.Insert*(*ThreadCount: 2)'
           '*Benchmark.Insert*(*ThreadCount: 4,*' '*Benchmark.Insert*(*ThreadCount: 4)'
           '*Benchmark.Insert*(*ThreadCount: 32,*' '*Benchmark.Insert*(*ThreadCount: 32)')
         BDN=("${ROUND_BDN[@]}")
         LATENCY=() ;;
esac

# More rounds for the planner: the cases asked for, with the first rounds' settings (BDN).
lab_more_dispatch

lab_bdn "$OUT" "${FILTER[@]}" "${BDN[@]}" || lab_failed benchmarks
# The latency mode shows each insert's latency (no claim of the post is judged on it): smoke and full.
if [ "$PROFILE" != quick ]; then
  lab_run latency --output "$OUT/latency" "${LATENCY[@]}" | tee "$OUT/latency.txt" || lab_failed latency
fi
lab_hook_done
