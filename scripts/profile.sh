#!/usr/bin/env bash
# Profile any command of the lab with perf sampling: folded stacks with .NET method names, the hottest
# frames by self time, and an SVG flame graph (the lab's renderer, shared/LabReport).
set -euo pipefail
# shellcheck source=lib/common.sh
. "$(dirname "$0")/lib/common.sh"
# shellcheck source=lib/perf.sh
. "$(dirname "$0")/lib/perf.sh"

usage() {
  cat <<'USAGE'
Usage: scripts/profile.sh [--out DIR] [--frequency HZ] -- COMMAND [ARGS...]

Runs COMMAND under `perf record -g` (the 'cycles' event where the CPU has a PMU, else the 'cpu-clock'
timer, as in virtual machines) with DOTNET_PerfMapEnabled=3 and DOTNET_EnableWriteXorExecute=0 so JIT
frames carry .NET method names, then writes into DIR (default: ./profile-<date>):
  profile.folded   folded stacks ("frame;frame;... count")
  top-frames.txt   frames by self time (where the CPU actually was)
  command.txt      the command profiled
  profile.svg      the flame graph (shared/LabReport's flame command; full frame names on hover)
  profile.speedscope.json   the same stacks for speedscope

Example (post 1's Realistic workload, striped table, one thread):
  scripts/profile.sh --out /tmp/prof -- dotnet first-things-first/why-benchmarks-lie/bin/Release/net10.0/WhyBenchmarksLie.dll latency --backend striped --threads 1 --batches 5
USAGE
}

OUT="profile-$(date -u +%Y%m%dT%H%M%S)"
FREQUENCY=999
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    --out) lab_need_value "$1" $#; OUT=$2; shift 2 ;;
    --frequency) lab_need_value "$1" $#; FREQUENCY=$(lab_uint "$1" "$2" 1 10000); shift 2 ;;
    --) shift; break ;;
    *) lab_usage_error "unknown argument '$1' (the command to profile goes after --)" ;;
  esac
done
[ $# -gt 0 ] || lab_usage_error "no command to profile (put it after --)"
OUT=$(lab_out_dir --out "$OUT")

lab_perf_need
EVENT=cpu-clock
if lab_perf_event_supported cycles; then EVENT=cycles; fi
lab_mktemp_dir WORK profile

# The runtime writes /tmp/perf-PID.map files; remove those of the processes we profiled.
maps_before=$(compgen -G '/tmp/perf-*.map' | sort || true)
cleanup_maps() {
  comm -13 <(printf '%s\n' "$maps_before") <(compgen -G '/tmp/perf-*.map' | sort || true) | while read -r map; do
    rm -f -- "$map" "${map/perf-/perfinfo-}" "/tmp/jit-$(basename "$map" .map | cut -d- -f2).dump"
  done
}
lab_on_exit cleanup_maps

printf '%s\n' "$*" > "$OUT/command.txt"
lab_info "perf record -e $EVENT -F $FREQUENCY -g -- $*"
rc=0
# 3 = the perf map only: perf reads /tmp/perf-PID.map; a jitdump (1 or 2) would only leave /tmp/jit-PID.dump behind.
DOTNET_PerfMapEnabled=3 DOTNET_EnableWriteXorExecute=0 \
  perf record -q -e "$EVENT" -F "$FREQUENCY" -g -o "$WORK/perf.data" -- "$@" || rc=$?
[ "$rc" -eq 0 ] || lab_die "the profiled command failed (exit $rc); see its output above. $(lab_perf_explain_paranoid 2>/dev/null | head -1)"

perf script -i "$WORK/perf.data" 2>/dev/null > "$WORK/perf.script"
COLLAPSER=$(lab_flamegraph_tool stackcollapse-perf.pl)
if [ -n "$COLLAPSER" ]; then "$COLLAPSER" "$WORK/perf.script" > "$OUT/profile.folded"
else lab_perf_collapse < "$WORK/perf.script" | sort > "$OUT/profile.folded"; fi
[ -s "$OUT/profile.folded" ] || lab_die "perf recorded no samples (was the command too short?)"

{
  echo "# self time by frame ($EVENT, $FREQUENCY Hz): $*"
  perf report -i "$WORK/perf.data" --no-children --sort dso,symbol --stdio 2>/dev/null \
    | awk '/^ +[0-9.]+%/ && ++n <= 25' | sed -E 's/ +$//'  # awk reads to the end: head would SIGPIPE perf (exit 141)
} > "$OUT/top-frames.txt"

lab_flame_render "$OUT/profile.folded" "$*"
cat "$OUT/top-frames.txt"
lab_info "profile in $OUT"
