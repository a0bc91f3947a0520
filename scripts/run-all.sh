#!/usr/bin/env bash
# The lab's main job: run every post present, in one profile, and collect the result tables.
set -euo pipefail
. "$(dirname "$0")/lib/common.sh"
ROOT=$(lab_root)

usage() {
  cat <<'USAGE'
Usage: scripts/run-all.sh [--profile smoke|quick|full] [--out DIR] [--post NAME]...

Runs the benchmarks of every post folder under first-things-first/ and copies the markdown
tables BenchmarkDotNet wrote (plus each post's extra outputs) into one directory.

  --profile smoke   one cold iteration per benchmark: proves every benchmark runs (CI uses this)
  --profile quick   (default) 1 warmup + 5 measured iterations: minutes, wide confidence intervals
  --profile full    the jobs the posts use (ShortRun, SimpleJob 15/20 iterations...): publishable
  --out DIR         where to collect results (default: results/<machine>/<date>-<profile>)
  --post NAME       only this post (repeatable), e.g. --post enemies-of-measurement
  -h, --help        this text

Environment: FTF_RUN_DIR sets where private run directories (WAL files) are created
(default /var/tmp, which is disk-backed here; tmpfs would make fsync meaningless).
USAGE
}

PROFILE=quick
OUT=""
POSTS=()
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    --profile) [ $# -ge 2 ] || lab_usage_error "--profile needs a value (smoke, quick or full)"; PROFILE=$2; shift 2 ;;
    --profile=*) PROFILE=${1#*=}; shift ;;
    --out) [ $# -ge 2 ] || lab_usage_error "--out needs a directory"; OUT=$2; shift 2 ;;
    --out=*) OUT=${1#*=}; shift ;;
    --post) [ $# -ge 2 ] || lab_usage_error "--post needs a post folder name"; POSTS+=("$2"); shift 2 ;;
    --post=*) POSTS+=("${1#*=}"); shift ;;
    *) lab_usage_error "unknown argument '$1'" ;;
  esac
done

case "$PROFILE" in
  smoke) BDN_ARGS=(--strategy ColdStart --launchCount 1 --warmupCount 0 --iterationCount 1 --unrollFactor 1 --invocationCount 1) ;;
  quick) BDN_ARGS=(--launchCount 1 --warmupCount 1 --iterationCount 5) ;;
  full)  BDN_ARGS=() ;;
  *) lab_usage_error "--profile must be smoke, quick or full (got '$PROFILE')" ;;
esac

lab_need_cmd dotnet "dotnet-sdk-10.0" "or see https://dot.net/install"

# "engine" is the storage engine's own benchmarks (shared/StorageEngine.Benchmarks), the foundation of post 1.
ALL_POSTS=(engine why-benchmarks-lie enemies-of-measurement coordinated-omission statistics-that-matter hardware-counters)
post_dir() {
  if [ "$1" = engine ]; then printf '%s\n' "$ROOT/shared/StorageEngine.Benchmarks"; else printf '%s\n' "$ROOT/first-things-first/$1"; fi
}
if [ "${#POSTS[@]}" -eq 0 ]; then POSTS=("${ALL_POSTS[@]}"); fi
for p in "${POSTS[@]}"; do
  [ -d "$(post_dir "$p")" ] || lab_usage_error "--post '$p' is not a post (known: ${ALL_POSTS[*]})"
done

MACHINE=$("$ROOT/scripts/machine-id.sh")
if [ -z "$OUT" ]; then OUT="$ROOT/results/$MACHINE/$(date -u +%Y-%m-%d)-$PROFILE"; fi
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
lab_info "profile $PROFILE, results in $OUT"
"$ROOT/scripts/capture-env.sh" > "$OUT/environment.md"
"$ROOT/scripts/machine-id.sh" --json > "$OUT/machine.json"

lab_info "building (Release)"
dotnet build "$ROOT/companion-code.sln" -c Release --nologo -v quiet

failures=()
for post in "${POSTS[@]}"; do
  dir=$(post_dir "$post")
  hook="$dir/lab-run.sh"
  mkdir -p "$OUT/$post"
  lab_info "$post"
  # A post may define its own run (extra modes, scripts) in lab-run.sh; otherwise all its benchmarks run.
  if [ -x "$hook" ]; then
    if ! (cd "$dir" && "$hook" "$PROFILE" "$OUT/$post" "${BDN_ARGS[@]}") 2>&1 | tee "$OUT/$post/run.log"; then
      failures+=("$post")
    fi
  else
    rm -rf "$dir/BenchmarkDotNet.Artifacts/results"
    printf 'cd %s && dotnet run -c Release -- --filter %q %s\n' "${dir#"$ROOT"/}" '*' "${BDN_ARGS[*]}" > "$OUT/$post/command.txt"
    if ! (cd "$dir" && dotnet run -c Release --no-build -- --filter '*' "${BDN_ARGS[@]}") 2>&1 | tee "$OUT/$post/run.log"; then
      failures+=("$post")
    fi
    if [ -d "$dir/BenchmarkDotNet.Artifacts/results" ]; then
      cp "$dir"/BenchmarkDotNet.Artifacts/results/*.md "$OUT/$post/" 2>/dev/null || true
    fi
  fi
done

# Steal counters at the end: the report computes the CPU steal over the run from these and the start's.
"$ROOT/scripts/capture-env.sh" --end >> "$OUT/environment.md"

if [ "${#failures[@]}" -gt 0 ]; then
  lab_die "failed: ${failures[*]} (logs in $OUT/<post>/run.log)"
fi
lab_info "done: $OUT"
