#!/usr/bin/env python3
"""bench/study's tables: del Mundo and Feng's Fig. 4, Fig. 5/7, Table 5 and Table 6 from the runs.

    bench/study-tables.py OUTDIR

Reads OUTDIR/runs.tsv (each run's role and its CSV under OUTDIR/raw, in the order bench/study ran
them), the CSVs (ppfft-bench's and fftw-bench's columns) and OUTDIR/meta.tsv; writes
OUTDIR/study.csv (every row with its role, its speedup over the baseline and a status that is
"ok", "ok (fast-math)", "inaccurate (...)" or "n/a (reason)") and OUTDIR/study.md.  Python 3
standard library only."""
import csv
import math
import os
import sys

REASON_MAX = 130  # characters of an n/a reason in the Markdown tables (study.csv has all of it)


def number(s):
    try:
        return float(s)
    except (TypeError, ValueError):
        return math.nan


def status_of(raw, variant, rel_err):
    """ppfft-bench's status column as the study reports it."""
    if raw == "ok":
        return "ok (fast-math)" if "fast-math" in variant else "ok"
    if raw == "inaccurate":
        return "inaccurate (rel_err %s)" % rel_err
    # "<ppfft status>: <message>"; a -v fit: message starts with the set itself, which the row names
    reason = raw.split(": ", 1)[1] if ": " in raw else raw
    first = reason.split(" ", 1)
    if len(first) == 2 and "+" in first[0]:
        reason = first[1]
    return "n/a (%s)" % reason


def read_rows(outdir):
    """Every CSV row of every run, as dicts with the run's role; -v all runs reduced to their best."""
    rows, searches = [], []
    with open(os.path.join(outdir, "runs.tsv")) as f:
        runs = [line.rstrip("\n").split("\t") for line in f if line.strip()]
    for role, name in runs:
        path = os.path.join(outdir, "raw", name)
        if not os.path.exists(path):
            continue
        with open(path, newline="") as f:
            for r in csv.DictReader(f):
                if "library" in r:  # a peer's CSV (bench/fftw-bench): library,device,...,check
                    rows.append({"role": role, "device": r["device"], "driver": r["library"], "precision": r["precision"],
                                 "shape": r["shape"], "batch": int(r["batch"] or 0), "variant": r["library"],
                                 "gflops": number(r["GFLOPS"]), "gbps": number(r["GBps"]),
                                 "status": "ok" if r["check"] == "ok" else "n/a (%s)" % r["check"]})
                    continue
                row = {
                    "role": role,
                    "device": r["device"],
                    "driver": r["driver"],
                    "precision": r["precision"],
                    "shape": r["n"],
                    "batch": int(r["batch"]),
                    "variant": r["variant"],
                    "gflops": number(r["gflops"]),
                    "gbps": number(r["gbps"]),
                    "status": status_of(r["status"], r["variant"], r["rel_err"]),
                }
                (searches if role.startswith("search:") else rows).append(row)
    # -v all: the fastest accurate variant (fast-math excluded, as the planner excludes it)
    for key in dict.fromkeys((r["precision"], r["shape"]) for r in searches):
        cands = [r for r in searches if (r["precision"], r["shape"]) == key]
        ok = [r for r in cands if r["status"] == "ok"]
        if ok:
            best = dict(max(ok, key=lambda r: r["gflops"]))
            best["status"] = "ok (fastest accurate of %d variants)" % len(cands)
        else:
            best = dict(cands[0], variant="all", gflops=math.nan, gbps=math.nan,
                        status="n/a (none of %d variants ran within the error bound)" % len(cands))
        best["role"] = "concert:all-best"
        rows.append(best)
    return rows


def add_speedups_and_best(rows):
    base = {(r["precision"], r["shape"]): r["gflops"] for r in rows if r["role"] == "baseline"}
    for r in rows:
        b = base.get((r["precision"], r["shape"]), math.nan)
        r["speedup"] = r["gflops"] / b if r["role"] != "fftw" and b > 0 else math.nan
    best = []
    for key in dict.fromkeys((r["precision"], r["shape"]) for r in rows if r["role"] != "fftw"):
        ok = [r for r in rows if (r["precision"], r["shape"]) == key and r["role"] != "fftw" and r["status"].startswith("ok")
              and "fast-math" not in r["status"]]
        if ok:
            best.append(dict(max(ok, key=lambda r: r["gflops"]), role="best"))
    return rows + best


def write_csv(rows, path):
    cols = ["device", "precision", "shape", "variant", "role", "gflops", "gbps", "speedup", "status"]
    fmt = lambda v: "" if isinstance(v, float) and math.isnan(v) else "%.4f" % v if isinstance(v, float) else v
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(cols)
        for r in rows:
            w.writerow([fmt(r[c]) for c in cols])


# --- Markdown ---------------------------------------------------------------------------------

def short(status):
    return status if len(status) <= REASON_MAX else status[: REASON_MAX - 2] + "...)"


