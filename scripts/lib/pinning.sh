#!/usr/bin/env bash
# Thread placement for measurement scripts: the runs a multi-socket or NUMA machine needs (unpinned, then one per
# NUMA node with numactl, or per socket with taskset), and a clear note on a single-node machine where pinning
# changes nothing. Source after common.sh. LAB_SYSFS_ROOT (default /sys) lets tests use a fixture tree.

_lab_sysfs() { printf '%s\n' "${LAB_SYSFS_ROOT:-/sys}"; }

# lab_cpulist_compress: sorted CPU numbers on stdin (one per line) -> "0-11,24-35".
lab_cpulist_compress() {
  sort -n | awk '
    NR == 1 { start = $1; prev = $1; next }
    $1 == prev + 1 { prev = $1; next }
    { out = out (out == "" ? "" : ",") (start == prev ? start : start "-" prev); start = $1; prev = $1 }
    END { if (NR > 0) { out = out (out == "" ? "" : ",") (start == prev ? start : start "-" prev); print out } }
  '
}

# lab_pin_numa_nodes: ids of NUMA nodes that have CPUs, one per line.
lab_pin_numa_nodes() {
  local d cpus
  for d in "$(_lab_sysfs)"/devices/system/node/node[0-9]*; do
    [ -d "$d" ] || continue
    cpus=$(cat "$d/cpulist" 2>/dev/null || true)
    if [ -n "$cpus" ]; then printf '%s\n' "${d##*/node}"; fi
  done | sort -n
}

# lab_pin_node_cpus NODE: the node's cpulist ("0-11").
lab_pin_node_cpus() { cat "$(_lab_sysfs)/devices/system/node/node$1/cpulist"; }

# lab_pin_sockets: physical package ids, one per line.
lab_pin_sockets() {
  local f
  for f in "$(_lab_sysfs)"/devices/system/cpu/cpu[0-9]*/topology/physical_package_id; do
    if [ -f "$f" ]; then cat "$f"; fi
  done | sort -n | uniq
}

# lab_pin_socket_cpus SOCKET: the socket's CPUs as a cpulist.
lab_pin_socket_cpus() {
  local f cpu
  for f in "$(_lab_sysfs)"/devices/system/cpu/cpu[0-9]*/topology/physical_package_id; do
    [ -f "$f" ] || continue
    if [ "$(cat "$f")" = "$1" ]; then
      cpu=${f%/topology/physical_package_id}
      printf '%s\n' "${cpu##*/cpu}"
    fi
  done | lab_cpulist_compress
}

# lab_pin_placements: one line per run, "LABEL<TAB>COMMAND PREFIX" (empty prefix = unpinned). Unpinned always
# comes first; then one line per NUMA node (numactl binds CPUs and memory; without numactl, taskset binds CPUs
# only, with a warning), or per socket when sysfs shows sockets but no NUMA split.
lab_pin_placements() {
  local nodes sockets n s
  printf 'unpinned\t\n'
  nodes=$(lab_pin_numa_nodes | wc -l)
  sockets=$(lab_pin_sockets | wc -l)
  if [ "$nodes" -gt 1 ]; then
    if ! lab_has_cmd numactl; then
      lab_warn "numactl not installed: pinning CPUs per NUMA node with taskset, memory not bound (sudo apt-get install -y numactl)"
    fi
    for n in $(lab_pin_numa_nodes); do
      if lab_has_cmd numactl; then
        printf 'node%s\tnumactl --cpunodebind=%s --membind=%s\n' "$n" "$n" "$n"
      else
        printf 'node%s\ttaskset -c %s\n' "$n" "$(lab_pin_node_cpus "$n")"
      fi
    done
  elif [ "$sockets" -gt 1 ]; then
    for s in $(lab_pin_sockets); do
      printf 'socket%s\ttaskset -c %s\n' "$s" "$(lab_pin_socket_cpus "$s")"
    done
  fi
}

# lab_pin_note: one paragraph on what pinning means on this machine.
lab_pin_note() {
  local nodes sockets
  nodes=$(lab_pin_numa_nodes | wc -l)
  sockets=$(lab_pin_sockets | wc -l)
  if [ "$nodes" -gt 1 ] || [ "$sockets" -gt 1 ]; then
    printf 'This machine has %s socket(s) and %s NUMA node(s): runs are unpinned, then pinned per %s, because a thread that moves between sockets (or reads remote memory) changes the numbers.\n' \
      "$sockets" "$nodes" "$(if [ "$nodes" -gt 1 ]; then echo "NUMA node"; else echo socket; fi)"
  else
    # sysfs without topology (some containers) reads as zero: that is still one of each.
    printf 'This machine has 1 socket and 1 NUMA node: every CPU shares one memory controller and one last-level cache domain, so pinning per socket/node would repeat the unpinned run. Only the unpinned run is made; the post'"'"'s socket-0/socket-1 comparison needs a multi-socket machine.\n'
  fi
}

# lab_pin_need_tools: check the tools the placements will use.
lab_pin_need_tools() {
  local line cmd
  while IFS=$'\t' read -r _ line; do
    cmd=${line%% *}
    case "$cmd" in
      numactl) lab_need_cmd numactl numactl ;;
      taskset) lab_need_cmd taskset util-linux ;;
    esac
  done < <(lab_pin_placements 2>/dev/null)
}

# lab_pin_one_node: the command prefix that keeps a run on one NUMA node (the first; numactl binds its memory too, or
# taskset its CPUs), printed one word per line; nothing on a machine with one node, where pinning changes nothing.
# FTF_PIN_CPUS=LIST overrides it with `taskset -c LIST` (checked against this machine: a usage error when invalid).
lab_pin_one_node() {
  local first words
  if [ -n "${FTF_PIN_CPUS:-}" ]; then
    lab_need_cmd taskset util-linux
    taskset -c "$FTF_PIN_CPUS" true 2>/dev/null ||
      lab_usage_error "FTF_PIN_CPUS='$FTF_PIN_CPUS' is not a CPU list taskset accepts here (CPUs 0-$(( $(lab_cpu_count) - 1 )))"
    printf '%s\n' taskset -c "$FTF_PIN_CPUS"
    return 0
  fi
  first=$(lab_pin_placements | awk -F'\t' 'NR == 2 { print $2 }')
  read -r -a words <<< "$first"
  if [ "${#words[@]}" -gt 0 ]; then printf '%s\n' "${words[@]}"; fi
}
