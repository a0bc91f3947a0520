#!/usr/bin/env bash
# Shared helpers for the lab's scripts. Source it: . "$(dirname "$0")/../lib/common.sh" (adjust the path).
# Conventions: set -euo pipefail in the caller, --help on every script, every background process stopped on exit.

# Absolute path of the repository root (the directory holding companion-code.sln).
lab_root() {
  local dir
  dir=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
  printf '%s\n' "$dir"
}

lab_info() { printf '==> %s\n' "$*" >&2; }
lab_warn() { printf 'warning: %s\n' "$*" >&2; }
lab_die()  { printf 'error: %s\n' "$*" >&2; exit "${LAB_DIE_CODE:-1}"; }

# lab_usage_error MESSAGE: a bad argument; prints the message and the script's usage, exits 2.
# The caller defines a function named `usage` that prints its help.
lab_usage_error() {
  printf 'error: %s\n\n' "$*" >&2
  if declare -F usage >/dev/null; then usage >&2; fi
  exit 2
}

# lab_need_cmd COMMAND DEBIAN_PACKAGE [EXTRA_HINT]: exit 3 with install advice when COMMAND is missing.
lab_need_cmd() {
  local cmd=$1 pkg=$2 hint=${3:-}
  if ! command -v "$cmd" >/dev/null 2>&1; then
    printf 'error: %s is not installed. On Debian/Ubuntu: sudo apt-get install -y %s%s\n' \
      "$cmd" "$pkg" "${hint:+ ($hint)}" >&2
    exit 3
  fi
}

# lab_has_cmd COMMAND: true when COMMAND is on PATH (for optional tools).
lab_has_cmd() { command -v "$1" >/dev/null 2>&1; }

# Cleanup stack: lab_on_exit 'command ...' registers a command run on EXIT, INT and TERM (last registered first).
# Interrupts exit with 130/143 after cleaning up, so a Ctrl-C never leaves a busy loop or temp directory behind.
LAB_CLEANUP=()
lab_on_exit() {
  LAB_CLEANUP+=("$1")
  if [ "${#LAB_CLEANUP[@]}" -eq 1 ]; then
    trap '_lab_run_cleanup' EXIT
    trap '_lab_run_cleanup; trap - INT; exit 130' INT
    trap '_lab_run_cleanup; trap - TERM; exit 143' TERM
  fi
}

_lab_run_cleanup() {
  local i
  for ((i=${#LAB_CLEANUP[@]}-1; i>=0; i--)); do
    eval "${LAB_CLEANUP[$i]}" || true
  done
  LAB_CLEANUP=()
}

# lab_mktemp_dir VAR PURPOSE: creates a private (0700) directory on a disk-backed filesystem, stores its path
# in VAR and removes it on exit (also on Ctrl-C and failure).
# lab_mktemp_dir PURPOSE (one argument) only prints the path: used as D=$(lab_mktemp_dir x) it runs in a
# subshell, where a cleanup registration would fire as soon as the subshell exits, so the caller must register
# the removal itself: lab_on_exit "rm -rf -- '$D'".
lab_mktemp_dir() {
  local purpose=${2:-${1:?lab_mktemp_dir needs VAR PURPOSE or PURPOSE}} parent=${FTF_RUN_DIR:-/var/tmp} dir
  [ -d "$parent" ] && [ -w "$parent" ] || parent=${TMPDIR:-/tmp}
  dir=$(mktemp -d "$parent/ftf-$purpose-$$-XXXXXXXX")
  chmod 700 "$dir"
  if [ $# -ge 2 ]; then
    printf -v "$1" '%s' "$dir"
    lab_on_exit "rm -rf -- '$dir'"
  else
    printf '%s\n' "$dir"
  fi
}

# lab_cpu_count: online CPUs.
lab_cpu_count() { getconf _NPROCESSORS_ONLN 2>/dev/null || nproc; }

# lab_quote_args ARGS...: the arguments shell-quoted, each preceded by a space (nothing for none), so a
# recorded command line can be pasted back into a shell: printf 'cmd%s\n' "$(lab_quote_args "$@")".
lab_quote_args() {
  [ $# -gt 0 ] || return 0
  printf ' %q' "$@"
}

# lab_hook_args "$@": the common command line of a post's lab-run.sh hook, PROFILE OUTDIR [BENCHMARKDOTNET_ARGS...].
# Handles -h/--help (calls the hook's `usage`), checks PROFILE is smoke, quick or full, creates OUTDIR, and sets
# PROFILE, OUT (absolute) and BDN_ARGS (an array, possibly empty).
lab_hook_args() {
  case "${1:-}" in -h|--help) usage; exit 0 ;; esac
  [ $# -ge 2 ] || lab_usage_error "PROFILE and OUTDIR are required"
  PROFILE=$1
  case "$PROFILE" in
    smoke|quick|full) ;;
    *) lab_usage_error "PROFILE must be smoke, quick or full (got '$PROFILE')" ;;
  esac
  mkdir -p "$2"
  OUT=$(cd "$2" && pwd)
  shift 2
  BDN_ARGS=("$@")
}
