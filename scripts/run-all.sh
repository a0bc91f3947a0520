#!/usr/bin/env bash
# The lab's main job: build once, run every post's hook (lab-run.sh) in one profile, then the lab report; progress
# with estimates on the way and a summary table at the end.
set -euo pipefail
# shellcheck source=lib/common.sh
. "$(dirname "$0")/lib/common.sh"
ROOT=$(lab_root)
LAB_SCRIPT=scripts/run-all.sh

# What the build takes from a clean clone (restore included) on the 2-core reference machine, and the report.
BUILD_ESTIMATE=40
REPORT_ESTIMATE=10
REPORT_PROJECT=shared/LabReport/LabReport.csproj

# A profile is a time budget (wall time from the start to the end of the report): the first rounds of every post,
# then the planner spends what is left where a claim is still undecided.
BUDGET_QUICK=600
BUDGET_FULL=1800
# Kept back from the planner for the end of the run (the report, the environment's end capture).
PLANNER_MARGIN=20

usage() {
  cat <<'USAGE'
Usage: scripts/run-all.sh [--profile smoke|quick|full] [--budget TIME] [--out DIR] [--post NAME]... [--seed N] [--list]

Builds the solution once (Release), runs each post's lab-run.sh hook (its first rounds) into its own folder of the
results directory, then plans: while the budget lasts, 'LabReport plan' judges the run so far and names the undecided
claim that is cheapest to decide, and the run measures more rounds of its cases. It ends with the lab report. It
prints the plan before it starts, what is being decided as it goes, and at the end a summary table (also written to
timings.md in the results directory, with the share of the run spent in measured iterations) and, per claim, where
its spread comes from (spread.md: between rounds and within them).

  --profile smoke   each benchmark once, each mode briefly: proves everything runs (CI uses this); no planner
  --profile quick   (default) every claim's comparison, short iterations: a 10-minute budget
  --profile full    the posts' own jobs and every chart's cases: a 30-minute budget (run it on a quiet machine)
  --budget TIME     the run's wall time instead of the profile's (600, 90s, 10m, 1h, 9:30, 1:00:00): the first rounds
                    always run; the planner stops in time for the report
  --out DIR         results directory, new or empty (default: results/<machine>/<date>-<profile>, with -2, -3...
                    added when that exists already)
  --post NAME       only this post (repeatable); NAME is a folder name, or "engine"
  --seed N          the seed of the rounds' orders (default: drawn; recorded in rounds.md), to replay a run's orders
  --list            print the posts' first rounds with their estimates and the planner's share of the budget; run nothing
  -h, --help        this text

Each post's hook says what its profiles mean: first-things-first/<post>/lab-run.sh --help. Every claim is measured
in interleaved rounds (the first 3 in every post; the planner adds up to 40 per case where a claim is undecided), all
posts with one seed per run; the plan's decisions are in plan.md. A drift probe (a CPU loop and a memory-latency
point, about a second) runs before the first post and after each step, into probe.csv.
Environment: FTF_RUN_DIR sets where private run directories (WAL files) are created (default /var/tmp, which is
disk-backed here; tmpfs would make fsync meaningless).
Exit codes: 0 every post ran, 1 a post or the build failed, 2 bad arguments, 3 a tool is missing, 130 interrupted.
USAGE
}

PROFILE=quick
OUT=""
SEED_ARG=""
BUDGET_ARG=""
POSTS=()
LIST_ONLY=0
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    --profile) lab_need_value "$1" $#; PROFILE=$2; shift 2 ;;
    --profile=*) PROFILE=${1#*=}; shift ;;
    --budget) lab_need_value "$1" $#; BUDGET_ARG=$2; shift 2 ;;
    --budget=*) BUDGET_ARG=${1#*=}; shift ;;
    --out) lab_need_value "$1" $#; OUT=$2; shift 2 ;;
    --out=*) OUT=${1#*=}; shift ;;
    --post) lab_need_value "$1" $#; POSTS+=("$2"); shift 2 ;;
    --post=*) POSTS+=("${1#*=}"); shift ;;
    --seed) lab_need_value "$1" $#; SEED_ARG=$2; shift 2 ;;
    --seed=*) SEED_ARG=${1#*=}; shift ;;
    --list) LIST_ONLY=1; shift ;;
    *) lab_usage_error "unknown argument '$1'" ;;
  esac
