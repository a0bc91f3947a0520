#!/usr/bin/env bash
# scripts/run-all.sh's hook for the storage engine's own benchmarks (the foundation of post 1): wrapper overhead,
# WAL append scaling, durable batch vs SQLite.
set -euo pipefail
# shellcheck source=../../scripts/lib/hook.sh
. "$(dirname "${BASH_SOURCE[0]}")/../../scripts/lib/hook.sh"

LAB_NAME=engine
LAB_BUDGET="smoke=45 quick=95 full=310"
LAB_HOOK_HELP=$(cat <<'TEXT'
  PROFILE smoke   every benchmark once, cold
  PROFILE quick   the rows the report judges: WrapperOverhead and DurableBatch's steady-table rows, SQLite and the
                  disk ceiling (the fresh-table rows and WalAppendScaling run in full), 3 iterations of ~100 ms after
                  the jitting stage, no separate warmup (a durable batch is one 500K-insert invocation, and SQLite's
                  takes seconds)
  PROFILE full    the engine's job: 3 warmups + 10 iterations
  OUTDIR          *-report-github.md, *.csv, *-report-full.json    the three benchmark classes
TEXT
)
lab_hook_start "$@"

FILTER=(--filter '*')
case "$PROFILE" in
  smoke) BDN=(--strategy ColdStart --launchCount 1 --warmupCount 0 --iterationCount 1 --unrollFactor 1 --invocationCount 1) ;;
  # --filter matches the parameters too ("…InsertBatchThenSync(Target: Sqlite)"): the steady rows by name.
  quick) FILTER=(--filter '*WrapperOverhead*' '*DurableBatch*(Target: LockTable)' '*DurableBatch*(Target: StripedTable)'
                 '*DurableBatch*(Target: StripedTable, 2 threads)' '*DurableBatch*(Target: Sqlite)' '*DurableBatch*(Target: Disk ceiling)')
         BDN=(--warmupCount 0 --iterationCount 3 --iterationTime 100) ;;
  full)  BDN=() ;;
esac

lab_bdn "$OUT" "${FILTER[@]}" "${BDN[@]}" || lab_failed benchmarks
lab_hook_done
