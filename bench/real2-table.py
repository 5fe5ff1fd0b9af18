#!/usr/bin/env python3
"""bench/real2-table.py DIR: the table of bench/calls/real2-h200.sh's PART 2 (one call): ppfft-OpenCL with
the shipped wisdom and with the tuned one, cuFFT, per kind, precision and shape; markdown to stdout,
all.csv in DIR."""
import csv, math, sys

d = sys.argv[1]
rows = {}
for k in ("r2c", "c2r"):
    for tag in ("shipped", "tuned"):
        for r in csv.DictReader(open(f"{d}/ppfft-{tag}-{k}.csv")):
            key = (k, r["precision"], r["n"])
            rows.setdefault(key, {})[tag] = (float(r["gbps"]), r["config"], r["status"], r["variant"].split(" (")[0])
    for r in csv.DictReader(open(f"{d}/cufft-{k}.csv")):
        rows.setdefault((k, r["precision"], r["shape"]), {})["cufft"] = (float(r["GBps"]), "", r["check"], "")
out = csv.writer(open(f"{d}/all.csv", "w"))
out.writerow(["kind", "prec", "shape", "ppfft_shipped_gbps", "ppfft_tuned_gbps", "cufft_gbps", "tuned_over_cufft", "plan_from", "checks", "tuned_plan"])
print("| kind | prec | shape | ppfft, shipped wisdom (GB/s) | ppfft, tuned | cuFFT | tuned / cuFFT | shipped / cuFFT |")
print("| --- | --- | --- | ---: | ---: | ---: | ---: | ---: |")
geo = {}
for key in rows:
    v = rows[key]
    s, t, c = v["shipped"], v["tuned"], v["cufft"]
    best = max(s[0], t[0])
    geo.setdefault(key[:2], []).append((t[0] / c[0], s[0] / c[0]))
    checks = "/".join(x[2] for x in (s, t, c))
    out.writerow([*key, s[0], t[0], c[0], round(t[0] / c[0], 3), t[1], checks, t[3]])
    print(f"| {key[0].upper()} | {key[1]} | {key[2]} | {s[0]:.0f} ({s[1]}) | {t[0]:.0f} ({t[1]}) | {c[0]:.0f} | {t[0] / c[0]:.2f} | {s[0] / c[0]:.2f} |")
print()
print("| kind | prec | geo-mean tuned / cuFFT | geo-mean shipped / cuFFT | min tuned / cuFFT | shapes >= 1.0x (tuned) |")
print("| --- | --- | ---: | ---: | ---: | ---: |")
for key, l in geo.items():
    g = lambda i: math.exp(sum(math.log(x[i]) for x in l) / len(l))
    print(f"| {key[0].upper()} | {key[1]} | {g(0):.2f} | {g(1):.2f} | {min(x[0] for x in l):.2f} | {sum(x[0] >= 1.0 for x in l)} of {len(l)} |")
