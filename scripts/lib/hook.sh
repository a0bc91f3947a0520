#!/usr/bin/env bash
# The one way a post is run: the skeleton every lab-run.sh hook shares (scripts/run-all.sh calls them all alike).
#
# A hook sources this file, declares itself (and optionally lab_hook_check, its own checks made before any work),
# then calls lab_hook_start "$@":
#   LAB_BUDGET="smoke=30 quick=90 full=420"   seconds each profile's first rounds take on the 2-core reference machine
#   LAB_HOOK_HELP=$(cat <<'TEXT' ... TEXT)      what each profile runs and what lands in OUTDIR (for --help)
#   LAB_MORE_STEPS="mark0 sweep"              the steps of its own (not BenchmarkDotNet) it can run more rounds of
# and afterwards uses the same names everywhere:
#   PROFILE    smoke | quick | full
#   OUT        the post's results folder (absolute, created and checked writable before any work)
#   POST_DIR   the folder of the hook (the post's project)
#   ARTIFACTS  a private (0700) directory for BenchmarkDotNet's artifacts, removed on exit (also on Ctrl-C)
#   APP        the command that starts the post's Release build without rebuilding (its apphost)
#   PREFIX     a command prefix for every run (CPU pinning); empty by default
#   ROUNDS     the first interleaved rounds of this profile (LAB_ROUNDS: smoke 1, quick and full RoundLimits.First,
#              3, which a hook measuring once sets to 1); SEED the run's seed
#   SMOKE_BDN  BenchmarkDotNet's options of the smoke profile, the same for every post
# lab_bdn runs BenchmarkDotNet (in ROUNDS interleaved rounds when ROUNDS > 1) and copies its tables; lab_run runs
# anything else; both append the command a reader would paste to OUT/command.txt. lab_hook_done ends the hook,
# failing if any step failed.
#
# More rounds: once its settings are made, a hook calls lab_more_dispatch. Started as
#   lab-run.sh --more PROFILE OUTDIR KIND GROUP FROM COUNT CASE...
# (scripts/run-all.sh's planner does so, on a run that has its first rounds), lab_more_dispatch runs COUNT more rounds,
# numbered from FROM, of the CASEs and exits: KIND bdn, the BenchmarkDotNet cases (LabRounds' CaseSpec) of the
# results' sub-folder GROUP ("" for OUT itself) into GROUP/more-FROM/; KIND steps, the hook's own steps by name. The
# hook's lab_hook_more KIND GROUP runs them, with the same settings as its first rounds; without one, only bdn cases
# of OUT itself can be run again, with the settings in BDN. Every BenchmarkDotNet invocation and every step logs what
# it took to OUT/steps.tsv, the planner's costs.
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
# that lasts minutes widens an interval instead of moving a ratio. A profile's first rounds are LabRounds'
# RoundLimits.First; scripts/run-all.sh's planner adds rounds where a claim is undecided. Smoke only proves that
# everything runs.
LAB_ROUNDS="smoke=1 quick=3 full=3"
LAB_MORE_STEPS=""
MORE_KIND=""
MORE_GROUP=""
MORE_FROM=0
MORE_COUNT=0
MORE_CASES=()
# Each benchmark once, cold: the smoke profile of every post.
# shellcheck disable=SC2034 # read by the hooks that source this file
SMOKE_BDN=(--strategy ColdStart --launchCount 1 --warmupCount 0 --iterationCount 1 --unrollFactor 1 --invocationCount 1)

