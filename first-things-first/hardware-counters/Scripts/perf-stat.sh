#!/usr/bin/env bash
# perf stat on both standalone loops (perf-sequential, perf-random) with the post's events, then the derived
# table side by side: IPC, L1 / LLC / cache / branch miss rates, and what a missing counter means.
set -euo pipefail
# shellcheck source=runner.sh
. "$(dirname "${BASH_SOURCE[0]}")/runner.sh"

DEFAULT_N=8000000
DEFAULT_SECONDS=5

usage() {
  cat <<USAGE
Usage: Scripts/perf-stat.sh [N] [--seconds S] [--out DIR] [--no-build]

Runs 'perf stat' on the standalone runner twice, sequential then random, over N elements (default $DEFAULT_N),
with the post's events:
  ${LAB_PERF_HW_EVENTS[*]}
  ${LAB_PERF_SW_EVENTS[*]}
and prints the derived table side by side (IPC, L1 miss %, LLC miss %, cache miss %, branch miss %).
With perf 5.10+ counting is switched on only around the measured loop (perf stat --control), so data
generation, JIT and runtime start-up are left out. Missing counters show as "n/a (not supported)" with the reason.

  N             elements, 1 to $HC_MAX_N (default $DEFAULT_N: past the post's 30 MB L3)
  --seconds S   time budget of each measured loop (default $DEFAULT_SECONDS)
  --out DIR     where the CSVs, runner outputs and perf-stat.md go (default: BenchmarkDotNet.Artifacts/perf-stat-N)
  --no-build    use the existing Release build
  -h, --help    this text

Needs: perf (Debian: linux-perf), dotnet. Exit codes: 0 ok, 1 a run failed, 2 bad arguments, 3 a tool is missing.
USAGE
}

N=$DEFAULT_N
BUDGET=$DEFAULT_SECONDS
OUT=""
positional=0
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    --seconds) lab_need_value "$1" $#; BUDGET=$(hc_parse_seconds "$2"); shift 2 ;;
    --seconds=*) BUDGET=$(hc_parse_seconds "${1#*=}"); shift ;;
    --out) lab_need_value "$1" $#; OUT=$2; shift 2 ;;
    --out=*) OUT=${1#*=}; shift ;;
    --no-build) HC_NO_BUILD=1; shift ;;
    -[0-9]*) hc_parse_n "$1" >/dev/null ;;
    -*) lab_usage_error "unknown option '$1'" ;;
    *)
      [ "$positional" -eq 0 ] || lab_usage_error "only one N may be given (got '$1' too)"
      N=$(hc_parse_n "$1"); positional=1; shift ;;
  esac
done

[ -n "$OUT" ] || OUT="$HC_POST_DIR/BenchmarkDotNet.Artifacts/perf-stat-$N"
OUT=$(lab_out_dir --out "$OUT")
lab_perf_need
lab_need_cmd dotnet "dotnet-sdk-10.0" "or see https://dot.net/install"
lab_need_cmd mkfifo coreutils
hc_workdir perf-stat
WORK=$HC_WORK

hc_build
hc_app

EVENTS=$(lab_perf_event_list)
if lab_perf_has_control; then
  WINDOW="the measured loop only (perf stat -D -1 --control: the runner enables counting around its loop)"
  CONTROL=1
else
  WINDOW="the whole runner process (this perf has no --control: data generation and warm-up are included)"
  CONTROL=0
fi

run_mode() {
  local mode=$1 csv="$OUT/perf-stat-$1.csv" rc=0
  lab_info "perf stat: perf-$mode N=$N (${BUDGET}s loop)"
  if [ "$CONTROL" = 1 ]; then
    local ctl="$WORK/$mode.ctl" ack="$WORK/$mode.ack" ctl_fd ack_fd
    mkfifo "$ctl" "$ack"
    # Held open read-write here so neither side blocks opening its end; perf reads commands, writes acks.
    exec {ctl_fd}<>"$ctl" {ack_fd}<>"$ack"
    perf stat -x, -o "$csv" -e "$EVENTS" -D -1 --control "fd:$ctl_fd,$ack_fd" -- \
      "${HC_APP[@]}" "perf-$mode" "$N" --seconds "$BUDGET" --perf-ctl "$ctl" --perf-ack "$ack" \
      > "$OUT/$mode.out" 2> "$OUT/$mode.stderr" || rc=$?
    exec {ctl_fd}>&- {ack_fd}>&-
  else
    perf stat -x, -o "$csv" -e "$EVENTS" -- "${HC_APP[@]}" "perf-$mode" "$N" --seconds "$BUDGET" \
      > "$OUT/$mode.out" 2> "$OUT/$mode.stderr" || rc=$?
  fi
  if [ "$rc" -ne 0 ]; then
    tail -n 20 "$OUT/$mode.stderr" >&2 || true
    lab_die "perf stat of perf-$mode failed (exit $rc); see $OUT/$mode.stderr"
  fi
}

run_mode sequential
run_mode random

