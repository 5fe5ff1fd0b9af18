#!/usr/bin/env python3
"""bench/sweep-table.py DIR COPY_GBPS (ppfft-old-*.csv: ppfft with the wisdom before the retune, a column of sweep.csv): the table of bench/sweep-run.sh's CSVs in DIR: per shape ppfft-OpenCL's passes, the
pass-count floor (COPY_GBPS / passes), ppfft / cuFFT / VkFFT GB/s and the ratios (and ppfft-CUDA against cuFFT where DIR has
ppfft-cuda-*.csv); writes DIR/sweep.csv (and DIR/cuda.csv) and prints a markdown table."""
import csv, math, os, sys

L, copy = sys.argv[1], float(sys.argv[2])
nan = float('nan')


def rd(path, key, val):
    out = {}
    if not os.path.exists(path):
        return out
    for r in csv.DictReader(open(path)):
        ok = r.get('status', r.get('check', 'ok'))
        out[r[key]] = (float(r[val]) if ok == 'ok' else nan, r.get('variant', ''), ok)
    return out


def f(x, d=0):
    return '-' if x != x else ('%.*f' % (d, x))


rows = []
print('| prec | shape | passes | floor GB/s | ppfft GB/s | of floor | cuFFT | ppfft / cuFFT | VkFFT | ppfft / VkFFT |')
print('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |')
for p in ('f32', 'f64'):
    pp = rd(f'{L}/ppfft-{p}.csv', 'n', 'gbps')
    cu = rd(f'{L}/cufft-{p}.csv', 'shape', 'GBps')
    vk = rd(f'{L}/vkfft-{p}.csv', 'shape', 'GBps')
    old = rd(f'{L}/ppfft-old-{p}.csv', 'n', 'gbps')
    def order(shape):
        d = [int(x) for x in shape.split('x')]
        return (len(d), math.prod(d))
    for shape in sorted(dict.fromkeys(list(cu) + list(pp)), key=order):
        g = lambda d: d.get(shape, (nan, '', ''))[0]
        plan = pp.get(shape, (nan, '', ''))[1]
        passes = plan.split(' (')[0].count(';') + 1 if plan else 0
        floor = copy / passes if passes else nan
        r = {'precision': p, 'shape': shape, 'passes': passes, 'floor_GBps': floor if floor != floor else round(floor), 'ppfft_GBps': g(pp),
             'of_floor': g(pp) / floor, 'cufft_GBps': g(cu), 'ppfft_over_cufft': g(pp) / g(cu), 'vkfft_GBps': g(vk),
             'ppfft_over_vkfft': g(pp) / g(vk), 'ppfft_wisdom_before_GBps': g(old), 'plan': plan, 'status': pp.get(shape, (0, '', 'missing'))[2]}
        rows.append(r)
        print('| %s | %s | %d | %s | %s | %s | %s | %s | %s | %s |' % (p, shape, passes, f(floor), f(g(pp)), f(100 * r['of_floor']) + ' %',
              f(g(cu)), f(r['ppfft_over_cufft'], 3), f(g(vk)), f(r['ppfft_over_vkfft'], 3)))
if rows:
    with open(f'{L}/sweep.csv', 'w', newline='') as fh:
        w = csv.DictWriter(fh, fieldnames=list(rows[0])); w.writeheader(); w.writerows(rows)
    ok = [r for r in rows if r['ppfft_over_cufft'] == r['ppfft_over_cufft']]
    met = [r for r in ok if r['ppfft_over_cufft'] >= 0.995]
    fb = [r for r in ok if r['ppfft_over_cufft'] < 0.995 and r['of_floor'] >= 0.95 and r['ppfft_over_vkfft'] >= 1.0]
    gm = lambda xs: math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else nan
    print(f"\n>= 1.0x cuFFT (>= 0.995): {len(met)} of {len(ok)}; below it but >= 95 % of the floor and >= 1.0x VkFFT: {len(fb)}; "
          f"geometric mean ppfft/cuFFT {gm([r['ppfft_over_cufft'] for r in ok]):.3f}")
    print('below:', ', '.join('%s %s %.3f (%d passes, %.0f %% of floor)' % (r['precision'], r['shape'], r['ppfft_over_cufft'], r['passes'],
          100 * r['of_floor']) for r in ok if r['ppfft_over_cufft'] < 0.995 and r not in fb))
crow = []
for p in ('f32', 'f64'):
    pc = rd(f'{L}/ppfft-cuda-{p}.csv', 'shape', 'GBps')
    cu = rd(f'{L}/cufft-c-{p}.csv', 'shape', 'GBps')
    cl = rd(f'{L}/ppfft-{p}.csv', 'n', 'gbps')
    for shape in pc:
        c, u, o = pc[shape][0], cu.get(shape, (nan,))[0], cl.get(shape, (nan,))[0]
        crow.append({'precision': p, 'shape': shape, 'ppfft_cuda_GBps': c, 'cufft_GBps': u, 'ppfft_opencl_GBps': o,
                     'cuda_over_cufft': c / u, 'cuda_over_opencl': c / o})
if crow:
    with open(f'{L}/cuda.csv', 'w', newline='') as fh:
        w = csv.DictWriter(fh, fieldnames=list(crow[0])); w.writeheader(); w.writerows(crow)
    print('\n| prec | shape | ppfft-CUDA | cuFFT | ppfft-OpenCL | CUDA / cuFFT | CUDA / OpenCL |\n| --- | --- | ---: | ---: | ---: | ---: | ---: |')
    for r in crow:
        print('| %s | %s | %s | %s | %s | %s | %s |' % (r['precision'], r['shape'], f(r['ppfft_cuda_GBps']), f(r['cufft_GBps']),
              f(r['ppfft_opencl_GBps']), f(r['cuda_over_cufft'], 3), f(r['cuda_over_opencl'], 3)))
