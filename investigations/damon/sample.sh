#!/usr/bin/env bash
# Passive sampler during the final runs: kdamond CPU ticks, DAMON scheme stats, major faults. Every 30 s.
set -u
K=/sys/kernel/mm/damon/admin/kdamonds/0
S=$K/contexts/0/schemes/0/stats
out=/var/tmp/damon/samples.csv
echo "epoch,kdamond_utime,kdamond_stime,sz_applied,nr_applied,sz_tried,pgmajfault,pgfault,workingset_refault_file,nr_file_pages" > "$out"
while [ ! -e /var/tmp/final/ALLDONE ]; do
  pid=$(cat $K/pid)
  read -r ut st < <(awk '{print $14, $15}' /proc/"$pid"/stat)
  echo update_schemes_stats > $K/state
  vm() { awk -v k="$1" '$1==k {print $2}' /proc/vmstat; }
  echo "$(date +%s),$ut,$st,$(cat $S/sz_applied),$(cat $S/nr_applied),$(cat $S/sz_tried),$(vm pgmajfault),$(vm pgfault),$(vm workingset_refault_file),$(vm nr_file_pages)" >> "$out"
  sleep 30
done
