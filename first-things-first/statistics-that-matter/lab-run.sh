#!/usr/bin/env bash
# scripts/run-all.sh's hook for post 4 ("Statistics That Matter"): the three benchmark classes, the checklist (`check`)
# on the JSON reports they wrote; in the full profile also the post's 5-iteration NoisyComparison run and its checklist.
set -euo pipefail
# shellcheck source=../../scripts/lib/hook.sh
. "$(dirname "${BASH_SOURCE[0]}")/../../scripts/lib/hook.sh"
# shellcheck source=../../scripts/lib/pinning.sh
. "$(lab_root)/scripts/lib/pinning.sh"

LAB_BUDGET="smoke=35 quick=95 full=160"
LAB_HOOK_HELP=$(cat <<'TEXT'
  PROFILE smoke   every benchmark once, cold, and the checklist on that (proves it all runs; every verdict is
                  "unresolved")
  PROFILE quick   EffectSizeDemo and MicroVsMacro in 3 interleaved rounds (a round: every case once, in its own
                  process, the post's 5 warmups + 8 iterations of ~100 ms), NoisyComparison in 3 rounds of the post's 20
                  iterations (its Welch test is the post's on one round), then the post's 5-iteration
                  NoisyComparison run (3 warmups + 5 iterations, where the intervals overlap) in 3 rounds; a
                  checklist after each
  PROFILE full    the same, the 5-iteration rounds with the post's ~500 ms iterations
                  In both, the planner adds rounds of the same kind where a claim is undecided (a statistic the post
                  computed on one run, a p-value or Cohen's d, is computed on each round: more rounds narrow it)
  OUTDIR          *-report-github.md, *-report-full-annotated.json, checklist.txt    the three classes
                  five-iterations/                                                  the 5-iteration run (full)
Environment: the post pins to one NUMA node; on a machine with several, every run is kept on the first
(scripts/lib/pinning.sh: numactl, or taskset). FTF_PIN_CPUS=LIST pins with taskset -c LIST instead.
FTF_SESOI=P% sets the checklist's smallest effect size of interest (default 5%).
TEXT
)
lab_hook_check() {
  SESOI=${FTF_SESOI:-5%}
  [[ "$SESOI" =~ ^[0-9]+(\.[0-9]+)?%$ ]] || lab_usage_error "FTF_SESOI must be a percentage such as 5% or 0.5% (got '$SESOI')"
  PIN=$(lab_pin_one_node)  # a usage error (exit 2) for an FTF_PIN_CPUS this machine lacks
}
lab_hook_start "$@"
if [ -n "$PIN" ]; then mapfile -t PREFIX <<< "$PIN"; fi
if [ "${#PREFIX[@]}" -gt 0 ]; then lab_info "every run pinned like the post's: ${PREFIX[*]}"
else lab_info "not pinned: this machine has one NUMA node, where pinning to a node changes nothing"; fi

case "$PROFILE" in
  smoke) BDN=("${SMOKE_BDN[@]}"); FIVE=() ;;
  # The post's job (PostJob: 5 warmups) with ~100 ms iterations. With 2 warmups, as before, PipelineLinear was still
  # speeding up in its 4th measured iteration in every process of 4eea03d's full runs (5.5 ms, then 4.9 ms).
  quick) BDN=(--iterationTime 100); FIVE=(--iterationTime 100) ;;
  full)  BDN=(--iterationTime 100); FIVE=() ;;
esac

# checklist DIR: the checklist on the annotated JSON reports copied into DIR, saved as DIR/checklist.txt.
checklist() {
  local reports=("$1"/*-report-full-annotated.json)
  [ -e "${reports[0]}" ] || { lab_warn "no *-report-full-annotated.json in $1"; return 1; }
  lab_run check "${reports[@]}" --sesoi "$SESOI" | tee "$1/checklist.txt"
}

# More rounds for the planner, each group with its first rounds' settings: NoisyComparison with the post's 20
# iterations, the other classes with 8, the five-iteration run with 5.
lab_hook_more() {
  [ "$1" = bdn ] || lab_usage_error "$LAB_NAME runs no steps of its own"
  local all=("${MORE_CASES[@]}") noisy=() others=() c
  for c in "${all[@]}"; do
    if [[ $c == NoisyComparison.* ]]; then noisy+=("$c"); else others+=("$c"); fi
  done
  case "$2" in
    five-iterations) lab_more_bdn "$OUT/five-iterations" --iterationCount 5 --warmupCount 3 "${FIVE[@]}" || lab_failed "more rounds (five iterations)" ;;
    "") if [ "${#others[@]}" -gt 0 ]; then
          MORE_CASES=("${others[@]}")
          lab_more_bdn "$OUT" "${BDN[@]}" --iterationCount 8 || lab_failed "more rounds"
        fi
        if [ "${#noisy[@]}" -gt 0 ]; then
          MORE_CASES=("${noisy[@]}")
          lab_more_bdn "$OUT" "${BDN[@]}" --iterationCount 20 || lab_failed "more rounds (NoisyComparison)"
        fi ;;
    *) lab_usage_error "$LAB_NAME runs no BenchmarkDotNet group '$2'" ;;
  esac
}
lab_more_dispatch

if [ "$PROFILE" = smoke ]; then
  lab_bdn "$OUT" --filter '*' "${BDN[@]}" || lab_failed benchmarks
else
  lab_bdn "$OUT" --filter '*EffectSizeDemo*' '*MicroVsMacro*' "${BDN[@]}" --iterationCount 8 || lab_failed benchmarks
  # Layer 1's claims are the post's 20-iteration run, Welch's test included: each round is one such run.
  lab_bdn "$OUT" --filter '*NoisyComparison*' "${BDN[@]}" --iterationCount 20 || lab_failed noisy-comparison
fi
checklist "$OUT" || lab_failed checklist

if [ "$PROFILE" != smoke ]; then
  # The post's first run: the same NoisyComparison job cut to 5 iterations after 3 warmups (these options mutate
  # the class's SimpleJob), where the 99.9% intervals are expected to overlap.
  if lab_bdn "$OUT/five-iterations" --filter '*NoisyComparison*' --iterationCount 5 --warmupCount 3 "${FIVE[@]}"; then
    checklist "$OUT/five-iterations" || lab_failed five-iterations-checklist
  else
    lab_failed five-iterations
  fi
fi
lab_hook_done
