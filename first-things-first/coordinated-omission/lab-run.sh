#!/usr/bin/env bash
# Runs post 3 ("Coordinated Omission") for scripts/run-all.sh: real-clock runs of the clients plus the virtual-clock
# run, each writing its report, .hgrm distributions and configuration into OUTDIR.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/../../scripts/lib/common.sh"

usage() {
  cat <<'USAGE'
Usage: first-things-first/coordinated-omission/lab-run.sh PROFILE OUTDIR [BDN_ARGS...]

Runs the coordinated-omission simulation (not a BenchmarkDotNet program: BDN_ARGS are accepted
for run-all.sh and ignored) and writes report.md, configuration.json and one .hgrm file per
distribution into OUTDIR (the real-clock run) and OUTDIR/virtual (the virtual-clock run).

  PROFILE smoke   real clock, 2 s per client (closed, open, concurrent), plus the virtual run
  PROFILE quick   real clock, 10 s per client (closed, open, concurrent), plus the virtual run
  PROFILE full    the post's run: 450 req/s, 30 s per client, closed + corrected + open + concurrent,
                  plus the virtual run (about 2 minutes in all)
  -h, --help      this text

The full run is the one to publish; run it on a quiet machine (the service is a calibrated
1 ms spin, so other load shows up as latency).
USAGE
}

lab_hook_args "$@"
if [ "${#BDN_ARGS[@]}" -gt 0 ]; then
  lab_info "ignoring BenchmarkDotNet arguments (${BDN_ARGS[*]}): this post is a console simulation"
fi

case "$PROFILE" in
  smoke) REAL_ARGS=(--duration 2 --client all) ;;
  quick) REAL_ARGS=(--duration 10 --client all) ;;
  full)  REAL_ARGS=(--client all) ;;
esac

lab_need_cmd dotnet "dotnet-sdk-10.0" "or see https://dot.net/install"

lab_info "building coordinated-omission (Release)"
dotnet build "$HERE" -c Release --nologo -v quiet

run() {
  printf 'cd first-things-first/coordinated-omission && dotnet run -c Release -- %s\n' "$*" >> "$OUT/commands.txt"
  (cd "$HERE" && dotnet run -c Release --no-build -- "$@")
}

: > "$OUT/commands.txt"
lab_info "real clock ($PROFILE): ${REAL_ARGS[*]}"
run "${REAL_ARGS[@]}" --output "$OUT"

lab_info "virtual clock (the post's settings, deterministic)"
run --virtual --client all --output "$OUT/virtual"

lab_info "coordinated-omission: outputs in $OUT"
