#!/usr/bin/env python3
"""abft6-table: issue 14's overhead before and after, from bench/calls/abft6-h200.sh's CSVs.

  python3 bench/abft6-table.py DIR [BEFORE AFTER]
      (DIR/{before,after}-overhead-cuda-f{32,64}.csv, DIR/cufft-{before,after}.csv; BEFORE and AFTER
      name other tags in place of "before" and "after", a tag with a folder ("../X/before") from there)

Markdown on stdout: per precision and N the overhead of ABFT2, ABFT1 and ABFT3 against ppfft
without ABFT (median ms, same call), before and after; the geometric means of the overhead
factors over the one-pass sizes 2^4..2^14 (f64: 2^4..2^12) and their maxima; ABFT2 against cuFFT
at N <= 4096 (cuFFT ms / ABFT2 ms, cuFFT of the same call where there is one)."""
import csv, math, os, sys

d = sys.argv[1]
tags = {"before": sys.argv[2], "after": sys.argv[3]} if len(sys.argv) > 3 else {}


def path(tag, name):
    """DIR/NAME with the tag (its folder part taken from DIR): name is a format with {t}."""
    t = tags.get(tag, tag)
    return os.path.join(d, os.path.dirname(t), name.format(t=os.path.basename(t)))


def rows(path):
    with open(path) as f:
        return list(csv.DictReader(f))


def overhead(tag, prec):
    out = {}
    p = path(tag, "{t}-overhead-cuda-" + prec + ".csv")
    if not os.path.exists(p):
        return out
    for r in rows(p):
        if r["status"] != "ok":
            continue
        out.setdefault(int(r["N"]), {})[r["scheme"]] = float(r["ms"])
    return out


def cufft(tag, prec):
    p = path(tag, "cufft-{t}.csv")
    if not os.path.exists(p):
        return {}
    return {int(r["shape"]): float(r["ms"]) for r in rows(p) if r["precision"] == prec and r["check"] == "ok"}


def geo(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else float("nan")


for prec in ("f32", "f64"):
    b, a = overhead("before", prec), overhead("after", prec)
    cb, ca = cufft("before", prec), cufft("after", prec) or cufft("before", prec)
    ns = sorted(set(b) | set(a))
    print(f"\n### {prec}\n")
    print("| N | plain ms before / after | ABFT2 before | **ABFT2 after** | ABFT1 before | ABFT1 after | ABFT3 before | ABFT3 after | ABFT2 / cuFFT before | after |")
    print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    f = {k: [] for k in ("b2", "a2", "b1", "a1", "b3", "a3")}
    vb, va = [], []
    for n in ns:
        def ov(t, s):
            return t[n][s] / t[n]["plain"] if n in t and s in t[n] and "plain" in t[n] else float("nan")
        cells = []
        for key, t, s in (("b2", b, "ABFT2"), ("a2", a, "ABFT2"), ("b1", b, "ABFT1"), ("a1", a, "ABFT1"), ("b3", b, "ABFT3"), ("a3", a, "ABFT3")):
            x = ov(t, s)
            if not math.isnan(x):
                f[key].append(x)
            cells.append(f"{(x - 1) * 100:+.1f} %" if not math.isnan(x) else "")
        cells[1] = f"**{cells[1]}**" if cells[1] else "-"
        rb = cb[n] / b[n]["ABFT2"] if n in cb and n in b and "ABFT2" in b[n] else float("nan")
        ra = ca[n] / a[n]["ABFT2"] if n in ca and n in a and "ABFT2" in a[n] else float("nan")
        if n <= 4096:
            if not math.isnan(rb): vb.append(rb)
            if not math.isnan(ra): va.append(ra)
        pb = b.get(n, {}).get("plain", float("nan")); pa = a.get(n, {}).get("plain", float("nan"))
        num = lambda x, f: "-" if math.isnan(x) else f.format(x)
        print(f"| {n} | {num(pb, '{:.4f}')} / {num(pa, '{:.4f}')} | " + " | ".join(c or "-" for c in cells) + f" | {num(rb, '{:.2f}x')} | {num(ra, '{:.2f}x')} |")
    g = {k: f"{(geo(v) - 1) * 100:+.1f} % ({(max(v) - 1) * 100:+.0f})" if v else "-" for k, v in f.items()}
    r = lambda v: f"{geo(v):.2f}x (worst {min(v):.2f}x)" if v else "-"
    print(f"| geometric mean (max) | | {g['b2']} | **{g['a2']}** | {g['b1']} | {g['a1']} | {g['b3']} | {g['a3']} | {r(vb)} | {r(va)} |")