def cell(r):
    if r is None:
        return "not run"
    if not r["status"].startswith("ok"):
        return short(r["status"])
    s = "%.2f" % r["gflops"]
    if not math.isnan(r["speedup"]):
        s += " (%.2fx)" % r["speedup"]
    return s + (" fast-math" if "fast-math" in r["status"] else "")


def label(role):
    return role.split(":", 1)[1] if ":" in role else role


def table(header, lines):
    out = ["| " + " | ".join(header) + " |", "|" + " --- |" * len(header)]
    out += ["| " + " | ".join(str(c).replace("|", "\\|") for c in line) + " |" for line in lines]
    return "\n".join(out) + "\n"


def speed_table(rows, prec, shapes, roles):
    find = {(r["role"], r["shape"]): r for r in rows if r["precision"] == prec}
    lines = [[label(role) if role != "baseline" else "baseline (GM+VASM2+TW-CALC)"] + [cell(find.get((role, s))) for s in shapes]
             for role in roles]
    return table(["%s, GFLOPS (speedup over the baseline)" % prec] + ["N = %s" % s for s in shapes], lines)


def traffic(r):
    """Table 5's stages for a row's plan: per kernel, its global load, what each radix pass moves
    and its global store, in MiB of the run's data (D = batch x N x element bytes)."""
    n = 1
    for length in r["shape"].split("x"):
        n *= int(length)
    d = r["batch"] * n * (16 if r["precision"] == "f64" else 8) / 2.0**20
    kernels = []
    for v in r["variant"].split(";"):
        fact, opts = v.split("/")[:2]
        radices = fact[1:].split("x")
        onchip = "RP+LM-CM" if opts.startswith("RP+") else opts.split("+")[0]
        # GM: each radix pass but the last writes its result to global memory and the next reads it
        passes = [2 * d if onchip == "GM" and i + 1 < len(radices) else 0.0 for i in range(len(radices))]
        kernels.append({"plan": "%s %s" % (fact, onchip), "load": d, "passes": passes, "store": d})
    return d, kernels


def mib(v):
    return "%.4g" % v


def traffic_table(rows, prec, shape):
    groups = {}
    for r in rows:
        if r["precision"] != prec or r["shape"] != shape or r["role"] == "fftw":
            continue
        if not r["status"].startswith(("ok", "inaccurate")):
            groups.setdefault(("n/a",), []).append(label(r["role"]))
            continue
        d, ks = traffic(r)
        key = tuple((k["plan"],) for k in ks)
        if key not in groups:
            groups[key] = [d, ks]
        groups[key].append(label(r["role"]))
    lines = []
    for key, g in groups.items():
        if key == ("n/a",):
            continue
        d, ks, roles = g[0], g[1], g[2:]
        moved = sum(k["load"] + sum(k["passes"]) + k["store"] for k in ks)
        lines.append([" ; ".join(k["plan"] for k in ks), ", ".join(dict.fromkeys(roles)), " ; ".join(mib(k["load"]) for k in ks),
                      " ; ".join(" + ".join(mib(p) for p in k["passes"]) for k in ks), " ; ".join(mib(k["store"]) for k in ks),
                      mib(moved), mib(2 * d), "%.2gx" % (moved / (2 * d))])
    if ("n/a",) in groups:
        lines.append(["n/a (no variant)", ", ".join(dict.fromkeys(groups[("n/a",)])), "", "", "", "", "", ""])
    return table(["plan (per kernel)", "measured as", "global load", "radix passes", "global store", "moved", "must move", "x"], lines)


def summary_table(rows, prec, shapes):
    find = {(r["role"], r["shape"]): r for r in rows if r["precision"] == prec}
    lines = []
    for s in shapes:
        base, best, fftw = find.get(("baseline", s)), find.get(("best", s)), find.get(("fftw", s))
        bg = base["gflops"] if base and base["status"].startswith("ok") else math.nan
        og = best["gflops"] if best else math.nan
        fg = fftw["gflops"] if fftw and fftw["status"] == "ok" else math.nan
        f = lambda v, unit="": "n/a" if math.isnan(v) else ("%.2f" % v) + unit
        lines.append([s, f(bg), f(og), f(og / bg if bg > 0 else math.nan, "x"), f(fg), f(og / fg if fg > 0 else math.nan, "x"),
                      "`%s` (%s)" % (best["variant"], best_roles(rows, prec, s, best)) if best else "n/a"])
    return table(["N", "baseline GFLOPS", "optimal GFLOPS", "speedup", "FFTW GFLOPS", "speedup over FFTW", "optimal set (measured as)"], lines)


def best_roles(rows, prec, shape, best):
    return ", ".join(label(r["role"]) for r in rows
                     if r["precision"] == prec and r["shape"] == shape and r["role"] != "best" and r["variant"] == best["variant"]
                     and r["gflops"] == best["gflops"])


