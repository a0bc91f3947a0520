#!/usr/bin/env bash
# Median ns per insert (insert + flush) of insert-loop.txt's batches (from batch 2 on), minute by minute.
set -euo pipefail
for m in 1 2 3 4 5 6; do
  awk -v m="$m" '$2 ~ /^[0-9]+$/ && $2 >= 2 && int($1 / 60) + 1 == m { print $3 + $4 }' "$(dirname "$0")/insert-loop.txt" | sort -n |
    awk -v m="$m" '{ v[NR] = $1 } END { if (NR) printf "minute %d: %d batches, median %d ns per insert (insert + flush)\n", m, NR, (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'
done
