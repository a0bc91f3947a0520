#!/usr/bin/env bash
# run-all hook for the prologue (Sestoft's hand-rolled harness): multiply through Mark0..Mark8, the Mark8 sweep of
# every function, the same functions under BenchmarkDotNet, and the table that puts the two side by side.
# Usage: lab-run.sh PROFILE OUTDIR [BENCHMARKDOTNET_ARGS...]   (PROFILE: smoke, quick or full; called by scripts/run-all.sh)
# Needs the Release build (scripts/run-all.sh builds once; this hook never builds). Writes into OUTDIR:
#   mark-steps.txt   each step's command and output (platform lines first)    mark-steps.csv  step,calls,mean_ns,sdev_ns
#   mark8.csv        group,function,size,mean_ns,sdev_ns,count (every function and size, Mark8 / Mark8Setup)
#   mark8.txt        the same sweep as the note prints it
#   *-report-github.md, *-report-full.json   BenchmarkDotNet's tables and full reports
#   comparison.md    Mark8 next to BenchmarkDotNet per function and size           command.txt  how to reproduce each
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/../../scripts/lib/common.sh"

usage() { sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; }
lab_hook_args "$@"

# Full runs the steps with the note's parameters (100,000,000 calls, 10 repeats, 0.25 s); quick and smoke shrink them.
# The sweep always shortens the note's 0.25 s minimum: it times 130 function-size pairs.
case "$PROFILE" in
  smoke) COUNT=(--count 1_000_000);  REPEATS=(--repeats 2);  MIN=(--min-seconds 0.001)
         SWEEP=(--repeats 2 --min-seconds 0.001 --max-size 800); BDN_EXTRA=() ;;
  quick) COUNT=(--count 10_000_000); REPEATS=(--repeats 5);  MIN=(--min-seconds 0.05)
         SWEEP=(--repeats 3 --min-seconds 0.005);                BDN_EXTRA=(--iterationTime 25) ;;
  full)  COUNT=(--count 100_000_000); REPEATS=();            MIN=()
         SWEEP=(--repeats 10 --min-seconds 0.01);                BDN_EXTRA=() ;;
esac

lab_need_cmd dotnet "dotnet-sdk-10.0" "or see https://dot.net/install"
APP=""
for candidate in "$HERE"/bin/Release/net*/HandRolledHarness; do
  if [ -x "$candidate" ]; then APP=$candidate; fi
done
[ -n "$APP" ] || lab_die "no Release build of $HERE (run scripts/run-all.sh, or: dotnet build -c Release $HERE)"

cd "$HERE"
lab_mktemp_dir ARTIFACTS prologue-artifacts
: > "$OUT/command.txt"
: > "$OUT/mark-steps.txt"
lab_on_exit "rm -f -- '$OUT/mark-steps.csv.tmp'"
echo "step,calls,mean_ns,sdev_ns" > "$OUT/mark-steps.csv.tmp"

# record ARGS...: the pasteable command a reader types from the repository root.
record() { printf 'cd first-things-first/hand-rolled-harness && dotnet run -c Release --%s\n' "$(lab_quote_args "$@")" >> "$OUT/command.txt"; }

# step N ARGS...: one Mark step in its own process (Mark0 must meet a cold JIT), output kept and summarised.
step() {
  local n=$1 calls
  shift
  record mark "$n" "$@"
  lab_info "mark $n $*"
  local text
  text=$("$APP" mark "$n" "$@")
  { printf '$ dotnet run -c Release -- mark %s%s\n' "$n" "$(lab_quote_args "$@")"; printf '%s\n\n' "$text"; } >> "$OUT/mark-steps.txt"
  printf '%s\n' "$text"
  calls=$(printf '%s\n' "$@" | awk 'prev == "--count" { gsub("_", ""); print } { prev = $0 }')
  # The last output line holds the step's result; mark 3 prints one line per run, summarised here as their mean.
  printf '%s\n' "$text" | grep -v '^#' | awk -v step="$n" -v calls="${calls:-}" '
    { last = $0; if ($2 == "ns") { sum += $1; runs++ } }
    END {
      split(last, f, " ")
      if (step == 0) print step ",1," f[1] ","
      else if (step <= 2) print step "," calls "," f[1] ","
      else if (step == 3) printf "%s,%s,%.1f,\n", step, calls, sum / runs
      else if (step == 4) print step "," calls "," f[1] "," f[4]
      else if (step == 5) print step "," f[5] "," f[1] "," f[4]
      else print step "," f[4] "," f[2] "," f[3]
    }' >> "$OUT/mark-steps.csv.tmp"
}

step 0
# The note's two counts for Mark1: at the second the unused result lets the JIT drop the work.
step 1 --count 1_000_000
step 1 --count 100_000_000
step 2 "${COUNT[@]}"
step 3 "${COUNT[@]}" "${REPEATS[@]}"
step 4 "${COUNT[@]}" "${REPEATS[@]}"
step 5 "${REPEATS[@]}" "${MIN[@]}"
step 6 "${REPEATS[@]}" "${MIN[@]}"
step 7 "${REPEATS[@]}" "${MIN[@]}"
step 8 --function multiply "${REPEATS[@]}" "${MIN[@]}"
mv "$OUT/mark-steps.csv.tmp" "$OUT/mark-steps.csv"

sweep=(mark 8 --function all "${SWEEP[@]}" --csv "$OUT/mark8.csv")
record "${sweep[@]}"
lab_info "Mark8 sweep: every function, every size"
"$APP" "${sweep[@]}" | tee "$OUT/mark8.txt"

# A private artifacts directory: reports of an earlier run can never be mistaken for this one's.
bench=(--filter '*' --artifacts "$ARTIFACTS" "${BDN_EXTRA[@]}" "${BDN_ARGS[@]}")
record "${bench[@]}"
lab_info "BenchmarkDotNet: the same functions"
"$APP" "${bench[@]}"
cp "$ARTIFACTS"/results/*-report-github.md "$ARTIFACTS"/results/*-report-full.json "$OUT/"

record compare "$OUT"
lab_info "comparison -> $OUT/comparison.md"
"$APP" compare "$OUT"
lab_info "hand-rolled-harness: outputs in $OUT"