# derived_table SEQ_CSV RANDOM_CSV: the counters and the post's ratios as markdown.
derived_table() {
  awk -F, -v seq_ns="$1" -v rnd_ns="$2" -v seq_passes="$3" -v rnd_passes="$4" '
    FNR == 1 { mode = (mode == "" ? "seq" : "rnd") }
    /^#/ || NF < 3 { next }
    {
      ev = $3; sub(/:[ukhHGp]+$/, "", ev)
      if ($1 ~ /not supported/) state[mode, ev] = "not supported"
      else if ($1 ~ /not counted/) state[mode, ev] = "not counted"
      else { val[mode, ev] = $1 + 0; state[mode, ev] = "ok"; pct[mode, ev] = $5 + 0 }
      if (!(ev in seen)) { seen[ev] = 1; order[++n] = ev }
    }
    function cell(m, ev,   s) {
      s = state[m, ev]
      if (s == "") return "n/a (not requested)"
      if (s != "ok") return "<" s ">"
      if (ev == "task-clock") return sprintf("%.1f ms", val[m, ev])
      return sprintf("%.0f%s", val[m, ev], (pct[m, ev] > 0 && pct[m, ev] < 99.95) ? sprintf(" (counted %.0f%% of the time, scaled)", pct[m, ev]) : "")
    }
    function ratio(m, a, b, scale, fmt,   why) {
      if (state[m, a] != "ok" || state[m, b] != "ok") {
        why = (state[m, a] != "ok" && state[m, a] != "") ? state[m, a] : state[m, b]
        return "n/a (" (why == "" ? "not requested" : why) ")"
      }
      if (val[m, b] <= 0) return "n/a (no " b ")"
      return sprintf(fmt, val[m, a] / val[m, b] * scale)
    }
    function row(name, a, b, scale, fmt, meaning) {
      printf "| %s | %s | %s | %s |\n", name, ratio("seq", a, b, scale, fmt), ratio("rnd", a, b, scale, fmt), meaning
    }
    END {
      print "| counter | sequential | random |"
      print "|---|---:|---:|"
      for (i = 1; i <= n; i++) printf "| %s | %s | %s |\n", order[i], cell("seq", order[i]), cell("rnd", order[i])
      print ""
      print "| derived | sequential | random | what it means |"
      print "|---|---:|---:|---|"
      row("IPC", "instructions", "cycles", 1, "%.2f", "instructions retired per cycle: low means the core waits (memory)")
      row("L1 miss %", "L1-dcache-load-misses", "L1-dcache-loads", 100, "%.2f%%", "loads that missed the L1 data cache")
      row("LLC miss %", "LLC-load-misses", "LLC-loads", 100, "%.2f%%", "last-level cache loads that went to DRAM")
      row("cache miss %", "cache-misses", "cache-references", 100, "%.2f%%", "perf generic cache events (CPU-specific level, usually the LLC)")
      row("branch miss %", "branch-misses", "branch-instructions", 100, "%.2f%%", "mispredicted branches (both loops are predictable)")
      if (seq_passes > 0 && rnd_passes > 0 && state["seq", "task-clock"] == "ok" && state["rnd", "task-clock"] == "ok")
        printf "| task-clock per pass | %.3f ms | %.3f ms | CPU time per pass over the N elements |\n", val["seq", "task-clock"] / seq_passes, val["rnd", "task-clock"] / rnd_passes
      if (seq_ns > 0 && rnd_ns > 0)
        printf "| ns per element | %.3f | %.3f | runner wall clock; random/sequential = %.2fx |\n", seq_ns, rnd_ns, rnd_ns / seq_ns
    }
  ' "$5" "$6"
}

seq_ns=$(hc_result_field "$OUT/sequential.out" ns_per_element)
rnd_ns=$(hc_result_field "$OUT/random.out" ns_per_element)
seq_passes=$(hc_result_field "$OUT/sequential.out" passes)
rnd_passes=$(hc_result_field "$OUT/random.out" passes)
seq_sum=$(hc_result_field "$OUT/sequential.out" sum)
rnd_sum=$(hc_result_field "$OUT/random.out" sum)
if [ -z "$seq_sum" ] || [ "$seq_sum" != "$rnd_sum" ]; then
  lab_die "the two loops disagree on the sum ($seq_sum vs $rnd_sum): see $OUT/*.out"
fi

REPORT="$OUT/perf-stat.md"
{
  echo "# perf stat: sequential vs random, N=$N"
  echo
  echo "Counting window: $WINDOW. Loop budget ${BUDGET}s each: sequential ran $seq_passes passes, random $rnd_passes."
  echo "Both loops summed the same $N values to $seq_sum. Command: perf stat -x, -e $EVENTS -- HardwareCounters perf-MODE $N --seconds $BUDGET"
  echo
  derived_table "${seq_ns:-0}" "${rnd_ns:-0}" "${seq_passes:-0}" "${rnd_passes:-0}" "$OUT/perf-stat-sequential.csv" "$OUT/perf-stat-random.csv"
  echo
  if grep -q 'not supported\|not counted' "$OUT/perf-stat-sequential.csv" "$OUT/perf-stat-random.csv"; then
    echo "Why some cells say n/a:"
    echo
    lab_perf_explain_not_supported
    echo
  fi
  echo "Access: $(lab_perf_explain_paranoid)"
  echo
  echo "perf: $(perf --version 2>/dev/null | head -1); CPU: $(awk -F': ' '/^model name/ {print $2; exit}' /proc/cpuinfo 2>/dev/null || echo unknown)."
} > "$REPORT"

cat "$REPORT"
lab_info "perf stat outputs in $OUT (perf-stat.md, perf-stat-*.csv, *.out)"
