#!/usr/bin/env bash
# scripts/run-all.sh's hook for the prologue (Sestoft's hand-rolled harness): multiply through Mark0..Mark8, the Mark8
# sweep of every function, the same functions under BenchmarkDotNet, and the table that puts the two side by side.
set -euo pipefail
# shellcheck source=../../scripts/lib/hook.sh
. "$(dirname "${BASH_SOURCE[0]}")/../../scripts/lib/hook.sh"

LAB_BUDGET="smoke=45 quick=35 full=185"
# The steps the note's claims read, run in rounds (and again by the planner).
CLAIM_STEPS=(mark0 mark1 mark2 mark8 sweep)
LAB_MORE_STEPS="${CLAIM_STEPS[*]}"
LAB_HOOK_HELP=$(cat <<'TEXT'
  PROFILE smoke   each Mark step once with tiny counts, the sweep to size 800, every benchmark once, cold
  PROFILE quick   the claims' steps (Mark0, Mark1 at 100,000,000 calls, Mark2, Mark8 on multiply) and the sweep
                  in 3 interleaved rounds (a round: each of them once, each in its own process), the other steps
                  once, at 10,000,000 calls / 5 repeats / 0.05 s, the sweep at 2 repeats / 5 ms (no BenchmarkDotNet
                  comparison: it is no claim of the note)
  PROFILE full    the same first rounds with the note's parameters (100,000,000 calls, 10 repeats, 0.25 s), the
                  sweep at 3 repeats / 10 ms, BenchmarkDotNet once with the prologue's job
                  (3 warmups + 10 iterations of 100 ms)
  OUTDIR          mark-steps.txt, mark-steps.csv (round,step,calls,mean_ns,sdev_ns)  each step's output and result
                  mark8.txt, mark8.csv (group,function,size,mean_ns,sdev_ns,count)   the Mark8 sweep (round medians)
                  mark8-rounds.csv (round,group,function,size,...)                    every round of the sweep
                  *-report-github.md, *-report-full.json                         BenchmarkDotNet, same functions
                  comparison.md                                                  Mark8 next to BenchmarkDotNet
TEXT
)
lab_hook_start "$@"

# The sweep always shortens the note's 0.25 s minimum: it times 130 function-size pairs.
case "$PROFILE" in
  smoke) COUNT=(--count 1_000_000);  REPEATS=(--repeats 2);  MIN=(--min-seconds 0.001)
         SWEEP=(--repeats 2 --min-seconds 0.001 --max-size 800)
         BDN=("${SMOKE_BDN[@]}") ;;
  quick) COUNT=(--count 10_000_000); REPEATS=(--repeats 5);  MIN=(--min-seconds 0.05)
         SWEEP=(--repeats 2 --min-seconds 0.005)
         BDN=() ;;
  full)  COUNT=(--count 100_000_000); REPEATS=();            MIN=()
         SWEEP=(--repeats 3 --min-seconds 0.01)
         BDN=() ;;
esac

# The steps' results: a temporary file until every step of the first rounds has run; more rounds append to the file.
STEPS_CSV="$OUT/mark-steps.csv.tmp"

# step ROUND N ARGS...: one Mark step in its own process (Mark0 must meet a cold JIT), output kept and summarised;
# ROUND 0 for a step that runs once.
step() {
  local round=$1 n=$2 calls text t0=$SECONDS
  shift 2
  lab_record dotnet run -c Release -- mark "$n" "$@"
  if [ "$round" -gt 0 ]; then lab_info "$LAB_NAME: mark $n $* (round $round of $ROUNDS)"; else lab_info "$LAB_NAME: mark $n $*"; fi
  text=$(cd "$POST_DIR" && "${APP[@]}" mark "$n" "$@")
  { printf '$ dotnet run -c Release -- mark %s%s\n' "$n" "$(lab_quote_args "$@")"; printf '%s\n\n' "$text"; } >> "$OUT/mark-steps.txt"
  printf '%s\n' "$text"
  calls=$(printf '%s\n' "$@" | awk 'prev == "--count" { gsub("_", ""); print } { prev = $0 }')
  # The last output line holds the step's result; mark 3 prints one line per run, summarised here as their mean.
  printf '%s\n' "$text" | grep -v '^#' | awk -v round="$round" -v step="$n" -v calls="${calls:-}" '
    { last = $0; if ($2 == "ns") { sum += $1; runs++ } }
    END {
      split(last, f, " ")
      printf "%s,", round
      if (step == 0) print step ",1," f[1] ","
      else if (step <= 2) print step "," calls "," f[1] ","
      else if (step == 3) printf "%s,%s,%.3f,\n", step, calls, sum / runs
      else if (step == 4) print step "," calls "," f[1] "," f[4]
      else if (step == 5) print step "," f[5] "," f[1] "," f[4]
      else print step "," f[4] "," f[2] "," f[3]
    }' >> "$STEPS_CSV"
  if [ "$round" -gt 0 ]; then lab_log_step "mark$n" "$round" $((SECONDS - t0)); fi
}

