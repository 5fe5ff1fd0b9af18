#!/usr/bin/env python3
"""Per-pass times and bandwidth from ppfft-tune -v logs (bench/results/2026-11-24-h200-cols/passes.csv).

usage: cols-passes.py V1 LOG1 V2 LOG2 OUT.csv
  Vi: a tune's stderr (-v: one line per candidate, "best" so far), LOGi its stdout (the winners).
Each run of "candidate 1/n .. n/n" lines is one pass of one split the tuner timed; its last "best" is
the pass's best time and variant.  pass_GBps = 2 x the problem's bytes / the pass's time (the bytes from
the winner's own GB/s and time); chosen = 1 for the runs whose variants are the winning plan's, in order."""
import csv, re, sys


def runs(logf):
    out = {}
    for l in open(logf):
        m = re.match(r'\s+(\S+)\s+candidate (\d+)/(\d+)\s+best ([\d.]+) ms (\S+)', l)
        if not m:
            continue
        prob, i, n, ms, v = m.group(1), int(m.group(2)), int(m.group(3)), float(m.group(4)), m.group(5)
        L = out.setdefault(prob, [])
        if i == 1:
            L.append([ms, v, n])
        else:
            L[-1][0], L[-1][1] = ms, v
    return out


def finals(logf):
    out = {}
    for l in open(logf):
        m = re.match(r'(cof\S+)\s+(\S+)\s+([\d.]+) ms\s+([\d.]+) GB/s', l)
        if m:
            out[m.group(1)] = (m.group(2).split(';'), float(m.group(3)), float(m.group(4)))
    return out


rows = []
for call, (vlog, flog) in enumerate([(sys.argv[1], sys.argv[2]), (sys.argv[3], sys.argv[4])], 1):
    R, F = runs(vlog), finals(flog)
    for prob, (plan, ms, gbps) in F.items():
        L, P, idx = R.get(prob, []), len(plan), None
        for s in range(len(L) - P + 1):
            if [x[1] for x in L[s:s + P]] == plan:
                idx = s
        data = gbps * 1e9 * ms * 1e-3 / 2  # bytes of one side: GB/s counts input + output
        for k, (pms, v, n) in enumerate(L):
            rows.append({'call': call, 'problem': prob, 'run': k, 'chosen': int(idx is not None and idx <= k < idx + P),
                         'pass_ms': pms, 'pass_GBps': round(2 * data / (pms * 1e-3) / 1e9, 1), 'candidates': n, 'variant': v,
                         'plan_ms': ms, 'plan_GBps': gbps})
with open(sys.argv[5], 'w', newline='') as f:
    w = csv.DictWriter(f, fieldnames=list(rows[0].keys()))
    w.writeheader()
    w.writerows(rows)
