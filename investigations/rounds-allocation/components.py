#!/usr/bin/env python3
"""Where does a benchmark's spread between rounds come from? For every case of every BenchmarkDotNet class in the
run folders given, with each round's measured iterations (the full JSON reports): the spread of the round means
(standard deviation of their logs) and the share of it that the iterations inside a round explain (their variance
divided by their count, over the variance of the round means). A share near 1: more iterations per round would
narrow the interval; near 0: the rounds differ as processes, and only more rounds narrow it (Kalibera & Jones, ISMM
2013). Standard library only: python3 components.py RUN_FOLDER... > components.md"""
import collections, glob, json, math, os, statistics as st, sys

def cases(path):
    """FullName -> one list of log iteration times per round (rounds in the order the report lists them)."""
    by_name = collections.OrderedDict()
    for b in json.load(open(path))['Benchmarks']:
        ms = [m['Nanoseconds'] / m['Operations'] for m in b['Measurements']
              if m['IterationMode'] == 'Workload' and m['IterationStage'] == 'Result']
        if len(ms) >= 2 and min(ms) > 0:
            by_name.setdefault(b['FullName'], []).append([math.log(x) for x in ms])
    return by_name

rows = collections.OrderedDict()
for run in sys.argv[1:]:
    for path in sorted(glob.glob(os.path.join(run, '*', '*-report-full.json'))):
        post = os.path.basename(os.path.dirname(path))
        for name, rounds in cases(path).items():
            if len(rounds) < 3:
                continue
            n = st.mean(len(r) for r in rounds)
            within = st.mean(st.variance(r) for r in rounds) / n
            between = st.variance([st.mean(r) for r in rounds])
            rows.setdefault((post, name.split('.', 1)[1]), []).append((len(rounds), math.sqrt(between), within / between if between > 0 else float('nan')))

print('| post | case | rounds per run | spread of the round means (each run) | share the iterations explain (each run) |')
print('|---|---|---:|---|---|')
for (post, name), per_run in rows.items():
    print(f"| {post} | `{name}` | {per_run[0][0]} | {', '.join(f'{s * 100:.1f}%' for _, s, _ in per_run)} | "
          f"{', '.join(f'{w:.2f}' for _, _, w in per_run)} |")
