#!/usr/bin/env python3
"""bench/sweep-combine.py OUT DIR... : one folder of sweep CSVs (ppfft-P.csv, cufft-P.csv, vkfft-P.csv, P = f32, f64) from
several calls' folders (LIBS=DIR: that folder for those libraries only, e.g. vkfft=DIR): per library and shape the row of
the first folder that has it, so ppfft and cuFFT of a shape come from the same call when that call's folder comes first for
both.  Adds the column `source` (the folder a row came from)."""
import csv, os, sys

out, dirs = sys.argv[1], sys.argv[2:]
os.makedirs(out, exist_ok=True)
for lib, key in (('ppfft', 'n'), ('cufft', 'shape'), ('vkfft', 'shape')):
    for p in ('f32', 'f64'):
        rows, seen, fields = [], set(), None
        for d in dirs:
            if '=' in d:
                libs, d = d.split('=', 1)
                if lib not in libs.split(','):
                    continue
            f = f'{d}/{lib}-{p}.csv'
            if not os.path.exists(f):
                continue
            for r in csv.DictReader(open(f)):
                if r[key] in seen or r.get('status', r.get('check', 'ok')) != 'ok':
                    continue
                seen.add(r[key])
                r['source'] = d.rstrip('/')
                rows.append(r)
                fields = fields or list(r)
        if rows:
            with open(f'{out}/{lib}-{p}.csv', 'w', newline='') as fh:
                w = csv.DictWriter(fh, fieldnames=fields)
                w.writeheader()
                w.writerows(rows)
