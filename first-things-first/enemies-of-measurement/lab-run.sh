#!/usr/bin/env bash
# scripts/run-all.sh's hook for post 2: the six enemies, then (quick/full) the defended run and the E3
# noisy-vs-isolated comparison; copies every table into OUTDIR.
set -euo pipefail
POST_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$POST_DIR/../../scripts/lib/common.sh"

usage() {
  cat <<'USAGE'
Usage: first-things-first/enemies-of-measurement/lab-run.sh PROFILE OUTDIR [BENCHMARKDOTNET_ARGS...]

  PROFILE   smoke | quick | full (as scripts/run-all.sh; the BenchmarkDotNet arguments of the profile follow OUTDIR)
  OUTDIR    where the tables go:
              OUTDIR/cache-info.txt            caches of this machine and where E4's sizes land
              OUTDIR/*.md, *.csv               the six enemies, defences down (the post's setup)
              OUTDIR/defended/                 the six under EnemyDefenseConfig       (quick, full)
              OUTDIR/noisy-vs-isolated/        E3 with every core busy vs taskset -c 0 (quick, full)

Smoke runs only the six enemies (one cold invocation each): it proves they run, it measures nothing.
Example: lab-run.sh quick /tmp/enemies --launchCount 1 --warmupCount 1 --iterationCount 5
USAGE
}

lab_hook_args "$@"
lab_need_cmd dotnet "dotnet-sdk-10.0" "or see https://dot.net/install"
lab_mktemp_dir WORK enemies

lab_info "building $POST_DIR (Release)"
dotnet build "$POST_DIR" -c Release --nologo -v quiet

program() { dotnet run -c Release --no-build --project "$POST_DIR" -- "$@"; }

# copy_tables ARTIFACTS_DIR DEST: the markdown tables (summaries, disassembly) and CSV reports of a run.
copy_tables() {
  mkdir -p "$2"
  local f copied=0
  for f in "$1"/results/*.md "$1"/results/*.csv; do
    [ -f "$f" ] || continue
    cp "$f" "$2/"
    copied=1
  done
  [ "$copied" -eq 1 ] || lab_warn "no tables in $1/results"
}

# What a reader types (from this folder) to reproduce each output.
{
  echo "cd first-things-first/enemies-of-measurement && dotnet run -c Release -- cache-info"
  printf 'cd first-things-first/enemies-of-measurement && dotnet run -c Release -- --filter %q%s\n' '*' "$(lab_quote_args "${BDN_ARGS[@]}")"
  if [ "$PROFILE" != smoke ]; then
    printf 'cd first-things-first/enemies-of-measurement && dotnet run -c Release -- defended --filter %q%s\n' '*' "$(lab_quote_args "${BDN_ARGS[@]}")"
    printf 'cd first-things-first/enemies-of-measurement && Scripts/noisy-vs-isolated.sh --out <dir> --%s\n' "$(lab_quote_args "${BDN_ARGS[@]}")"
  fi
} > "$OUT/command.txt"

failures=()
program cache-info | tee "$OUT/cache-info.txt" || failures+=(cache-info)

lab_info "the six enemies, defences down ($PROFILE)"
program --filter '*' --artifacts "$WORK/defenceless" "${BDN_ARGS[@]}" || failures+=(enemies)
copy_tables "$WORK/defenceless" "$OUT"

if [ "$PROFILE" != smoke ]; then
  lab_info "the six enemies under EnemyDefenseConfig ($PROFILE)"
  program defended --filter '*' --artifacts "$WORK/defended" "${BDN_ARGS[@]}" || failures+=(defended)
  copy_tables "$WORK/defended" "$OUT/defended"

  lab_info "E3 noisy vs isolated ($PROFILE)"
  "$POST_DIR/Scripts/noisy-vs-isolated.sh" --out "$OUT/noisy-vs-isolated" -- "${BDN_ARGS[@]}" || failures+=(noisy-vs-isolated)
fi

if [ "${#failures[@]}" -gt 0 ]; then
  lab_die "failed: ${failures[*]}"
fi
lab_info "enemies-of-measurement: tables in $OUT"
