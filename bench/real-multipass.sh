#!/bin/bash
# bench/real-multipass.sh OUTDIR [P:D]: real transforms whose real dimension runs in several passes
# (issue 17: 1D R2C and C2R of 2^15 .. 2^24 points, f32), ppfft's OpenCL backend (device P:D, default
# 1:0; the estimate or the wisdom it finds) and CUDA backend (its estimate) against cuFFT, each
# program as bench/lengths runs it but on $MIB MiB of the real side (default 64) and $REPEATS timed
# runs (default 10), back to back, each result checked against FFTW.  Writes OUTDIR/ppfft-opencl.csv,
# ppfft-cuda-KIND.csv, cufft-KIND.csv (the peers write a CSV anew on each run) and a log per run; `bench/real-multipass.sh --report OUTDIR` then writes
# OUTDIR/report.md (GB/s per size and the ratios ppfft / cuFFT, with their geometric means).
set -u
B=$(cd "$(dirname "$0")" && pwd)
if [ "${1:-}" = --report ]; then
  python3 - "$2" <<'PY'
import csv, math, os, sys
o = sys.argv[1]
def rows(files, shape_col, gb_col, status_col):
    out = {}
    for f in files:
        p = os.path.join(o, f)
        if not os.path.exists(p): continue
        for r in csv.DictReader(open(p)):
            ok = r[status_col] == "ok"
            out[(r["kind"], r[shape_col])] = (float(r[gb_col]) if ok and r[gb_col] else None, r[status_col])
    return out
libs = [("ppfft-OpenCL", rows(["ppfft-opencl.csv"], "n", "gbps", "status")),
        ("ppfft-CUDA", rows(["ppfft-cuda-r2c.csv", "ppfft-cuda-c2r.csv"], "shape", "GBps", "check")),
        ("cuFFT", rows(["cufft-r2c.csv", "cufft-c2r.csv"], "shape", "GBps", "check"))]
w = open(os.path.join(o, "report.md"), "w")
for kind in ("r2c", "c2r"):
    w.write("\n## %s, f32 (GB/s; ratio = ppfft / cuFFT)\n\n| N | ppfft-OpenCL | ppfft-CUDA | cuFFT | OpenCL / cuFFT | CUDA / cuFFT |\n| ---: | ---: | ---: | ---: | ---: | ---: |\n" % kind.upper())
    logs = {l: [] for l, _ in libs[:2]}
    for k in range(15, 25):
        n = str(1 << k)
        v = [r.get((kind, n), (None, "no result"))[0] for _, r in libs]
        cells = ["%.1f" % x if x else "failed" for x in v]
        rat = []
        for i, (l, _) in enumerate(libs[:2]):
            if v[i] and v[2]:
                rat.append("%.2f" % (v[i] / v[2])); logs[l].append(math.log(v[i] / v[2]))
            else: rat.append("-")
        w.write("| 2^%d | %s | %s |\n" % (k, " | ".join(cells), " | ".join(rat)))
    w.write("| geomean | | | | %s |\n" % " | ".join("%.2f" % math.exp(sum(x) / len(x)) if x else "-" for x in logs.values()))
w.close()
print(open(os.path.join(o, "report.md")).read())
PY
  exit 0
fi
O=$1; DEV=${2:-1:0}; MIB=${MIB:-64}; REP=${REPEATS:-10}; T=${TIMEOUT:-90}
N=$(python3 -c 'print(",".join(str(1 << k) for k in range(15, 25)))')
S=${N//,/ }
mkdir -p "$O"
for k in r2c c2r; do
  PPFFT_DEVICE=$DEV timeout $T "$B/ppfft-bench" -n "$N" -p f32 -m $MIB -r $REP --kind $k --csv "$O/ppfft-opencl.csv" > "$O/ppfft-opencl-$k.log" 2>&1
  echo "ppfft-bench $k: exit $?"
  if [ -x "$B/ppfft-cuda-bench" ]; then
    timeout $T "$B/ppfft-cuda-bench" -p f32 -m $MIB -r $REP --kind $k --csv "$O/ppfft-cuda-$k.csv" $S > "$O/ppfft-cuda-$k.log" 2>&1
    echo "ppfft-cuda-bench $k: exit $?"
  fi
  if [ -x "$B/cufft-bench" ]; then
    timeout $T "$B/cufft-bench" -p f32 -m $MIB -r $REP --kind $k --csv "$O/cufft-$k.csv" $S > "$O/cufft-$k.log" 2>&1
    echo "cufft-bench $k: exit $?"
  fi
done
