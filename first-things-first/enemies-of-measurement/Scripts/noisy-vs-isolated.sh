#!/usr/bin/env bash
# Enemy 3 (system noise) as one command: E3_OsNoise on a machine whose every core is busy, then pinned to one
# core of the idle machine, and both runs' Mean and StdDev side by side.
set -euo pipefail
SCRIPT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
POST_DIR=$(cd "$SCRIPT_DIR/.." && pwd)
# shellcheck source=../../../scripts/lib/common.sh
. "$POST_DIR/../../scripts/lib/common.sh"

# BenchmarkDotNet writes its CSV in the current culture; the C locale makes it "12.98 ms" with a comma separator.
export LC_ALL=C

usage() {
  cat <<'USAGE'
Usage: Scripts/noisy-vs-isolated.sh [options] [-- BENCHMARKDOTNET_ARGS...]

Runs E3_OsNoise twice and compares the runs:
  1. noisy:    one busy loop per online CPU, then the benchmark (not pinned), then every loop is stopped;
  2. isolated: the benchmark pinned with `taskset -c CPU` on the now idle machine.
Then prints, per method, both runs' Mean and StdDev, the change of the mean and the StdDev ratio
(noisy / isolated), read from the CSV report BenchmarkDotNet exports. With --rounds N the pair runs N times,
alternating which run comes first (odd rounds noisy first, even rounds isolated first), so the machine's slow
drift does not land on one side; each round keeps its own reports and table.

Busy loops are bounded: each ends by itself after --max-seconds even if this script is killed with SIGKILL.
On normal exit, failure, Ctrl-C (SIGINT) or SIGTERM every loop and the benchmark's process group are stopped.

Options:
  --max-seconds N   lifetime of each busy loop (default 900); must outlast the noisy run, or the script warns
  --loops N         number of busy loops (default: online CPUs)
  --cpu N           CPU for the isolated run (default 0)
  --rounds N        run the pair N times (1-40, default 1); with N > 1 the reports go to DIR/{noisy,isolated}/round-K
  --first-round K   number the rounds from K (default 1): more rounds for a DIR that has rounds 1 to K - 1; their
                    comparison goes to comparison-from-K.md
  --out DIR         also copy both runs' reports and the comparison (comparison.md) into DIR (checked first)
  --no-build        use the existing Release build (default: build the post first)
  --bench-cmd CMD   run CMD instead of the benchmark (default: dotnet run of this post); also E3_BENCH_CMD.
                    CMD is called as: CMD --artifacts DIR [BENCHMARKDOTNET_ARGS...] and must leave
                    DIR/results/*E3_OsNoise-report.csv (the tests use a fake, fast command this way)
Progress (which run, how many loops) goes to stderr; the comparison table to stdout.
  -h, --help        this text

Everything after -- goes to BenchmarkDotNet, e.g. the smoke profile:
  Scripts/noisy-vs-isolated.sh -- --strategy ColdStart --launchCount 1 --warmupCount 0 --iterationCount 3 \
      --unrollFactor 1 --invocationCount 1

Needs: taskset and setsid (util-linux), dotnet (unless --bench-cmd), awk. Linux only.
Exit codes: 0 done, 1 a run failed, 2 bad arguments, 3 a tool is missing, 130/143 interrupted.
USAGE
}

MAX_SECONDS=900
ROUNDS=1
FIRST_ROUND=1
LOOPS=""
CPU=0
OUT=""
BENCH_CMD=${E3_BENCH_CMD:-}
BDN_ARGS=()

NO_BUILD=0
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    --max-seconds) lab_need_value "$1" $#; MAX_SECONDS=$(lab_uint "$1" "$2" 1 86400); shift 2 ;;
    --loops) lab_need_value "$1" $#; LOOPS=$(lab_uint "$1" "$2" 1 1024); shift 2 ;;
    --cpu) lab_need_value "$1" $#; CPU=$(lab_uint "$1" "$2" 0 4095); shift 2 ;;
    --rounds) lab_need_value "$1" $#; ROUNDS=$(lab_uint "$1" "$2" 1 40); shift 2 ;;
    --first-round) lab_need_value "$1" $#; FIRST_ROUND=$(lab_uint "$1" "$2" 1 1000); shift 2 ;;
    --out) lab_need_value "$1" $#; OUT=$2; shift 2 ;;
    --bench-cmd) lab_need_value "$1" $#; BENCH_CMD=$2; shift 2 ;;
    --no-build) NO_BUILD=1; shift ;;
    --) shift; BDN_ARGS=("$@"); break ;;
    *) lab_usage_error "unknown argument '$1' (BenchmarkDotNet arguments go after --)" ;;
  esac
done

lab_need_cmd taskset util-linux
lab_need_cmd setsid util-linux
lab_need_cmd awk mawk
if [ -z "$BENCH_CMD" ]; then
  lab_need_cmd dotnet "dotnet-sdk-10.0" "or see https://dot.net/install"
fi

CPUS=$(lab_cpu_count)
[ -n "$LOOPS" ] || LOOPS=$CPUS
[ -d /sys/devices/system/cpu/cpu"$CPU" ] ||
  lab_usage_error "--cpu $CPU: no such CPU here (online: $(cat /sys/devices/system/cpu/online 2>/dev/null || echo "0-$((CPUS - 1))"))"
# Checked before the long runs, not after them.
if [ -n "$OUT" ]; then OUT=$(lab_out_dir --out "$OUT"); fi

# ---- processes this script owns, and their cleanup (runs on exit, failure, SIGINT, SIGTERM) ----
LOOP_PIDS=()
BENCH_PID=""

stop_busy_loops() {
  if [ "${#LOOP_PIDS[@]}" -gt 0 ]; then
    kill -TERM "${LOOP_PIDS[@]}" 2>/dev/null || true
    wait "${LOOP_PIDS[@]}" 2>/dev/null || true
    LOOP_PIDS=()
  fi
}

# The benchmark runs in its own session (setsid), so its whole tree (dotnet run, the host, BenchmarkDotNet's
# child processes) is one process group that can be stopped at once.
stop_bench() {
  local pid=$BENCH_PID i
  [ -n "$pid" ] || return 0
  BENCH_PID=""
  kill -TERM -- "-$pid" 2>/dev/null || return 0
  for i in $(seq 1 50); do
    kill -0 -- "-$pid" 2>/dev/null || break
    sleep 0.1
  done
  kill -KILL -- "-$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
}

lab_on_exit stop_bench
lab_on_exit stop_busy_loops

start_busy_loops() {
  local i
  for ((i = 0; i < LOOPS; i++)); do
    # Bounded by construction: the loop ends after MAX_SECONDS whatever happens to this script.
    ( end=$((SECONDS + MAX_SECONDS)); while [ "$SECONDS" -lt "$end" ]; do :; done ) &
    LOOP_PIDS+=("$!")
  done
  lab_info "started $LOOPS busy loops (pids ${LOOP_PIDS[*]}), each ends by itself after ${MAX_SECONDS}s"
}

# run_bench ARTIFACTS_DIR [PREFIX...]: the benchmark with its output on our stdout; waits interruptibly.
run_bench() {
  local artifacts=$1 rc=0
  shift
  local cmd
  if [ -n "$BENCH_CMD" ]; then
    read -r -a cmd <<< "$BENCH_CMD"
  else
    # The built program itself (its apphost), not `dotnet run`, which would evaluate the project twice more.
    # --buildTimeout: BenchmarkDotNet's 120 s default is too short for its boilerplate build on a busy 2-core machine.
    cmd=("$APP" --filter '*E3_OsNoise*' --exporters fulljson --buildTimeout 600)
  fi
  setsid "$@" "${cmd[@]}" --artifacts "$artifacts" "${BDN_ARGS[@]}" &
  BENCH_PID=$!
  wait "$BENCH_PID" || rc=$?
  BENCH_PID=""
  return "$rc"
}

csv_of() {
  local f
  for f in "$1"/results/*E3_OsNoise-report.csv; do
    [ -f "$f" ] && { printf '%s\n' "$f"; return 0; }
  done
  lab_die "no E3_OsNoise CSV report in $1/results (did the $2 run fail?)"
}

lab_mktemp_dir WORK e3-noise

if [ -z "$BENCH_CMD" ]; then
  if [ "$NO_BUILD" -eq 0 ]; then
    lab_info "building the post (Release) before the noisy run"
    dotnet build "$POST_DIR" -c Release --nologo -v quiet
  fi
  APP=$(find "$POST_DIR"/bin/Release -maxdepth 2 -type f -name EnemiesOfMeasurement -perm -u+x -print -quit 2>/dev/null || true)
  [ -n "$APP" ] || LAB_DIE_CODE=3 lab_die "no Release build of the post: drop --no-build, or run 'dotnet build -c Release' in $POST_DIR"
fi

# run_noisy DIR, run_isolated DIR: one run each, as described in the usage.
run_noisy() {
  local expired=0 pid
  lab_info "$2 (noisy): every CPU busy"
  start_busy_loops
  run_bench "$1" || lab_die "the noisy run failed"
  for pid in "${LOOP_PIDS[@]}"; do kill -0 "$pid" 2>/dev/null || expired=1; done
  stop_busy_loops
  if [ "$expired" -eq 1 ]; then
    lab_warn "some busy loops ended (--max-seconds $MAX_SECONDS) before the noisy run did: raise --max-seconds"
  fi
  lab_info "busy loops stopped"
}

run_isolated() {
  lab_info "$2 (isolated): taskset -c $CPU on the idle machine"
  run_bench "$1" taskset -c "$CPU" || lab_die "the isolated run failed"
}

# side_dir SIDE K: where round K keeps the run of SIDE (noisy or isolated); no round folder for a single round.
side_dir() { if [ "$ROUNDS" -eq 1 ] && [ "$FIRST_ROUND" -eq 1 ]; then printf '%s\n' "$1"; else printf '%s\n' "$1/round-$2"; fi; }
LAST_ROUND=$((FIRST_ROUND + ROUNDS - 1))

for ((round = FIRST_ROUND; round <= LAST_ROUND; round++)); do
  noisy_dir="$WORK/$(side_dir noisy "$round")"
  isolated_dir="$WORK/$(side_dir isolated "$round")"
  label="round $round/$LAST_ROUND"
  if [ $((round % 2)) -eq 1 ]; then
    run_noisy "$noisy_dir" "$label, run 1/2"
    run_isolated "$isolated_dir" "$label, run 2/2"
  else
    run_isolated "$isolated_dir" "$label, run 1/2"
    run_noisy "$noisy_dir" "$label, run 2/2"
  fi
done

# Joins the two CSV reports by Method. Times keep BenchmarkDotNet's units in the table and are converted to
# nanoseconds for the ratios. Fields may be quoted ("1,234.5 ms").
compare() {
  awk -v loops="$LOOPS" -v cpu="$CPU" '
    function split_csv(line, out,    n, i, c, field, quoted) {
      n = 0; field = ""; quoted = 0
      for (i = 1; i <= length(line); i++) {
        c = substr(line, i, 1)
        if (quoted) {
          if (c == "\"" && substr(line, i + 1, 1) == "\"") { field = field "\""; i++ }
          else if (c == "\"") quoted = 0
          else field = field c
        } else if (c == "\"") quoted = 1
        else if (c == ",") { out[++n] = field; field = "" }
        else field = field c
      }
      out[++n] = field
      return n
    }
    function ns(text,    parts, n, value, unit) {
      n = split(text, parts, " ")
      if (n != 2) return -1
      value = parts[1]; gsub(",", "", value); unit = parts[2]
      if (value !~ /^[0-9.]+$/) return -1
      if (unit == "ns") return value
      if (unit == "us" || unit == "\316\274s" || unit == "\302\265s") return value * 1e3
      if (unit == "ms") return value * 1e6
      if (unit == "s") return value * 1e9
      return -1
    }
    FNR == 1 {
      file++
      n = split_csv($0, header)
      for (i = 1; i <= n; i++) col[file, header[i]] = i
      if (!((file, "Method") in col) || !((file, "Mean") in col) || !((file, "StdDev") in col)) {
        print "error: " FILENAME " has no Method/Mean/StdDev columns" > "/dev/stderr"; bad = 1; exit 1
      }
      next
    }
    {
      split_csv($0, f)
      m = f[col[file, "Method"]]
      mean[file, m] = f[col[file, "Mean"]]; sd[file, m] = f[col[file, "StdDev"]]
      if (file == 1) order[++methods] = m
    }
    END {
      if (bad) exit 1
      printf "| Method | Noisy Mean | Noisy StdDev | Isolated Mean | Isolated StdDev | Mean change | StdDev ratio (noisy/isolated) |\n"
      printf "|---|---:|---:|---:|---:|---:|---:|\n"
      for (k = 1; k <= methods; k++) {
        m = order[k]
        if (!((2, m) in mean)) { mean[2, m] = "NA"; sd[2, m] = "NA" }
        nm = ns(mean[1, m]); im = ns(mean[2, m]); nsd = ns(sd[1, m]); isd = ns(sd[2, m])
        change = (nm >= 0 && im > 0) ? sprintf("%+.1f%%", (nm / im - 1) * 100) : "n/a"
        ratio = (nsd >= 0 && isd > 0) ? sprintf("%.2fx", nsd / isd) : "n/a"
        printf "| %s | %s | %s | %s | %s | %s | %s |\n", m, mean[1, m], sd[1, m], mean[2, m], sd[2, m], change, ratio
      }
      printf "\nNoisy: %d busy loops, benchmark not pinned. Isolated: taskset -c %d, no busy loops.\n", loops, cpu
      printf "n/a: a StdDev of 0 or NA (e.g. a single iteration) has no ratio.\n"
    }' "$NOISY_CSV" "$ISOLATED_CSV"
}

COMPARISON=""
for ((round = FIRST_ROUND; round <= LAST_ROUND; round++)); do
  NOISY_CSV=$(csv_of "$WORK/$(side_dir noisy "$round")" noisy)
  ISOLATED_CSV=$(csv_of "$WORK/$(side_dir isolated "$round")" isolated)
  table=$(compare) || lab_die "could not compare the two reports ($NOISY_CSV, $ISOLATED_CSV)"
  if [ "$LAST_ROUND" -gt 1 ]; then table=$(printf '## Round %s of %s\n\n%s\n' "$round" "$LAST_ROUND" "$table"); fi
  COMPARISON+="${COMPARISON:+$'\n'}$table"$'\n'
done
lab_info "comparison"
printf '%s' "$COMPARISON"

if [ -n "$OUT" ]; then
  # BenchmarkDotNet's tables and reports (markdown, CSV, full JSON) of both runs of every round.
  for ((round = FIRST_ROUND; round <= LAST_ROUND; round++)); do
    for run in noisy isolated; do
      side=$(side_dir "$run" "$round")
      mkdir -p "$OUT/$side"
      for f in "$WORK/$side"/results/*.md "$WORK/$side"/results/*.csv "$WORK/$side"/results/*.json; do
        if [ -f "$f" ]; then cp "$f" "$OUT/$side/"; fi
      done
    done
  done
  {
    printf '# E3_OsNoise: noisy vs isolated\n\n'
    printf 'Command: Scripts/noisy-vs-isolated.sh --max-seconds %s --loops %s --cpu %s --rounds %s' "$MAX_SECONDS" "$LOOPS" "$CPU" "$ROUNDS"
    [ "$FIRST_ROUND" -eq 1 ] || printf ' --first-round %s' "$FIRST_ROUND"
    [ "${#BDN_ARGS[@]}" -eq 0 ] || printf ' --%s' "$(lab_quote_args "${BDN_ARGS[@]}")"
    printf '\n\n%s' "$COMPARISON"
  } > "$OUT/$([ "$FIRST_ROUND" -eq 1 ] && echo comparison.md || echo "comparison-from-$FIRST_ROUND.md")"
  lab_info "reports and comparison.md copied to $OUT"
fi
