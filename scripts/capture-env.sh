#!/usr/bin/env bash
# Prints, as markdown, the environment a result depends on: CPU, caches, topology, memory, kernel,
# .NET, GC mode, BenchmarkDotNet version, governor, the filesystem of the run directory and its measured
# disk speed, transparent huge pages, swap and the kernel's own memory reclaim (DAMON), CPU steal counters, perf access,
# the commit, and the machine's fingerprint.
set -euo pipefail
# shellcheck source=lib/common.sh
. "$(dirname "$0")/lib/common.sh"
ROOT=$(lab_root)

usage() {
  cat <<'USAGE'
Usage: scripts/capture-env.sh [--run-dir DIR] [--no-disk]
       scripts/capture-env.sh --end [--results DIR]

Prints the environment of this machine as markdown (stdout). --run-dir names the directory whose
filesystem matters (where WAL files go; default: $FTF_RUN_DIR or /var/tmp); the capture measures that
disk in a few seconds (sequential write of 256 MiB with a final fdatasync, and 200 synchronous 4 KiB
writes, each one write + fdatasync) unless --no-disk. CPU steal time is recorded as /proc/stat counters:
--end prints the end-of-run counters alone, to append to the run's environment.md so the steal over
the run can be computed (scripts/run-all.sh does this). Caches are recorded from every source: sysfs
(per instance), glibc's getconf only when sysfs has none (it reads CPUID leaves: on a guest, maybe the host's), and,
with --end --results DIR, the latency sweep a post's hook recorded in DIR/*/caches.json ('caches --write').
--parse-getconf FILE reads 'getconf -a' output from FILE and prints the cache sizes it gives (what the row would say).
USAGE
}

RUN_DIR=${FTF_RUN_DIR:-/var/tmp}
DISK=true
END=false
RESULTS=""
PARSE_GETCONF=""
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    --run-dir) [ $# -ge 2 ] || lab_usage_error "--run-dir needs a directory"; RUN_DIR=$2; shift 2 ;;
    --no-disk) DISK=false; shift ;;
    --end) END=true; shift ;;
    --results) [ $# -ge 2 ] || lab_usage_error "--results needs a directory"; RESULTS=$2; shift 2 ;;
    --parse-getconf) [ $# -ge 2 ] || lab_usage_error "--parse-getconf needs a file of 'getconf -a' output"; PARSE_GETCONF=$2; shift 2 ;;
    *) lab_usage_error "unknown argument '$1'" ;;
  esac
done
[ -d "$RUN_DIR" ] || lab_usage_error "--run-dir '$RUN_DIR' is not a directory"
[ -z "$RESULTS" ] || $END || lab_usage_error "--results goes with --end"
[ -z "$RESULTS" ] || [ -d "$RESULTS" ] || lab_usage_error "--results '$RESULTS' is not a directory"

# "L1d 48 KiB, L2 1 MiB, L3 508 MiB": a size in bytes for humans (KiB below 1 MiB, MiB above).
human_bytes() { awk -v b="$1" 'BEGIN { if (b == "" || b == "null" || b == 0) print "none"; else if (b < 1048576) printf "%.4g KiB", b / 1024; else printf "%.4g MiB", b / 1048576 }'; }

# The cache sizes in 'getconf -a' output on stdin ("LEVEL3_CACHE_SIZE   335544320" lines) as "L1d 32 KiB, L2 1 MiB,
# L3 320 MiB"; nothing when it has no L1d size. glibc computes them from CPUID leaves (on AMD, L3 from 0x80000006,
# which on a guest can describe the host), so the row that shows them names that source.
getconf_caches() {
  awk '
    $1 == "LEVEL1_DCACHE_SIZE" { l1 = $2 } $1 == "LEVEL2_CACHE_SIZE" { l2 = $2 } $1 == "LEVEL3_CACHE_SIZE" { l3 = $2 }
    function h(b) { if (b == "" || b == 0) return "none"; if (b < 1048576) return sprintf("%.4g KiB", b / 1024); return sprintf("%.4g MiB", b / 1048576) }
    END { if (l1 != "" && l1 != 0) printf "L1d %s, L2 %s, L3 %s\n", h(l1), h(l2), h(l3) }'
}
if [ -n "$PARSE_GETCONF" ]; then getconf_caches <"$PARSE_GETCONF"; exit 0; fi