done
case "$PROFILE" in
  smoke) BUDGET=0 ;;
  quick) BUDGET=$BUDGET_QUICK ;;
  full) BUDGET=$BUDGET_FULL ;;
  *) lab_usage_error "--profile must be smoke, quick or full (got '$PROFILE')" ;;
esac
if [ -n "$BUDGET_ARG" ]; then
  [ "$PROFILE" != smoke ] || lab_usage_error "--budget applies to the quick and full profiles (smoke runs every benchmark once, no planner)"
  BUDGET=$(lab_seconds --budget "$BUDGET_ARG") || exit 2
fi
if [ -n "$SEED_ARG" ] && ! [[ $SEED_ARG =~ ^[0-9]{1,18}$ ]]; then
  lab_usage_error "--seed must be a whole number of at most 18 digits (got '$SEED_ARG')"
fi

# The posts, in the order they run: the engine first (post 1 stands on it), then the prologue, then the five posts,
# then any other folder with a lab-run.sh (a new post or experiment brings its own hook and is picked up).
NAMES=()
DIRS=()
add_unit() {
  local name=$1 dir=$2 n
  [ -x "$dir/lab-run.sh" ] || return 0
  for n in "${DIRS[@]}"; do [ "$n" != "$dir" ] || return 0; done
  NAMES+=("$name")
  DIRS+=("$dir")
}
add_unit engine "$ROOT/shared/StorageEngine.Benchmarks"
for post in hand-rolled-harness why-benchmarks-lie enemies-of-measurement coordinated-omission statistics-that-matter hardware-counters; do
  add_unit "$post" "$ROOT/first-things-first/$post"
done
for dir in "$ROOT"/first-things-first/*/ "$ROOT"/shared/*/; do
  dir=${dir%/}
  add_unit "$(basename "$dir")" "$dir"
done

# --post: keep the named ones, in run order.
if [ "${#POSTS[@]}" -gt 0 ]; then
  for p in "${POSTS[@]}"; do
    found=0
    for n in "${NAMES[@]}"; do [ "$n" != "$p" ] || found=1; done
    [ "$found" -eq 1 ] || lab_usage_error "--post '$p' is not a post (known: ${NAMES[*]})"
  done
  keep_names=()
  keep_dirs=()
  for i in "${!NAMES[@]}"; do
    for p in "${POSTS[@]}"; do
      if [ "${NAMES[$i]}" = "$p" ]; then keep_names+=("${NAMES[$i]}"); keep_dirs+=("${DIRS[$i]}"); break; fi
    done
  done
  NAMES=("${keep_names[@]}")
  DIRS=("${keep_dirs[@]}")
fi

# Each hook states what its profile takes (lab-run.sh --estimate PROFILE); "?" when it cannot say.
ESTIMATES=()
for dir in "${DIRS[@]}"; do
  e=$("$dir/lab-run.sh" --estimate "$PROFILE" 2>/dev/null || true)
  [[ $e =~ ^[0-9]+$ ]] || e="?"
  ESTIMATES+=("$e")
done
HAS_REPORT=0
if [ -f "$ROOT/$REPORT_PROJECT" ]; then HAS_REPORT=1; fi

