#!/usr/bin/env python3
"""bench/sweep-passes.py TUNE_V_LOG TUNE_LOG OUT.csv: per-pass times from ppfft-tune -v (today's format: "PROB candidate i/n
VARIANT T ms (best T ms VARIANT)"): each run of candidates 1..n is one pass of one split the tuner timed; its best line gives
the pass's best time and variant; pass_GBps = 2 x the data's bytes / time (the tuner's 256 MiB per problem, or one transform where that
is larger); chosen = 1 where the run's
best is a pass of the winning plan (tune log), in order."""
import csv, re, sys

vlog, log, out = sys.argv[1:]
win = {}
for l in open(log):
    f = l.split()
    if len(f) > 2 and f[0].startswith('co') and 'ms' in f:
        win[f[0]] = f[1].split(';')
rows, runs = [], {}
for l in open(vlog):
    m = re.match(r'\s+(\S+)\s+candidate (\d+)/(\d+)\s+.*\(best ([\d.]+) ms (\S+)\)', l)
    if not m:
        continue
    prob, i, n, ms, v = m.group(1), int(m.group(2)), int(m.group(3)), float(m.group(4)), m.group(5)
    L = runs.setdefault(prob, [])
    if i == 1 or not L:
        L.append([n, ms, v])
    else:
        L[-1][1:] = [ms, v]
def data_bytes(prob):
    shape, _, rest = prob[3:].partition(':')
    n = 1
    for x in shape.split('x'):
        n *= int(x)
    return max(2**28, n * (16 if 'f64' in rest else 8))


for prob, L in runs.items():
    w = list(win.get(prob, []))
    for k, (n, ms, v) in enumerate(L):
        chosen = 0
        if w and v == w[0]:
            chosen = 1
            w.pop(0)
        rows.append({'problem': prob, 'run': k + 1, 'candidates': n, 'best_ms': ms, 'pass_GBps': round(2 * data_bytes(prob) / (ms * 1e-3) / 1e9),
                     'chosen': chosen, 'variant': v})
with open(out, 'w', newline='') as f:
    wr = csv.DictWriter(f, fieldnames=list(rows[0]))
    wr.writeheader()
    wr.writerows(rows)
