#!/usr/bin/env bash
# Prints, as markdown, the environment a result depends on: CPU, caches, topology, memory, kernel,
# .NET, GC mode, BenchmarkDotNet version, governor, the filesystem of the run directory, perf access.
set -euo pipefail
# shellcheck source=lib/common.sh
. "$(dirname "$0")/lib/common.sh"
ROOT=$(lab_root)

usage() {
  cat <<'USAGE'
Usage: scripts/capture-env.sh [--run-dir DIR]

Prints the environment of this machine as markdown (stdout). --run-dir names the directory whose
filesystem matters (where WAL files go; default: $FTF_RUN_DIR or /var/tmp).
USAGE
}

RUN_DIR=${FTF_RUN_DIR:-/var/tmp}
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    --run-dir) [ $# -ge 2 ] || lab_usage_error "--run-dir needs a directory"; RUN_DIR=$2; shift 2 ;;
    *) lab_usage_error "unknown argument '$1'" ;;
  esac
done

val() { "$@" 2>/dev/null || echo "n/a"; }
row() { printf '| %s | %s |\n' "$1" "$2"; }

cpu_model=$(awk -F': ' '/^model name/ {print $2; exit}' /proc/cpuinfo 2>/dev/null || echo "n/a")
caches=""
for idx in /sys/devices/system/cpu/cpu0/cache/index*; do
  [ -d "$idx" ] || continue
  caches+="L$(cat "$idx/level")$( [ "$(cat "$idx/type")" = Data ] && echo d; [ "$(cat "$idx/type")" = Instruction ] && echo i) $(cat "$idx/size") (CPUs $(cat "$idx/shared_cpu_list" 2>/dev/null || echo ?)); "
done
sockets=$(val lscpu | awk -F: '/^Socket\(s\)/ {gsub(/ /,"",$2); print $2}')
numa=$(val lscpu | awk -F: '/^NUMA node\(s\)/ {gsub(/ /,"",$2); print $2}')
hyper=$(val lscpu | awk -F: '/^Hypervisor vendor/ {gsub(/^ +/,"",$2); print $2}')
governor=$(cat /sys/devices/system/cpu/cpu0/cpufreq/scaling_governor 2>/dev/null || echo "n/a (no cpufreq: virtual machine or fixed clock)")
mem=$(awk '/^MemTotal/ {printf "%.1f GiB", $2/1048576}' /proc/meminfo 2>/dev/null || echo "n/a")
fs=$(df --output=fstype "$RUN_DIR" 2>/dev/null | tail -1 || stat -f -c %T "$RUN_DIR" 2>/dev/null || echo "n/a")
paranoid=$(cat /proc/sys/kernel/perf_event_paranoid 2>/dev/null || echo "n/a")
if lab_has_cmd perf; then
  perf_ver=$(perf --version 2>/dev/null | head -1)
  if perf stat -e instructions -x, true 2>&1 | grep -q 'not supported'; then pmu="no (hardware events <not supported>: virtual machine without a virtual PMU)"; else pmu="yes"; fi
else
  perf_ver="not installed"; pmu="unknown (perf not installed)"
fi
dotnet_sdk=$(val dotnet --version)
dotnet_rt=$(dotnet --list-runtimes 2>/dev/null | awk '/Microsoft.NETCore.App/ {print $2}' | tr '\n' ' ')
bdn=$(sed -n 's/.*PackageVersion Include="BenchmarkDotNet" Version="\([^"]*\)".*/\1/p' "$ROOT/Directory.Packages.props")
gc_mode="Workstation, concurrent (the .NET default; a benchmark job that sets Server GC says so in its summary header)"
[ -n "${DOTNET_gcServer:-}" ] && gc_mode="DOTNET_gcServer=$DOTNET_gcServer"

echo "# Environment"
echo
echo "Captured $(date -u +%Y-%m-%dT%H:%M:%SZ) on $(hostname)."
echo
echo "| what | value |"
echo "|---|---|"
row "CPU" "$cpu_model"
row "logical CPUs / sockets / NUMA nodes" "$(lab_cpu_count) / ${sockets:-n/a} / ${numa:-n/a}"
row "caches (per instance)" "${caches:-n/a}"
row "hypervisor" "${hyper:-none detected}"
row "RAM" "$mem"
# shellcheck disable=SC2015 # uname -s when there is no os-release to read
row "OS" "$(. /etc/os-release 2>/dev/null && echo "$PRETTY_NAME" || uname -s)"
row "kernel" "$(uname -r)"
row ".NET SDK" "$dotnet_sdk"
row ".NET runtimes" "$dotnet_rt"
row "GC mode" "$gc_mode"
row "BenchmarkDotNet" "${bdn:-n/a}"
row "CPU governor" "$governor"
row "run directory filesystem" "$RUN_DIR: $fs"
row "perf" "$perf_ver"
row "hardware counters (PMU)" "$pmu"
row "perf_event_paranoid" "$paranoid"
row "git commit" "$(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo n/a)$(git -C "$ROOT" diff --quiet 2>/dev/null || echo ' (with uncommitted changes)')"
