#!/usr/bin/env bash
# A: HEAD's E4 (forced GCs) with loops optimized at once; B: the working tree's E4 (one compacting GC in setup,
# no forced GCs, loops optimized at once). Out of process like the lab, alternating A B A B, 4 rounds each.
set -u
for pass in 1 2; do
  for side in A B; do
    if [ $side = A ]; then dir=/var/tmp/s38/head; extra=(--envVars DOTNET_TC_QuickJitForLoops:0); else dir=/work/main; extra=(); fi
    art=/var/tmp/s38/e4ab-$side$pass; rm -rf $art
    start=$SECONDS
    (cd $dir/first-things-first/enemies-of-measurement && dotnet bin/Release/net10.0/EnemiesOfMeasurement.dll --filter '*E4_CacheState*' --rounds 4 --rounds-seed $((pass * 11)) --warmupCount 3 --iterationCount 3 --iterationTime 100 --artifacts $art "${extra[@]}" > $art.log 2>&1)
    echo "$side$pass rc=$? $((SECONDS - start))s: $(grep -E '^\| (\*\*)?LookupRandom' $art.log | awk -F'|' '{print $4 ":" $7}' | tr -d '* ' | paste -sd' ')"
  done
done
