#!/usr/bin/env bash
# Passive sampler beside a series of runs: kdamond CPU ticks, DAMON scheme stats, fault counters, every 30 s, until
# STOP_FILE exists. Usage: investigations/damon/sample.sh OUT_CSV STOP_FILE (it ran as sample.sh
# /var/tmp/damon/samples.csv /var/tmp/final/ALLDONE, the file the runs' driver wrote at its end). Needs root.
set -u
[ $# -eq 2 ] || { echo "usage: $0 OUT_CSV STOP_FILE" >&2; exit 2; }
out=$1
stop=$2
K=/sys/kernel/mm/damon/admin/kdamonds/0
S=$K/contexts/0/schemes/0/stats
echo "epoch,kdamond_utime,kdamond_stime,sz_applied,nr_applied,sz_tried,pgmajfault,pgfault,workingset_refault_file,nr_file_pages" > "$out"
while [ ! -e "$stop" ]; do
  pid=$(cat $K/pid)
  read -r ut st < <(awk '{print $14, $15}' /proc/"$pid"/stat)
  echo update_schemes_stats > $K/state
  vm() { awk -v k="$1" '$1==k {print $2}' /proc/vmstat; }
  echo "$(date +%s),$ut,$st,$(cat $S/sz_applied),$(cat $S/nr_applied),$(cat $S/sz_tried),$(vm pgmajfault),$(vm pgfault),$(vm workingset_refault_file),$(vm nr_file_pages)" >> "$out"
  sleep 30
done
