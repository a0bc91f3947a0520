#!/usr/bin/env bash
# Sourced by this post's scripts (not run on its own): repository helpers, building the program once,
# and how to start it without `dotnet run` (so perf sees the program, not the CLI and MSBuild).
if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  printf "error: %s is a library sourced by perf-stat.sh, flame-graph.sh and run-scaling.sh; run one of those (each has --help)\n" "$0" >&2
  exit 2
fi
HC_SCRIPTS_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
HC_POST_DIR=$(dirname "$HC_SCRIPTS_DIR")
# shellcheck source=../../../scripts/lib/common.sh
. "$HC_POST_DIR/../../scripts/lib/common.sh"
# shellcheck source=../../../scripts/lib/perf.sh
. "$HC_POST_DIR/../../scripts/lib/perf.sh"
# shellcheck source=../../../scripts/lib/pinning.sh
. "$HC_POST_DIR/../../scripts/lib/pinning.sh"

# Largest N the standalone runner accepts (StandaloneRunner.MaxN).
HC_MAX_N=268435456

# hc_workdir PURPOSE: sets HC_WORK to a private (0700) directory removed on exit, Ctrl-C or failure.
hc_workdir() { lab_mktemp_dir HC_WORK "$1"; }

# hc_parse_n TEXT: prints N without underscores (1_000_000), or exits 2 with the rule.
hc_parse_n() {
  local n=${1//_/}
  case "$n" in
    ''|*[!0-9]*) lab_usage_error "N must be a whole number of elements from 1 to $HC_MAX_N (got '$1')" ;;
  esac
  if [ "${#n}" -gt 10 ] || [ "$((10#$n))" -lt 1 ] || [ "$((10#$n))" -gt "$HC_MAX_N" ]; then
    lab_usage_error "N must be from 1 to $HC_MAX_N (got '$1')"
  fi
  printf '%s\n' "$((10#$n))"
}

# hc_parse_seconds TEXT: a positive number of seconds (at most 3600), or exit 2.
hc_parse_seconds() {
  if ! printf '%s' "$1" | grep -Eq '^([0-9]+([.][0-9]*)?|[.][0-9]+)$' || ! awk -v s="$1" 'BEGIN { exit !(s > 0 && s <= 3600) }'; then
    lab_usage_error "--seconds must be a number greater than 0 and at most 3600 (got '$1')"
  fi
  printf '%s\n' "$1"
}

# hc_build: builds the post in Release unless HC_NO_BUILD=1 (then the build must exist).
hc_build() {
  if [ "${HC_NO_BUILD:-0}" = 1 ]; then
    hc_find_app >/dev/null || lab_die "no Release build of $HC_POST_DIR (drop --no-build, or: dotnet build -c Release)"
    return
  fi
  lab_info "building $HC_POST_DIR (Release)"
  dotnet build "$HC_POST_DIR" -c Release --nologo -v quiet >&2
}

# hc_find_app: path of HardwareCounters.dll from the Release build.
hc_find_app() {
  local dll
  for dll in "$HC_POST_DIR"/bin/Release/net*/HardwareCounters.dll; do
    if [ -f "$dll" ]; then printf '%s\n' "$dll"; return 0; fi
  done
  return 1
}

# hc_app: fills the HC_APP array (read by the scripts that source this file) with the command that starts the program (the apphost when present).
# shellcheck disable=SC2034
hc_app() {
  local dll
  dll=$(hc_find_app) || lab_die "HardwareCounters.dll not found under $HC_POST_DIR/bin/Release (build first)"
  if [ -x "${dll%.dll}" ]; then HC_APP=("${dll%.dll}"); else HC_APP=(dotnet "$dll"); fi
}

# hc_result_field FILE KEY: a key=value field of the runner's "result ..." line.
hc_result_field() {
  awk -v key="$2" '$1 == "result" { for (i = 2; i <= NF; i++) { split($i, kv, "="); if (kv[1] == key) print kv[2] } }' "$1"
}
