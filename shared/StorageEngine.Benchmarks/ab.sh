#!/usr/bin/env bash
# Interleaved A/B runs of insert-loop: the engine's development measurements (shared/StorageEngine/README.md cites
# their outputs). On a shared virtual machine the same run varies by 20-50% from one minute to the next, so
# configurations that are compared run in alternation, round after round, and are compared by their medians.
set -euo pipefail
# shellcheck source=../../scripts/lib/common.sh
. "$(dirname "${BASH_SOURCE[0]}")/../../scripts/lib/common.sh"
LAB_SCRIPT=shared/StorageEngine.Benchmarks/ab.sh

usage() {
  cat <<'USAGE'
Usage: shared/StorageEngine.Benchmarks/ab.sh --out DIR [--rounds N] [--batches N] [--baseline NAME] [--app NAME=DLL]... NAME=ARGS...
       shared/StorageEngine.Benchmarks/ab.sh --pair DIR --baseline NAME

Runs `insert-loop --batches N ARGS` once per configuration NAME=ARGS, in the order given, ROUNDS times over
(default 3 rounds of 7 batches), and writes into DIR (new or empty):
  summary.md    per configuration: median over rounds of the per-run medians (batches 2 and later) of ns per
                insert, ns of flush per insert and CPU ns per insert, and every round's insert median
  runs.tsv      every batch of every run: round, name, batch, insert-ns, flush-ns, cpu-ns, gc0/1/2
  raw/          each run's output;  command.txt  this command;  commit.txt  the build's commit
--app NAME=DLL runs configuration NAME with another build of StorageEngine.Benchmarks.dll (a variant of the
engine built elsewhere); the others use this folder's Release build, which must exist (dotnet build -c Release).
--baseline NAME adds a paired comparison to summary.md: each configuration's insert median divided by NAME's in
the same round, the median of those ratios, and in how many rounds it was lower. Runs of one round ran minutes
apart at most, so the pairing cancels the guest's slow drift that moves whole rounds.
--pair DIR prints that comparison (stdout) for an A/B folder made earlier, from its runs.tsv, against any of its
configurations.

Example: shared/StorageEngine.Benchmarks/ab.sh --out /var/tmp/ab --baseline on off='--wal off' on='--checkpoint --flush'
USAGE
}

OUT=""
ROUNDS=3
BATCHES=7
BASELINE=""
PAIR=""
declare -A APPS=()
NAMES=()
declare -A ARGS=()
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) usage; exit 0 ;;
    --out) lab_need_value "$1" $#; OUT=$2; shift 2 ;;
    --rounds) lab_need_value "$1" $#; ROUNDS=$(lab_uint "$1" "$2" 1 100); shift 2 ;;
    --batches) lab_need_value "$1" $#; BATCHES=$(lab_uint "$1" "$2" 3 1000); shift 2 ;;
    --baseline) lab_need_value "$1" $#; BASELINE=$2; shift 2 ;;
    --pair) lab_need_value "$1" $#; PAIR=$2; shift 2 ;;
    --app)
      lab_need_value "$1" $#
      [[ $2 == ?*=?* ]] || lab_usage_error "--app needs NAME=DLL (got '$2')"
      [ -f "${2#*=}" ] || lab_usage_error "--app ${2%%=*}: no file '${2#*=}'"
      APPS[${2%%=*}]=${2#*=}; shift 2 ;;
    -*) lab_usage_error "unknown option '$1'" ;;
    *=*)
      name=${1%%=*}
      [[ $name =~ ^[A-Za-z0-9._-]+$ ]] || lab_usage_error "a configuration name is letters, digits, '.', '_' or '-' (got '$name')"
      [ -z "${ARGS[$name]+x}" ] || lab_usage_error "configuration '$name' is given twice"
      NAMES+=("$name"); ARGS[$name]=${1#*=}; shift ;;
    *) lab_usage_error "unknown argument '$1' (a configuration is NAME=ARGS)" ;;
  esac