usage() {
  cat <<USAGE
Usage: $LAB_SCRIPT PROFILE OUTDIR
       $LAB_SCRIPT --more PROFILE OUTDIR KIND GROUP FROM COUNT CASE...
       $LAB_SCRIPT --estimate PROFILE
       $LAB_SCRIPT --help

Runs this post the way scripts/run-all.sh does and keeps every output in OUTDIR (created if needed): command.txt
(the commands, ready to paste), BenchmarkDotNet's tables (*-report-github.md, *.csv) and full JSON reports
(*-report-full.json, every iteration's measurement), and what the post's own modes write.

$LAB_HOOK_HELP

First rounds: $LAB_ROUNDS. FTF_ROUNDS_SEED=S replays a run's orders.
--more runs COUNT more rounds (from round FROM) of some cases on a run that has its first rounds: KIND bdn, the
BenchmarkDotNet cases CASE (Class.Method(Name=Value&...), as the post's Claims/claims.json names them) of the
results' sub-folder GROUP ("" for OUTDIR itself), into GROUP/more-FROM/; KIND steps, the steps named CASE
(${LAB_MORE_STEPS:-none here}). scripts/run-all.sh's planner calls it where a claim is still undecided.
--estimate PROFILE prints how many seconds PROFILE's first rounds take on the 2-core reference machine
($LAB_BUDGET). Needs the post's Release build and never rebuilds: scripts/run-all.sh builds once; alone, run
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

# lab_hook_budget PROFILE: the seconds LAB_BUDGET gives PROFILE.
lab_hook_budget() { lab_profile_value "$LAB_BUDGET" "$1"; }

_lab_hook_profile() {
  case "$1" in
    smoke|quick|full) ;;
    *) lab_usage_error "PROFILE must be smoke, quick or full (got '$1')" ;;
  esac
}

# lab_hook_start "$@": the hook's command line (see usage), then the checks made before any work.
lab_hook_start() {
  local more=0
  case "${1:-}" in
    -h|--help) usage; exit 0 ;;
    --estimate)
      [ $# -ge 2 ] || lab_usage_error "--estimate needs a profile (smoke, quick or full)"
      [ $# -eq 2 ] || lab_usage_error "unexpected argument '$3' after --estimate $2"
      _lab_hook_profile "$2"
      lab_hook_budget "$2"
      exit 0 ;;
    --more) more=1; shift ;;
    -*) lab_usage_error "unknown option '$1'" ;;
  esac
  [ $# -ge 2 ] || lab_usage_error "PROFILE and OUTDIR are required"
  if [ "$more" -eq 1 ]; then
    _lab_more_args "$@"
  else
    [ $# -eq 2 ] || lab_usage_error "unexpected argument '$3' (the profile sets every BenchmarkDotNet option)"
  fi
  _lab_hook_profile "$1"
  PROFILE=$1
  # A hook's own checks (its environment variables) come before anything is created.
  if declare -F lab_hook_check >/dev/null; then lab_hook_check; fi
  ROUNDS=$(lab_profile_value "$LAB_ROUNDS" "$PROFILE")
  SEED=${FTF_ROUNDS_SEED:-$(lab_new_seed)}
  [[ $SEED =~ ^[0-9]{1,18}$ ]] || lab_usage_error "FTF_ROUNDS_SEED must be a whole number of at most 18 digits (got '$SEED')"
  if [ "$more" -eq 1 ]; then
    if [ ! -f "$2/command.txt" ]; then
      lab_usage_error "OUTDIR '$2' holds no first rounds of $LAB_NAME (no command.txt): run '$LAB_SCRIPT $PROFILE $2' first"
    fi
  fi
  OUT=$(lab_out_dir OUTDIR "$2")
  lab_need_cmd dotnet "dotnet-sdk-10.0" "or see https://dot.net/install"
  lab_app "$POST_DIR"
  lab_mktemp_dir ARTIFACTS "$LAB_NAME"
  if [ "$more" -eq 1 ]; then return 0; fi
  : > "$OUT/command.txt"
  : > "$OUT/steps.tsv"
  if [ -n "$LAB_MORE_STEPS" ]; then
    local steps
    read -ra steps <<< "$LAB_MORE_STEPS"
    printf '%s\n' "${steps[@]}" > "$OUT/more-steps.txt"
  fi
  lab_info "$LAB_NAME, profile $PROFILE (about $(lab_duration "$(lab_hook_budget "$PROFILE")") on 2 cores, $ROUNDS round(s), seed $SEED): outputs in $OUT"
}

# _lab_more_args PROFILE OUTDIR KIND GROUP FROM COUNT CASE...: the --more command line, checked.
_lab_more_args() {
  [ $# -ge 7 ] || lab_usage_error "--more needs PROFILE OUTDIR KIND GROUP FROM COUNT and at least one CASE"
  case "$3" in
    bdn|steps) MORE_KIND=$3 ;;
    *) lab_usage_error "KIND must be bdn or steps (got '$3')" ;;
  esac
  MORE_GROUP=$4
  if ! [[ $MORE_GROUP =~ ^[A-Za-z0-9._/-]*$ ]] || [[ $MORE_GROUP == *..* ]]; then
    lab_usage_error "GROUP must be a sub-folder of OUTDIR such as five-iterations, or \"\" (got '$4')"
  fi
  MORE_FROM=$(lab_uint FROM "$5" 2 1000) || exit 2
  MORE_COUNT=$(lab_uint COUNT "$6" 1 1000) || exit 2
  shift 6
  MORE_CASES=("$@")
  if [ "$MORE_KIND" = steps ]; then
    local c
    for c in "${MORE_CASES[@]}"; do
      [[ " $LAB_MORE_STEPS " == *" $c "* ]] || lab_usage_error "$LAB_NAME cannot run more rounds of step '$c' (it can: ${LAB_MORE_STEPS:-none})"
    done
  fi
}

