#!/usr/bin/env bash
# scripts/run-all.sh's hook for post 2 ("Enemies of Measurement"): the six enemies, then (quick, full) the same six
# under EnemyDefenseConfig and E3 noisy vs isolated.
set -euo pipefail
# shellcheck source=../../scripts/lib/hook.sh
. "$(dirname "${BASH_SOURCE[0]}")/../../scripts/lib/hook.sh"

LAB_BUDGET="smoke=52 quick=130 full=250"
LAB_MORE_STEPS="noisy-vs-isolated"
LAB_HOOK_HELP=$(cat <<'TEXT'
  PROFILE smoke   the six enemies, one cold invocation each (proves they run; measures nothing)
  PROFILE quick   the six enemies in 3 interleaved rounds (a round: every case once, in its own process,
                  3 warmups + 3 iterations of ~100 ms; E2 keeps one invocation per iteration), then E3 noisy vs
                  isolated in 3 alternating rounds (3 warmups + 10 iterations per run: a StdDev needs them)
  PROFILE full    the same first rounds, and between them the six under EnemyDefenseConfig (its own
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

# noisy ROUNDS [FIRST]: E3 noisy vs isolated in ROUNDS alternating rounds (numbered from FIRST), each logged for the
# planner's costs. Both runs in-process: two boilerplate builds fewer (one of them slowed by the busy loops), and the
# comparison stays like for like (the pinned or loaded process is the one that measures).
noisy() {
  local t0=$SECONDS first=${2:-1} round
  lab_script Scripts/noisy-vs-isolated.sh --out "$OUT/noisy-vs-isolated" --rounds "$1" --first-round "$first" -- --inProcess "${E3_BDN[@]}" || return 1
  for ((round = first; round < first + $1; round++)); do lab_log_step noisy-vs-isolated "$round" "$(( (SECONDS - t0) / $1 ))"; done
}

# More rounds for the planner: the six enemies' cases with the first rounds' settings, or E3's pair.
lab_hook_more() {
  export FTF_CACHES_JSON="$OUT/caches.json"
  case "$1" in
    bdn) [ -z "$2" ] || lab_usage_error "$LAB_NAME runs no BenchmarkDotNet group '$2'"
         lab_more_bdn "$OUT" "${BDN[@]}" || lab_failed "more rounds" ;;
    steps) noisy "$MORE_COUNT" "$MORE_FROM" || lab_failed "noisy-vs-isolated (more rounds)" ;;
  esac
}
lab_more_dispatch

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
  noisy "$ROUNDS" || lab_failed noisy-vs-isolated
fi
lab_hook_done
