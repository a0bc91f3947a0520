#!/usr/bin/env bash
# E4 in-process, N times per setting; prints the 10K and 2M means.
set -u
cd /work/main/first-things-first/enemies-of-measurement || exit 1
for i in 1 2 3 4 5 6; do
  for setting in default loops-at-once; do
    if [ $setting = loops-at-once ]; then export DOTNET_TC_QuickJitForLoops=0; else unset DOTNET_TC_QuickJitForLoops; fi
    art=$(mktemp -d /var/tmp/s38/e4art.XXXX)
    out=$(dotnet bin/Release/net10.0/EnemiesOfMeasurement.dll --filter '*E4_CacheState*' --inProcess --warmupCount 3 --iterationCount 3 --iterationTime 100 --artifacts "$art" 2>&1)
    means=$(grep -E '^\| LookupRandom' <<< "$out" | awk -F'|' '{print $6}' | tr -d ' ' | paste -sd' ')
    echo "$i $setting $means"
    rm -rf "$art"
  done
done
