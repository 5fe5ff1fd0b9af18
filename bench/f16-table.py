#!/usr/bin/env python3
"""The F16 table (bench/results/2026-11-24-h200-f16): ppfft f16 (the estimate's CUDA-core plan and
its TC twin, PPFFT_BENCH_TC=1) against cuFFT f16 on the same shapes and inputs, from the CSVs of
bench/f16-run.sh.  usage: f16-table.py CUFFT.csv PPFFT.csv [PLOT.png] > table.csv (a summary on stderr)."""
import csv, math, sys

def rows(path):
    with open(path) as f:
        return [r for r in csv.DictReader(f) if r["check"] == "ok"]

cufft = {r["shape"]: r for r in rows(sys.argv[1])}
core, tc = {}, {}
for r in rows(sys.argv[2]):
    (tc if r["config"].endswith("+tc") else core)[r["shape"]] = r
out = csv.writer(sys.stdout)
out.writerow(["shape", "cufft_GBps", "cufft_err", "ppfft_core_GBps", "ppfft_core_err", "ppfft_tc_GBps", "ppfft_tc_err",
              "best", "best_GBps", "best_err", "speedup_vs_cufft", "err_ratio_vs_cufft"])
ratios, big = [], []
for shape, c in cufft.items():
    if shape not in core:
        continue
    k, t = core[shape], tc.get(shape)
    best = k if not t or float(k["GBps"]) >= float(t["GBps"]) else t
    s = float(best["GBps"]) / float(c["GBps"])
    e = float(best["err"]) / float(c["err"])
    out.writerow([shape, c["GBps"], c["err"], k["GBps"], k["err"], t["GBps"] if t else "", t["err"] if t else "",
                  "tc" if best is t else "core", best["GBps"], best["err"], "%.3f" % s, "%.3f" % e])
    ratios.append((shape, s))
    n = 1
    for x in shape.split("x"):
        n *= int(x)
    if "x" in shape or n >= 1 << 14:
        big.append(s)
gm = lambda v: math.exp(sum(map(math.log, v)) / len(v))
if big:  # the shapes (none in a run of small sizes only)
    print("geometric mean over 1D N >= 2^14 and 2D: %.3fx cuFFT f16 (min %.3f)" % (gm(big), min(big)), file=sys.stderr)
if ratios:
    print("all shapes %.3fx cuFFT f16" % gm([s for _, s in ratios]), file=sys.stderr)

if len(sys.argv) > 3:  # a plot: bandwidth by shape, and the error
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    shapes = [s for s, _ in ratios]
    x = range(len(shapes))
    fig, (a, b) = plt.subplots(2, 1, figsize=(11, 7), sharex=True)
    a.plot(x, [float(cufft[s]["GBps"]) for s in shapes], "o-", label="cuFFT f16")
    a.plot(x, [float(core[s]["GBps"]) for s in shapes], "s-", label="ppfft f16 (wisdom or estimate, as benched)")
    a.plot(x, [float(tc[s]["GBps"]) if s in tc else float("nan") for s in shapes], "^-", label="ppfft f16, TC")
    a.set_ylabel("2 x bytes / time (GB/s)")
    a.legend()
    a.grid(alpha=0.3)
    b.semilogy(x, [float(cufft[s]["err"]) for s in shapes], "o-", label="cuFFT f16")
    b.semilogy(x, [float(core[s]["err"]) for s in shapes], "s-", label="ppfft f16, CUDA cores")
    b.semilogy(x, [float(tc[s]["err"]) if s in tc else float("nan") for s in shapes], "^-", label="ppfft f16, TC")
    b.set_ylabel("relative L2 error vs FFTW (double)")
    b.set_xticks(list(x))
    b.set_xticklabels(shapes, rotation=60)
    b.legend()
    b.grid(alpha=0.3)
    fig.suptitle("f16 complex FFTs, NVIDIA H200, 256 MiB per run")
    fig.tight_layout()
    fig.savefig(sys.argv[3], dpi=90)
