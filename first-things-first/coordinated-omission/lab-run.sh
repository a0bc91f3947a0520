#!/usr/bin/env bash
# scripts/run-all.sh's hook for post 3 ("Coordinated Omission"): the clients on the real clock, then the virtual-clock
# run; each writes report.md, configuration.json, pauses.csv, windows.csv and one .hgrm file per distribution. Not a BenchmarkDotNet program.
set -euo pipefail
# shellcheck source=../../scripts/lib/hook.sh
. "$(dirname "${BASH_SOURCE[0]}")/../../scripts/lib/hook.sh"

LAB_BUDGET="smoke=15 quick=20 full=85"
# No rounds: the claims come from one simulated load whose numbers the injected pauses set (the virtual-clock run is
# exact); the real-clock max is judged pause by pause instead (pauses.csv), the percentiles pause cycle by pause cycle (windows.csv).
LAB_ROUNDS="smoke=1 quick=1 full=1"
LAB_HOOK_HELP=$(cat <<'TEXT'
  PROFILE smoke   real clock, 2 s of schedule per client (closed, corrected, open, concurrent), then the virtual run
  PROFILE quick   real clock, 5 s per client at the post's 450 req/s (2,250 requests, 4 pauses of 200 ms each:
                  enough for p99 and p99.9 to show them), then the virtual run
  PROFILE full    the post's run: 30 s per client (13,500 requests, 27 pauses), then the virtual run
  OUTDIR          report.md, configuration.json, *.hgrm    the real-clock run (the service is a calibrated 1 ms
                                                            spin: run full on a quiet machine)
                  pauses.csv                               each client's worst latency per pause (max-same's
                                                            interval: the pauses pair up between clients)
                  windows.csv                              each client's percentiles per pause cycle (the
                                                            percentile claims' intervals, cycles paired likewise)
                  virtual/                                 the virtual-clock run (the post's settings, exact)
TEXT
)
lab_hook_start "$@"

case "$PROFILE" in
  smoke) REAL=(--duration 2) ;;
  quick) REAL=(--duration 5) ;;
  full)  REAL=() ;;
esac

# Nothing to add rounds to: the claims come from one simulated load (lab_more_dispatch says so to the planner).
lab_more_dispatch

lab_run --client all --output "$OUT" "${REAL[@]}" || lab_failed real-clock
lab_run --virtual --client all --output "$OUT/virtual" || lab_failed virtual-clock
lab_hook_done
