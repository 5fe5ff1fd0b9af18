#!/usr/bin/env python3
"""bench/results/2026-11-24-h200-cols: usage cols-table.py DIR.  The cols bench table: ppfft (COLS wisdom, shipped wisdom), cuFFT, VkFFT GB/s per shape, and the
ratios; writes all.csv beside the raw CSVs."""
import csv, os, sys
L = sys.argv[1]
def rd(path, key, val, tag):
    out = {}
    if not os.path.exists(path): return out
    for r in csv.DictReader(open(path)):
        ok = r.get('status', r.get('check', 'ok'))
        out[r[key]] = (float(r[val]) if ok == 'ok' else float('nan'), r.get('variant', ''), ok)
    return out
rows = []
for p in ('f32', 'f64'):
    c = rd(f'{L}/ppfft-cols-{p}.csv', 'n', 'gbps', 'cols'); s = rd(f'{L}/ppfft-shipped-{p}.csv', 'n', 'gbps', 'shipped')
    cu = rd(f'{L}/cufft-{p}.csv', 'shape', 'GBps', 'cufft'); vk = rd(f'{L}/vkfft-{p}.csv', 'shape', 'GBps', 'vkfft')
    print(f"{p}: shape | ppfft COLS | ppfft shipped | cuFFT | VkFFT | COLS/cuFFT | shipped/cuFFT | COLS/VkFFT")
    for shape in c:
        g = lambda d: d.get(shape, (float('nan'), '', ''))[0]
        print("%-4s %-10s %7.0f %7.0f %7.0f %7.0f   %5.2f %5.2f %5.2f" % (p, shape, g(c), g(s), g(cu), g(vk), g(c) / g(cu), g(s) / g(cu), g(c) / g(vk)))
        rows.append({'precision': p, 'shape': shape, 'ppfft_cols_GBps': g(c), 'ppfft_shipped_GBps': g(s), 'cufft_GBps': g(cu),
                     'vkfft_GBps': g(vk), 'cols_over_cufft': g(c) / g(cu), 'shipped_over_cufft': g(s) / g(cu), 'cols_over_vkfft': g(c) / g(vk),
                     'cols_plan': c[shape][1], 'cols_status': c[shape][2]})
if rows:
    with open(f'{L}/all.csv', 'w', newline='') as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0].keys())); w.writeheader(); w.writerows(rows)
