#!/usr/bin/env bash
# The post's scaling experiment: the BenchmarkDotNet run at every size, then perf stat per size per access
# pattern; repeated per socket / NUMA node (taskset / numactl) when the machine has more than one.
set -euo pipefail
# shellcheck source=runner.sh
. "$(dirname "${BASH_SOURCE[0]}")/runner.sh"

DEFAULT_SIZES="1000000,8000000,64000000"
DEFAULT_SECONDS=5

usage() {
  cat <<USAGE
Usage: Scripts/run-scaling.sh [--out DIR] [--sizes LIST] [--seconds S] [--skip-bdn] [--skip-perf] [--no-build]
                              [-- BENCHMARKDOTNET_ARGS...]

For each placement (unpinned; then per NUMA node with numactl, or per socket with taskset, when the machine
has more than one):
  1. the AccessPatterns benchmarks at every size (BenchmarkDotNet; its prediction check is printed at the end)
  2. Scripts/perf-stat.sh for each size in --sizes (both access patterns, derived table side by side)
Writes everything under DIR/<placement>/ and a summary in DIR/scaling.md (printed at the end, on stdout).
Progress goes to stderr: each step with its number, the time so far and an estimate of what is left;
BenchmarkDotNet's own log goes to stderr and DIR/<placement>/bdn.log.

  --out DIR      output directory (default: BenchmarkDotNet.Artifacts/scaling)
  --sizes LIST   sizes for perf stat, comma-separated (default $DEFAULT_SIZES; BenchmarkDotNet always runs
                 the post's three sizes: its [Params] are fixed)
  --seconds S    loop budget of each perf stat run (default $DEFAULT_SECONDS)
  --skip-bdn     perf stat only
  --skip-perf    BenchmarkDotNet only (no perf needed)
  --no-build     use the existing Release build
  -- ARGS        passed to BenchmarkDotNet, e.g. -- --launchCount 1 --warmupCount 1 --iterationCount 5
  -h, --help     this text

Needs: dotnet; perf (Debian: linux-perf) unless --skip-perf; numactl or taskset on multi-node machines.
Exit codes: 0 ok, 1 a run failed, 2 bad arguments, 3 a tool is missing.
USAGE
}

OUT=""
SIZES_TEXT=$DEFAULT_SIZES
BUDGET=$DEFAULT_SECONDS
SKIP_BDN=0
SKIP_PERF=0
BDN_ARGS=()
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    --out) lab_need_value "$1" $#; OUT=$2; shift 2 ;;
    --out=*) OUT=${1#*=}; shift ;;
    --sizes) lab_need_value "$1" $#; SIZES_TEXT=$2; shift 2 ;;
    --sizes=*) SIZES_TEXT=${1#*=}; shift ;;
    --seconds) lab_need_value "$1" $#; BUDGET=$(hc_parse_seconds "$2"); shift 2 ;;
    --seconds=*) BUDGET=$(hc_parse_seconds "${1#*=}"); shift ;;
    --skip-bdn) SKIP_BDN=1; shift ;;
    --skip-perf) SKIP_PERF=1; shift ;;
    --no-build) HC_NO_BUILD=1; shift ;;
    --) shift; BDN_ARGS=("$@"); break ;;
    *) lab_usage_error "unknown argument '$1' (BenchmarkDotNet arguments go after --)" ;;
  esac
done
if [ "$SKIP_BDN" = 1 ] && [ "$SKIP_PERF" = 1 ]; then lab_usage_error "--skip-bdn and --skip-perf together leave nothing to run"; fi

SIZES=()
IFS=',' read -r -a raw_sizes <<< "$SIZES_TEXT"
[ "${#raw_sizes[@]}" -gt 0 ] || lab_usage_error "--sizes needs at least one size (got '$SIZES_TEXT')"
for s in "${raw_sizes[@]}"; do SIZES+=("$(hc_parse_n "$s")"); done

[ -n "$OUT" ] || OUT="$HC_POST_DIR/BenchmarkDotNet.Artifacts/scaling"
OUT=$(lab_out_dir --out "$OUT")
[ "$SKIP_PERF" = 1 ] || lab_perf_need
lab_need_cmd dotnet "dotnet-sdk-10.0" "or see https://dot.net/install"
lab_pin_need_tools
hc_workdir scaling

