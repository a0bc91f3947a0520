#!/usr/bin/env bash
# scripts/run-all.sh's hook for the prologue (Sestoft's hand-rolled harness): multiply through Mark0..Mark8, the Mark8
# sweep of every function, the same functions under BenchmarkDotNet, and the table that puts the two side by side.
set -euo pipefail
# shellcheck source=../../scripts/lib/hook.sh
. "$(dirname "${BASH_SOURCE[0]}")/../../scripts/lib/hook.sh"

LAB_BUDGET="smoke=45 quick=75 full=200"
LAB_HOOK_HELP=$(cat <<'TEXT'
  PROFILE smoke   each Mark step once with tiny counts, the sweep to size 800, every benchmark once, cold
  PROFILE quick   the steps at 10,000,000 calls / 5 repeats / 0.05 s, the sweep at 3 repeats / 5 ms,
                  BenchmarkDotNet at 1 warmup + 5 iterations of ~25 ms
  PROFILE full    the steps with the note's parameters (100,000,000 calls, 10 repeats, 0.25 s), the sweep at
                  10 repeats / 10 ms, BenchmarkDotNet with the prologue's job (3 warmups + 10 iterations of 100 ms)
  OUTDIR          mark-steps.txt, mark-steps.csv (step,calls,mean_ns,sdev_ns)    each step's output and result
                  mark8.txt, mark8.csv (group,function,size,mean_ns,sdev_ns,count) the Mark8 sweep
                  *-report-github.md, *-report-full.json                         BenchmarkDotNet, same functions
                  comparison.md                                                  Mark8 next to BenchmarkDotNet
TEXT
)
lab_hook_start "$@"

# The sweep always shortens the note's 0.25 s minimum: it times 130 function-size pairs.
case "$PROFILE" in
  smoke) COUNT=(--count 1_000_000);  REPEATS=(--repeats 2);  MIN=(--min-seconds 0.001)
         SWEEP=(--repeats 2 --min-seconds 0.001 --max-size 800)
         BDN=(--strategy ColdStart --launchCount 1 --warmupCount 0 --iterationCount 1 --unrollFactor 1 --invocationCount 1) ;;
  quick) COUNT=(--count 10_000_000); REPEATS=(--repeats 5);  MIN=(--min-seconds 0.05)
         SWEEP=(--repeats 3 --min-seconds 0.005)
         BDN=(--launchCount 1 --warmupCount 1 --iterationCount 5 --iterationTime 25) ;;
  full)  COUNT=(--count 100_000_000); REPEATS=();            MIN=()
         SWEEP=(--repeats 10 --min-seconds 0.01)
         BDN=() ;;
esac

: > "$OUT/mark-steps.txt"
lab_on_exit "rm -f -- '$OUT/mark-steps.csv.tmp'"
echo "step,calls,mean_ns,sdev_ns" > "$OUT/mark-steps.csv.tmp"

# step N ARGS...: one Mark step in its own process (Mark0 must meet a cold JIT), output kept and summarised.
step() {
  local n=$1 calls text
  shift
  lab_record dotnet run -c Release -- mark "$n" "$@"
  lab_info "$LAB_NAME: mark $n $*"
  text=$(cd "$POST_DIR" && "${APP[@]}" mark "$n" "$@")
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

lab_run mark 8 --function all "${SWEEP[@]}" --csv "$OUT/mark8.csv" | tee "$OUT/mark8.txt" || lab_failed sweep
lab_bdn "$OUT" --filter '*' "${BDN[@]}" || lab_failed benchmarks
lab_run compare "$OUT" || lab_failed comparison
lab_hook_done
