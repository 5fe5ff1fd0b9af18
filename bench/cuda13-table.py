#!/usr/bin/env python3
"""cuda13-table: ppfft-CUDA against cuFFT and against ppfft-OpenCL, one row per precision and shape,
from the CSVs of bench/calls/cuda13-h200.sh and bench/calls/cuda13-h200-b.sh (ppfft-cuda-*.csv, cufft-*.csv,
ppfft-cl-*.csv in each DIR).  A shape timed in several DIRs is taken from the last one that has a
ppfft-CUDA row for it (its cuFFT and OpenCL rows from the same DIR; "call" names it), so that every
ratio compares rows of one call.

  bench/cuda13-table.py [--md] DIR...  > ratios.csv
"""
import csv, glob, os, sys

def load(d, pattern, shape_col, gb_col, ok_col):
    out = {}
    for path in glob.glob(os.path.join(d, pattern)):
        for r in csv.DictReader(open(path)):
            out[(r["precision"], r[shape_col])] = (float(r[gb_col]) if r.get(ok_col) == "ok" else None, r)
    return out

def key(k):
    p, s = k
    dims = [int(x) for x in s.split("x")]
    return (p, len(dims), dims[0] ** len(dims) if len(dims) > 1 else dims[0])

def main():
    md = "--md" in sys.argv
    dirs = [a for a in sys.argv[1:] if a != "--md"]
    calls = [(os.path.basename(os.path.normpath(d)), load(d, "ppfft-cuda-f*.csv", "shape", "GBps", "check"),
              load(d, "cufft-f*.csv", "shape", "GBps", "check"), load(d, "ppfft-cl-f*.csv", "n", "gbps", "status")) for d in dirs]
    shapes = set()
    for c in calls: shapes |= set(c[1])
    rows = []
    for k in sorted(shapes, key=key):
        name, cu, cf, cl = [c for c in calls if k in c[1]][-1]
        a, b, c = cu[k][0], cf.get(k, (None,))[0], cl.get(k, (None,))[0]
        r = lambda x, y: "%.3f" % (x / y) if x and y else ""
        rows.append([k[0], k[1], "%.0f" % a if a else "", "%.0f" % b if b else "", "%.0f" % c if c else "", r(a, b), r(a, c),
                     cu[k][1]["config"].split("+")[0], name])
    head = ["precision", "shape", "ppfft_cuda_GBps", "cufft_GBps", "ppfft_opencl_GBps", "cuda_over_cufft", "cuda_over_opencl",
            "cuda_plan_from", "call"]
    if md:
        print("| " + " | ".join(head) + " |")
        print("|" + " --- |" * len(head))
        for x in rows: print("| " + " | ".join(x) + " |")
    else:
        w = csv.writer(sys.stdout, lineterminator="\n")
        w.writerow(head)
        w.writerows(rows)

main()