hc_build
hc_app

PLACEMENT_NOTE=$(lab_pin_note)
lab_info "$PLACEMENT_NOTE"
SUMMARY="$OUT/scaling.md"
{
  echo "# Scaling: AccessPatterns at every size, per placement"
  echo
  echo "$PLACEMENT_NOTE"
  echo
  bdn_text="${BDN_ARGS[*]}"
  [ -n "$bdn_text" ] || bdn_text="none (the class's own job: warmup 3, 15 iterations)"
  echo "BenchmarkDotNet arguments: $bdn_text; perf stat sizes: ${SIZES[*]}; loop budget ${BUDGET}s."
  echo
} > "$SUMMARY"

# Progress: steps = placements x (BenchmarkDotNet + one perf stat per size); the time per step so far estimates the rest.
mapfile -t PLACEMENTS < <(lab_pin_placements)
STEPS_PER_PLACEMENT=0
[ "$SKIP_BDN" = 1 ] || STEPS_PER_PLACEMENT=1
[ "$SKIP_PERF" = 1 ] || STEPS_PER_PLACEMENT=$((STEPS_PER_PLACEMENT + ${#SIZES[@]}))
TOTAL_STEPS=$((${#PLACEMENTS[@]} * STEPS_PER_PLACEMENT))
STEP=0
STARTED=$SECONDS
progress() {
  local spent=$((SECONDS - STARTED)) left="unknown"
  STEP=$((STEP + 1))
  if [ "$STEP" -gt 1 ]; then left="about $(lab_duration $((spent * (TOTAL_STEPS - STEP + 1) / (STEP - 1))))"; fi
  lab_info "step $STEP/$TOTAL_STEPS: $* (elapsed $(lab_duration "$spent"), $left left)"
}

failures=()
for placement in "${PLACEMENTS[@]}"; do
  IFS=$'\t' read -r label prefix_text <<< "$placement"
  read -r -a prefix <<< "$prefix_text"
  dir="$OUT/$label"
  mkdir -p "$dir"
  echo "## $label${prefix_text:+ ($prefix_text)}" >> "$SUMMARY"
  echo >> "$SUMMARY"

  if [ "$SKIP_BDN" = 0 ]; then
    progress "[$label] BenchmarkDotNet: AccessPatterns at every size"
    artifacts="$HC_WORK/$label-bdn"
    if "${prefix[@]}" "${HC_APP[@]}" --filter '*AccessPatterns*' --exporters fulljson --artifacts "$artifacts" "${BDN_ARGS[@]}" 2>&1 | tee "$dir/bdn.log" >&2; then
      cp "$artifacts"/results/*.md "$artifacts"/results/*.csv "$artifacts"/results/*.json "$dir/" 2>/dev/null || true
      for f in "$dir"/*-report-github.md "$dir"/*-prediction.md; do
        if [ -f "$f" ]; then { sed 's/^\(#\{1,\}\) /\1## /' "$f"; echo; } >> "$SUMMARY"; fi
      done
    else
      failures+=("$label/bdn")
    fi
  fi

  if [ "$SKIP_PERF" = 0 ]; then
    for n in "${SIZES[@]}"; do
      progress "[$label] perf stat N=$n"
      if "${prefix[@]}" "$HC_SCRIPTS_DIR/perf-stat.sh" "$n" --seconds "$BUDGET" --out "$dir/perf-stat-$n" --no-build > "$dir/perf-stat-$n.log" 2>&1; then
        { echo "### perf stat, N=$n"; echo; sed -n '/^| derived/,/^$/p' "$dir/perf-stat-$n/perf-stat.md"; } >> "$SUMMARY"
      else
        tail -n 5 "$dir/perf-stat-$n.log" >&2 || true
        failures+=("$label/perf-stat-$n")
      fi
    done
  fi
done

cat "$SUMMARY"
if [ "${#failures[@]}" -gt 0 ]; then
  lab_die "failed: ${failures[*]} (logs under $OUT)"
fi
lab_info "scaling outputs in $OUT (scaling.md)"
