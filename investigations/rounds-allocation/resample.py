#!/usr/bin/env python3
"""What would more rounds buy post 2's split claims? Pools the per-round ratios of E1-E4 from the run folders given
(each round: the mean of one side's measured iterations over the other's, from the full JSON reports), draws R
rounds from the pool again and again, computes the lab's interval (Student's t on the logs, widened to hold the
median: shared/LabRounds/RoundsEstimate.cs) and counts how often it straddles the threshold each claim turned
borderline on in those runs. Two runs agree on such a claim about p^2 + (1-p)^2 of the time (p: borderline).
Drawing from a pool of 15 rounds understates the spread of a fresh run a little. Standard library only:
python3 resample.py RUN_FOLDER... > resample.md"""
import glob, json, math, os, random, statistics as st, sys

T975 = {2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 7: 2.365, 9: 2.262}  # Student's t, 97.5%, by degrees of freedom
PREFIX = 'EnemiesOfMeasurement.'
# claim: (class, numerator, denominator, thresholds it was borderline at in the runs read)
CLAIMS = {
    'E1': ('E1_JitWarmup', 'E1_JitWarmup.SumPayloadCold', 'E1_JitWarmup.SumPayloadWarm', [3.02]),
    'E2': ('E2_GcPauses', 'E2_GcPauses.InsertAllocHeavy', 'E2_GcPauses.InsertPreAllocated', [4.50]),
    'E3': ('E3_OsNoise', 'E3_OsNoise.InsertSame', 'E3_OsNoise.InsertBaseline', [0.95, 1.05]),
    'E4': ('E4_CacheState', 'E4_CacheState.LookupRandom(TableSize: 2000000)', 'E4_CacheState.LookupRandom(TableSize: 10000)', [5.88]),
}

def round_means(path, name):
    out = []
    for b in json.load(open(path))['Benchmarks']:
        if b['FullName'] == PREFIX + name:
            ms = [m['Nanoseconds'] / m['Operations'] for m in b['Measurements']
                  if m['IterationMode'] == 'Workload' and m['IterationStage'] == 'Result']
            out.append(st.mean(ms))
    return out

def interval(ratios):
    logs = [math.log(r) for r in ratios]
    half = T975[len(logs) - 1] * st.stdev(logs) / math.sqrt(len(logs))
    median = st.median(ratios)
    return min(math.exp(st.mean(logs) - half), median), max(math.exp(st.mean(logs) + half), median)

print('| claim | pooled rounds | threshold | rounds per run | P(borderline) | P(two runs agree) |')
print('|---|---:|---|---:|---:|---:|')
for claim, (cls, num, den, thresholds) in CLAIMS.items():
    pool = []
    for run in sys.argv[1:]:
        path = glob.glob(os.path.join(run, 'enemies-of-measurement', f'*{cls}-report-full.json'))[0]
        pool += [a / b for a, b in zip(round_means(path, num), round_means(path, den))]
    rng = random.Random(1)
    for rounds in (3, 4, 5, 8, 10):
        draws = 4000
        borderline = sum(any(lo < t < hi for t in thresholds)
                         for lo, hi in (interval(rng.choices(pool, k=rounds)) for _ in range(draws))) / draws
        print(f"| {claim} | {len(pool)} | {', '.join(f'{t}×' for t in thresholds)} | {rounds} | {borderline:.2f} | "
              f"{borderline ** 2 + (1 - borderline) ** 2:.2f} |")
