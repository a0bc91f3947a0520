#!/usr/bin/env bash
# scripts/run-all.sh's hook for the storage engine's own benchmarks (the foundation of post 1): wrapper overhead,
# WAL append scaling, durable batch vs SQLite.
set -euo pipefail
# shellcheck source=../../scripts/lib/hook.sh
. "$(dirname "${BASH_SOURCE[0]}")/../../scripts/lib/hook.sh"

LAB_NAME=engine
LAB_BUDGET="smoke=45 quick=105 full=210"
LAB_HOOK_HELP=$(cat <<'TEXT'
  PROFILE smoke   every benchmark once, cold
  PROFILE quick   the rows the report judges: WrapperOverhead and DurableBatch's LockTable, 2-thread StripedTable,
                  SQLite and disk-ceiling rows, in 3 interleaved rounds; a round is every row once, in its own
                  process, 2 iterations of ~100 ms after the jitting stage, no separate warmup (a durable batch is
                  one 500K-insert invocation, and SQLite's takes seconds)
  PROFILE full    the same rows and the 1-thread StripedTable (the chart) in 3 rounds of the same kind; then, once,
                  the rows the engine tracks but no claim judges (WalAppendScaling, the fresh-table batches), with
                  1 warmup + 3 iterations
  OUTDIR          *-report-github.md, *.csv, *-report-full.json    WrapperOverhead and DurableBatch, in rounds
                  tracked/                                          the tracked rows, once (full)
TEXT
)
lab_hook_start "$@"

FILTER=(--filter '*')
case "$PROFILE" in
  smoke) BDN=("${SMOKE_BDN[@]}") ;;
  # --filter matches the parameters too ("…InsertBatchThenSync(Target: Sqlite)"): the steady rows by name.
  quick) FILTER=(--filter '*WrapperOverhead*' '*DurableBatch*(Target: LockTable)'
                 '*DurableBatch*(Target: StripedTable, 2 threads)' '*DurableBatch*(Target: Sqlite)' '*DurableBatch*(Target: Disk ceiling)')
         BDN=(--warmupCount 0 --iterationCount 2 --iterationTime 100) ;;
  full)  FILTER=(--filter '*WrapperOverhead*' '*DurableBatch*(Target: LockTable)' '*DurableBatch*(Target: StripedTable)'
                 '*DurableBatch*(Target: StripedTable, 2 threads)' '*DurableBatch*(Target: Sqlite)' '*DurableBatch*(Target: Disk ceiling)')
         BDN=(--warmupCount 0 --iterationCount 2 --iterationTime 100) ;;
esac

# More rounds for the planner: the cases asked for, with the first rounds' settings (BDN).
lab_more_dispatch

lab_bdn "$OUT" "${FILTER[@]}" "${BDN[@]}" || lab_failed benchmarks
if [ "$PROFILE" = full ]; then
  ROUNDS=1 lab_bdn "$OUT/tracked" --filter '*WalAppendScaling*' '*DurableBatch*fresh*' --warmupCount 1 --iterationCount 3 || lab_failed tracked
fi
lab_hook_done