# lab_more_dispatch: in --more mode, runs the more rounds asked for (the hook's lab_hook_more, or the default: bdn
# cases of OUT itself with the settings in BDN), then ends the hook; otherwise returns at once.
lab_more_dispatch() {
  [ -n "$MORE_KIND" ] || return 0
  if declare -F lab_hook_more >/dev/null; then
    lab_hook_more "$MORE_KIND" "$MORE_GROUP"
  elif [ "$MORE_KIND" = bdn ] && [ -z "$MORE_GROUP" ]; then
    lab_more_bdn "$OUT" "${BDN[@]}" || lab_failed "more rounds"
  else
    lab_usage_error "$LAB_NAME runs no more rounds of $MORE_KIND cases in '${MORE_GROUP}'"
  fi
  lab_hook_done
  exit 0
}

# lab_more_bdn DEST ARGS...: the more rounds of --more's BenchmarkDotNet cases, with ARGS (the first rounds' settings),
# into DEST/more-FROM/.
lab_more_bdn() {
  local dest=$1
  shift
  lab_info "$LAB_NAME, profile $PROFILE: $MORE_COUNT more round(s) from round $MORE_FROM of ${#MORE_CASES[@]} case(s): outputs in $dest/more-$MORE_FROM"
  lab_bdn "$dest/more-$MORE_FROM" --filter '*' "$@"
}

# lab_more_steps: the steps of --more, one round at a time, each round in its own order; lab_more_step NAME ROUND runs
# one (the hook defines it).
lab_more_steps() {
  local round step
  lab_info "$LAB_NAME, profile $PROFILE: $MORE_COUNT more round(s) from round $MORE_FROM of ${MORE_CASES[*]}: outputs in $OUT"
  for ((round = MORE_FROM; round < MORE_FROM + MORE_COUNT; round++)); do
    while read -r step; do
      lab_more_step "$step" "$round" || lab_failed "$step (round $round)"
    done < <(lab_shuffle "$round" "${MORE_CASES[@]}")
  done
}

# lab_log_step NAME ROUND SECONDS: one round of a step of the hook's own, in OUT/steps.tsv (the planner's costs).
lab_log_step() { printf 'step\t%s\t%s\t%s\n' "$3" "$1" "$2" >> "$OUT/steps.tsv"; }

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

# _lab_relative DIR: DIR relative to OUT, with a trailing slash ("" for OUT itself, "more-4/" for OUT/more-4).
_lab_relative() { if [ "$1" = "$OUT" ]; then printf ''; else printf '%s/' "${1#"$OUT"/}"; fi; }

# lab_copy_reports ARTIFACTS_DIR DEST: BenchmarkDotNet's tables and JSON reports of one run into DEST; LAB_REPORTS
# lists the JSON reports copied (paths relative to OUT).
lab_copy_reports() {
  local f copied=0
  LAB_REPORTS=()
  mkdir -p "$2"
  for f in "$1"/results/*.md "$1"/results/*.csv "$1"/results/*.json; do
    [ -f "$f" ] || continue
    cp "$f" "$2/"
    copied=1
    case "$f" in *.json) LAB_REPORTS+=("$(_lab_relative "$2")$(basename "$f")") ;; esac
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

# lab_rounds_args: the options that make a BenchmarkDotNet run interleaved rounds (none for one round); in --more mode,
# the rounds from FROM and the cases asked for.
lab_rounds_args() {
  local c
  if [ -n "$MORE_KIND" ]; then
    printf '%s\n' --rounds "$((MORE_FROM + MORE_COUNT - 1))" --rounds-from "$MORE_FROM" --rounds-seed "$SEED"
    for c in "${MORE_CASES[@]}"; do printf '%s\n' --case "$c"; done
  elif [ "$ROUNDS" -gt 1 ]; then
    printf '%s\n' --rounds "$ROUNDS" --rounds-seed "$SEED"
  fi
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
  local t0=$SECONDS
  (cd "$POST_DIR" && "${PREFIX[@]}" "${APP[@]}" "$@" --exporters fulljson --buildTimeout "$LAB_BDN_BUILD_TIMEOUT" \
    "${keep[@]}" --artifacts "$artifacts") || rc=$?
  lab_copy_reports "$artifacts" "$dest" || [ "$rc" -ne 0 ] || rc=1
  # What the invocation took and what it measured, for the planner's costs (its processes are its reports' entries).
  local folder
  folder=$(_lab_relative "$dest")
  printf 'bdn\t%s\t%s\t%s\n' "$((SECONDS - t0))" "${folder%/}" "${LAB_REPORTS[*]}" >> "$OUT/steps.tsv"
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