# sum_estimates FROM: seconds the units from index FROM on are expected to take, plus the report.
sum_estimates() {
  local i total=0
  for ((i = $1; i < ${#ESTIMATES[@]}; i++)); do
    if [ "${ESTIMATES[$i]}" != "?" ]; then total=$((total + ESTIMATES[i])); fi
  done
  if [ "$HAS_REPORT" -eq 1 ]; then total=$((total + REPORT_ESTIMATE)); fi
  printf '%s\n' "$total"
}

est() { if [ "$1" = "?" ]; then echo "?"; else lab_duration "$1"; fi; }

print_plan() {
  local i first=$((BUILD_ESTIMATE + $(sum_estimates 0)))
  echo "Profile $PROFILE: build, the first rounds of ${#NAMES[@]} post(s)$([ "$HAS_REPORT" -eq 1 ] && echo ", the planner, report"). Estimates are for the 2-core reference machine:"
  echo
  echo "| step | estimate |"
  echo "|---|---:|"
  echo "| build (Release, restore included) | $(lab_duration "$BUILD_ESTIMATE") |"
  for i in "${!NAMES[@]}"; do echo "| ${NAMES[$i]}, first rounds | $(est "${ESTIMATES[$i]}") |"; done
  if planner_on; then
    if [ "$BUDGET" -gt "$first" ]; then
      echo "| planner: more rounds where a claim is undecided | up to $(lab_duration $((BUDGET - first))) |"
    else
      echo "| planner: none (the first rounds fill the $(lab_duration "$BUDGET") budget) | 0:00 |"
    fi
  fi
  if [ "$HAS_REPORT" -eq 1 ]; then echo "| report | $(lab_duration "$REPORT_ESTIMATE") |"; fi
  if planner_on && [ "$BUDGET" -gt "$first" ]; then
    echo "| **total (the budget)** | **$(lab_duration "$BUDGET")** |"
  else
    echo "| **total** | **$(lab_duration "$first")** |"
  fi
  echo
}

# planned_total: the run's estimate, the budget when the planner fills it.
planned_total() {
  local first=$((BUILD_ESTIMATE + $(sum_estimates 0)))
  if planner_on && [ "$BUDGET" -gt "$first" ]; then echo "$BUDGET"; else echo "$first"; fi
}

# planner_on: true when the run plans more rounds after the first (quick and full, with the lab report).
planner_on() { [ "$PROFILE" != smoke ] && [ "$HAS_REPORT" -eq 1 ]; }

if [ "$LIST_ONLY" -eq 1 ]; then
  print_plan
  exit 0
fi

lab_need_cmd dotnet "dotnet-sdk-10.0" "or see https://dot.net/install"

# The results directory: checked before any work, and never mixed with an earlier run.
if [ -z "$OUT" ]; then
  base="$ROOT/results/$("$ROOT/scripts/machine-id.sh")/$(date -u +%Y-%m-%d)-$PROFILE"
  OUT=$base
  n=2
  while [ -e "$OUT" ] && [ -n "$(ls -A "$OUT" 2>/dev/null)" ]; do OUT="$base-$n"; n=$((n + 1)); done
elif [ -d "$OUT" ] && [ -n "$(ls -A "$OUT" 2>/dev/null)" ]; then
  lab_usage_error "--out '$OUT' already holds files: give a new or empty directory, so runs are never mixed"
fi
OUT=$(lab_out_dir --out "$OUT")

print_plan
START=$SECONDS
lab_info "results in $OUT"
"$ROOT/scripts/capture-env.sh" > "$OUT/environment.md" || lab_warn "capture-env.sh failed; environment.md is incomplete"
"$ROOT/scripts/machine-id.sh" --json > "$OUT/machine.json" || lab_warn "machine-id.sh --json failed; machine.json is incomplete"

# One seed for every post's rounds, recorded: the same seed replays every round's order (--seed).
FTF_ROUNDS_SEED=${SEED_ARG:-$(lab_new_seed)}
export FTF_ROUNDS_SEED
{
  echo "# Rounds"
  echo
  echo "Every benchmark claim of this run was measured in interleaved rounds (scripts/lib/hook.sh: LAB_ROUNDS, the first"
  echo "rounds of each post), each round in its own order drawn from seed $FTF_ROUNDS_SEED."
  if planner_on; then echo "Then the planner added rounds where a claim was undecided, within the $(lab_duration "$BUDGET") budget (plan.md)."; fi
  echo "Replay the orders with: scripts/run-all.sh --profile $PROFILE${BUDGET_ARG:+ --budget $BUDGET_ARG} --seed $FTF_ROUNDS_SEED"
  echo "Post 3's simulation runs once per client (its README says why); its percentiles are judged per pause cycle (windows.csv), its max pause by pause (pauses.csv)."
} > "$OUT/rounds.md"
lab_info "rounds: seed $FTF_ROUNDS_SEED (rounds.md)"

# Only what the run executes is built: the posts' projects (with what they reference) and the report, not the test
# projects, which are half of the solution's build. A solution filter keeps it one build of the classic solution.
run_projects() {
  local dir csproj
  for dir in "${DIRS[@]}"; do
    csproj=$(find "$dir" -maxdepth 1 -name '*.csproj' -print -quit)
    if [ -n "$csproj" ]; then printf '%s\n' "${csproj#"$ROOT"/}"; fi
  done
  if [ "$HAS_REPORT" -eq 1 ]; then printf '%s\n' "$REPORT_PROJECT"; fi
}
# Made before run-all's own INT/TERM trap below, which replaces the one lab_mktemp_dir installs; its EXIT trap stays.
lab_mktemp_dir BUILD_DIR build
# Every build leaves two empty folders in the temp directory (the SDK's, dotnet/sdk#35353) and a run makes dozens of
# builds: what the run starts gets a private TMPDIR, removed at exit after the compiler server below has stopped.
lab_mktemp_dir RUN_TMPDIR tmp
export TMPDIR=$RUN_TMPDIR
# The builds (this one and BenchmarkDotNet's, one per post) use the C# compiler server (Directory.Build.props says
# why); it outlives a build, so the run stops it when it ends, also on Ctrl-C or failure.
lab_on_exit "dotnet build-server shutdown --vbcscompiler > /dev/null 2>&1"
{
  printf '{"solution":{"path":"%s","projects":[' "$ROOT/companion-code.sln"
  run_projects | sed 's|/|\\\\|g; s|.*|"&"|' | paste -sd, -
  printf ']}}\n'
} > "$BUILD_DIR/run.slnf"

INTERRUPTED=0
trap 'INTERRUPTED=1' INT TERM

STEP_NAMES=()
STEP_STATUS=()
STEP_TIMES=()
STEP_ESTIMATES=()
STEP_FOLDERS=()
record_step() { STEP_NAMES+=("$1"); STEP_STATUS+=("$2"); STEP_TIMES+=("$3"); STEP_ESTIMATES+=("$4"); STEP_FOLDERS+=("$5"); }

write_summary() {
  local i total=$((SECONDS - START))
  {
    echo "| step | status | time | estimate | results |"
    echo "|---|---|---:|---:|---|"
    for i in "${!STEP_NAMES[@]}"; do
      printf '| %s | %s | %s | %s | %s |\n' "${STEP_NAMES[$i]}" "${STEP_STATUS[$i]}" "$(lab_duration "${STEP_TIMES[$i]}")" \
        "$(est "${STEP_ESTIMATES[$i]}")" "${STEP_FOLDERS[$i]}"
    done
    printf '| **total** | | **%s** | %s | %s |\n' "$(lab_duration "$total")" \
      "$(lab_duration "$(planned_total)")" "$OUT"
    # Where the time went: the share in measured iterations, and the claims decided per minute (from verdicts.json).
    if [ -n "${LAB_APP:-}" ]; then
      echo
      "$LAB_APP" efficiency "$OUT" --wall "$total" 2> /dev/null || true
    fi
  } > "$OUT/timings.md"
  echo
  echo "Summary (profile $PROFILE, also in $OUT/timings.md):"
  echo
  cat "$OUT/timings.md"
  echo
}

lab_info "build (Release, once for every post): dotnet build of companion-code.sln's run projects ($(run_projects | wc -l)), -c Release"
t0=$SECONDS
if dotnet build "$BUILD_DIR/run.slnf" -c Release --nologo -v quiet --nodeReuse:false > "$OUT/build.log" 2>&1; then
  record_step build ok $((SECONDS - t0)) "$BUILD_ESTIMATE" "build.log"
else
  tail -n 30 "$OUT/build.log" >&2
  record_step build FAILED $((SECONDS - t0)) "$BUILD_ESTIMATE" "build.log"
  write_summary
  lab_die "the build failed (log: $OUT/build.log)"
fi
lab_info "build: $(lab_duration $((SECONDS - t0)))"

# LabReport's own build (its apphost): the drift probe and the planner, started without dotnet run's overhead.
LAB_APP=""
if [ "$HAS_REPORT" -eq 1 ]; then
  LAB_APP=$(find "$ROOT/shared/LabReport/bin/Release" -maxdepth 2 -type f -name LabReport -perm -u+x -print -quit 2>/dev/null || true)
fi
# probe LABEL: the drift probe (LabReport probe, ~1 s), one row of probe.csv; the report flags the posts during which
# the machine's speed moved. A failed probe is a warning: the run goes on without that row.
probe() {
  [ -n "$LAB_APP" ] || return 0
  "$LAB_APP" probe --label "$1" --append "$OUT/probe.csv" > /dev/null || lab_warn "the drift probe failed after $1"
}
probe start

FAILED=()
for i in "${!NAMES[@]}"; do
  name=${NAMES[$i]}
  if [ "$INTERRUPTED" -eq 1 ]; then record_step "$name" "not run (interrupted)" 0 "${ESTIMATES[$i]}" "-"; continue; fi
  mkdir -p "$OUT/$name"
  lab_info "[$((i + 1))/${#NAMES[@]}] $name (estimate $(est "${ESTIMATES[$i]}"))"
  t0=$SECONDS
  set +e
  (cd "${DIRS[$i]}" && ./lab-run.sh "$PROFILE" "$OUT/$name") 2>&1 | tee "$OUT/$name/run.log"
  rc=${PIPESTATUS[0]}
  set -e
  took=$((SECONDS - t0))
  if [ "$INTERRUPTED" -eq 1 ]; then status="interrupted"
  elif [ "$rc" -eq 0 ]; then status=ok
  else status="FAILED (exit $rc)"; FAILED+=("$name"); fi
  record_step "$name" "$status" "$took" "${ESTIMATES[$i]}" "$name/"
  if [ "$INTERRUPTED" -eq 0 ]; then probe "$name"; fi

  # What remains, by the estimates scaled with the pace so far (a busy machine runs slower than the reference).
  spent=0; planned=0
  for ((j = 0; j <= i; j++)); do
    if [ "${ESTIMATES[$j]}" != "?" ]; then spent=$((spent + STEP_TIMES[j + 1])); planned=$((planned + ESTIMATES[j])); fi
  done
  left=$(sum_estimates $((i + 1)))
  if [ "$planned" -gt 0 ]; then left=$((left * spent / planned)); fi
  lab_info "$name: $status in $(lab_duration "$took") (estimate $(est "${ESTIMATES[$i]}")); $((${#NAMES[@]} - i - 1)) post(s) left, about $(lab_duration "$left") remaining"
done

# The planner: while the budget lasts, measure more rounds of the undecided claim that is cheapest to decide (with the
# claims of the same cases that come along), as 'LabReport plan' names it from the run so far; stop when it answers that
# nothing more can be decided in the time left (exit 3). Each step is a post's hook in --more mode.
STEP_FILE="$BUILD_DIR/plan-step.tsv"
PLANNED=0
plan_loop() {
  local left rc post kind group from rounds seconds cases dir t0 took status
  while [ "$INTERRUPTED" -eq 0 ]; do
    left=$((START + BUDGET - SECONDS - REPORT_ESTIMATE - PLANNER_MARGIN))
    if [ "$left" -lt 10 ]; then lab_info "planner: the budget is spent ($(lab_duration "$BUDGET"))"; break; fi
    rc=0
    "$LAB_APP" plan "$OUT" --seconds-left "$left" --step-file "$STEP_FILE" > "$BUILD_DIR/plan.out" 2> "$BUILD_DIR/plan.err" || rc=$?
    lab_info "planner ($(lab_duration "$left") left): $(cat "$BUILD_DIR/plan.out")"
    if [ "$rc" -eq 3 ]; then break; fi
    if [ "$rc" -ne 0 ]; then lab_warn "the planner failed (exit $rc): $(tail -n 3 "$BUILD_DIR/plan.err")"; FAILED+=(planner); break; fi
    # The step: its first line's tab-separated fields (the group may be empty), then one case per line.
    local fields
    mapfile -t fields < <(head -n 1 "$STEP_FILE" | tr '\t' '\n')
    post=${fields[0]:-}; kind=${fields[1]:-}; group=${fields[2]:-}; from=${fields[3]:-}; rounds=${fields[4]:-}; seconds=${fields[5]:-}
    mapfile -t cases < <(tail -n +2 "$STEP_FILE")
    dir=""
    for i in "${!NAMES[@]}"; do if [ "${NAMES[$i]}" = "$post" ]; then dir=${DIRS[$i]}; fi; done
    [ -n "$dir" ] || { lab_warn "the planner named a post this run has not: $post"; FAILED+=(planner); break; }
    t0=$SECONDS
    set +e
    (cd "$dir" && ./lab-run.sh --more "$PROFILE" "$OUT/$post" "$kind" "$group" "$from" "$rounds" "${cases[@]}") 2>&1 | tee -a "$OUT/$post/run.log"
    rc=${PIPESTATUS[0]}
    set -e
    took=$((SECONDS - t0))
    PLANNED=$((PLANNED + took))
    if [ "$INTERRUPTED" -eq 1 ]; then status="interrupted"
    elif [ "$rc" -eq 0 ]; then status=ok
    else status="FAILED (exit $rc)"; FAILED+=("$post (planner)"); fi
    record_step "planner: $post, $rounds round(s) of ${#cases[@]} case(s)" "$status" "$took" "$seconds" "$post/"
    [ "$rc" -eq 0 ] || break
    # ProbeFile.PlannerLabel's form: the probe takes letters, digits, '.', '_' and '-' only.
    probe "planner-$post"
  done
}
if planner_on && [ -n "$LAB_APP" ] && [ "$INTERRUPTED" -eq 0 ]; then plan_loop; fi

# Steal counters at the end (the report computes the CPU steal over the run) and the caches a post measured.
"$ROOT/scripts/capture-env.sh" --end --results "$OUT" >> "$OUT/environment.md" || lab_warn "capture-env.sh --end failed"

REPORT=""
if [ "$HAS_REPORT" -eq 1 ] && [ "$INTERRUPTED" -eq 0 ]; then
  lab_info "report: dotnet run --project $REPORT_PROJECT -c Release --no-build -- report $OUT"
  t0=$SECONDS
  if dotnet run --project "$ROOT/$REPORT_PROJECT" -c Release --no-build -- report "$OUT" > "$OUT/report.log" 2>&1; then
    record_step report ok $((SECONDS - t0)) "$REPORT_ESTIMATE" "report.md"
  else
    tail -n 20 "$OUT/report.log" >&2
    record_step report "FAILED" $((SECONDS - t0)) "$REPORT_ESTIMATE" "report.log"
    FAILED+=(report)
  fi
  if [ -f "$OUT/report.md" ]; then REPORT="$OUT/report.md"; fi
  # Where each claim's spread comes from (between rounds, within them, Kalibera & Jones's iterations per round): the
  # table issue 47 asks of every run, beside its verdicts. A failure is a warning: the report stands without it.
  if [ -n "$LAB_APP" ]; then
    "$LAB_APP" spread "$OUT" --out "$OUT" > /dev/null 2> "$BUILD_DIR/spread.err" || lab_warn "LabReport spread failed: $(tail -n 1 "$BUILD_DIR/spread.err")"
  fi
fi

write_summary
if [ -n "$REPORT" ]; then echo "Report: $REPORT"; fi
if [ -n "$REPORT" ] && [ -f "$OUT/report.html" ]; then echo "Report page (open in a browser): $OUT/report.html"; fi
if [ "$INTERRUPTED" -eq 1 ]; then
  lab_warn "interrupted; partial results in $OUT"
  exit 130
fi
if [ "${#FAILED[@]}" -gt 0 ]; then
  lab_die "failed: ${FAILED[*]} (logs: $OUT/<post>/run.log)"
fi
lab_info "done in $(lab_duration $((SECONDS - START))): $OUT"
