#!/usr/bin/env bash
# Prints a short, stable name for this machine's results folder: <cpu-model>-<cores>c[-vm].
set -euo pipefail
case "${1:-}" in
  "") ;;
  -h|--help) echo "Usage: scripts/machine-id.sh   (prints this machine's results folder name; no arguments)"; exit 0 ;;
  *) printf "error: unknown argument '%s' (see scripts/machine-id.sh --help)\n" "$1" >&2; exit 2 ;;
esac
model=$(awk -F: '/^model name/ {print $2; exit}' /proc/cpuinfo 2>/dev/null || true)
[ -n "$model" ] || model=$(uname -m)
slug=$(printf '%s' "$model" | tr '[:upper:]' '[:lower:]' | sed -E 's/\((r|tm)\)//g; s/ cpu / /; s/@.*//; s/[^a-z0-9]+/-/g; s/^-+|-+$//g')
cores=$(getconf _NPROCESSORS_ONLN 2>/dev/null || nproc)
virt=""
if grep -q '^flags.* hypervisor' /proc/cpuinfo 2>/dev/null; then virt="-vm"; fi
printf '%s-%sc%s\n' "$slug" "$cores" "$virt"
