#!/usr/bin/env python3
"""Tables of bench/results/2026-11-25-h200-cuda16 (issue 13, the copy wall).

  bench/cuda16-table.py ncu DIR      call 1: Nsight Compute's metrics of every DIR/ncu-NAME-details.csv (one column a
                                     profile) and the global loads and stores of each DIR/ncu-NAME-sass.csv.gz, markdown
  bench/cuda16-table.py rounds DIR   call 2: DIR/{new,old,cufft}-P-rR.csv (bench/calls/cuda16b-h200.sh) as CSV: per shape the
                                     median GB/s over the rounds and the ratios taken within each round (median, min, max)
"""
import csv, glob, gzip, os, re, statistics, sys

METRICS = ['Duration', 'DRAM Throughput', 'Memory Throughput', 'L2 Hit Rate', 'Registers Per Thread', 'Block Size', 'Grid Size',
           'Dynamic Shared Memory Per Block', 'Waves Per SM', 'Theoretical Occupancy', 'Achieved Occupancy',
           'Achieved Active Warps Per SM', 'Mem Busy', 'Executed Ipc Active', 'Warp Cycles Per Issued Instruction', 'SM Frequency']


def ncu(d):
    names, vals, kern = [], {}, {}
    for f in sorted(glob.glob(os.path.join(d, 'ncu-*-details.csv'))):
        n = os.path.basename(f)[4:-len('-details.csv')]
        names.append(n)
        for r in csv.DictReader(open(f)):
            k = r.get('Metric Name')
            if k in METRICS:
                vals.setdefault(k, {})[n] = (r['Metric Value'] + ' ' + r.get('Metric Unit', '')).strip()
            kern[n] = r['Kernel Name'].split('(')[0][:40]
        s = os.path.join(d, 'ncu-%s-sass.csv.gz' % n)
        if os.path.exists(s):  # the global accesses of the SASS, by opcode (predicated or not)
            ops = {}
            for line in gzip.open(s, 'rt'):
                for m in re.findall(r'\b((?:LDG|STG)[A-Z0-9.]*)', line.split(',')[1] if ',' in line else ''):
                    ops[m] = ops.get(m, 0) + 1
            vals.setdefault('global accesses in the SASS', {})[n] = ', '.join('%d %s' % (c, o) for o, c in sorted(ops.items()))
    print('| metric | ' + ' | '.join(names) + ' |')
    print('| --- |' + ' --- |' * len(names))
    print('| kernel | ' + ' | '.join(kern.get(n, '') for n in names) + ' |')
    for k in METRICS + ['global accesses in the SASS']:
        if k in vals:
            print('| %s | ' % k + ' | '.join(vals[k].get(n, '') for n in names) + ' |')


def rounds(d):
    rows = {}
    for f in glob.glob(os.path.join(d, '*-f*-r*.csv')):
        lib, p, r = os.path.basename(f)[:-4].split('-')
        for x in csv.DictReader(open(f)):
            rows.setdefault((p, x['shape']), {}).setdefault(lib, {})[int(r[1:])] = (float(x['GBps']), x['check'])
    med = statistics.median
    w = csv.writer(sys.stdout)
    w.writerow(['prec', 'N', 'rounds', 'new_gbs', 'shipped_gbs', 'cufft_gbs', 'new_x_cufft', 'new_x_cufft_min', 'new_x_cufft_max',
                'shipped_x_cufft', 'shipped_x_cufft_min', 'shipped_x_cufft_max', 'new_x_shipped', 'checks'])
    for p, n in sorted(rows, key=lambda k: (k[0], int(k[1]))):
        d = rows[(p, n)]
        rs = sorted(set(d['new']) & set(d['old']) & set(d['cufft']))
        g = {l: [d[l][r][0] for r in rs] for l in ('new', 'old', 'cufft')}
        rn = [a / b for a, b in zip(g['new'], g['cufft'])]
        ro = [a / b for a, b in zip(g['old'], g['cufft'])]
        no = [a / b for a, b in zip(g['new'], g['old'])]
        checks = sorted(set(d[l][r][1] for l in d for r in d[l]))
        w.writerow([p, n, len(rs), '%.1f' % med(g['new']), '%.1f' % med(g['old']), '%.1f' % med(g['cufft']), '%.3f' % med(rn),
                    '%.3f' % min(rn), '%.3f' % max(rn), '%.3f' % med(ro), '%.3f' % min(ro), '%.3f' % max(ro), '%.3f' % med(no),
                    '/'.join(checks)])


if __name__ == '__main__':
    {'ncu': ncu, 'rounds': rounds}[sys.argv[1]](sys.argv[2])
