#!/usr/bin/env bash
# Shared helpers for the lab's scripts. Source it: . "$(dirname "$0")/../lib/common.sh" (adjust the path).
if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  printf "error: %s is a library the lab's scripts source; run one of them (scripts/run-all.sh --help)\n" "$0" >&2
  exit 2
fi
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

# lab_usage_error MESSAGE: a bad argument. Prints ONE line, "error: MESSAGE (see SCRIPT --help)", and exits 2.
# LAB_SCRIPT names the script in that line (default: the path it was started as).
lab_usage_error() {
  printf 'error: %s (see %s --help)\n' "$*" "${LAB_SCRIPT:-$0}" >&2
  exit 2
}

# lab_need_value OPTION ARGC: a usage error unless OPTION has a value after it (call with "$1" $#).
lab_need_value() { [ "$2" -ge 2 ] || lab_usage_error "$1 needs a value"; }

# lab_uint OPTION VALUE MIN MAX: prints VALUE when it is a whole number in [MIN, MAX] (no sign, at most 9 digits),
# otherwise a usage error naming OPTION and the allowed range. Use as X=$(lab_uint --loops "$2" 1 64) || exit 2.
lab_uint() {
  local option=$1 value=$2 min=$3 max=$4
  if ! [[ $value =~ ^[0-9]{1,9}$ ]]; then
    lab_usage_error "$option must be a whole number from $min to $max (got '$value')"
  fi
  if [ "$((10#$value))" -lt "$min" ] || [ "$((10#$value))" -gt "$max" ]; then
    lab_usage_error "$option must be from $min to $max (got '$value')"
  fi
  printf '%s\n' "$((10#$value))"
}

# lab_seconds OPTION VALUE: VALUE as whole seconds, from "90", "90s", "10m", "1h" or "m:ss" / "h:mm:ss"; a usage error
# naming OPTION otherwise (and for 0). Use as S=$(lab_seconds --budget "$2") || exit 2.
lab_seconds() {
  local option=$1 value=$2 h m s
  if [[ $value =~ ^([0-9]{1,6})s?$ ]]; then s=$((10#${BASH_REMATCH[1]}))
  elif [[ $value =~ ^([0-9]{1,5})m$ ]]; then s=$((10#${BASH_REMATCH[1]} * 60))
  elif [[ $value =~ ^([0-9]{1,3})h$ ]]; then s=$((10#${BASH_REMATCH[1]} * 3600))
  elif [[ $value =~ ^([0-9]{1,5}):([0-5][0-9])$ ]]; then s=$((10#${BASH_REMATCH[1]} * 60 + 10#${BASH_REMATCH[2]}))
  elif [[ $value =~ ^([0-9]{1,3}):([0-5][0-9]):([0-5][0-9])$ ]]; then
    h=$((10#${BASH_REMATCH[1]})); m=$((10#${BASH_REMATCH[2]})); s=$((h * 3600 + m * 60 + 10#${BASH_REMATCH[3]}))
  else
    lab_usage_error "$option must be a duration such as 600, 90s, 10m, 1h, 9:30 or 1:00:00 (got '$value')"
  fi
  [ "$s" -gt 0 ] || lab_usage_error "$option must be longer than 0 (got '$value')"
  printf '%s\n' "$s"
}

# lab_out_dir OPTION DIR: creates DIR (with parents) and checks it is a writable directory, before any work starts;
# a usage error naming OPTION and DIR otherwise. Prints DIR's absolute path: OUT=$(lab_out_dir --out "$OUT") || exit 2.
lab_out_dir() {
  local option=$1 dir=$2 reason
  [ -n "$dir" ] || lab_usage_error "$option needs a directory (got an empty string)"
  if [ -e "$dir" ] && [ ! -d "$dir" ]; then
    lab_usage_error "$option '$dir' exists and is not a directory"
  fi
  if ! reason=$(mkdir -p -- "$dir" 2>&1); then
    lab_usage_error "$option '$dir' cannot be created (${reason##*: })"
  fi
  if [ ! -w "$dir" ] || ! ( : > "$dir/.lab-write-test" ) 2>/dev/null; then
    lab_usage_error "$option '$dir' is not writable"
  fi
  rm -f -- "$dir/.lab-write-test"
  (cd "$dir" && pwd)
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

# lab_new_seed: a seed for the orders of interleaved rounds, below 2^59 (at most 18 digits). scripts/run-all.sh
# draws one per run and hands it to every hook as FTF_ROUNDS_SEED, so a run's orders can be replayed.
lab_new_seed() { printf '%s\n' $(( (SRANDOM << 27) ^ SRANDOM )); }

# lab_cpu_count: online CPUs.
lab_cpu_count() { getconf _NPROCESSORS_ONLN 2>/dev/null || nproc; }

# lab_quote_args ARGS...: the arguments shell-quoted, each preceded by a space (nothing for none), so a
# recorded command line can be pasted back into a shell: printf 'cmd%s\n' "$(lab_quote_args "$@")".
# Plain words stay as they are; anything else is single-quoted ('*' rather than \*).
lab_quote_args() {
  local a
  for a in "$@"; do
    if [[ $a =~ ^[A-Za-z0-9_./:=,+%@-]+$ ]]; then
      printf ' %s' "$a"
    else
      printf " '%s'" "${a//\'/\'\\\'\'}"
    fi
  done
}

# lab_duration SECONDS: "1:05" (m:ss), or "1:02:03" from an hour on.
lab_duration() {
  local s=$1
  if [ "$s" -ge 3600 ]; then
    printf '%d:%02d:%02d' $((s / 3600)) $((s % 3600 / 60)) $((s % 60))
  else
    printf '%d:%02d' $((s / 60)) $((s % 60))
  fi
}

