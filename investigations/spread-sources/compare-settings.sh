#!/usr/bin/env bash
# Where a claim's spread between rounds comes from: the same cases measured in rounds under two settings, the settings
# alternating round by round (so a state of the machine lands on both), each setting's rounds gathered as a run folder
# that `LabReport spread` reads. Usage: compare-settings.sh OUT ROUNDS SETTING... where a SETTING is
# NAME=BDN_ARGS (e.g. 'default=' or 'pgo-off=--envVars DOTNET_TieredPGO:0'); the post and its cases come from CASES
# lines "post|class filter|first-rounds settings" below.
set -euo pipefail
. "$(dirname "$0")/../../scripts/lib/common.sh"
ROOT=$(lab_root)
[ $# -ge 4 ] || lab_usage_error "OUT ROUNDS and at least two SETTINGs are needed"
OUT=$(lab_out_dir OUT "$1"); ROUNDS=$(lab_uint ROUNDS "$2" 2 40) || exit 2; shift 2
SETTINGS=("$@")
SEED=7
# The cases: claims whose between-round spread the full runs put far above their iterations' noise (spread.md).
CASES=(
  "enemies-of-measurement|*E4_CacheState*|--warmupCount 3 --iterationCount 3 --iterationTime 100"
  "statistics-that-matter|*EffectSizeDemo.Sum*|--iterationCount 8 --iterationTime 100"
  "hardware-counters|*AccessPatterns*|--warmupCount 1 --iterationCount 3 --iterationTime 100"
  "why-benchmarks-lie|*WhyBenchmarksLieSequentialBenchmark*|--iterationTime 100"
)
lab_mktemp_dir WORK spread
for setting in "${SETTINGS[@]}"; do
  name=${setting%%=*}
  mkdir -p "$OUT/$name"
  cp "$ROOT/tests/LabReport.Tests/Fixtures/rounds/environment.md" "$OUT/$name/environment.md"
done
for ((round = 1; round <= ROUNDS; round++)); do
  # Odd rounds in the given order, even rounds reversed: neither setting always goes first.
  order=("${SETTINGS[@]}")
  if [ $((round % 2)) -eq 0 ]; then mapfile -t order < <(printf '%s\n' "${SETTINGS[@]}" | tac); fi
  for setting in "${order[@]}"; do
    name=${setting%%=*}
    read -ra args <<< "${setting#*=}"
    for line in "${CASES[@]}"; do
      IFS='|' read -r post filter settings <<< "$line"
      read -ra job <<< "$settings"
      dir="$ROOT/first-things-first/$post"
      app=$(find "$dir/bin/Release" -maxdepth 2 -type f -perm -u+x -name "$(basename "$(find "$dir" -maxdepth 1 -name '*.csproj')" .csproj)" | head -1)
      dest="$OUT/$name/$post/round-$round"
      mkdir -p "$dest"
      lab_info "round $round/$ROUNDS, $name: $post $filter"
      (cd "$dir" && "$app" --filter "$filter" "${job[@]}" "${args[@]}" --rounds "$ROUNDS" --rounds-seed "$SEED" --round "$round" \
        --exporters fulljson --keepFiles --artifacts "$WORK/$name-$post") > "$WORK/$name-$post.log" 2>&1 || lab_warn "$name $post round $round failed"
      for f in "$WORK/$name-$post"/results/*-report-full.json "$WORK/$name-$post"/results/*-report-github.md; do
        if [ -f "$f" ]; then cp "$f" "$dest/"; fi
      done
      rm -rf "$WORK/$name-$post/results"
    done
  done
done
for setting in "${SETTINGS[@]}"; do
  name=${setting%%=*}
  "$ROOT/shared/LabReport/bin/Release/net10.0/LabReport" spread "$OUT/$name" --out "$OUT/$name" > /dev/null
done
lab_info "spread tables: $OUT/*/spread.md"
