#!/usr/bin/env bash
# Prints, per saved log, E4's mean per round: TableSize:mean, the 10,000-entry rounds first.
set -euo pipefail
cd "$(dirname "$0")/logs"
for log in *.log; do
  printf '%-20s %s\n' "${log%.log}" "$(grep -E '^\| (\*\*)?LookupRandom' "$log" | awk -F'|' '{print $4 ":" $7}' | tr -d '* ' | paste -sd' ')"
done
