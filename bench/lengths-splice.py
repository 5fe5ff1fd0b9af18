#!/usr/bin/env python3
"""lengths-splice: bench/lengths' report from an earlier sweep with some ppfft rows measured anew.

  bench/lengths-splice.py OLD NEW OUT CSV...

OLD is a bench/lengths results folder (its merged PROGRAM.csv files, class column first); each CSV
is bench/ppfft-bench's --csv output of a later call on the same device, or cufft-bench's or
vkfft-bench's (a `library` column), whose rows replace that peer's of the same (kind, precision, shape).  OUT/raw gets OLD's rows per
(program, class, precision), ppfft-bench's replaced by the new rows of the same (kind, precision,
shape) (a c2c shape goes to the class OLD had it in), and the CUDA backend's left out of the classes
NEW names (NEW: comma-separated classes whose generator changed since OLD, e.g. r2c,c2r: those rows
are stale).  Then bench/lengths --report-only writes OUT/report.md and the merged CSVs."""
import csv
import os
import subprocess
import sys

old, stale, out, news = sys.argv[1], set(sys.argv[2].split(",")), sys.argv[3], sys.argv[4:]
here = os.path.dirname(os.path.abspath(__file__))
fresh, cls_of, peers = {}, {}, {}
for path in news:
    for r in csv.DictReader(open(path)):
        if "library" in r:  # a peer's row (bench/cufft-bench, vkfft-bench --csv) measured anew
            peers.setdefault(r["library"] + "-bench", {})[(r["kind"], r["precision"], r["shape"])] = r
        else:
            fresh[(r["kind"], r["precision"], r["n"])] = r
os.makedirs(os.path.join(out, "raw"), exist_ok=True)
replaced = replaced_peers = 0
for exe in ("ppfft-bench", "ppfft-cuda-bench", "cufft-bench", "vkfft-bench"):
    path = os.path.join(old, exe + ".csv")
    if not os.path.exists(path):
        continue
    rows = list(csv.DictReader(open(path)))
    fields = [f for f in rows[0].keys() if f != "class"] if rows else []
    groups = {}
    for r in rows:
        c, p = r["class"], r["precision"]
        if exe == "ppfft-cuda-bench" and c in stale:
            continue
        if exe == "ppfft-bench":
            new = fresh.get((r["kind"], p, r["n"]))
            if new:
                r = dict(new, **{"class": c})
                replaced += 1
        elif exe in peers:
            new = peers[exe].get((r["kind"], p, r["shape"]))
            if new:
                r = dict(new, **{"class": c})
                replaced_peers += 1
        groups.setdefault((c, p), []).append(r)
    for (c, p), rs in groups.items():
        with open(os.path.join(out, "raw", "%s-%s-%s.csv" % (exe, c, p)), "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=fields, extrasaction="ignore", lineterminator="\n")
            w.writeheader()
            w.writerows(rs)
print("lengths-splice: %d ppfft-OpenCL rows replaced by %d new ones, %d peer rows by %d" % (replaced, len(fresh), replaced_peers,
                                                                                        sum(len(v) for v in peers.values())))
sys.exit(subprocess.call([sys.executable, os.path.join(here, "lengths"), "--out", out, "--report-only"]))
