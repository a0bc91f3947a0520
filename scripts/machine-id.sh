#!/usr/bin/env bash
# Names this machine for its results folder, <cpu-model>[-f<family>m<model>s<stepping>]-<cores>c[-vm], and prints
# its fingerprint with --json (stored with every run as machine.json, so two machines never share a name silently).
set -euo pipefail
. "$(dirname "$0")/lib/common.sh"

usage() {
  cat <<'USAGE'
Usage: scripts/machine-id.sh [--json]

Prints a short, stable name for this machine's results folder: <cpu-model>-<cores>c[-vm]. When the CPU model
name carries no model number (a hypervisor that shows only "AMD EPYC"), the CPU family, model and stepping are
added: amd-epyc-f26m2s1-2c-vm.
  --json   print the machine's fingerprint as JSON instead: name, vendor, family, model, stepping, model name,
           logical CPUs, cache signature (from sysfs, or "no-sysfs") and one "fingerprint" string joining them
USAGE
}

JSON=false
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    --json) JSON=true; shift ;;
    *) lab_usage_error "unknown argument '$1'" ;;
  esac
done

cpuinfo() { awk -F': *' -v key="$1" '$1 ~ "^"key"[ \t]*$" {print $2; exit}' /proc/cpuinfo 2>/dev/null || true; }
model_name=$(cpuinfo 'model name')
[ -n "$model_name" ] || model_name=$(uname -m)
vendor=$(cpuinfo vendor_id); family=$(cpuinfo 'cpu family'); model=$(cpuinfo model); stepping=$(cpuinfo stepping)
cores=$(lab_cpu_count)
virt=""
if grep -q '^flags.* hypervisor' /proc/cpuinfo 2>/dev/null; then virt="-vm"; fi

# Cache signature: every cache of cpu0 as level+type:size, e.g. L1d:48K,L1i:32K,L2:1024K,L3:32768K.
caches=""
for idx in /sys/devices/system/cpu/cpu0/cache/index*; do
  [ -d "$idx" ] || continue
  type=$(cat "$idx/type"); suffix=""
  [ "$type" = Data ] && suffix=d
  [ "$type" = Instruction ] && suffix=i
  caches+="${caches:+,}L$(cat "$idx/level")$suffix:$(cat "$idx/size")"
done
[ -n "$caches" ] || caches=no-sysfs

slug=$(printf '%s' "$model_name" | tr '[:upper:]' '[:lower:]' | sed -E 's/\((r|tm)\)//g; s/ cpu / /; s/@.*//; s/[^a-z0-9]+/-/g; s/^-+|-+$//g')
# A model name without a digit names a family of parts, not one: add what tells them apart.
if ! printf '%s' "$model_name" | grep -q '[0-9]' && [ -n "$family" ]; then
  slug+="-f${family}m${model:-x}s${stepping:-x}"
fi
name=$(printf '%s-%sc%s' "$slug" "$cores" "$virt")

if ! $JSON; then
  printf '%s\n' "$name"
  exit 0
fi

json_string() { printf '"%s"' "$(printf '%s' "$1" | sed 's/\\/\\\\/g; s/"/\\"/g')"; }
fingerprint="${vendor:-unknown}/family ${family:-?}/model ${model:-?}/stepping ${stepping:-?}/${cores} CPUs/${caches}"
printf '{\n'
printf '  "name": %s,\n' "$(json_string "$name")"
printf '  "vendor": %s,\n' "$(json_string "${vendor:-unknown}")"
printf '  "family": %s,\n' "$(json_string "${family:-}")"
printf '  "model": %s,\n' "$(json_string "${model:-}")"
printf '  "stepping": %s,\n' "$(json_string "${stepping:-}")"
printf '  "modelName": %s,\n' "$(json_string "$model_name")"
printf '  "logicalCpus": %s,\n' "$cores"
printf '  "cacheSignature": %s,\n' "$(json_string "$caches")"
printf '  "fingerprint": %s\n' "$(json_string "$fingerprint")"
printf '}\n'
