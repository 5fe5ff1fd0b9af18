#!/usr/bin/env python3
"""The table of bench/results/2026-11-25-h200-real5: bench/real5-table.py CSVDIR [ALL.csv].

CSVDIR holds cufft-{r2c,c2r}.csv and ppfft-shipped-{r2c,c2r}.csv (bench/calls/real5-h200.sh), and
ppfft-tuned-c2r.csv (the merged wisdom's rows, which replace the shipped ones of the same shape in
the `ppfft` column; the shipped figure stays in `shipped`).  Prints a markdown table of GB/s and the
ratio to cuFFT of the same call, with geometric means; writes every row to ALL.csv if given."""
import csv, math, os, sys

d = sys.argv[1]
def rows(name, key, val):
    p = os.path.join(d, name)
    return {r[key]: float(r[val]) for r in csv.DictReader(open(p))} if os.path.exists(p) else {}
cu = {k: rows(f"cufft-{k}.csv", "shape", "GBps") for k in ("r2c", "c2r")}
sh = {k: rows(f"ppfft-shipped-{k}.csv", "n", "gbps") for k in ("r2c", "c2r")}
tu = {k: rows(f"ppfft-tuned-{k}.csv", "n", "gbps") for k in ("r2c", "c2r")}
shapes = list(cu["r2c"])
gm = lambda xs: math.exp(sum(map(math.log, xs)) / len(xs)) if xs else float("nan")
out, ratios = [], {"r2c": [], "c2r": [], "c2r-shipped": []}
print("| shape | R2C ppfft | R2C cuFFT | R2C / cuFFT | C2R ppfft | C2R cuFFT | C2R / cuFFT |")
print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
for s in shapes:
    cells = [s]
    for k in ("r2c", "c2r"):
        p = tu[k].get(s, sh[k].get(s))
        c = cu[k].get(s)
        r = p / c if p and c else None
        if r: ratios[k].append(r)
        if k == "c2r" and sh[k].get(s) and c: ratios["c2r-shipped"].append(sh[k][s] / c)
        note = f" (retuned; shipped entry before: {sh[k][s]:.0f}, {sh[k][s] / c:.2f}x)" if s in tu[k] and s in sh[k] else ""
        cells += [f"{p:.0f}{note}" if p else "-", f"{c:.0f}" if c else "-", f"**{r:.2f}x**" if r and r >= 1 else (f"{r:.2f}x" if r else "-")]
        out.append({"kind": k, "shape": s, "ppfft_gbps": p, "ppfft_shipped_gbps": sh[k].get(s), "cufft_gbps": c, "ratio": r})
    print("| " + " | ".join(cells) + " |")
print(f"\ngeometric mean / cuFFT over {len(ratios['r2c'])} shapes: R2C {gm(ratios['r2c']):.3f}x, C2R {gm(ratios['c2r']):.3f}x "
      f"(C2R with the entries before the retune: {gm(ratios['c2r-shipped']):.3f}x); >= 1.0x: R2C {sum(r >= 1 for r in ratios['r2c'])}, "
      f"C2R {sum(r >= 1 for r in ratios['c2r'])}")
if len(sys.argv) > 2:
    with open(sys.argv[2], "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(out[0]))
        w.writeheader()
        w.writerows(out)