# The measured levels and latencies of a caches.json written by 'caches --write' (its own indented layout).
measured_caches() {
  awk '
    /"measured": null/ { print "not measured"; found = 1; exit }
    /"measured": \{/ { m = 1; next }
    m && /"latencyNs"/ { l = 1; next }
    m && /"(L1d|L2|L3|dram)":/ {
      key = $1; gsub(/[":]/, "", key); value = $2; gsub(/,/, "", value)
      if (l) ns[key] = value; else size[key] = value
    }
    /"used":/ { used = $2; gsub(/[",]/, "", used) }
    function h(b) { if (b == "" || b == "null") return "not detected"; return b + 0 < 1048576 ? sprintf("%.4g KiB", b / 1024) : sprintf("%.4g MiB", b / 1048576) }
    function t(v) { return (v == "" || v == "null") ? "" : " (" v " ns)" }
    END {
      if (found) exit
      printf "L1d %s%s, L2 %s%s, L3 %s%s, DRAM %s ns; the lab uses: %s\n", h(size["L1d"]), t(ns["L1d"]), h(size["L2"]), t(ns["L2"]), h(size["L3"]), t(ns["L3"]), ns["dram"], used
    }' "$1"
}

# "steal S of T ticks": the steal and total jiffies of /proc/stat's cpu line (user..steal; guest is inside user).
steal_counters() {
  awk '/^cpu / {t=0; for (i=2; i<=9; i++) t+=$i; printf "steal %d of %d ticks", $9, t; exit}' /proc/stat 2>/dev/null || echo "n/a"
}

if $END; then
  echo
  echo "## At the end of the run"
  echo
  echo "| what | value |"
  echo "|---|---|"
  printf '| %s | %s |\n' "CPU steal counters at end (/proc/stat)" "$(steal_counters)"
  if [ -n "$RESULTS" ]; then
    sweep=$(find "$RESULTS" -maxdepth 2 -name caches.json -print -quit)
    if [ -n "$sweep" ]; then
      printf '| %s | %s |\n' "caches: measured (latency sweep)" "$(measured_caches "$sweep") (${sweep#"$RESULTS"/})"
    else
      printf '| %s | %s |\n' "caches: measured (latency sweep)" "n/a (no post recorded caches.json)"
    fi
  fi
  exit 0
fi

# dd's summary line "N bytes (...) copied, S s, ..." -> "N S".
dd_bytes_seconds() { awk '/copied/ {gsub(",", "", $0); for (i=1; i<=NF; i++) if ($i == "s" || $i ~ /^s$/) {print $1, $(i-1); exit}}'; }

# Sequential write MB/s and mean 4 KiB write + fdatasync latency in RUN_DIR, with coreutils dd only.
measure_disk() {
  local dir seq sync bytes seconds
  [ -w "$RUN_DIR" ] || { disk_seq="n/a ($RUN_DIR is not writable)"; disk_sync="n/a"; return; }
  dir=$(mktemp -d "$RUN_DIR/ftf-capture-disk-$$-XXXXXXXX")
  lab_on_exit "rm -rf -- '$dir'"
  if seq=$(LC_ALL=C dd if=/dev/zero of="$dir/seq" bs=1M count=256 conv=fdatasync 2>&1 | dd_bytes_seconds) && [ -n "$seq" ]; then
    read -r bytes seconds <<<"$seq"
    disk_seq=$(awk -v b="$bytes" -v s="$seconds" 'BEGIN {printf "%.1f MB/s (256 MiB by dd, one fdatasync at the end)", b / s / 1e6}')
  else
    disk_seq="n/a (dd failed)"
  fi
  rm -f -- "$dir/seq"
  if sync=$(LC_ALL=C dd if=/dev/zero of="$dir/sync" bs=4k count=200 oflag=dsync 2>&1 | dd_bytes_seconds) && [ -n "$sync" ]; then
    read -r bytes seconds <<<"$sync"
    disk_sync=$(awk -v s="$seconds" 'BEGIN {printf "%.1f µs mean over 200 (dd oflag=dsync: each 4 KiB write waits for the disk)", s / 200 * 1e6}')
  else
    disk_sync="n/a (dd failed)"
  fi
  rm -rf -- "$dir"
}

val() { "$@" 2>/dev/null || echo "n/a"; }
row() { printf '| %s | %s |\n' "$1" "$2"; }

cpu_model=$(awk -F': ' '/^model name/ {print $2; exit}' /proc/cpuinfo 2>/dev/null || echo "n/a")
cpu_full=$(awk -F': *' '/^vendor_id/ && !v {v=$2} /^cpu family/ && !f {f=$2} /^model[ \t]*:/ && !m {m=$2} /^stepping/ && !s {s=$2}
  /^model name/ && !n {n=$2} END {printf "%s (%s, family %s, model %s, stepping %s)", n, v, f, m, s}' /proc/cpuinfo 2>/dev/null || echo "n/a")
thp_of() { [ -r "$1" ] && sed -n 's/.*\[\(.*\)\].*/\1/p' "$1" || echo "n/a"; }
thp="enabled=$(thp_of /sys/kernel/mm/transparent_hugepage/enabled), defrag=$(thp_of /sys/kernel/mm/transparent_hugepage/defrag)"
# Swap and DAMON: a guest's kernel may page memory out on its own schedule (a DAMON "pageout" scheme for memory
# idle for a while, here in a Firecracker guest), which a benchmark with a large, slowly walked heap can feel.
swap=$(awk 'NR > 1 {kib += $3; n++} END {if (n) printf "%d device(s), %.1f GiB", n, kib / 1048576; else print "none"}' /proc/swaps 2>/dev/null || echo "n/a")
damon_summary() {
  local admin=/sys/kernel/mm/damon/admin/kdamonds out="" k c s
  [ -d "$admin" ] || { echo "n/a (no DAMON sysfs interface)"; return; }
  for k in "$admin"/[0-9]*; do
    [ -d "$k" ] || continue
    [ "$(cat "$k/state" 2>/dev/null)" = on ] || continue
    for c in "$k"/contexts/[0-9]*; do
      [ -d "$c" ] || continue
      local ops aggr schemes=""
      ops=$(cat "$c/operations" 2>/dev/null || echo "?")
      aggr=$(cat "$c/monitoring_attrs/intervals/aggr_us" 2>/dev/null || echo 0)
      for s in "$c"/schemes/[0-9]*; do
        [ -d "$s" ] || continue
        local action age quota reset
        action=$(cat "$s/action" 2>/dev/null || echo "?")
        age=$(cat "$s/access_pattern/age/min" 2>/dev/null || echo 0)
        quota=$(cat "$s/quotas/bytes" 2>/dev/null || echo 0)
        reset=$(cat "$s/quotas/reset_interval_ms" 2>/dev/null || echo "?")
        # age counts aggregation intervals: the scheme acts on regions that long without (or with few) accesses.
        schemes+="${schemes:+, }$action of memory idle ≥ $(awk -v a="$age" -v u="$aggr" 'BEGIN {printf "%g", a * u / 1e6}') s"
        if [ "$quota" != 0 ]; then schemes+=" (at most $(human_bytes "$quota") per $reset ms)"; fi
      done
      out+="${out:+; }kdamond $(basename "$k") on ($ops): ${schemes:-monitoring only}"
    done
  done
  echo "${out:-off (no kdamond running)}"
}
damon=$(damon_summary)
# The code the run measured: changes under results/ are the run's own outputs (a run may replace a folder of the same
# name), not changes to the code.
commit=$(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo n/a)
if [ "$commit" != n/a ] && [ -n "$(git -C "$ROOT" status --porcelain -- . ':(exclude)results' 2>/dev/null)" ]; then
  commit+=" (with uncommitted changes to the code)"
fi
fingerprint=$("$ROOT/scripts/machine-id.sh" --json | sed -n 's/^  "fingerprint": "\(.*\)"$/\1/p')
disk_seq="not measured (--no-disk)"; disk_sync="not measured (--no-disk)"
if $DISK; then measure_disk; fi
caches=""
for idx in /sys/devices/system/cpu/cpu0/cache/index*; do
  [ -d "$idx" ] || continue
  caches+="L$(cat "$idx/level")$( [ "$(cat "$idx/type")" = Data ] && echo d; [ "$(cat "$idx/type")" = Instruction ] && echo i) $(cat "$idx/size") (CPUs $(cat "$idx/shared_cpu_list" 2>/dev/null || echo ?)); "
done
# sysfs gives this machine's own sizes when it has them; getconf only stands in for it (its L3 can be the host's).
if [ -n "$caches" ]; then
  getconf_row="not used: sysfs above gives the sizes (glibc's getconf reads CPUID leaves, which on a guest can describe the host)"
else
  getconf_row=$(getconf -a 2>/dev/null | getconf_caches)
  getconf_row=${getconf_row:-n/a (getconf has no cache sizes here)}
fi
sockets=$(val lscpu | awk -F: '/^Socket\(s\)/ {gsub(/ /,"",$2); print $2}')
numa=$(val lscpu | awk -F: '/^NUMA node\(s\)/ {gsub(/ /,"",$2); print $2}')
# lscpu names the hypervisor only when its CPUID signature is one lscpu knows; the guests here (dmesg:
# "Hypervisor detected: PVM") leave it empty, so the kernel's word, systemd's guess and the CPU's hypervisor
# flag are recorded too, each with its source.
hyper_sources=()
h=$(val lscpu | awk -F: '/^Hypervisor vendor/ {gsub(/^ +/,"",$2); print $2}')
[ -n "$h" ] && [ "$h" != n/a ] && hyper_sources+=("$h (lscpu)")
h=$(dmesg 2>/dev/null | sed -n 's/.*Hypervisor detected: *//p' | head -1)
[ -n "$h" ] && hyper_sources+=("$h (kernel log)")
if lab_has_cmd systemd-detect-virt; then
  h=$(systemd-detect-virt --vm 2>/dev/null) && [ "$h" != none ] && hyper_sources+=("$h (systemd-detect-virt --vm)")
  h=$(systemd-detect-virt --container 2>/dev/null) && [ "$h" != none ] && hyper_sources+=("container: $h (systemd-detect-virt)")
fi
if [ ${#hyper_sources[@]} -eq 0 ] && grep -q '^flags.* hypervisor' /proc/cpuinfo 2>/dev/null; then
  hyper_sources+=("present, vendor not named (the CPU's hypervisor flag)")
fi
hyper=""
for h in "${hyper_sources[@]}"; do hyper+="${hyper:+; }$h"; done
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
row "CPU model (full)" "$cpu_full"
row "machine fingerprint" "${fingerprint:-n/a}"
row "logical CPUs / sockets / NUMA nodes" "$(lab_cpu_count) / ${sockets:-n/a} / ${numa:-n/a}"
row "caches (per instance)" "${caches:-n/a}"
row "caches: glibc getconf (CPUID leaves; only without sysfs)" "$getconf_row"
row "hypervisor" "${hyper:-none detected}"
row "RAM" "$mem"
row "transparent huge pages" "$thp"
row "swap" "$swap"
row "kernel memory reclaim (DAMON)" "$damon"
# shellcheck disable=SC2015 # uname -s when there is no os-release to read
row "OS" "$(. /etc/os-release 2>/dev/null && echo "$PRETTY_NAME" || uname -s)"
row "kernel" "$(uname -r)"
row ".NET SDK" "$dotnet_sdk"
row ".NET runtimes" "$dotnet_rt"
row "GC mode" "$gc_mode"
row "BenchmarkDotNet" "${bdn:-n/a}"
row "CPU governor" "$governor"
row "run directory filesystem" "$RUN_DIR: $fs"
row "disk sequential write" "$disk_seq"
row "disk 4 KiB write + fdatasync" "$disk_sync"
row "CPU steal counters at start (/proc/stat)" "$(steal_counters)"
row "perf" "$perf_ver"
row "hardware counters (PMU)" "$pmu"
row "perf_event_paranoid" "$paranoid"
row "git commit" "$commit"
