#!/usr/bin/env bash
# scripts/run-all.sh's hook for post 2 ("Enemies of Measurement"): the six enemies, then (quick, full) the same six
# under EnemyDefenseConfig and E3 noisy vs isolated.
set -euo pipefail
# shellcheck source=../../scripts/lib/hook.sh
. "$(dirname "${BASH_SOURCE[0]}")/../../scripts/lib/hook.sh"

LAB_BUDGET="smoke=52 quick=130 full=310"
LAB_HOOK_HELP=$(cat <<'TEXT'
  PROFILE smoke   the six enemies, one cold invocation each (proves they run; measures nothing)
  PROFILE quick   the six enemies in 3 interleaved rounds (a round: every case once, in its own process,
                  3 warmups + 3 iterations of ~100 ms; E2 keeps one invocation per iteration), then E3 noisy vs
                  isolated in 3 alternating rounds (3 warmups + 10 iterations per run: a StdDev needs them)
  PROFILE full    the same in 5 rounds of the same kind, and between them the six under EnemyDefenseConfig (its own
                  job with iterations of ~200 ms, at most 20, once: a chart, not a claim)
                  In both, E3's two runs measure in BenchmarkDotNet's own process (--inProcess: no
                  boilerplate build, which the noisy run would do while its busy loops spin)
  OUTDIR          caches.md, caches.json    sysfs, CPUID and a quick latency sweep (to 256 MiB; smoke 16 MiB)
                  cache-sweep.csv           the sweep's curve (post 5's hook sweeps further)
                  cache-info.txt            caches of this machine and where E4's sizes land
                  *.md, *.csv, *.json       the six enemies, defences down (the post's setup)
                  defended/                 the six under EnemyDefenseConfig        (full)
                  noisy-vs-isolated/        E3 with every CPU busy vs taskset -c 0   (quick, full)
TEXT
)
lab_hook_start "$@"

case "$PROFILE" in
  smoke) BDN=("${SMOKE_BDN[@]}")
         SWEEP_MIB=16 ;;
  # 3 warmups: E3's inserts take two iterations to settle (7 ms, then 3 ms, measured in a full run of 1 warmup).
  quick) BDN=(--warmupCount 3 --iterationCount 3 --iterationTime 100)
         SWEEP_MIB=256 ;;
  full)  BDN=(--warmupCount 3 --iterationCount 3 --iterationTime 100)
         SWEEP_MIB=256 ;;
esac
# E3's claims compare standard deviations: each run of the pair needs iterations enough to have one.
E3_BDN=(--warmupCount 3 --iterationCount 10 --iterationTime 100)

# E4's "Lands in" column needs this machine's levels: one sweep, recorded, read by every later step (past the
# largest table's 2M-entry lookup path, ~100 MiB).
if lab_run caches --write "$OUT" --sweep quick --max-mib "$SWEEP_MIB"; then
  export FTF_CACHES_JSON="$OUT/caches.json"
else
  lab_failed caches
fi

lab_run cache-info | tee "$OUT/cache-info.txt" || lab_failed cache-info
lab_bdn "$OUT" --filter '*' "${BDN[@]}" || lab_failed enemies

if [ "$PROFILE" = full ]; then
  ROUNDS=1 lab_bdn "$OUT/defended" defended --filter '*' --iterationTime 200 --maxIterationCount 20 || lab_failed defended
fi
if [ "$PROFILE" != smoke ]; then

  # Both E3 runs in-process: two boilerplate builds fewer (one of them slowed by the busy loops), and the comparison
  # stays like for like (the pinned or loaded process is the one that measures).
  lab_script Scripts/noisy-vs-isolated.sh --out "$OUT/noisy-vs-isolated" --rounds "$ROUNDS" -- --inProcess "${E3_BDN[@]}" || lab_failed noisy-vs-isolated
fi
lab_hook_done
