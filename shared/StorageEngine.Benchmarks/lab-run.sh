#!/usr/bin/env bash
# scripts/run-all.sh's hook for the storage engine's own benchmarks (the foundation of post 1): wrapper overhead,
# WAL append scaling, durable batch vs SQLite.
set -euo pipefail
# shellcheck source=../../scripts/lib/hook.sh
. "$(dirname "${BASH_SOURCE[0]}")/../../scripts/lib/hook.sh"

LAB_NAME=engine
LAB_BUDGET="smoke=45 quick=105 full=145"
LAB_HOOK_HELP=$(cat <<'TEXT'
  PROFILE smoke   every benchmark once, cold
  PROFILE quick   the rows the report judges: WrapperOverhead (3 warmups + 5 iterations of ~100 ms) and
                  DurableBatch's LockTable, 2-thread StripedTable, SQLite and disk-ceiling rows (2 iterations after
                  the jitting stage, no separate warmup: a durable batch is one 500K-insert invocation, and SQLite's
                  takes seconds), in 3 interleaved rounds; a round is every row once, in its own process
  PROFILE full    the same rows and the 1-thread StripedTable (the chart) in 3 rounds of the same kind; then, once,
                  the rows the engine tracks but no claim judges (WalAppendScaling, the fresh-table batches), with
                  1 warmup + 3 iterations
  OUTDIR          *-report-github.md, *.csv, *-report-full.json    WrapperOverhead and DurableBatch, in rounds
                  tracked/                                          the tracked rows, once (full)
TEXT
)
lab_hook_start "$@"

# The wrappers' inserts (tens of ns) need warmups enough for the JIT's last tier and iterations enough for their own
# noise: run as the durable batches were (no warmup, 2 iterations), their per-round means spread over 54-170 ns where
# BenchmarkDotNet's default job gives 42-59 (issue 47). Five iterations is Kalibera & Jones's allocation for their
# spreads (LabReport spread of a full run: process level 0.12, one iteration's 0.17). A durable batch is one 500K-insert
# invocation of seconds: its jitting call warms it, and 2 iterations are that allocation for its spreads.
WRAPPERS=(--filter '*WrapperOverhead*')
WRAPPER_BDN=(--warmupCount 3 --iterationCount 5 --iterationTime 100)
BATCH_BDN=(--warmupCount 0 --iterationCount 2 --iterationTime 100)
case "$PROFILE" in
  smoke) BATCHES=(--filter '*DurableBatch*' '*WalAppendScaling*')
         WRAPPER_BDN=("${SMOKE_BDN[@]}"); BATCH_BDN=("${SMOKE_BDN[@]}") ;;
  # --filter matches the parameters too ("…InsertBatchThenSync(Target: Sqlite)"): the steady rows by name.
  quick) BATCHES=(--filter '*DurableBatch*(Target: LockTable)' '*DurableBatch*(Target: StripedTable, 2 threads)'
                  '*DurableBatch*(Target: Sqlite)' '*DurableBatch*(Target: Disk ceiling)') ;;
  full)  BATCHES=(--filter '*DurableBatch*(Target: LockTable)' '*DurableBatch*(Target: StripedTable)'
                  '*DurableBatch*(Target: StripedTable, 2 threads)' '*DurableBatch*(Target: Sqlite)' '*DurableBatch*(Target: Disk ceiling)') ;;
esac

# More rounds for the planner: each class's cases with its first rounds' settings.
lab_hook_more() {
  if [ "$1" != bdn ] || [ -n "$2" ]; then lab_usage_error "$LAB_NAME runs more rounds of its own benchmarks only"; fi
  local all=("${MORE_CASES[@]}") wrappers=() batches=() c
  for c in "${all[@]}"; do
    if [[ $c == WrapperOverhead.* ]]; then wrappers+=("$c"); else batches+=("$c"); fi
  done
  if [ "${#wrappers[@]}" -gt 0 ]; then MORE_CASES=("${wrappers[@]}"); lab_more_bdn "$OUT" "${WRAPPER_BDN[@]}" || lab_failed "more rounds (wrappers)"; fi
  if [ "${#batches[@]}" -gt 0 ]; then MORE_CASES=("${batches[@]}"); lab_more_bdn "$OUT" "${BATCH_BDN[@]}" || lab_failed "more rounds (batches)"; fi
}
lab_more_dispatch

lab_bdn "$OUT" "${WRAPPERS[@]}" "${WRAPPER_BDN[@]}" || lab_failed wrappers
lab_bdn "$OUT" "${BATCHES[@]}" "${BATCH_BDN[@]}" || lab_failed batches
if [ "$PROFILE" = full ]; then
  ROUNDS=1 lab_bdn "$OUT/tracked" --filter '*WalAppendScaling*' '*DurableBatch*fresh*' --warmupCount 1 --iterationCount 3 || lab_failed tracked
fi
lab_hook_done
