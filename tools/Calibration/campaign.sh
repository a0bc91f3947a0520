#!/usr/bin/env bash
# dotnet-ab's calibration on this machine, with its planner (issue 45): how often it calls an unchanged benchmark slower
# or faster (A/A), how often it finds a known slowdown and in what time, how the scheduling methods compare, and how far
# a change to one benchmark moves the others (code layout). Every part is one `dotnet-ab calibrate` run of the
# calibration benchmarks in this folder; their folders and the commands go to --out.
set -euo pipefail
# shellcheck source=../../scripts/lib/common.sh
. "$(dirname "$0")/../../scripts/lib/common.sh"
LAB_SCRIPT=tools/Calibration/campaign.sh

usage() {
  cat <<'EOF'
Usage: tools/Calibration/campaign.sh [--out DIR] [--trials N] [--side-trials N] [--budget TIME] [--parts LIST]

The calibration of dotnet-ab (tools/Ab) on this machine, each part a `dotnet-ab calibrate` run of tools/Calibration's
KnownWork, whose work B scales by FTF_CALIBRATION_SCALE = 1 + the change, at the tool's default threshold and job:

  cpu      ArithmeticChain (CPU-bound), interleaved (the default method): A/A and +5%, --trials N each
  memory   MemoryWalk (memory-bound), interleaved: A/A, +5% and +10%, --side-trials N each
  layout   every benchmark, A = this commit, B = a commit of a temporary clone whose ArithmeticChain does more work:
           how far the five benchmarks it does not touch move (layout/), beside the unchanged program's A/A under the
           same settings (layout-aa/); --side-trials N, at most 12 rounds each
  methods  ArithmeticChain, interleaved, sequential and duet side by side: A/A, +2%, +5%, +10%, --side-trials N each
  memory-methods  MemoryWalk, the three methods side by side: A/A and +10% (the memory part shows 5% is below what
           its rounds resolve), --side-trials N each

  --out DIR           where the parts' folders go (default results/<machine>/<date>-ab-calibration)
  --trials N          trials of each cpu cell, 1..200 (default 10)
  --side-trials N     trials of each cell of the other parts, 1..50 (default 2)
  --budget TIME       the rounds' budget of one trial (default 5m: a trial that finds the change finds it within it)
  --parts LIST        which parts, comma-separated (default cpu,memory,layout,methods,memory-methods)

Takes about 100 minutes with the defaults on a 2-core guest; run it on a quiet machine. Ctrl-C stops the part running
(what its trials measured is kept) and removes the temporary clone and the tool's worktrees.
EOF
}

ROOT=$(lab_root)
OUT="" TRIALS=10 SIDE=2 BUDGET=5m PARTS=cpu,memory,layout,methods,memory-methods
while [ $# -gt 0 ]; do
  case $1 in
    -h|--help) usage; exit 0 ;;
    --out) lab_need_value "$1" $#; OUT=$2; shift 2 ;;
    --trials) lab_need_value "$1" $#; TRIALS=$(lab_uint --trials "$2" 1 200) || exit 2; shift 2 ;;
    --side-trials) lab_need_value "$1" $#; SIDE=$(lab_uint --side-trials "$2" 1 50) || exit 2; shift 2 ;;
    --budget) lab_need_value "$1" $#; lab_seconds --budget "$2" > /dev/null || exit 2; BUDGET=$2; shift 2 ;;
    --parts) lab_need_value "$1" $#; PARTS=$2; shift 2 ;;
    *) lab_usage_error "unknown argument '$1'" ;;
  esac
done
IFS=, read -r -a PART_LIST <<< "$PARTS"
for part in "${PART_LIST[@]}"; do
  case $part in cpu|memory|layout|methods|memory-methods) ;; *) lab_usage_error "--parts: '$part' is not one of cpu, memory, layout, methods, memory-methods" ;; esac
done
[ -n "$OUT" ] || OUT="$ROOT/results/$("$ROOT/scripts/machine-id.sh")/$(date -u +%F)-ab-calibration"
OUT=$(lab_out_dir --out "$OUT") || exit 2