done
AWK_MEDIAN='
  function median(a, k,   i, j, t) {
    for (i = 2; i <= k; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
    return k % 2 ? a[(k + 1) / 2] : (a[k / 2] + a[k / 2 + 1]) / 2
  }'

# paired_table RUNS BASELINE NAME...: each NAME's insert median per round over BASELINE's in the same round.
paired_table() {
  local runs=$1 base=$2 tick='`' name
  shift 2
  printf '\nPaired with %s: a configuration'"'"'s insert median in each round divided by %s'"'"'s in the same round, then the\n' "$tick$base$tick" "$tick$base$tick"
  printf 'median of those ratios. The runs of one round are minutes apart at most, so drift that moves whole rounds cancels.\n\n'
  printf '| configuration | insert ns ÷ %s | lower than %s in | ratio by round |\n' "$base" "$base"
  printf '|---|---:|---|---|\n'
  for name in "$@"; do
    [ "$name" != "$base" ] || continue
    awk -F'\t' -v n="$name" -v base="$base" "$AWK_MEDIAN"'
      NR > 1 && ($2 == n || $2 == base) && $3 >= 2 { k[$1, $2]++; v[$1, $2, k[$1, $2]] = $4; if (!($1 in seen)) { seen[$1] = 1; order[++rounds] = $1 } }
      function run_median(r, name,   i, a) { for (i = 1; i <= k[r, name]; i++) a[i] = v[r, name, i]; return median(a, k[r, name]) }
      END {
        for (r = 1; r <= rounds; r++) {
          id = order[r]
          if (!k[id, n] || !k[id, base]) continue
          b = run_median(id, base)
          if (b <= 0) continue
          x = run_median(id, n)
          ratio[++m] = x / b; lower += x < b
          byround = byround (m > 1 ? ", " : "") sprintf("%.2f", x / b)
        }
        if (m == 0) printf "| %s | n/a | no round with both | |\n", n
        else printf "| %s | %.2f× | %d of %d rounds | %s |\n", n, median(ratio, m), lower, m, byround
      }' "$runs"
  done
}

if [ -n "$PAIR" ]; then
  if [ -n "$OUT" ] || [ "${#NAMES[@]}" -gt 0 ] || [ "${#APPS[@]}" -gt 0 ]; then
    lab_usage_error "--pair takes only --baseline NAME (the configurations are the folder's)"
  fi
  [ -n "$BASELINE" ] || lab_usage_error "--pair needs --baseline NAME"
  [ -f "$PAIR/runs.tsv" ] || lab_usage_error "--pair '$PAIR' holds no runs.tsv (not an ab.sh folder)"
  mapfile -t names < <(awk -F'\t' 'NR > 1 && !seen[$2]++ { print $2 }' "$PAIR/runs.tsv")
  printf '%s\n' "${names[@]}" | grep -qxF -- "$BASELINE" || lab_usage_error "--baseline names '$BASELINE', which is not a configuration of '$PAIR'"
  paired_table "$PAIR/runs.tsv" "$BASELINE" "${names[@]}"
  exit 0
fi
[ -n "$OUT" ] || lab_usage_error "--out DIR is required"
[ "${#NAMES[@]}" -gt 0 ] || lab_usage_error "no configuration to run (give NAME=ARGS)"
for name in "${!APPS[@]}"; do
  [ -n "${ARGS[$name]+x}" ] || lab_usage_error "--app names '$name', which is not a configuration"
done
[ -z "$BASELINE" ] || [ -n "${ARGS[$BASELINE]+x}" ] || lab_usage_error "--baseline names '$BASELINE', which is not a configuration"
OUT=$(lab_out_dir --out "$OUT")
[ -z "$(ls -A "$OUT")" ] || lab_usage_error "--out '$OUT' is not empty (a run is never mixed with an earlier one)"

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
DEFAULT_APP="$HERE/bin/Release/net10.0/StorageEngine.Benchmarks.dll"
if [ "${#APPS[@]}" -lt "${#NAMES[@]}" ] && [ ! -f "$DEFAULT_APP" ]; then
  LAB_DIE_CODE=3 lab_die "no Release build: run 'dotnet build -c Release' in shared/StorageEngine.Benchmarks"
fi
lab_need_cmd dotnet "dotnet-sdk-10.0" "or see https://dot.net/install"

mkdir -p "$OUT/raw"
{
  printf '%s --out %s --rounds %s --batches %s' "$LAB_SCRIPT" "$OUT" "$ROUNDS" "$BATCHES"
  [ -z "$BASELINE" ] || printf ' --baseline%s' "$(lab_quote_args "$BASELINE")"
  for name in "${!APPS[@]}"; do printf ' --app %s' "$(lab_quote_args "$name=${APPS[$name]}")"; done
  for name in "${NAMES[@]}"; do printf '%s' "$(lab_quote_args "$name=${ARGS[$name]}")"; done
  printf '\n'
} > "$OUT/command.txt"
git -C "$HERE" rev-parse HEAD > "$OUT/commit.txt" 2>/dev/null || echo "not a git checkout" > "$OUT/commit.txt"
printf 'round\tname\tbatch\tinsert_ns\tflush_ns\tcpu_ns\tgc\n' > "$OUT/runs.tsv"

for ((round = 1; round <= ROUNDS; round++)); do
  for name in "${NAMES[@]}"; do
    app=${APPS[$name]:-$DEFAULT_APP}
    raw="$OUT/raw/$name-r$round.txt"
    read -r -a extra <<< "${ARGS[$name]}"
    lab_info "round $round/$ROUNDS: $name (${ARGS[$name]})"
    dotnet "$app" insert-loop --batches "$BATCHES" "${extra[@]}" > "$raw" || lab_die "$name failed in round $round (see $raw)"
    # insert-loop's table: batch insert-ns flush-ns inserts/s cpu-ns log-MB dirty-MB gc0/1/2
    awk -v r="$round" -v n="$name" '$1 ~ /^[0-9]+$/ && NF >= 8 { printf "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", r, n, $1, $2, $3, $5, $8 }' "$raw" >> "$OUT/runs.tsv"
  done
done

# Medians: per run over batches >= 2 (batch 0 jits and fills the table, batch 1 may still warm up), then over rounds.
{
  printf '# insert-loop A/B: %s rounds of %s batches\n\n' "$ROUNDS" "$BATCHES"
  printf 'Command: %s%s%s\n\n' '`' "$(cat "$OUT/command.txt")" '`'
  printf 'Median over rounds of each run'"'"'s median over batches 2 and later.\n\n'
  printf '| configuration | insert-loop arguments | insert ns | flush ns | CPU ns | insert ns by round |\n'
  printf '|---|---|---:|---:|---:|---|\n'
  for name in "${NAMES[@]}"; do
    awk -F'\t' -v n="$name" -v args="${ARGS[$name]}" "$AWK_MEDIAN"'
      NR > 1 && $2 == n && $3 >= 2 { k[$1]++; ins[$1, k[$1]] = $4; fl[$1, k[$1]] = $5; cpu[$1, k[$1]] = $6; if (!($1 in seen)) { seen[$1] = 1; order[++rounds] = $1 } }
      END {
        for (r = 1; r <= rounds; r++) {
          id = order[r]
          for (i = 1; i <= k[id]; i++) { a[i] = ins[id, i]; b[i] = fl[id, i]; c[i] = cpu[id, i] }
          ri[r] = median(a, k[id]); rf[r] = median(b, k[id]); rc[r] = median(c, k[id])
          byround = byround (r > 1 ? ", " : "") sprintf("%.0f", ri[r])
        }
        printf "| %s | `%s` | %.0f | %.0f | %.0f | %s |\n", n, args, median(ri, rounds), median(rf, rounds), median(rc, rounds), byround
      }' "$OUT/runs.tsv"
  done
  [ -z "$BASELINE" ] || paired_table "$OUT/runs.tsv" "$BASELINE" "${NAMES[@]}"
} > "$OUT/summary.md"
cat "$OUT/summary.md"
lab_info "A/B outputs in $OUT"