# sweep ROUND: the Mark8 sweep of every function. With rounds, round ROUND alone in its own process, after its own
# warm-up (mark 8 --round): all rounds in one process would share that process's layout, and in the runs of 34eeddb
# selection sort took 29.4 ms in one process and 45.6 ms in the next, so the interval has to span processes.
# mark8-rounds.csv gathers the rounds, mark8.csv their medians (for the charts).
sweep() {
  local rounds=() t0=$SECONDS last=$ROUNDS
  if [ -n "$MORE_KIND" ]; then last=$((MORE_FROM + MORE_COUNT - 1)); fi
  if [ "$last" -gt 1 ]; then rounds=(--rounds "$last" --rounds-seed "$SEED" --round "$1"); fi
  lab_run mark 8 --function all "${SWEEP[@]}" "${rounds[@]}" --csv "$OUT/mark8.csv" | tee -a "$OUT/mark8.txt" || return 1
  lab_log_step sweep "$1" $((SECONDS - t0))
}

# claim_step NAME ROUND: one round of a step the note's claims read.
claim_step() {
  case "$1" in
    mark0) step "$2" 0 ;;
    mark1) step "$2" 1 --count 100_000_000 ;;
    mark2) step "$2" 2 "${COUNT[@]}" ;;
    mark8) step "$2" 8 --function multiply "${REPEATS[@]}" "${MIN[@]}" ;;
    sweep) sweep "$2" ;;
  esac
}

# More rounds for the planner: the steps asked for, appended to the first rounds' files.
lab_more_step() { claim_step "$@"; }
lab_hook_more() {
  [ "$1" = steps ] || lab_usage_error "$LAB_NAME runs no BenchmarkDotNet case in rounds (its claims are Mark steps and the sweep)"
  STEPS_CSV="$OUT/mark-steps.csv"
  lab_more_steps
}
lab_more_dispatch

: > "$OUT/mark-steps.txt"
lab_on_exit "rm -f -- '$STEPS_CSV'"
echo "round,step,calls,mean_ns,sdev_ns" > "$STEPS_CSV"

# The claims' steps and the sweep in the profile's rounds, each round in its own order: Mark0 (one call), Mark1 at
# the note's 100,000,000 calls (where the unused result lets the JIT drop the work), Mark2 (the same calls, result
# used), Mark8 on multiply and one round of the sweep. A round is each of them once, each in its own process.
: > "$OUT/mark8.txt"
rm -f -- "$OUT/mark8-rounds.csv"
for ((round = 1; round <= ROUNDS; round++)); do
  while read -r name; do
    claim_step "$name" "$round" || lab_failed "$name (round $round)"
  done < <(lab_shuffle "$round" "${CLAIM_STEPS[@]}")
done
# The rest of the note's progression, once: what the chart of the steps shows between the claims.
step 0 1 --count 1_000_000
step 0 3 "${COUNT[@]}" "${REPEATS[@]}"
step 0 4 "${COUNT[@]}" "${REPEATS[@]}"
step 0 5 "${REPEATS[@]}" "${MIN[@]}"
step 0 6 "${REPEATS[@]}" "${MIN[@]}"
step 0 7 "${REPEATS[@]}" "${MIN[@]}"
mv "$STEPS_CSV" "$OUT/mark-steps.csv"

# BenchmarkDotNet on the same functions, once, in smoke (it runs) and full: comparison.md puts its numbers beside
# Mark8's. A comparison of two harnesses, not a claim of the note: not measured in rounds, and not in quick.
if [ "$PROFILE" != quick ]; then
  ROUNDS=1 lab_bdn "$OUT" --filter '*' "${BDN[@]}" || lab_failed benchmarks
  lab_run compare "$OUT" || lab_failed comparison
fi
lab_hook_done
