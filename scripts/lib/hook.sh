#!/usr/bin/env bash
# The one way a post is run: the skeleton every lab-run.sh hook shares (scripts/run-all.sh calls them all alike).
#
# A hook sources this file, declares itself (and optionally lab_hook_check, its own checks made before any work),
# then calls lab_hook_start "$@":
#   LAB_BUDGET="smoke=30 quick=90 full=420"   seconds each profile takes on the 2-core reference machine
#   LAB_HOOK_HELP=$(cat <<'TEXT' ... TEXT)      what each profile runs and what lands in OUTDIR (for --help)
# and afterwards uses the same names everywhere:
#   PROFILE    smoke | quick | full
#   OUT        the post's results folder (absolute, created and checked writable before any work)
#   POST_DIR   the folder of the hook (the post's project)
#   ARTIFACTS  a private (0700) directory for BenchmarkDotNet's artifacts, removed on exit (also on Ctrl-C)
#   APP        the command that starts the post's Release build without rebuilding (its apphost)
#   PREFIX     a command prefix for every run (CPU pinning); empty by default
#   ROUNDS     interleaved rounds of this profile (LAB_ROUNDS: smoke 1, quick 3, full 5, which a hook may set again
#              before lab_hook_start; FTF_ROUNDS=N sets them for quick and full); SEED the run's seed
#   SMOKE_BDN  BenchmarkDotNet's options of the smoke profile, the same for every post
# lab_bdn runs BenchmarkDotNet (in ROUNDS interleaved rounds when ROUNDS > 1) and copies its tables; lab_run runs
# anything else; both append the command a reader would paste to OUT/command.txt. lab_hook_done ends the hook,
# failing if any step failed.
# shellcheck source=common.sh
. "$(dirname "${BASH_SOURCE[0]}")/common.sh"

POST_DIR=$(cd "$(dirname "${BASH_SOURCE[1]}")" && pwd)
LAB_NAME=$(basename "$POST_DIR")  # the post as messages name it; a hook may set another name after sourcing
LAB_SCRIPT="${POST_DIR#"$(lab_root)"/}/lab-run.sh"
PREFIX=()
ARTIFACTS=""
LAB_FAILED=()
_LAB_BDN_RUNS=0

# Every claim is measured in interleaved rounds (shared/LabRounds): each round runs every case once, in its own
# order drawn from one seed per run, and the report judges a claim from its per-round ratios, so a machine state
# that lasts minutes widens an interval instead of moving a ratio. Smoke only proves that everything runs.
LAB_ROUNDS="smoke=1 quick=3 full=5"
# Each benchmark once, cold: the smoke profile of every post.
# shellcheck disable=SC2034 # read by the hooks that source this file
SMOKE_BDN=(--strategy ColdStart --launchCount 1 --warmupCount 0 --iterationCount 1 --unrollFactor 1 --invocationCount 1)

usage() {
  cat <<USAGE
Usage: $LAB_SCRIPT PROFILE OUTDIR
       $LAB_SCRIPT --estimate PROFILE
       $LAB_SCRIPT --help

Runs this post the way scripts/run-all.sh does and keeps every output in OUTDIR (created if needed): command.txt
(the commands, ready to paste), BenchmarkDotNet's tables (*-report-github.md, *.csv) and full JSON reports
(*-report-full.json, every iteration's measurement), and what the post's own modes write.

$LAB_HOOK_HELP

Rounds: $LAB_ROUNDS; FTF_ROUNDS=N (2 to 20) runs N instead in quick and full, each round as the profile's: the
intervals narrow, and the time grows about in proportion. FTF_ROUNDS_SEED=S replays a run's orders.
--estimate PROFILE prints how many seconds PROFILE takes on the 2-core reference machine ($LAB_BUDGET), scaled
by FTF_ROUNDS. Needs the post's Release build and never rebuilds: scripts/run-all.sh builds once; alone, run
'dotnet build -c Release' in the post's folder first. Exit codes: 0 ok, 1 a step failed, 2 bad arguments,
3 a tool or the build is missing.
USAGE
}

# lab_profile_value LIST PROFILE: the value "smoke=.. quick=.. full=.." gives PROFILE (LAB_BUDGET, LAB_ROUNDS).
lab_profile_value() {
  local entry
  for entry in $1; do
    if [ "${entry%%=*}" = "$2" ]; then printf '%s\n' "${entry#*=}"; return 0; fi
  done
  lab_die "'$1' of $LAB_SCRIPT has no entry for '$2'"
}

# lab_profile_rounds PROFILE: the rounds PROFILE runs: the hook's LAB_ROUNDS, or FTF_ROUNDS (scripts/run-all.sh
# --rounds) in quick and full, unless the hook measures in one round there (post 3's exact simulation).
lab_profile_rounds() {
  local rounds
  rounds=$(lab_profile_value "$LAB_ROUNDS" "$1")
  if [ -n "${FTF_ROUNDS:-}" ]; then
    local asked
    asked=$(lab_rounds_asked FTF_ROUNDS "$FTF_ROUNDS" "$1") || exit 2  # this runs inside $(...), where set -e does not
    if [ "$rounds" -gt 1 ]; then rounds=$asked; fi
  fi
  printf '%s\n' "$rounds"
}

# lab_hook_budget PROFILE: the seconds LAB_BUDGET gives PROFILE, scaled by FTF_ROUNDS against the hook's own rounds
# (an overestimate: what runs once, such as a cache sweep, is scaled too).
lab_hook_budget() {
  local budget default rounds
  budget=$(lab_profile_value "$LAB_BUDGET" "$1")
  default=$(lab_profile_value "$LAB_ROUNDS" "$1")
  rounds=$(lab_profile_rounds "$1") || exit 2
  printf '%s\n' "$(( (budget * rounds + default - 1) / default ))"
}


_lab_hook_profile() {
  case "$1" in
    smoke|quick|full) ;;
    *) lab_usage_error "PROFILE must be smoke, quick or full (got '$1')" ;;
  esac
}

