#!/usr/bin/env bash
# HEAD's E4 (forced GCs, as the lab ran it), out of process like the lab, 4 rounds per invocation, alternating:
# default tiering, then DOTNET_TC_QuickJitForLoops=0 (what [OptimizeLoopsAtOnce] sets), three passes.
set -u
for pass in 1 2 3; do
  for side in default loops; do
    extra=(); [ $side = loops ] && extra=(--envVars DOTNET_TC_QuickJitForLoops:0)
    art=/var/tmp/s38/e4tier-$side$pass; rm -rf $art
    start=$SECONDS
    (cd /var/tmp/s38/head/first-things-first/enemies-of-measurement && dotnet bin/Release/net10.0/EnemiesOfMeasurement.dll --filter '*E4_CacheState*' --rounds 4 --rounds-seed $((pass * 13)) --warmupCount 3 --iterationCount 3 --iterationTime 100 --artifacts $art "${extra[@]}" > $art.log 2>&1)
    echo "$side$pass rc=$? $((SECONDS - start))s: $(grep -E '^\| (\*\*)?LookupRandom' $art.log | awk -F'|' '{print $4 ":" $7}' | tr -d '* ' | paste -sd' ')"
  done
done
