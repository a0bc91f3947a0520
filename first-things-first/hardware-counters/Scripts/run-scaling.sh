#!/usr/bin/env bash
# The post's scaling experiment: the BenchmarkDotNet run at every size, then perf stat per size per access
# pattern; repeated per socket / NUMA node (taskset / numactl) when the machine has more than one.
set -euo pipefail
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
Writes everything under DIR/<placement>/ and a summary in DIR/scaling.md.

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
    --out) [ $# -ge 2 ] || lab_usage_error "--out needs a directory"; OUT=$2; shift 2 ;;
    --out=*) OUT=${1#*=}; shift ;;
    --sizes) [ $# -ge 2 ] || lab_usage_error "--sizes needs a comma-separated list"; SIZES_TEXT=$2; shift 2 ;;
    --sizes=*) SIZES_TEXT=${1#*=}; shift ;;
    --seconds) [ $# -ge 2 ] || lab_usage_error "--seconds needs a value"; BUDGET=$(hc_parse_seconds "$2"); shift 2 ;;
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
[ "${#raw_sizes[@]}" -gt 0 ] || lab_usage_error "--sizes needs at least one size"
for s in "${raw_sizes[@]}"; do SIZES+=("$(hc_parse_n "$s")"); done

[ "$SKIP_PERF" = 1 ] || lab_perf_need
lab_need_cmd dotnet "dotnet-sdk-10.0" "or see https://dot.net/install"
lab_pin_need_tools

[ -n "$OUT" ] || OUT="$HC_POST_DIR/BenchmarkDotNet.Artifacts/scaling"
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
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

failures=()
while IFS=$'\t' read -r label prefix_text; do
  read -r -a prefix <<< "$prefix_text"
  dir="$OUT/$label"
  mkdir -p "$dir"
  echo "## $label${prefix_text:+ ($prefix_text)}" >> "$SUMMARY"
  echo >> "$SUMMARY"

  if [ "$SKIP_BDN" = 0 ]; then
    lab_info "[$label] BenchmarkDotNet: AccessPatterns at every size"
    artifacts="$HC_WORK/$label-bdn"
    if "${prefix[@]}" "${HC_APP[@]}" --filter '*AccessPatterns*' --artifacts "$artifacts" "${BDN_ARGS[@]}" 2>&1 | tee "$dir/bdn.log"; then
      cp "$artifacts"/results/*.md "$artifacts"/results/*.csv "$dir/" 2>/dev/null || true
      for f in "$dir"/*-report-github.md "$dir"/*-prediction.md; do
        if [ -f "$f" ]; then { sed 's/^\(#\{1,\}\) /\1## /' "$f"; echo; } >> "$SUMMARY"; fi
      done
    else
      failures+=("$label/bdn")
    fi
  fi

  if [ "$SKIP_PERF" = 0 ]; then
    for n in "${SIZES[@]}"; do
      lab_info "[$label] perf stat N=$n"
      if "${prefix[@]}" "$HC_SCRIPTS_DIR/perf-stat.sh" "$n" --seconds "$BUDGET" --out "$dir/perf-stat-$n" --no-build > "$dir/perf-stat-$n.log" 2>&1; then
        { echo "### perf stat, N=$n"; echo; sed -n '/^| derived/,/^$/p' "$dir/perf-stat-$n/perf-stat.md"; } >> "$SUMMARY"
      else
        tail -n 5 "$dir/perf-stat-$n.log" >&2 || true
        failures+=("$label/perf-stat-$n")
      fi
    done
  fi
done < <(lab_pin_placements)

cat "$SUMMARY"
if [ "${#failures[@]}" -gt 0 ]; then
  lab_die "failed: ${failures[*]} (logs under $OUT)"
fi
lab_info "scaling outputs in $OUT (scaling.md)"
