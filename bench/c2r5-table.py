#!/usr/bin/env python3
"""bench/c2r5-table.py DIR: the tables of bench/calls/c2r5-h200.sh's call (its logs.tgz unpacked: DIR is
its c5out, with csv/ppfft-TAG-KIND.csv and cufft-KIND.log): ppfft with this branch's generator (branch,
branch2), main's (main) and the tuned wisdom (tuned), each over cuFFT of the same call; markdown
to stdout, all.csv in DIR."""
import csv, glob, math, os, sys

d = sys.argv[1]
rows, tags = {}, []
for f in sorted(glob.glob(f"{d}/csv/ppfft-*.csv")):
    tag, kind = os.path.basename(f)[6:-4].rsplit("-", 1)
    tags += [tag] if tag not in tags else []
    for r in csv.DictReader(open(f)):
        rows.setdefault((kind, r["n"]), {})[tag] = (float(r["gbps"]), r["status"], r["variant"].split(" (")[0])
for f in glob.glob(f"{d}/cufft-*.log"): # (the logs: each cufft-bench run rewrote its CSV in that call)
    kind = os.path.basename(f)[6:-4]
    for l in open(f):
        w = l.split()
        if len(w) > 8 and w[0] in ("f32", "f64") and w[4] == "ms":
            rows.setdefault((kind, w[1]), {})["cufft"] = (float(w[5]), w[9], "")
order = [t for t in ("main", "branch", "branch2", "tuned") if t in tags]
out = csv.writer(open(f"{d}/all.csv", "w"))
out.writerow(["kind", "shape", *[f"{t}_gbps" for t in order], "cufft_gbps", *[f"{t}_over_cufft" for t in order], "checks", "plans"])
print("| kind | shape | " + " | ".join(order) + " | cuFFT | " + " | ".join(f"{t} / cuFFT" for t in order) + " |")
print("| --- | --- | " + " | ".join("---:" for _ in order) + " | ---: | " + " | ".join("---:" for _ in order) + " |")
size = lambda s: math.prod(int(x) for x in s.split("x"))
geo = {}
for key in sorted(rows, key=lambda k: (k[0], k[1].count("x"), size(k[1]))):
    v = rows[key]
    if "cufft" not in v: continue
    c = v["cufft"][0]
    g = [f"{v[t][0]:.0f}" if t in v else "" for t in order]
    q = [f"{v[t][0] / c:.2f}" if t in v else "" for t in order]
    for t in order:
        if t in v: geo.setdefault((key[0], t), []).append(v[t][0] / c)
    out.writerow([*key, *[v[t][0] if t in v else "" for t in order], c, *q, "/".join(v[t][1] for t in order + ["cufft"] if t in v),
                  " | ".join(f"{t}: {v[t][2]}" for t in order if t in v)])
    print(f"| {key[0].upper()} | {key[1]} | " + " | ".join(g) + f" | {c:.0f} | " + " | ".join(q) + " |")
print()
for (k, t), l in sorted(geo.items()):
    print(f"{k.upper()} {t}: geo-mean {math.exp(sum(map(math.log, l)) / len(l)):.3f}x cuFFT over {len(l)} shapes")
