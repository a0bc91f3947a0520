#!/usr/bin/env bash
# perf record -g of the standalone loops, folded stacks with .NET method names, an SVG flame graph and a speedscope
# file per loop (drawn by the lab's renderer, shared/LabReport), and the hottest frames.
set -euo pipefail
# shellcheck source=runner.sh
. "$(dirname "${BASH_SOURCE[0]}")/runner.sh"

DEFAULT_N=8000000
DEFAULT_SECONDS=5
DEFAULT_FREQUENCY=99

usage() {
  cat <<USAGE
Usage: Scripts/flame-graph.sh [N] [--mode sequential|random|both] [--seconds S] [--frequency HZ] [--out DIR]
                              [--keep-data] [--no-build]

Samples the standalone runner with 'perf record -g' (call stacks), with DOTNET_PerfMapEnabled=1 so the runtime
writes /tmp/perf-PID.map and JIT-compiled frames get .NET names instead of hex addresses (and
DOTNET_EnableWriteXorExecute=0: with W^X, perf attributes JIT code to a memfd and ignores the map). Samples on 'cycles'
when the PMU has it, else on the 'cpu-clock' timer (virtual machines without a PMU). Then:
  MODE.folded            folded stacks ("frame;frame;... count"), via stackcollapse-perf.pl or a built-in collapser
  MODE.svg               the flame graph (shared/LabReport's flame command): a box per frame, as wide as its
                         samples; a browser shows each frame's full name and samples on hover
  MODE.speedscope.json   the same stacks for speedscope
  hot frames             the leaf frames with the most samples, printed and written to flame-graph.md

  N               elements (default $DEFAULT_N)
  --mode M        sequential, random or both (default both)
  --seconds S     time budget of each measured loop (default $DEFAULT_SECONDS)
  --frequency HZ  samples per second (default $DEFAULT_FREQUENCY, 1 to 10000)
  --out DIR       output directory (default: BenchmarkDotNet.Artifacts/flame-graph-N)
  --keep-data     keep perf.data files (binary, for perf report)
  --no-build      use the existing Release builds (the post's and shared/LabReport's)
  -h, --help      this text

Needs: perf (Debian: linux-perf), dotnet.
Exit codes: 0 ok, 1 a run failed, 2 bad arguments, 3 a tool is missing.
USAGE
}

N=$DEFAULT_N
BUDGET=$DEFAULT_SECONDS
FREQUENCY=$DEFAULT_FREQUENCY
MODES=(sequential random)
OUT=""
KEEP_DATA=0
positional=0
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    --mode|--mode=*)
      if [ "$1" = --mode ]; then lab_need_value "$1" $#; m=$2; shift 2; else m=${1#*=}; shift; fi
      case "$m" in
        sequential|random) MODES=("$m") ;;
        both) MODES=(sequential random) ;;
        *) lab_usage_error "--mode must be sequential, random or both; got '$m'" ;;
      esac ;;
    --seconds) lab_need_value "$1" $#; BUDGET=$(hc_parse_seconds "$2"); shift 2 ;;
    --seconds=*) BUDGET=$(hc_parse_seconds "${1#*=}"); shift ;;
    --frequency) lab_need_value "$1" $#; FREQUENCY=$(lab_uint "$1" "$2" 1 10000); shift 2 ;;
    --frequency=*) FREQUENCY=$(lab_uint --frequency "${1#*=}" 1 10000); shift ;;
    --out) lab_need_value "$1" $#; OUT=$2; shift 2 ;;
    --out=*) OUT=${1#*=}; shift ;;
    --keep-data) KEEP_DATA=1; shift ;;
    --no-build) HC_NO_BUILD=1; shift ;;
    -[0-9]*) hc_parse_n "$1" >/dev/null ;;
    -*) lab_usage_error "unknown option '$1'" ;;
    *)
      [ "$positional" -eq 0 ] || lab_usage_error "only one N may be given (got '$1' too)"
      N=$(hc_parse_n "$1"); positional=1; shift ;;
  esac
done

[ -n "$OUT" ] || OUT="$HC_POST_DIR/BenchmarkDotNet.Artifacts/flame-graph-$N"
OUT=$(lab_out_dir --out "$OUT")
lab_perf_need
lab_need_cmd dotnet "dotnet-sdk-10.0" "or see https://dot.net/install"
hc_workdir flame-graph
WORK=$HC_WORK

hc_build
hc_app

EVENT=$(lab_perf_sampling_event)
if [ "$EVENT" = cpu-clock ]; then
  EVENT_NOTE="cycles is <not supported> here (no PMU), so samples come from the cpu-clock timer: the same picture of where time goes, without hardware events."
else
  EVENT_NOTE="sampling on cycles (PMU present)."
