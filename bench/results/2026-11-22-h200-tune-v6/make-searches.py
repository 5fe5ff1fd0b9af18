#!/usr/bin/env python3
"""searches.md from search/ (each ppfft-tune run's stdout, stderr, wisdom) and retime/ (the winners of default runs 1
and 2 and of exhaustive run 1, re-timed from their wisdom by ppfft-bench: three interleaved rounds of a median of
30).  Run in this folder."""
import csv, glob, gzip, os, re, statistics

SIZES = [16, 64, 256, 4096, 1048576]

def read(path):
    if os.path.exists(path):
        return open(path, errors="replace").read()
    return gzip.open(path + ".gz", "rt", errors="replace").read()

def run(tag):
    out, err = read(f"search/{tag}.txt"), read(f"search/{tag}.err").replace("\r", "\n")
    total = float(re.search(r"problems in ([0-9.]+) s", out).group(1))
    b = re.search(r"(\d+) processes compiled candidates in ([0-9.]+) s", err)
    row = out.split("\n")[0].split()
    return {"time": total, "builders": f"{b.group(1)}, {b.group(2)} s" if b else "none",
            "variant": row[1], "gbps": float(row[row.index("GB/s") - 1])}

def runs(mode, p):
    tags = sorted(os.path.basename(f)[:-4] for f in glob.glob(f"search/{mode}-{p}-*.txt"))
    return [(int(t.rsplit("-", 1)[1]), run(t)) for t in tags]

def retime(tag):
    return [float(r["gbps"]) for r in csv.DictReader(open(f"retime/{tag}.csv"))]

def name(n):
    return "2^20" if n == 1048576 else str(n)

def pct(x):
    return f"{100 * x:.1f} %"

lines = ["# Default against exhaustive searches (made by make-searches.py)", "",
         "| problem | search | run | compiling processes, build time | search time | GB/s in the search | variant |",
         "| --- | --- | --- | --- | --- | --- | --- |"]
summary = []
for n in SIZES:
    p = f"cof{n}"
    d, e = runs("default", p), runs("exhaustive", p)
    for mode, rs in (("default", d), ("exhaustive", e)):
        for i, r in rs:
            lines.append(f"| {p} | {mode} | {i} | {r['builders']} | {r['time']:.1f} s | {r['gbps']:.1f} | `{r['variant']}` |")
    dt, et = [r["time"] for _, r in d], [r["time"] for _, r in e]
    ratios = [a / b for a in dt for b in et]
    rd = [retime(f"default-{p}-{i}") for i in (1, 2)]
    re_ = retime(f"exhaustive-{p}-1")
    med_e = statistics.median(re_)
    summary.append(f"| {name(n)} | {', '.join(f'{t:.1f}' for t in dt)} s | {', '.join(f'{t:.1f}' for t in et)} s | "
                   f"{pct(min(ratios))} - {pct(max(ratios))} | "
                   f"{statistics.median(rd[0]):.0f}, {statistics.median(rd[1]):.0f} | {med_e:.0f} | "
                   f"{100 * (statistics.median(rd[0]) / med_e - 1):+.1f} %, {100 * (statistics.median(rd[1]) / med_e - 1):+.1f} % | "
                   + ", ".join(f"{x:.0f}" for x in rd[0] + rd[1] + re_) + " |")
lines += ["", "## Summary", "",
          "default / exhaustive: the lowest and highest ratio over every pair of a default and an exhaustive run.",
          "Re-timed: the winners of default runs 1 and 2 and of exhaustive run 1, each made from its wisdom file by",
          "`ppfft-bench -n N -r 30 -w 5` (median of 30), the three one after another, three rounds; the GB/s columns are",
          "the median of the rounds, the last column every round (default 1, default 2, exhaustive).", "",
          "| N (f32) | default: search times | exhaustive | default / exhaustive | default re-timed GB/s | exhaustive re-timed GB/s | default against exhaustive | every round |",
          "| --- | --- | --- | --- | --- | --- | --- | --- |"] + summary
open("searches.md", "w").write("\n".join(lines) + "\n")
print("\n".join(lines))