# lab_hook_start "$@": the hook's command line (see usage), then the checks made before any work.
lab_hook_start() {
  case "${1:-}" in
    -h|--help) usage; exit 0 ;;
    --estimate)
      [ $# -ge 2 ] || lab_usage_error "--estimate needs a profile (smoke, quick or full)"
      [ $# -eq 2 ] || lab_usage_error "unexpected argument '$3' after --estimate $2"
      _lab_hook_profile "$2"
      lab_hook_budget "$2"
      exit 0 ;;
    -*) lab_usage_error "unknown option '$1'" ;;
  esac
  [ $# -ge 2 ] || lab_usage_error "PROFILE and OUTDIR are required"
  [ $# -eq 2 ] || lab_usage_error "unexpected argument '$3' (the profile sets every BenchmarkDotNet option)"
  _lab_hook_profile "$1"
  PROFILE=$1
  # A hook's own checks (its environment variables) come before anything is created.
  if declare -F lab_hook_check >/dev/null; then lab_hook_check; fi
  ROUNDS=$(lab_profile_rounds "$PROFILE")
  SEED=${FTF_ROUNDS_SEED:-$(lab_new_seed)}
  [[ $SEED =~ ^[0-9]{1,18}$ ]] || lab_usage_error "FTF_ROUNDS_SEED must be a whole number of at most 18 digits (got '$SEED')"
  OUT=$(lab_out_dir OUTDIR "$2")
  lab_need_cmd dotnet "dotnet-sdk-10.0" "or see https://dot.net/install"
  lab_app "$POST_DIR"
  lab_mktemp_dir ARTIFACTS "$LAB_NAME"
  : > "$OUT/command.txt"
  lab_info "$LAB_NAME, profile $PROFILE (about $(lab_duration "$(lab_hook_budget "$PROFILE")") on 2 cores, $ROUNDS round(s), seed $SEED): outputs in $OUT"
}

# lab_app PROJECT_DIR: sets APP to the apphost of the project's Release build (exit 3 when there is none).
lab_app() {
  local csproj name exe
  csproj=$(find "$1" -maxdepth 1 -name '*.csproj' -print -quit)
  [ -n "$csproj" ] || lab_die "no project file in $1"
  name=$(basename "$csproj" .csproj)
  for exe in "$1"/bin/Release/net*/"$name"; do
    if [ -x "$exe" ]; then APP=("$exe"); return 0; fi
  done
  for exe in "$1"/bin/Release/net*/"$name.dll"; do
    if [ -f "$exe" ]; then APP=(dotnet "$exe"); return 0; fi
  done
  LAB_DIE_CODE=3 lab_die "no Release build of $name: run 'dotnet build -c Release' in ${1#"$(lab_root)"/} (scripts/run-all.sh builds everything once)"
}

# lab_record COMMAND...: appends to OUT/command.txt the line a reader pastes from the repository root.
lab_record() {
  printf 'cd %s &&%s%s\n' "${POST_DIR#"$(lab_root)"/}" "$(lab_quote_args "${PREFIX[@]}")" "$(lab_quote_args "$@")" >> "$OUT/command.txt"
}

# lab_failed STEP: remembers a failed step; lab_hook_done reports them all.
lab_failed() { LAB_FAILED+=("$1"); lab_warn "$LAB_NAME: $1 failed"; }

# lab_copy_reports ARTIFACTS_DIR DEST: BenchmarkDotNet's tables and JSON reports of one run into DEST.
lab_copy_reports() {
  local f copied=0
  mkdir -p "$2"
  for f in "$1"/results/*.md "$1"/results/*.csv "$1"/results/*.json; do
    [ -f "$f" ] || continue
    cp "$f" "$2/"
    copied=1
  done
  [ "$copied" -eq 1 ] || lab_warn "BenchmarkDotNet wrote no tables into $1/results"
  [ "$copied" -eq 1 ]
}

# BenchmarkDotNet gives up building its boilerplate project after 120 s; a busy 2-core machine can take longer.
LAB_BDN_BUILD_TIMEOUT=600

# lab_shuffle ROUND ITEMS...: the items, one per line, in round ROUND's order drawn from the run's seed (for the
# rounds a hook runs itself; BenchmarkDotNet's rounds are ordered by LabRounds). The same seed and round give the
# same order again: shuf draws from a byte stream made of them.
lab_shuffle() {
  local round=$1
  shift
  printf '%s\n' "$@" | shuf --random-source=<(yes "$SEED/$round")
}

# lab_rounds_args: the options that make a BenchmarkDotNet run interleaved rounds (none for one round).
lab_rounds_args() {
  if [ "$ROUNDS" -gt 1 ]; then printf '%s\n' --rounds "$ROUNDS" --rounds-seed "$SEED"; fi
}

# lab_bdn DEST ARGS...: the post's program with ARGS (BenchmarkDotNet options, after a sub-command if any) in a
# private artifacts directory, in the profile's rounds, exporting the full JSON report too; then every table and
# report into DEST. The recorded command leaves out what only this run needs (--artifacts, --buildTimeout).
lab_bdn() {
  local dest=$1 rc=0 rounds
  shift
  _LAB_BDN_RUNS=$((_LAB_BDN_RUNS + 1))
  local artifacts="$ARTIFACTS/bdn-$_LAB_BDN_RUNS"
  mapfile -t rounds < <(lab_rounds_args)
  set -- "$@" "${rounds[@]}"
  lab_record dotnet run -c Release -- "$@" --exporters fulljson
  lab_info "$LAB_NAME:${PREFIX[*]:+ ${PREFIX[*]}} $*"
  # Round jobs have stable names (Job-R1...), so BenchmarkDotNet's generated project keeps one folder per post in the
  # build output: kept (--keepFiles), the post's next run rebuilds it incrementally (~6 s instead of ~20 s here).
  local keep=()
  if [ "${#rounds[@]}" -gt 0 ]; then keep=(--keepFiles); fi
  (cd "$POST_DIR" && "${PREFIX[@]}" "${APP[@]}" "$@" --exporters fulljson --buildTimeout "$LAB_BDN_BUILD_TIMEOUT" \
    "${keep[@]}" --artifacts "$artifacts") || rc=$?
  lab_copy_reports "$artifacts" "$dest" || [ "$rc" -ne 0 ] || rc=1
  return "$rc"
}

# lab_run ARGS...: the post's program with ARGS (a mode), recorded like lab_bdn.
lab_run() {
  lab_record dotnet run -c Release -- "$@"
  lab_info "$LAB_NAME:${PREFIX[*]:+ ${PREFIX[*]}} $*"
  (cd "$POST_DIR" && "${PREFIX[@]}" "${APP[@]}" "$@")
}

# lab_script SCRIPT ARGS...: one of the post's scripts (path relative to the post), with --no-build (the build is
# there already), recorded without it.
lab_script() {
  local script=$1
  shift
  lab_record "./$script" "$@"
  lab_info "$LAB_NAME: $script $*"
  (cd "$POST_DIR" && "${PREFIX[@]}" "./$script" --no-build "$@")
}

# lab_hook_done: exit 1 naming the failed steps, or report where the outputs are.
lab_hook_done() {
  if [ "${#LAB_FAILED[@]}" -gt 0 ]; then
    lab_die "$LAB_NAME: failed: ${LAB_FAILED[*]} (outputs so far in $OUT)"
  fi
  lab_info "$LAB_NAME: done, outputs in $OUT"
}