fi
COLLAPSER=$(lab_flamegraph_tool stackcollapse-perf.pl)
lab_info "sampling event: $EVENT at ${FREQUENCY} Hz"

# The runtime writes perf maps to /tmp named after the pid; remove the ones our runs created.
PIDS=()
cleanup_maps() {
  local pid
  for pid in "${PIDS[@]}"; do
    rm -f -- "/tmp/perf-$pid.map" "/tmp/perfinfo-$pid.map" "/tmp/jit-$pid.dump"
  done
}
lab_on_exit cleanup_maps

# hot_frames FOLDED: top leaf frames with their share of samples (markdown).
hot_frames() {
  awk '
    { count = $NF; stack = $0; sub(/ [0-9]+$/, "", stack); n = split(stack, f, ";"); leaf[f[n]] += count; total += count
      if (f[n] ~ /::/) named += count }
    END {
      for (k in leaf) printf "%d\t%s\n", leaf[k], k
      printf "TOTAL\t%d\t%d\n", total, named
    }' "$1" | {
    local total=0 named=0 line
    local -a rows=()
    while IFS= read -r line; do
      case "$line" in
        TOTAL*) total=$(printf '%s' "$line" | cut -f2); named=$(printf '%s' "$line" | cut -f3) ;;
        *) rows+=("$line") ;;
      esac
    done
    echo "| samples | share | leaf frame |"
    echo "|---:|---:|---|"
    printf '%s\n' "${rows[@]}" | sort -t$'\t' -k1,1nr | head -10 | awk -F'\t' -v t="$total" '{ printf "| %d | %.1f%% | `%s` |\n", $1, (t > 0 ? 100 * $1 / t : 0), $2 }'
    echo
    printf 'Samples: %s; whose leaf (hot) frame carries a .NET method name (Namespace.Type::Method): %s.\n' "$total" "$named"
  }
}

REPORT="$OUT/flame-graph.md"
{
  echo "# Flame graphs: N=$N"
  echo
  echo "perf record -F $FREQUENCY -g -e $EVENT, DOTNET_PerfMapEnabled=1 DOTNET_EnableWriteXorExecute=0; $EVENT_NOTE"
  echo
} > "$REPORT"

for mode in "${MODES[@]}"; do
  data="$WORK/$mode.perf.data"
  lab_info "perf record: perf-$mode N=$N (${BUDGET}s loop)"
  rc=0
  # W^X (on by default since .NET 7) maps JIT code from a memfd that perf does not match against perf-PID.map;
  # turning it off for the profiled run keeps JIT frames named.
  DOTNET_PerfMapEnabled=1 DOTNET_EnableWriteXorExecute=0 perf record -F "$FREQUENCY" -g -e "$EVENT" -o "$data" -- \
    "${HC_APP[@]}" "perf-$mode" "$N" --seconds "$BUDGET" > "$OUT/$mode.out" 2> "$OUT/$mode.record.log" || rc=$?
  pid=$(sed -n 's/.* pid=\([0-9][0-9]*\).*/\1/p' "$OUT/$mode.out" | head -1)
  [ -n "$pid" ] && PIDS+=("$pid")
  if [ "$rc" -ne 0 ]; then
    tail -n 20 "$OUT/$mode.record.log" >&2 || true
    lab_die "perf record of perf-$mode failed (exit $rc); see $OUT/$mode.record.log"
  fi

  perf script -i "$data" > "$WORK/$mode.script" 2> "$OUT/$mode.script.log" || lab_die "perf script failed; see $OUT/$mode.script.log"
  if [ -n "$COLLAPSER" ]; then
    "$COLLAPSER" "$WORK/$mode.script" > "$OUT/$mode.folded"
  else
    lab_perf_collapse < "$WORK/$mode.script" | sort > "$OUT/$mode.folded"
  fi
  [ -s "$OUT/$mode.folded" ] || lab_die "no samples in $data (was the loop too short? try --seconds 5)"

  {
    echo "## $mode"
    echo
    hot_frames "$OUT/$mode.folded"
    echo
  } >> "$REPORT"

  LAB_NO_BUILD=${HC_NO_BUILD:-0} lab_flame_render "$OUT/$mode.folded" "AccessPatterns perf-$mode N=$N ($EVENT)"
  { echo "Flame graph: [$mode.svg]($mode.svg) (hover a frame for its full name; speedscope: $mode.speedscope.json)"; echo; } >> "$REPORT"
  if [ "$KEEP_DATA" = 1 ]; then cp "$data" "$OUT/$mode.perf.data"; fi
done

cleanup_maps

cat "$REPORT"
lab_info "flame graph outputs in $OUT (flame-graph.md, *.folded, *.svg, *.speedscope.json)"
