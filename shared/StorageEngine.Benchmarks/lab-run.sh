#!/usr/bin/env bash
# scripts/run-all.sh's hook for the storage engine's own benchmarks (the foundation of post 1): wrapper overhead,
# WAL append scaling, durable batch vs SQLite.
set -euo pipefail
# shellcheck source=../../scripts/lib/hook.sh
. "$(dirname "${BASH_SOURCE[0]}")/../../scripts/lib/hook.sh"

LAB_NAME=engine
LAB_BUDGET="smoke=45 quick=170 full=240"
LAB_HOOK_HELP=$(cat <<'TEXT'
  PROFILE smoke   every benchmark once, cold
  PROFILE quick   3 iterations of ~100 ms after the jitting stage, no separate warmup (a durable batch is one
                  500K-insert invocation, and SQLite's takes seconds)
  PROFILE full    the engine's job: 3 warmups + 10 iterations
  OUTDIR          *-report-github.md, *.csv, *-report-full.json    the three benchmark classes
TEXT
)
lab_hook_start "$@"

case "$PROFILE" in
  smoke) BDN=(--strategy ColdStart --launchCount 1 --warmupCount 0 --iterationCount 1 --unrollFactor 1 --invocationCount 1) ;;
  quick) BDN=(--warmupCount 0 --iterationCount 3 --iterationTime 100) ;;
  full)  BDN=() ;;
esac

lab_bdn "$OUT" --filter '*' "${BDN[@]}" || lab_failed benchmarks
lab_hook_done