def write_md(rows, meta, path):
    precs = list(dict.fromkeys(r["precision"] for r in rows))
    shapes = list(dict.fromkeys(r["shape"] for r in rows if r["role"] == "baseline"))
    roles = list(dict.fromkeys(r["role"] for r in rows))
    dev = next((r for r in rows if r["role"] != "fftw"), None)
    fftw = next((r for r in rows if r["role"] == "fftw"), None)
    quick = meta.get("quick") == "1"
    md = ["# The optimisation study of del Mundo and Feng (CF'14) with ppfft\n"]
    md.append(table(["", ""], [
        ["device", "%s (PPFFT_DEVICE=%s)" % (dev["device"] if dev else "?", meta.get("device_env", "default"))],
        ["driver", dev["driver"] if dev else "?"],
        ["date", meta.get("date", "?")],
        ["commit", meta.get("commit", "?")],
        ["command", "`%s`" % meta.get("command", "?")],
        ["data", "%s MiB per run, batched, out of place, forward; median of %s runs (OpenCL event profiling); "
                 "GFLOPS = 5 N log2(N) batch / time" % (meta.get("mib", "?"), meta.get("repeats", "?"))],
        ["FFTW", "%s, %s, on %s" % (fftw["device"], fftw["driver"], meta.get("host_cpu") or "the host CPU") if fftw
                 else "not timed (no FFTW run in runs.tsv: bench/fftw-bench was not built, which needs fftw3f and FFTW's threads libraries, or the study stopped before it)"],
    ]))
    md.append("\nEvery set runs with the radices and launch the planner fits to it (`ppfft-bench -v fit:SET`); "
              "\"n/a (reason)\" is a set that fits no kernel for that shape on this device, or failed. "
              "The baseline is GM (every radix pass through global memory), no access pattern token (each work-item "
              "moves a contiguous chunk: uncoalesced), VASM2, TW-CALC, no CSE/IL/LU. Without CSE a butterfly is the "
              "direct r^2 sum, so CSE matters more here than in the paper. 256x256 is two kernels, one per dimension; "
              "its column pass moves one element at a time, so wider vector sets do not fit it.%s\n"
              % (" **Quick run**: small data and few repeats (times are noisy), Fig. 5/7 covers VASM2 for each on-chip mode "
                 "and RP+LM-CM with VASM4, and the 1D best is PPFFT_MEASURE's short list instead of every variant (`-v all`)."
                 if quick else ""))
    md.append("\nEvery row is in study.csv; each run's own CSV is under raw/ (runs.tsv gives its role) and ppfft-bench's "
              "printed tables are in study.log.\n")
    for prec in precs:
        md.append("\n## Fig. 4: each optimisation in isolation on top of the baseline (%s)\n\n" % prec)
        md.append(speed_table(rows, prec, shapes, [ro for ro in roles if ro == "baseline" or ro.startswith("isolated:")]))
        md.append("\n## Fig. 5 and 7: optimisations in concert (%s)\n\n" % prec)
        md.append("Fig. 5's sets are coalesced (CGAP) with constant-memory twiddles (CM-K); `estimate` is the planner's choice, "
                  "`measure` PPFFT_MEASURE's, `all-best` the fastest accurate variant of `ppfft-bench -v all` (1D only); "
                  "`best` the fastest accurate row of the whole study.\n\n")
        md.append(speed_table(rows, prec, shapes, [ro for ro in roles if ro.startswith("concert:")] + ["best"]))
        md.append("\n## Table 5: global-memory bytes by stage (%s)\n\n" % prec)
        md.append("MiB moved for the run's data (D = batch x N x element bytes); a transform must read and write each "
                  "element once (must move = 2 D). GM writes each radix pass's result to global memory and reads it back "
                  "for the next (2 D per pass but the last, whose write is the global store); the on-chip modes load once and "
                  "store once per kernel. A model from the variant string, not a profiler counter: it leaves out what the "
                  "paper's counters include (uncoalesced transactions of the chunk pattern, twiddle tables, register spills).\n")
        for s in shapes:
            md.append("\nN = %s\n\n" % s)
            md.append(traffic_table(rows, prec, s))
        md.append("\n## Table 6: summary (%s)\n\n" % prec)
        md.append(summary_table(rows, prec, shapes))
    with open(path, "w") as f:
        f.write("".join(md))


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: study-tables.py OUTDIR")
    outdir = sys.argv[1]
    meta = {}
    if os.path.exists(os.path.join(outdir, "meta.tsv")):
        with open(os.path.join(outdir, "meta.tsv")) as f:
            meta = dict(line.rstrip("\n").split("\t", 1) for line in f if "\t" in line)
    rows = add_speedups_and_best(read_rows(outdir))
    write_csv(rows, os.path.join(outdir, "study.csv"))
    write_md(rows, meta, os.path.join(outdir, "study.md"))


if __name__ == "__main__":
    main()
