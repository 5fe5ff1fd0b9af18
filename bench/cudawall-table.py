#!/usr/bin/env python3
"""The cache-hint modes against cuFFT (bench/calls/cudawall-h200.sh): DIR/r<round>-<mode>-<prec>.csv.  Per precision and
shape: each mode's GB/s and cuFFT's (median over the rounds), and each mode's ratio to cuFFT taken within each round
(the median, and the lowest and highest).  Writes DIR/table.csv and the markdown table on stdout."""
import csv, glob, os, re, statistics, sys

d = sys.argv[1]
rows = {}  # (prec, shape, lib) -> {round: GBps}
for f in glob.glob(os.path.join(d, 'r*-*-*.csv')):
    m = re.match(r'r(\d+)-(\w+)-(f32|f64)\.csv$', os.path.basename(f))
    if not m:
        continue
    for r in csv.DictReader(open(f)):
        if r.get('check') != 'ok':
            continue
        rows.setdefault((r['precision'], r['shape'], m.group(2)), {})[int(m.group(1))] = float(r['GBps'])
libs = sorted({k[2] for k in rows} - {'cufft'}, key=lambda x: ['none', 'st', 'ld', 'ldst'].index(x) if x in ['none', 'st', 'ld', 'ldst'] else 9)
shapes = sorted({(k[0], k[1]) for k in rows}, key=lambda s: (s[0], int(s[1])))
out = csv.writer(open(os.path.join(d, 'table.csv'), 'w'))
out.writerow(['prec', 'shape', 'lib', 'rounds', 'GBps_median', 'vs_cufft_median', 'vs_cufft_min', 'vs_cufft_max', 'vs_none_median'])
print('| prec | N | cuFFT | ' + ' | '.join(f'{l} GB/s (x cuFFT, min-max)' for l in libs) + ' |')
print('| --- | ---: | ---: | ' + ' | '.join('---:' for _ in libs) + ' |')
for p, s in shapes:
    cu = rows.get((p, s, 'cufft'), {})
    none = rows.get((p, s, 'none'), {})
    cells = []
    out.writerow([p, s, 'cufft', len(cu), round(statistics.median(cu.values()), 1) if cu else '', '', '', '', ''])
    for l in libs:
        g = rows.get((p, s, l), {})
        rat = [g[r] / cu[r] for r in g if r in cu]
        vn = [g[r] / none[r] for r in g if r in none]
        if not g:
            cells.append('-')
            continue
        med = statistics.median(g.values())
        out.writerow([p, s, l, len(g), round(med, 1), round(statistics.median(rat), 4) if rat else '', round(min(rat), 4) if rat else '',
                      round(max(rat), 4) if rat else '', round(statistics.median(vn), 4) if vn else ''])
        cells.append(f'{med:.0f} ({statistics.median(rat):.3f}, {min(rat):.3f}-{max(rat):.3f})' if rat else f'{med:.0f}')
    print(f'| {p} | {s} | {statistics.median(cu.values()):.0f} | ' + ' | '.join(cells) + ' |' if cu else f'| {p} | {s} | - | ' + ' | '.join(cells) + ' |')
