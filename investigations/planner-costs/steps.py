#!/usr/bin/env python3
"""Each planner step of post 2: the planner's estimate (timings.md), what it took (steps.tsv), and what a
per-class model predicts from the run's data before the step (BenchmarkDotNet's log in run.log: each class's
"Run time" less its iterations' nanoseconds, per process; the build's "Done, took"). Usage: steps.py RUN_FOLDER"""
import gzip, json, os, re, sys

run = sys.argv[1]
STAGE = re.compile(r'^(Overhead|Workload)(Jitting|Pilot|Warmup|Actual)\s+\d+: .*?, ([\d.]+) ns,')
RUNTIME = re.compile(r'^Run time: .*\(([\d.]+) sec\), executed benchmarks: (\d+)')
BUILD = re.compile(r'^// \*\*\*\*\* Done, took .*\(([\d.]+) sec\)')
BENCH = re.compile(r'^// Benchmark: ([A-Za-z0-9_]+)\.[^:]*: [\w-]+-R\d+\(')  # a round job
MORE = re.compile(r'^==> .*: (\d+) more round\(s\) from round (\d+) of ')

def opengz(p):
    return gzip.open(p + '.gz', 'rt') if os.path.exists(p + '.gz') and not os.path.exists(p) else open(p)

def read_log(post):
    p = os.path.join(run, post, 'run.log')
    return opengz(p).read().splitlines()

def costs(lines):
    """Per class: (overhead seconds, processes) outside the engine; the builds' seconds."""
    per, builds, engine, procs, cls, build = {}, [], 0.0, 0, None, None
    for l in lines:
        if m := BUILD.match(l):
            build = float(m[1])
        elif l.startswith('// Execute: '):
            procs += 1
            if build is not None:  # a build followed by processes: an out-of-process invocation's
                builds.append(build)
                build = None
        elif m := BENCH.match(l):
            cls = m[1]
        elif m := STAGE.match(l):
            engine += float(m[3]) / 1e9
        elif m := RUNTIME.match(l):
            if procs > 0 and cls:  # in-process runs start no process: their cost is another one
                o, n = per.get(cls, (0.0, 0))
                per[cls] = (o + float(m[1]) - engine, n + procs)
            engine, procs, cls = 0.0, 0, None
    return per, builds

def timings():
    rows = []
    for l in open(os.path.join(run, 'timings.md')):
        if m := re.match(r'\| planner: ([a-z-]+), (\d+) round\(s\) of (\d+) case\(s\) \| ok \| (\d+):(\d\d) \| (\d+):(\d\d) \|', l):
            rows.append((m[1], int(m[4]) * 60 + int(m[5]), int(m[6]) * 60 + int(m[7])))
    return rows

def engine_per_round(post, before):
    """Each case's mean engine seconds per process over the post's reports logged before the step."""
    sums = {}
    for line in open(os.path.join(run, post, 'steps.tsv')):
        f = line.rstrip('\n').split('\t')
        if f[0] != 'bdn':
            continue
        if f[2] != '' and not (f[2].startswith('more-') and int(f[2][5:]) < before):
            continue  # the unit's own folder and its earlier more rounds
        for r in f[3].split():
            if 'annotated' in r:
                continue
            d = json.load(opengz(os.path.join(run, post, r)))
            for b in d['Benchmarks']:
                ns = sum(x['Nanoseconds'] for x in b.get('Measurements', []) if x.get('IterationStage') != 'Result')
                key = (b['Type'], b['Method'], b.get('Parameters', ''))
                s, n = sums.get(key, (0.0, 0))
                sums[key] = (s + ns / 1e9, n + 1)
    return {k: s / n for k, (s, n) in sums.items()}

planned = timings()
print('| step | post | rounds × cases | estimate | took | per-class model | its build + engine + outside-engine |')
print('|---:|---|---|---:|---:|---:|---|')
seen = {}
for i, (post, took, estimate) in enumerate(planned, 1):
    if post != 'enemies-of-measurement':
        continue  # the question is post 2's steps
    k = seen.get(post, 0)
    seen[post] = k + 1
    lines = read_log(post)
    marks = [j for j, l in enumerate(lines) if MORE.match(l)]
    if k >= len(marks):
        continue
    j = marks[k]
    mm = MORE.match(lines[j]); count, first = int(mm[1]), int(mm[2])
    cases = re.findall(r'--case (\S+)', lines[j + 1]) if 'case(s)' in lines[j] else []
    if not cases:
        continue
    per, builds = costs(lines[:j])
    eng = engine_per_round(post, first)
    build = sum(builds) / len(builds)
    e = o = 0.0
    for c in cases:
        cls, rest = c.split('.', 1)
        method = rest.split('(')[0]
        params = rest[len(method):].strip('()') if '(' in rest else ''
        e += next(v for (t, m, p), v in eng.items() if t.split('.')[-1] == cls and m == method and params in ("", p))
        oc, n = per[cls]
        o += oc / n
    model = build + count * (e + o)
    print(f'| {i} | {post} | {count} × {len(cases)} | {estimate // 60}:{estimate % 60:02d} | {took // 60}:{took % 60:02d} | '
          f'{int(round(model)) // 60}:{int(round(model)) % 60:02d} | {build:.0f} + {count * e:.0f} + {count * o:.0f} |')

print('\n| post | builds (s) | outside the engine, s per process (processes), before its first planner step |')
print('|---|---|---|')
for post in sorted(os.listdir(run)):
    if not os.path.exists(os.path.join(run, post, 'run.log.gz')) and not os.path.exists(os.path.join(run, post, 'run.log')):
        continue
    lines = read_log(post)
    marks = [j for j, l in enumerate(lines) if MORE.match(l)]
    per, builds = costs(lines[:marks[0]] if marks else lines)
    if per:
        print(f'| {post} | {", ".join(f"{b:.1f}" for b in builds)} | ' + ', '.join(f'{c} {o / n:.2f} ({n})' for c, (o, n) in per.items()) + ' |')
