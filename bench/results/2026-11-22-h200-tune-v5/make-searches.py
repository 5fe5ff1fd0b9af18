#!/usr/bin/env python3
"""searches.md from search/ (each ppfft-tune run's stdout, stderr, wisdom) and retime/ (each winner re-timed from
its wisdom by ppfft-bench, three interleaved rounds of a median of 30): run in this folder."""
import csv, glob, gzip, os, re, statistics

SIZES = [16, 64, 256, 4096, 1048576]

def read(path):
    if os.path.exists(path):
        return open(path, errors="replace").read()
    return gzip.open(path + ".gz", "rt", errors="replace").read()

def run(tag):
    out, err = read(f"search/{tag}.txt"), read(f"search/{tag}.err").replace("\r", "\n")
    total = float(re.search(r"problems in ([0-9.]+) s", out).group(1))
    b = re.search(r"(\d+) builder processes compiled candidates in ([0-9.]+) s", err)
    row = out.split("\n")[0].split()
    return {"time": total, "builders": f"{b.group(1)}, {b.group(2)} s" if b else "none",
            "variant": row[1], "gbps": float(row[row.index("GB/s") - 1])}

def retime(tag):
    return [float(r["gbps"]) for r in csv.DictReader(open(f"retime/{tag}.csv"))]

def name(n):
    return "2^20" if n == 1048576 else str(n)

lines = ["# Default against exhaustive searches (made by make-searches.py)", "",
         "| problem | search | run | builders, build time | search time | GB/s in the search | variant |",
         "| --- | --- | --- | --- | --- | --- | --- |"]
summary = []
for n in SIZES:
    p = f"cof{n}"
    d = [run(f"default-{p}-{i}") for i in (1, 2)]
    e = run(f"exhaustive-{p}-1")
    for mode, i, r in [("default", 1, d[0]), ("default", 2, d[1]), ("exhaustive", 1, e)]:
        lines.append(f"| {p} | {mode} | {i} | {r['builders']} | {r['time']:.1f} s | {r['gbps']:.1f} | `{r['variant']}` |")
    rd = [retime(f"default-{p}-{i}") for i in (1, 2)]
    re_ = retime(f"exhaustive-{p}-1")
    med_e = statistics.median(re_)
    summary.append(f"| {name(n)} | {d[0]['time']:.1f} s, {d[1]['time']:.1f} s | {e['time']:.1f} s | "
                   f"{100 * d[0]['time'] / e['time']:.1f} %, {100 * d[1]['time'] / e['time']:.1f} % | "
                   f"{statistics.median(rd[0]):.0f}, {statistics.median(rd[1]):.0f} | {med_e:.0f} | "
                   f"{100 * (statistics.median(rd[0]) / med_e - 1):+.1f} %, {100 * (statistics.median(rd[1]) / med_e - 1):+.1f} % | "
                   + ", ".join(f"{x:.0f}" for x in rd[0] + rd[1] + re_) + " |")
lines += ["", "## Summary", "",
          "Re-timed: each winner made from its wisdom file by `ppfft-bench -n N -r 30 -w 5` (median of 30), the three",
          "plans of a size one after another, three rounds; the GB/s columns are the median of the three rounds, the",
          "last column every round (default 1, default 2, exhaustive).", "",
          "| N (f32) | default: search times | exhaustive | default / exhaustive | default re-timed GB/s | exhaustive re-timed GB/s | default against exhaustive | every round |",
          "| --- | --- | --- | --- | --- | --- | --- | --- |"] + summary
open("searches.md", "w").write("\n".join(lines) + "\n")
print("\n".join(lines))