lab_mktemp_dir WORK ab-calibration
lab_info "building dotnet-ab"
dotnet build "$ROOT/tools/Ab" -c Release -o "$WORK/tool" --nologo -v q > "$WORK/build.log" 2>&1 || { cat "$WORK/build.log" >&2; lab_die "the build of tools/Ab failed"; }
AB=("dotnet" "$WORK/tool/dotnet-ab.dll")
# A part run again into the same folder adds its commands to command.txt; environment.md is the first run's.
[ -s "$OUT/environment.md" ] || "$ROOT/scripts/capture-env.sh" --run-dir "$WORK" > "$OUT/environment.md"
COMMIT=$(git -C "$ROOT" rev-parse HEAD)
SEED=$(( $(lab_new_seed) % 2000000000 ))
printf '# %s: tools/Calibration/campaign.sh --parts %s --trials %s --side-trials %s --budget %s (commit %s)\n' \
  "$(date -u +%FT%TZ)" "$PARTS" "$TRIALS" "$SIDE" "$BUDGET" "$COMMIT" >> "$OUT/command.txt"

# calibrate DIR ARGS...: one part, run in the repository the commits are in (the current directory); its command is kept.
calibrate() {
  local dir=$1; shift
  local line
  line="dotnet-ab calibrate --project tools/Calibration --out $dir$(lab_quote_args "$@")"
  printf '# %s\n%s\n' "$dir" "$line" >> "$OUT/command.txt"
  lab_info "$dir: $line"
  "${AB[@]}" calibrate --project tools/Calibration --out "$OUT/$dir" "$@"
}

KNOWN=(--scale-env FTF_CALIBRATION_SCALE --budget "$BUDGET")
for part in "${PART_LIST[@]}"; do
  case $part in
    cpu)
      (cd "$ROOT" && calibrate cpu --aa "$COMMIT" "${KNOWN[@]}" --filter '*KnownWork.ArithmeticChain' --changes 0,5 --trials "$TRIALS" --seed "$SEED") ;;
    memory)
      (cd "$ROOT" && calibrate memory --aa "$COMMIT" "${KNOWN[@]}" --filter '*KnownWork.MemoryWalk' --changes 0,5,10 --trials "$SIDE" --seed "$SEED") ;;
    methods)
      (cd "$ROOT" && calibrate methods --aa "$COMMIT" "${KNOWN[@]}" --filter '*KnownWork.ArithmeticChain' --changes 0,2,5,10 \
        --methods interleaved,sequential,duet --trials "$SIDE" --seed "$SEED") ;;
    memory-methods)
      (cd "$ROOT" && calibrate memory-methods --aa "$COMMIT" "${KNOWN[@]}" --filter '*KnownWork.MemoryWalk' --changes 0,10 \
        --methods interleaved,sequential,duet --trials "$SIDE" --seed "$SEED") ;;
    layout)
      # A changed program: a clone of this commit where ArithmeticChain's loop does one more operation per step. The
      # five other benchmarks' code is the same; whatever moves them is where the changed code put theirs.
      git clone --quiet --no-hardlinks "$ROOT" "$WORK/changed"
      git -C "$WORK/changed" checkout --quiet --detach "$COMMIT"
      sed -i 's/x = x \* 6364136223846793005UL + 1442695040888963407UL;/x = x * 6364136223846793005UL + 1442695040888963407UL;\n            x ^= x >> 29;/' \
        "$WORK/changed/tools/Calibration/KnownWork.cs"
      grep -q 'x ^= x >> 29;' "$WORK/changed/tools/Calibration/KnownWork.cs" || lab_die "the layout part could not change ArithmeticChain (KnownWork.cs moved?)"
      git -C "$WORK/changed" -c user.name=calibration -c user.email=calibration@localhost commit --quiet -am "ArithmeticChain: one more operation per step"
      printf '# layout: in a clone of %s with one more operation per step in ArithmeticChain (tools/Calibration/campaign.sh)\n' "$COMMIT" >> "$OUT/command.txt"
      # The control first: the unchanged program against itself, same settings (its B/A is what noise alone does).
      (cd "$WORK/changed" && calibrate layout-aa --aa HEAD~1 --filter '*KnownWork*' --max-rounds 12 --budget "$BUDGET" --trials "$SIDE" --seed "$SEED")
      (cd "$WORK/changed" && calibrate layout --a HEAD~1 --b HEAD --filter '*KnownWork*' --max-rounds 12 --budget "$BUDGET" --trials "$SIDE" --seed "$SEED") ;;
  esac
done
lab_info "calibration in $OUT"
