#!/usr/bin/env bash
# run-all hook for post 4: the three benchmark classes in the given profile, then the checklist (`check`) on the
# JSON reports they wrote; in the full profile also the post's 5-iteration NoisyComparison run and its check.
# Usage: lab-run.sh PROFILE OUTDIR [BENCHMARKDOTNET_ARGS...]   (PROFILE: smoke, quick or full; called by scripts/run-all.sh)
# Environment: FTF_PIN_CPUS=LIST runs everything under `taskset -c LIST` (the post pins to one NUMA node: 0-11);
#              unset = no pinning (this lab's machines have one node). FTF_SESOI=P% sets check's SESOI (default 5%).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/../../scripts/lib/common.sh"

usage() { sed -n '2,6p' "$0" | sed 's/^# \{0,1\}//'; }
lab_hook_args "$@"
SESOI=${FTF_SESOI:-5%}
[[ "$SESOI" =~ ^[0-9]+(\.[0-9]+)?%$ ]] || lab_usage_error "FTF_SESOI must be a percentage such as 5% or 0.5% (got '$SESOI')"

lab_need_cmd dotnet "dotnet-sdk-10.0" "or see https://dot.net/install"
PIN=()
if [ -n "${FTF_PIN_CPUS:-}" ]; then
  lab_need_cmd taskset util-linux
  taskset -c "$FTF_PIN_CPUS" true 2>/dev/null || lab_usage_error "FTF_PIN_CPUS='$FTF_PIN_CPUS' is not a CPU list taskset accepts on this machine (CPUs: 0-$(( $(lab_cpu_count) - 1 )))"
  PIN=(taskset -c "$FTF_PIN_CPUS")
  lab_info "pinning to CPUs $FTF_PIN_CPUS"
fi

cd "$HERE"
# A private artifacts directory per run: reports of earlier runs can never be mistaken for this one's.
lab_mktemp_dir ARTIFACTS stats-artifacts
: > "$OUT/command.txt"

# run_and_check NAME OUTSUBDIR BDN_ARGS...: benchmarks, copy tables and JSON, then the checklist on that JSON.
run_and_check() {
  local name=$1 dest=$2; shift 2
  local art="$ARTIFACTS/$name"
  local bench=(dotnet run -c Release --no-build -- --artifacts "$art" "$@")
  printf 'cd first-things-first/statistics-that-matter && %sdotnet run -c Release -- --artifacts %q%s\n' "${PIN[*]:+${PIN[*]} }" "$art" "$(lab_quote_args "$@")" >> "$OUT/command.txt"
  lab_info "$name: ${PIN[*]:+${PIN[*]} }dotnet run -c Release -- $*"
  "${PIN[@]}" "${bench[@]}"

  mkdir -p "$dest"
  cp "$art"/results/*.md "$dest/"
  local reports=("$art"/results/*-report-full-annotated.json)
  [ -e "${reports[0]}" ] || lab_die "$name: BenchmarkDotNet wrote no *-report-full-annotated.json into $art/results"
  cp "${reports[@]}" "$dest/"

  # check on the copies, so the paths in its output are the ones kept next to it.
  local copies=()
  local r
  for r in "${reports[@]}"; do copies+=("$dest/$(basename "$r")"); done
  printf 'cd first-things-first/statistics-that-matter && dotnet run -c Release -- check%s --sesoi %q\n' "$(lab_quote_args "${copies[@]}")" "$SESOI" >> "$OUT/command.txt"
  lab_info "$name: checklist -> $dest/checklist.txt"
  dotnet run -c Release --no-build -- check "${copies[@]}" --sesoi "$SESOI" | tee "$dest/checklist.txt"
}

lab_info "building (Release)"
dotnet build "$HERE" -c Release --nologo -v quiet

run_and_check benchmarks "$OUT" --filter '*' "${BDN_ARGS[@]}"

if [ "$PROFILE" = full ]; then
  # The post's first run: the same NoisyComparison job cut to 5 iterations after 3 warmups (these options mutate the
  # class's SimpleJob), where the 99.9% intervals are expected to overlap.
  run_and_check five-iterations "$OUT/five-iterations" --filter '*NoisyComparison*' --iterationCount 5 --warmupCount 3
fi
lab_info "done: $OUT"
