#!/usr/bin/env bash
# How often do two runs of this code agree, and what would more rounds buy? Synthetic runs drawn from the rounds of
# the committed runs (Resample.cs), judged by LabReport stability, pair by pair. Usage:
#   investigations/expected-agreement/expected.sh WORKDIR [PAIRS]   (WORKDIR: scratch, removed at the end)
# Writes agreement-<comparison>.tsv (one line per pair) and summary.md beside this script.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
if [ $# -lt 1 ] || [ $# -gt 2 ]; then echo "usage: $0 WORKDIR [PAIRS]" >&2; exit 2; fi
work=$1
pairs=${2:-25}
[ ! -e "$work" ] || { echo "error: $work exists; give a new scratch folder" >&2; exit 2; }
mkdir -p "$work"
trap 'rm -rf -- "$work"' EXIT
M="$root/results/amd-epyc-f26m2s1-2c-vm"
FULL=("$M/2026-11-27-full" "$M/2026-11-27-full-2" "$M/2026-11-27-full-3")
QUICK=("$M/2026-11-27-quick" "$M/2026-11-27-quick-2")
lab=(dotnet "$root/shared/LabReport/bin/Release/net10.0/LabReport.dll")
[ -f "${lab[1]}" ] || { echo "error: build shared/LabReport first (dotnet build -c Release shared/LabReport)" >&2; exit 3; }

resample() { (cd "$here" && dotnet run Resample.cs -- "$@"); }

# compare NAME X Y: one line of agreement-NAME.tsv: agreeing claims, claims, each run's borderline claims (as
# stability prints them: "**70 of 78 claims agree.**", "| run 1 | pair-1/x | A | 12 of 78 (15.4%) | ...").
compare() {
  "${lab[@]}" stability "$2" "$3" | awk -F'|' '
    /^\| run [12] / { split($5, b, " "); border[++n] = b[1] }
    /claims agree/ { match($0, /[0-9]+ of [0-9]+ claims agree/); split(substr($0, RSTART, RLENGTH), a, " "); agree = a[1]; claims = a[3] }
    END { printf "%s\t%s\t%s\t%s\n", agree, claims, border[1], border[2] }' >> "$here/agreement-$1.tsv"
}

# Two real runs' rounds cannot give disjoint synthetic runs larger than 7 (post 4: 12) from three runs.
for scale in 1 1.2 1.4; do
  resample --out "$work/full-$scale" --pairs "$pairs" --seed 24 --scale "$scale" "${FULL[@]}"
done
resample --out "$work/quick" --pairs "$pairs" --seed 24 "${QUICK[@]}"
# Quick against full with more quick rounds: a quick run of 4 or 5 rounds from the two quick runs' six.
for scale in 1.34 1.67; do
  resample --out "$work/quick-$scale" --pairs "$pairs" --seed 24 --scale "$scale" --single "${QUICK[@]}"
done

for name in full-1 full-1.2 full-1.4 quick quick-vs-full quick-1.34-vs-full quick-1.67-vs-full; do
  printf 'agree\tclaims\tborderline_x\tborderline_y\n' > "$here/agreement-$name.tsv"
done
for ((k = 1; k <= pairs; k++)); do
  for scale in 1 1.2 1.4; do
    compare "full-$scale" "$work/full-$scale/pair-$k/x" "$work/full-$scale/pair-$k/y"
  done
  compare quick "$work/quick/pair-$k/x" "$work/quick/pair-$k/y"
  compare quick-vs-full "$work/quick/pair-$k/x" "$work/full-1/pair-$k/x"
  for scale in 1.34 1.67; do
    compare "quick-$scale-vs-full" "$work/quick-$scale/pair-$k/x" "$work/full-1/pair-$k/y"
  done
done
# One row per comparison: the pairs' agreement (mean, range) and how many reach the issue's line (95% between
# full runs, 90% between quick and full), and the borderline claims per run.
{
  echo "| comparison | rounds per run (post 4) | pairs | claims agree: mean (min–max) | pairs at the line | line | borderline per run: mean (min–max) |"
  echo "|---|---|---:|---|---:|---:|---|"
  for name in full-1 full-1.2 full-1.4 quick quick-vs-full quick-1.34-vs-full quick-1.67-vs-full; do
    case "$name" in
      full-1) rounds="5 (8)"; line=95 ;; full-1.2) rounds="6 (10)"; line=95 ;; full-1.4) rounds="7 (11)"; line=95 ;;
      quick) rounds="3 (3)"; line=95 ;; quick-vs-full) rounds="3 (3) vs 5 (8)"; line=90 ;;
      quick-1.34-vs-full) rounds="4 (4) vs 5 (8)"; line=90 ;; quick-1.67-vs-full) rounds="5 (5) vs 5 (8)"; line=90 ;;
    esac
    awk -F'\t' -v name="$name" -v rounds="$rounds" -v line="$line" 'NR > 1 {
        n++; sum += $1; if (min == "" || $1 < min) min = $1; if ($1 > max) max = $1; claims = $2
        if ($1 * 100 >= line * $2) hit++
        for (i = 3; i <= 4; i++) { if (name ~ /-vs-full$/ && i == 4) continue; b += $i; bn++; if (bmin == "" || $i < bmin) bmin = $i; if ($i > bmax) bmax = $i }
      }
      END { printf "| %s | %s | %d | %.1f of %d (%d–%d) | %d of %d | %d%% | %.1f (%d–%d) |\n", name, rounds, n, sum / n, claims, min, max, hit + 0, n, line, b / bn, bmin, bmax }' \
      "$here/agreement-$name.tsv"
  done
} > "$here/summary.md"
{
  echo "investigations/expected-agreement/expected.sh WORKDIR $pairs"
  echo "made $(date -u +%Y-%m-%dT%H:%MZ) on $("$root/scripts/machine-id.sh") by $(git -C "$root" rev-parse --short HEAD)$(git -C "$root" diff --quiet HEAD -- investigations/expected-agreement shared || echo ' with uncommitted changes')"
  echo "runs: ${FULL[*]#"$root"/} ${QUICK[*]#"$root"/}"
} > "$here/command.txt"
cat "$here/summary.md"
