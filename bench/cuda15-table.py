#!/usr/bin/env python3
"""Issue 13's table from one bench/calls/cuda15-h200.sh call: bench/cuda15-table.py DIR [COPY_GBPS].
Reads DIR's ppfft-cuda-*.csv, cufft-*.csv, ppfft-cl-*.csv (and ppfft-cuda-clplan-*.csv: ppfft-CUDA with the
OpenCL wisdom's plan; old-cuda-*.csv: ppfft-CUDA with the CUDA wisdom of before the call's merge), writes DIR/ratios.csv and prints a markdown table, one row per (precision, shape),
with both ratios and the share of the copy bandwidth (DIR/copy-bandwidth.txt unless given)."""
import csv, glob, math, os, sys

d = sys.argv[1]
try:
    copy = float(sys.argv[2]) if len(sys.argv) > 2 else float(open(os.path.join(d, "copy-bandwidth.txt")).read().split()[0])
except (OSError, ValueError, IndexError):
    copy = math.nan

def load(lib):
    out = {}
    for f in sorted(glob.glob(os.path.join(d, lib + "-f??.csv"))):
        for r in csv.DictReader(open(f)):
            if (r.get("check") or r.get("status")) != "ok":
                continue
            out[(r["precision"] if "precision" in r else f[-7:-4], r.get("shape") or r.get("n"))] = float(r.get("GBps") or r.get("gbps"))
    return out

cuda, cufft, cl, clplan, old = load("ppfft-cuda"), load("cufft"), load("ppfft-cl"), load("ppfft-cuda-clplan"), load("old-cuda")

def order(k):
    p, s = k
    dims = [int(x) for x in s.split("x")]
    return (p, len(dims), math.prod(dims))

keys = sorted(set(cuda) | set(cufft) | set(cl), key=order)
nan = math.nan
fmt = lambda x, f="%.0f": "-" if math.isnan(x) else f % x
with open(os.path.join(d, "ratios.csv"), "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(["precision", "shape", "ppfft_cuda_GBps", "cufft_GBps", "ppfft_opencl_GBps", "cuda_over_cufft",
                "cuda_over_opencl", "cuda_with_opencl_plan_GBps", "cuda_wisdom_before_GBps", "cuda_of_copy", "cufft_of_copy"])
    print("copy bandwidth %s GB/s\n" % fmt(copy, "%.1f"))
    print("| prec | shape | ppfft-CUDA | cuFFT | ppfft-OpenCL | CUDA / cuFFT | CUDA / OpenCL | of copy: CUDA / cuFFT | CUDA, OpenCL's plan | CUDA, wisdom before |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for k in keys:
        c, u, o, v, b = cuda.get(k, nan), cufft.get(k, nan), cl.get(k, nan), clplan.get(k, nan), old.get(k, nan)
        ru, ro, cc, uc = c / u, c / o, c / copy, u / copy
        w.writerow([k[0], k[1], c, u, o, "%.4f" % ru, "%.4f" % ro, v, b, "%.4f" % cc, "%.4f" % uc])
        mark = lambda r: ("**%.3f**" % r) if r < 1.0 else "%.3f" % r
        print("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (k[0], k[1], fmt(c), fmt(u), fmt(o),
              "-" if math.isnan(ru) else mark(ru), "-" if math.isnan(ro) else mark(ro), fmt(100 * cc, "%.1f") + " / " + fmt(100 * uc, "%.1f %%"), fmt(v), fmt(b)))
