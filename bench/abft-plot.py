#!/usr/bin/env python3
"""abft-plot: plots and a summary of bench/abft-study's CSVs (issue 14's study).

  bench/abft-plot.py OUTDIR
  bench/abft-plot.py [--roc FILE]... [--overhead FILE]... [--cufft FILE] --out DIR

With OUTDIR alone it reads what bench/abft-run.sh writes there: roc-*.csv and overhead-*.csv
(abft-study's two subcommands, one file per backend: opencl, cuda) and cufft.csv (bench/cufft-bench
on the same 1D shapes, bench/peer.h's schema), and writes into the same folder:

  roc-BACKEND-PREC.png   (a) the ROC curve per N: detection rate over the flips that change the
                         output beyond the error bound against the false-alarm rate, one point per
                         threshold, the default threshold starred; (b) the rates against the threshold
  overhead-BACKEND.png   the time over ppfft without ABFT, in %, against log2 N, per scheme (ABFT2,
                         ABFT1, ABFT2 under injection), one panel per precision
  vs-cufft.png           ppfft's speed relative to unprotected cuFFT (cuFFT ms / ppfft ms), plain and
                         ABFT2, per backend, against log2 N (only with a cuFFT CSV)
  summary.md             per backend and precision: the geometric-mean and largest overhead of each
                         scheme over the sizes, ABFT2 relative to cuFFT at N <= 4096, injection's
                         cost, false alarms in the timed runs, the detection rate beyond the bound and
                         the false alarms at the default threshold, and issue 14's acceptance lines

Without matplotlib it writes summary.md only, and says so there.
"""
import argparse
import csv
import glob
import math
import os
import sys

SCHEMES = ["ABFT2", "ABFT1", "ABFT2+inject"]


def num(s):
    try:
        v = float(s)
    except (TypeError, ValueError):
        return None
    return v if math.isfinite(v) else None


