#!/usr/bin/env bash
# Pool the four full and four quick runs of identical measuring code (ded0b44's, in the tree of e2f5100, and
# e2f5100's, in the tree of 2fe7f84) two by two, every way of splitting four runs into two pairs, and compare the pooled
# runs with LabReport stability (and pooled quick against pooled full); the single runs' six pairs too, as the
# baseline. Writes stability tables under
# ./single and ./pooled. Usage: investigations/pooled-rounds/pool-all.sh WORKDIR (a scratch folder, removed at the end)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
[ $# -eq 1 ] || { echo "usage: $0 WORKDIR" >&2; exit 2; }
work=$1
mkdir -p "$work"
trap 'rm -rf -- "$work"' EXIT
M=amd-epyc-f25m17s1-2c-vm
lab=(dotnet "$root/shared/LabReport/bin/Release/net10.0/LabReport.dll")

# The runs: d = ded0b44's (git tree of e2f5100), e = e2f5100's (git tree of 2fe7f84).
for gen in d:e2f5100 e:2fe7f84; do
  mkdir -p "$work/${gen%%:*}"
  git -C "$root" archive "${gen#*:}" "results/$M" | tar -x -C "$work/${gen%%:*}" --wildcards "results/$M/2026-11-26-full*" "results/$M/2026-11-26-quick*"
done
run() { echo "$work/$1/results/$M/2026-11-26-$2"; }  # run d full-2
declare -A R

for profile in full quick; do
  R[d1]=$(run d "$profile"); R[d2]=$(run d "$profile-2"); R[e1]=$(run e "$profile"); R[e2]=$(run e "$profile-2")
  # Single runs: the six pairs.
  for pair in "d1 d2" "e1 e2" "d1 e1" "d1 e2" "d2 e1" "d2 e2"; do
    read -r x y <<< "$pair"
    out="$here/single/$profile-$x-vs-$y"
    rm -rf "$out"
    "${lab[@]}" stability "${R[$x]}" "${R[$y]}" --out "$out" > /dev/null
  done
  # Pooled: every split of the four runs into two pairs.
  for split in "d1 d2 e1 e2" "d1 e1 d2 e2" "d1 e2 d2 e1"; do
    read -r a b c d <<< "$split"
    p="$work/pooled/$profile-$a+$b"; q="$work/pooled/$profile-$c+$d"
    mkdir -p "$work/pooled"
    dotnet run --file "$here/Pool.cs" -- "${R[$a]}" "${R[$b]}" "$p" > /dev/null
    dotnet run --file "$here/Pool.cs" -- "${R[$c]}" "${R[$d]}" "$q" > /dev/null
    out="$here/pooled/$profile-$a+$b-vs-$c+$d"
    rm -rf "$out"
    "${lab[@]}" stability "$p" "$q" --out "$out" > /dev/null
  done
done

# Quick against full, pooled: each generation's two quick runs against the other generation's two full runs.
for pair in "d1+d2 e1+e2" "e1+e2 d1+d2"; do
  read -r q f <<< "$pair"
  out="$here/pooled/quick-$q-vs-full-$f"
  rm -rf "$out"
  "${lab[@]}" stability "$work/pooled/quick-$q" "$work/pooled/full-$f" --out "$out" > /dev/null
done
