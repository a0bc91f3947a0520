#!/usr/bin/env bash
# Helpers for scripts that drive Linux `perf`. Source after common.sh:
#   . "$ROOT/scripts/lib/common.sh"; . "$ROOT/scripts/lib/perf.sh"
# Every check degrades to a sentence a reader can act on instead of perf's wall of errors.

# The post's `perf stat` event list: the hardware set (needs a PMU) and the software events (always work).
LAB_PERF_HW_EVENTS=(cycles instructions cache-references cache-misses branch-instructions branch-misses
  L1-dcache-loads L1-dcache-load-misses LLC-loads LLC-load-misses)
LAB_PERF_SW_EVENTS=(task-clock context-switches cpu-migrations page-faults)

# lab_perf_need: exit 3 with install advice when perf is missing.
lab_perf_need() {
  lab_need_cmd perf linux-perf "Ubuntu: linux-tools-common linux-tools-\$(uname -r); Fedora/RHEL: perf"
}

# lab_perf_paranoid: kernel.perf_event_paranoid, or "unknown".
lab_perf_paranoid() {
  cat "${LAB_PERF_PARANOID_FILE:-/proc/sys/kernel/perf_event_paranoid}" 2>/dev/null || echo unknown
}

# lab_perf_explain_paranoid: what the current level allows, for the reader of a report.
lab_perf_explain_paranoid() {
  local level who
  level=$(lab_perf_paranoid)
  if [ "$(id -u)" -eq 0 ]; then who="this script runs as root, so the level does not restrict it"; else who="this script runs unprivileged"; fi
  printf 'perf_event_paranoid=%s (%s). ' "$level" "$who"
  case "$level" in
    -1) echo "-1: no restrictions." ;;
    0) echo "0: unprivileged users may count kernel and user space, but not raw tracepoints." ;;
    1) echo "1: unprivileged users may count kernel and user space of their own processes." ;;
    2) echo "2: unprivileged users may count their own processes in user space only (perf appends :u to events); root or CAP_PERFMON count everything." ;;
    unknown) echo "The level could not be read (not Linux?)." ;;
    *) echo "$level: unprivileged users may not use perf events at all (some distributions' default); run as root, grant CAP_PERFMON, or: sudo sysctl kernel.perf_event_paranoid=2" ;;
  esac
}

# lab_perf_explain_not_supported: what <not supported> and <not counted> mean.
lab_perf_explain_not_supported() {
  cat <<'TEXT'
<not supported>: the kernel has no such event on this CPU. When every hardware event says so, the machine exposes no
performance monitoring unit (PMU): typical for virtual machines (KVM without a virtual PMU, most cloud instance types).
IPC and miss rates cannot be measured there; the software events (task-clock, context-switches, cpu-migrations,
page-faults) are counted by the kernel and remain valid. Run on bare metal or a VM with a virtual PMU for the rest.
<not counted>: the event exists but never got a hardware counter (more events than counters; perf multiplexes and
scales the others, showing the share of time each was counted).
TEXT
}

# lab_perf_event_supported EVENT: true when `perf stat` can count EVENT here.
lab_perf_event_supported() {
  local output line
  output=$(perf stat -x, -e "$1" -- true 2>&1 >/dev/null) || return 1
  line=$(printf '%s\n' "$output" | awk '!/^#/ && NF > 0 { print; exit }')
  case "$line" in
    "<not supported>"*|"<not counted>"*|"") return 1 ;;
    *event*syntax*|*"invalid or unsupported"*) return 1 ;;
  esac
  return 0
}

# lab_perf_sampling_event: "cycles" when the PMU has it, else "cpu-clock" (a timer: same flame graph, no PMU needed).
lab_perf_sampling_event() {
  if lab_perf_event_supported cycles; then echo cycles; else echo cpu-clock; fi
}

# lab_perf_has_control: true when this perf has `perf stat --control` and `-D -1` (perf 5.10+), so a workload can
# switch counting on just around its hot loop.
lab_perf_has_control() {
  local help
  help=$(perf stat -h 2>&1 || true) # -h exits non-zero
  case "$help" in *--control*) return 0 ;; *) return 1 ;; esac
}

# lab_perf_event_list: comma-separated HW + SW events for perf stat -e.
lab_perf_event_list() {
  local IFS=,
  echo "${LAB_PERF_HW_EVENTS[*]},${LAB_PERF_SW_EVENTS[*]}"
}

# lab_flamegraph_tool NAME: path of a FlameGraph script (stackcollapse-perf.pl) from $FLAMEGRAPH_DIR or PATH; empty
# when absent (the collapser below does the same work).
lab_flamegraph_tool() {
  local name=$1
  if [ -n "${FLAMEGRAPH_DIR:-}" ] && [ -x "$FLAMEGRAPH_DIR/$name" ]; then
    echo "$FLAMEGRAPH_DIR/$name"
  elif command -v "$name" >/dev/null 2>&1; then
    command -v "$name"
  fi
}

# lab_flame_render FOLDED TITLE: FOLDED's flame graph (FOLDED without .folded, + .svg: full names and samples on
# hover) and speedscope file (+ .speedscope.json), drawn by the lab's own renderer, shared/LabReport's 'flame' command
# (no flame-graph renderer is packaged for Debian or .NET). Builds LabReport (Release) first unless LAB_NO_BUILD=1,
# when its build must exist.
lab_flame_render() {
  local folded=$1 title=$2 root dll
  root=$(lab_root)
  if [ "${LAB_NO_BUILD:-0}" != 1 ]; then
    dotnet build "$root/shared/LabReport" -c Release --nologo -v quiet >&2 || lab_die "building shared/LabReport (the flame graph renderer) failed"
  fi
  dll=$(compgen -G "$root/shared/LabReport/bin/Release/net*/LabReport.dll" | head -1) \
    || lab_die "no Release build of shared/LabReport for the flame graphs (dotnet build shared/LabReport -c Release)"
  dotnet "$dll" flame "$folded" --title "$title" >/dev/null || lab_die "rendering the flame graph of $folded failed"
}

# lab_perf_collapse < perf-script-output > folded: Brendan Gregg's folded format ("root;...;leaf count") without
# the FlameGraph scripts. One sample = a header line, then one frame per line (leaf first), then a blank line.
# Offsets (+0x..) and DSOs are dropped; unknown symbols become [dso-basename].
lab_perf_collapse() {
  awk '
    function flush(   i, stack) {
      if (n > 0) {
        stack = comm
        for (i = n; i >= 1; i--) stack = stack ";" frame[i]
        count[stack]++
      }
      n = 0; comm = ""
    }
    /^[^ \t#]/ { flush(); comm = $1; next }
    /^[ \t]*$/ { flush(); next }
    /^[ \t]/ {
      line = $0
      sub(/^[ \t]+[0-9a-fA-F]+[ \t]+/, "", line)
      dso = ""
      # the DSO is the trailing " (/path...)" or " ([kernel.kallsyms])"; it may itself end in " (deleted)"
      if (match(line, / \((\/|\[)/)) { dso = substr(line, RSTART + 2); sub(/\)$/, "", dso); line = substr(line, 1, RSTART - 1) }
      sub(/[ \t]+$/, "", line)
      sub(/\+0x[0-9a-fA-F]+$/, "", line)
      if (line == "" || line == "[unknown]") { d = dso; sub(/.*\//, "", d); line = "[" (d == "" ? "unknown" : d) "]" }
      gsub(/;/, ":", line)
      frame[++n] = line
    }
    END { flush(); for (s in count) print s, count[s] }
  '
}