def read_csv(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def geomean(xs):
    xs = [x for x in xs if x is not None and x > 0]
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else None


def pct(x, digits=1):
    return "n/a" if x is None else f"{x:+.{digits}f} %"


def fmt(x, spec=".3g"):
    return "n/a" if x is None else format(x, spec)


def log2i(n):
    return int(round(math.log2(n)))


def load(args):
    roc, over, cufft = [], [], []
    for p in args.roc:
        roc += read_csv(p)
    for p in args.overhead:
        over += read_csv(p)
    if args.cufft:
        cufft = read_csv(args.cufft)
    # a backend on several devices (OpenCL on a GPU and on PoCL): each device is its own series
    devs = {}
    for r in roc + over:
        devs.setdefault(r["backend"], set()).add(r["device"])
    for r in roc + over:
        if len(devs[r["backend"]]) > 1:
            slug = "".join(c if c.isalnum() else "-" for c in r["device"].lower()).strip("-")
            r["backend"] = f"{r['backend']}-{slug[:24].rstrip('-')}"
    return roc, over, cufft


def groups(rows, *keys):
    out = {}
    for r in rows:
        out.setdefault(tuple(r.get(k, "") for k in keys), []).append(r)
    return out


# ---- summary ----


def overhead_tables(over, cufft):
    """Per (backend, precision): {N: {scheme: row}} and the derived figures."""
    res = {}
    for (backend, prec), rows in sorted(groups(over, "backend", "precision").items()):
        by_n = {}
        for r in rows:
            by_n.setdefault(int(r["N"]), {})[r["scheme"]] = r
        res[(backend, prec)] = by_n
    cu = {}
    for r in cufft:
        if r.get("check") != "ok" or "x" in r.get("shape", "x"):
            continue
        cu[(r["precision"], int(r["shape"]))] = r
    return res, cu


def scheme_ratio(by_n, scheme, base="plain", column="ms"):
    """{N: ms(scheme) / ms(base)} over the sizes where both ran."""
    out = {}
    for n, s in by_n.items():
        a, b = s.get(scheme), s.get(base)
        if a and b and a["status"] == "ok" and b["status"] == "ok":
            x, y = num(a[column]), num(b[column])
            if x and y:
                out[n] = x / y
    return out


def summarize(roc, over, cufft, out, plotted, note):
    lines = ["# ABFT study: summary (bench/abft-plot.py)", ""]
    devices = sorted({(r["backend"], r["device"]) for r in roc + over})
    for b, d in devices:
        lines.append(f"- **{b}**: {d}")
    if cufft:
        lines.append(f"- **cuFFT**: {cufft[0].get('device', '?')} ({cufft[0].get('config', '')})")
    lines += ["", note, ""]
    lines += [
        "Overhead = ppfft's median time with the scheme / without ABFT (the plain plan, flags 0) - 1; "
        "the geometric mean is over the sizes, of the ratios.  vs cuFFT = cuFFT ms / ppfft ms (>= 1: "
        "ppfft faster).  Detection rates count the flips that change the output beyond the test bound "
        "(5e-7 log2 N f32, 1e-15 log2 N f64, relative L2 against the clean output).",
        "",
    ]
    tables, cu = overhead_tables(over, cufft)
    accept = []
    for (backend, prec), by_n in tables.items():
        lines += [f"## {backend} {prec}: overhead", ""]
        lines += ["| scheme | sizes | geo-mean overhead | max overhead (N) | geo-mean (mean times) |", "|---|---|---|---|---|"]
        summary = {}
        for scheme in SCHEMES:
            r = scheme_ratio(by_n, scheme)
            rm = scheme_ratio(by_n, scheme, column="mean_ms")
            if not r:
                skipped = sorted(n for n, s in by_n.items() if scheme in s and s[scheme]["status"] != "ok")
                why = f"failed at {len(skipped)} sizes" if skipped else "not run"
                lines.append(f"| {scheme} | 0 | n/a | n/a ({why}) | n/a |")
                continue
            g = geomean(r.values())
            nmax = max(r, key=r.get)
            summary[scheme] = (g, r[nmax], nmax, len(r))
            lines.append(f"| {scheme} | {len(r)} (2^{log2i(min(r))}..2^{log2i(max(r))}) | {pct((g - 1) * 100)} | "
                         f"{pct((r[nmax] - 1) * 100)} ({nmax}) | {pct((geomean(rm.values()) - 1) * 100)} |")
        lines.append("")
        # injection against the same plan without it
        inj = scheme_ratio(by_n, "ABFT2+inject", "ABFT2")
        injm = scheme_ratio(by_n, "ABFT2+inject", "ABFT2", "mean_ms")
        det = cor = unc = 0
        expect = 0.0
        for s in by_n.values():
            r = s.get("ABFT2+inject")
            if r and r["status"] == "ok":
                det += int(r["detected"] or 0)
                cor += int(r["corrected"] or 0)
                unc += int(r["uncorrectable"] or 0)
                expect += (num(r["rate_per_call"]) or 0) * (num(r["calls"]) or 0)
        if inj:
            lines.append(f"Under injection (ABFT2+inject against ABFT2): geo-mean {pct((geomean(inj.values()) - 1) * 100, 2)} "
                         f"(median times), {pct((geomean(injm.values()) - 1) * 100, 2)} (mean times), max "
                         f"{pct((max(inj.values()) - 1) * 100, 2)}; faults expected {expect:.1f}, detected {det}, corrected {cor}, "
                         f"uncorrectable {unc}.")
        runs = []
        for n, s in sorted(by_n.items()):
            r = s.get("ABFT2+inject")
            if r and r["status"] == "ok" and r.get("check_run"):
                dcu = [int(x) for x in r["check_run"].split("/")]
                runs.append((n, dcu, num(r["diff_vs_plain"])))
        if runs:
            bound = lambda n: (1e-15 if prec == "f64" else 5e-7) * max(1.0, math.log2(n))
            worst_run = max(runs, key=lambda t: (t[2] or 0) / bound(t[0]))
            lines.append(f"Runs with one fault (rate 1, one per size): {sum(1 for _, d, _ in runs if d[0])} of {len(runs)} detected, "
                         f"{sum(1 for _, d, _ in runs if d[1])} corrected, {sum(1 for _, d, _ in runs if d[2])} uncorrectable; the largest "
                         f"difference from the plain output {fmt(worst_run[2])} at N = {worst_run[0]} ({fmt((worst_run[2] or 0) / bound(worst_run[0]), '.2f')}x the "
                         f"test bound).")
        checked = detected = 0
        for s in by_n.values():
            for scheme in ("ABFT2", "ABFT1"):
                r = s.get(scheme)
                if r and r["status"] == "ok" and r["checked"]:
                    checked += int(r["checked"])
                    detected += int(r["detected"] or 0)
        lines.append(f"False alarms in the timed runs without injection (ABFT2 and ABFT1, default threshold): {detected} of "
                     f"{checked} checks.")
        worst = [(n, num(s[k]["diff_vs_plain"])) for n, s in by_n.items() for k in SCHEMES
                 if k in s and s[k]["status"] == "ok" and num(s[k]["diff_vs_plain"]) is not None]
        if worst:
            n, w = max(worst, key=lambda t: t[1])
            lines.append(f"Largest relative difference of a protected output from the plain plan's: {w:.3g} (N = {n}).")
        lines.append("")
        # against cuFFT
        vs = {}
        for n, s in sorted(by_n.items()):
            c = cu.get((prec, n))
            a = s.get("ABFT2")
            if c and a and a["status"] == "ok" and num(c["ms"]) and num(a["ms"]):
                p = s.get("plain")
                vs[n] = (num(c["ms"]) / num(a["ms"]),
                         num(c["ms"]) / num(p["ms"]) if p and p["status"] == "ok" and num(p["ms"]) else None,
                         c["batch"] == a["batch"])
        if vs:
            lines += [f"### {backend} {prec}: against cuFFT (cuFFT ms / ppfft ms)", "",
                      "| N | ABFT2 vs cuFFT | plain vs cuFFT |", "|---|---|---|"]
            for n, (ra, rp, same) in sorted(vs.items()):
                lines.append(f"| {n}{'' if same else ' (batch differs)'} | {ra:.3f} | {fmt(rp, '.3f')} |")
            small = [v[0] for n, v in vs.items() if n <= 4096]
            if small:
                lines += ["", f"At N <= 4096: ABFT2 at {min(small):.3f}x cuFFT at worst, {geomean(small):.3f}x geo-mean."]
                summary["cufft_small_min"] = min(small)
            lines.append("")
        # the sizes, row by row
        lines += [f"### {backend} {prec}: per size", "",
                  "| N | batch | plain ms | plain GB/s | ABFT2 | ABFT1 | ABFT2+inject (detected) |", "|---|---|---|---|---|---|---|"]
        for n, s in sorted(by_n.items()):
            p = s.get("plain")
            pms = num(p["ms"]) if p and p["status"] == "ok" else None

            def cell(k):
                r = s.get(k)
                if not r:
                    return ""
                if r["status"] != "ok":
                    return "failed"
                o = num(r["overhead_vs_plain_pct"])
                extra = f" ({r['detected']})" if k == "ABFT2+inject" else ""
                return f"{pct(o)}{extra}"

            lines.append(f"| {n} | {p['batch'] if p else ''} | {fmt(pms, '.4f')} | {p['GBps'] if p and pms else ''} | {cell('ABFT2')} | "
                         f"{cell('ABFT1')} | {cell('ABFT2+inject')} |")
        lines.append("")
        failures = {}
        for n, s in sorted(by_n.items()):
            for k, r in s.items():
                if r["status"] != "ok":
                    failures.setdefault((k, r["status"]), []).append(n)
        for (k, why), ns in sorted(failures.items()):
            lines.append(f"- {k} failed at N = {', '.join(map(str, ns))}: {why}")
        if failures:
            lines.append("")
        accept.append((backend, prec, summary, inj))

    # ROC
    roc_accept = []
    for (backend, prec), rows in sorted(groups(roc, "backend", "precision").items()):
        lines += [f"## {backend} {prec}: detection (the seed's experiment)", "",
                  "| N (batch) | default delta | flips | beyond bound | detected beyond (rate) | detected, all flips | false alarms | "
                  "ok after (faulty / clean) | non-finite | best threshold of the sweep with no false alarm (detected beyond) |",
                  "|---|---|---|---|---|---|---|---|---|---|"]
        for (n, batch), rs in sorted(groups(rows, "N", "batch").items(), key=lambda t: (int(t[0][0]), int(t[0][1] or 1))):
            label = n if batch in ("", "1") else f"{n} (batch {batch})"
            bad = [r for r in rs if r["status"] != "ok"]
            if bad:
                lines.append(f"| {label} | {bad[0]['status']} | | | | | | | | |")
                continue
            d = [r for r in rs if r["is_default"] == "1"]
            sweep = sorted((r for r in rs if r["is_default"] != "1"), key=lambda r: float(r["delta"]))
            quiet = [r for r in sweep if r["false_alarms"] == "0" and num(r["det_rate_beyond"]) is not None]
            best = max(quiet, key=lambda r: (num(r["det_rate_beyond"]), -float(r["delta"]))) if quiet else None
            span = f"{float(best['delta']):.3g} ({num(best['det_rate_beyond']):.2%})" if best else "none"
            if d:
                r = d[0]
                lines.append(f"| {label} | {float(r['delta']):.3g} | {r['faulty']} | {r['beyond_bound']} | {r['detected_beyond']} "
                             f"({fmt(num(r['det_rate_beyond']), '.2%')}) | {r['detected']} ({fmt(num(r['det_rate']), '.2%')}) | "
                             f"{r['false_alarms']} of {r['clean']} | {r['faulty_ok_after']} / {r['clean_ok_after']} | "
                             f"{r['nonfinite']} | {span} |")
                roc_accept.append((backend, prec, label, r))
            if any(int(r["replay_mismatch"] or 0) for r in rs):
                lines.append(f"| {label} | WARNING: {rs[0]['replay_mismatch']} faulty runs did not replay the same fault | | | | | | | | |")
        lines.append("")

    # acceptance (issue 14)
    lines += ["## Issue 14's acceptance, as measured here", ""]
    for backend, prec, n, r in roc_accept:
        rate = num(r["det_rate_beyond"])
        verdict = "n/a (no flip beyond the bound)" if rate is None else ("met" if rate >= 0.999 else "NOT met")
        lines.append(f"- {backend} {prec} N={n}: detection >= 99.9 % of the flips beyond the bound at the default threshold: "
                     f"{fmt(rate, '.2%')} — {verdict}; false alarms {r['false_alarms']} of {r['clean']}")
    for backend, prec, s, inj in accept:
        if "ABFT2" in s:
            g, m, nm, k = s["ABFT2"]
            ok = g <= 1.05 and m <= 1.10
            lines.append(f"- {backend} {prec}: ABFT2 overhead over ppfft without ABFT <= 5 % geo-mean, none above 10 %: "
                         f"{pct((g - 1) * 100)} geo-mean, {pct((m - 1) * 100)} at N = {nm} — {'met' if ok else 'NOT met'}")
        if "cufft_small_min" in s:
            v = s["cufft_small_min"]
            lines.append(f"- {backend} {prec}: ABFT2 >= 0.95x unprotected cuFFT at N <= 4096: {v:.3f}x at worst — "
                         f"{'met' if v >= 0.95 else 'NOT met'}")
        if inj:
            g = geomean(inj.values())
            lines.append(f"- {backend} {prec}: under injection within 2 % of ABFT2 (geo-mean of medians): {pct((g - 1) * 100, 2)} — "
                         f"{'met' if g <= 1.02 else 'NOT met'}")
    lines.append("")
    if plotted:
        lines += ["## Plots", ""] + [f"- `{p}`" for p in plotted] + [""]
    with open(os.path.join(out, "summary.md"), "w") as f:
        f.write("\n".join(lines))


# ---- plots ----


def plots(roc, over, cufft, out):
    """Writes the PNGs; returns (their names, a note for the summary)."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        from matplotlib.ticker import MaxNLocator
    except ImportError:
        return [], "No plots: matplotlib is not installed (pip install matplotlib); tables only."
    made = []
    for (backend, prec), rows in sorted(groups(roc, "backend", "precision").items()):
        rows = [r for r in rows if r["status"] == "ok"]
        if not rows:
            continue
        fig, (a, b) = plt.subplots(1, 2, figsize=(12, 4.8))
        for (n, batch), rs in sorted(groups(rows, "N", "batch").items(), key=lambda t: (int(t[0][0]), int(t[0][1] or 1))):
            label = f"N = {n}" if batch in ("", "1") else f"N = {n}, batch {batch}"
            sweep = sorted((r for r in rs if r["is_default"] != "1"), key=lambda r: float(r["delta"]))
            d = [r for r in rs if r["is_default"] == "1"]
            fa = [num(r["fa_rate"]) or 0.0 for r in sweep]
            dr = [num(r["det_rate_beyond"]) for r in sweep]
            line, = a.plot(fa, [x if x is not None else float("nan") for x in dr], "o-", ms=3, label=label)
            if d and num(d[0]["det_rate_beyond"]) is not None:
                a.plot([num(d[0]["fa_rate"]) or 0.0], [num(d[0]["det_rate_beyond"])], "*", ms=14, color=line.get_color(),
                       markeredgecolor="k")
            ds = [float(r["delta"]) for r in sweep]
            b.semilogx(ds, [x if x is not None else float("nan") for x in dr], "-", color=line.get_color(), label=f"detected beyond bound, {label}")
            b.semilogx(ds, [num(r["det_rate"]) or 0.0 for r in sweep], "--", color=line.get_color(), alpha=0.6)
            b.semilogx(ds, fa, ":", color=line.get_color(), label=f"false alarms, {label}")
            if d:
                b.axvline(float(d[0]["delta"]), color="grey", lw=0.8)
        a.set_xscale("symlog", linthresh=1e-3)  # rates of 0 and of a few in a thousand both show
        a.set_xlabel("false-alarm rate (clean signals flagged; linear below 1e-3)")
        a.set_ylabel("detection rate (flips beyond the error bound)")
        a.set_xlim(-2e-4, 1.5)
        a.set_ylim(-0.02, 1.02)
        a.set_title(f"(a) ROC, {backend} {prec} (star: default threshold)")
        a.legend(fontsize=8, loc="lower right")
        b.set_xlabel("threshold delta")
        b.set_ylabel("rate")
        b.set_ylim(-0.02, 1.02)
        b.set_title("(b) rates vs threshold (dashed: all flips; grey: default)")
        b.legend(fontsize=7, loc="center left")
        fig.tight_layout()
        name = f"roc-{backend}-{prec}.png"
        fig.savefig(os.path.join(out, name), dpi=110)
        plt.close(fig)
        made.append(name)
    tables, cu = overhead_tables(over, cufft)
    for backend in sorted({b for b, _ in tables}):
        precs = [p for b, p in tables if b == backend]
        fig, axes = plt.subplots(1, len(precs), figsize=(6 * len(precs), 4.5), squeeze=False)
        for ax, prec in zip(axes[0], precs):
            by_n = tables[(backend, prec)]
            for scheme, style in zip(SCHEMES, ["o-", "s-", "^--"]):
                r = scheme_ratio(by_n, scheme)
                if r:
                    ns = sorted(r)
                    ax.plot([log2i(n) for n in ns], [(r[n] - 1) * 100 for n in ns], style, ms=4, label=scheme)
            ax.axhline(0, color="k", lw=0.6)
            ax.axhline(5, color="grey", lw=0.6, ls=":")
            ax.axhline(10, color="grey", lw=0.6, ls="--")
            ax.xaxis.set_major_locator(MaxNLocator(integer=True))
            ax.set_xlabel("log2 N")
            ax.set_ylabel("time over ppfft without ABFT (%)")
            ax.set_title(f"{backend} {prec}: overhead of the schemes")
            if ax.get_legend_handles_labels()[0]:
                ax.legend(fontsize=8)
        fig.tight_layout()
        name = f"overhead-{backend}.png"
        fig.savefig(os.path.join(out, name), dpi=110)
        plt.close(fig)
        made.append(name)
    if cu:
        precs = sorted({p for p, _ in cu})
        fig, axes = plt.subplots(1, len(precs), figsize=(6 * len(precs), 4.5), squeeze=False)
        for ax, prec in zip(axes[0], precs):
            for (backend, p), by_n in sorted(tables.items()):
                if p != prec:
                    continue
                for scheme, style in (("plain", ":"), ("ABFT2", "o-")):
                    pts = []
                    for n, s in sorted(by_n.items()):
                        c, r = cu.get((prec, n)), s.get(scheme)
                        if c and r and r["status"] == "ok" and num(c["ms"]) and num(r["ms"]):
                            pts.append((log2i(n), num(c["ms"]) / num(r["ms"])))
                    if pts:
                        ax.plot(*zip(*pts), style, ms=4, label=f"ppfft {backend} {scheme}")
            ax.axhline(1, color="k", lw=0.6)
            ax.axhline(0.95, color="grey", lw=0.6, ls="--")
            ax.axvline(12, color="grey", lw=0.6, ls=":")
            ax.xaxis.set_major_locator(MaxNLocator(integer=True))
            ax.set_xlabel("log2 N")
            ax.set_ylabel("speed relative to cuFFT (cuFFT ms / ppfft ms)")
            ax.set_title(f"{prec}: ppfft (protected and not) vs unprotected cuFFT")
            if ax.get_legend_handles_labels()[0]:
                ax.legend(fontsize=8)
        fig.tight_layout()
        fig.savefig(os.path.join(out, "vs-cufft.png"), dpi=110)
        plt.close(fig)
        made.append("vs-cufft.png")
    return made, "Plots by matplotlib " + matplotlib.__version__ + "."


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("dir", nargs="?", help="a folder of abft-run.sh's outputs (reads and writes there)")
    ap.add_argument("--roc", action="append", default=[], help="abft-study roc CSV (repeatable)")
    ap.add_argument("--overhead", action="append", default=[], help="abft-study overhead CSV (repeatable)")
    ap.add_argument("--cufft", help="cufft-bench CSV of the same 1D shapes")
    ap.add_argument("--out", help="output folder (default: DIR)")
    args = ap.parse_args()
    if args.dir:
        args.roc = args.roc or sorted(glob.glob(os.path.join(args.dir, "roc-*.csv")))
        args.overhead = args.overhead or sorted(glob.glob(os.path.join(args.dir, "overhead-*.csv")))
        c = os.path.join(args.dir, "cufft.csv")
        if not args.cufft and os.path.exists(c):
            args.cufft = c
    out = args.out or args.dir
    if not out or not (args.roc or args.overhead):
        ap.error("give a folder with roc-*.csv / overhead-*.csv, or --roc/--overhead and --out")
    os.makedirs(out, exist_ok=True)
    roc, over, cufft = load(args)
    made, note = plots(roc, over, cufft, out)
    summarize(roc, over, cufft, out, made, note)
    print(f"abft-plot: wrote {', '.join(made + ['summary.md'])} in {out}", file=sys.stderr)


if __name__ == "__main__":
    main()
