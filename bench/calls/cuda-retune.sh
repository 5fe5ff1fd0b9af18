#!/bin/bash
# Retunes CUDA wisdom entries on this GPU and times them as a user gets them, in one call: ppfft-tune --backend cuda
# --problems $PROBLEMS (budget $TUNE_T s), the winners merged into a copy of wisdom/nvidia-h200-cuda.wisdom (replacing
# entries of the same problem, keeping the rest), then one after another: ppfft-CUDA with the shipped OpenCL wisdom and
# the merged CUDA wisdom (PPFFT_WISDOM_PATH, XDG_DATA_HOME empty), cuFFT, and ppfft-OpenCL (1:0, shipped wisdom) on the
# shapes $F32 and $F64; 256 MiB per run, median of 20.  Run from a build tree (./configure --with-cuda && make) after
# .gpu/gpu-env.sh.  Usage: PROBLEMS=... F32="..." F64="..." bench/calls/cuda-retune.sh OUTDIR
L=${1:?usage: bench/calls/cuda-retune.sh OUTDIR}; mkdir -p "$L" /tmp/cuda-retune-empty
export XDG_CACHE_HOME=${XDG_CACHE_HOME:-/tmp/cache} XDG_DATA_HOME=/tmp/cuda-retune-empty
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s] $*"; }
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$L/gpu.txt"; cat .tarball-commit 2>/dev/null | tee -a "$L/gpu.txt"
TT=${TUNE_T:-200}
timeout $((TT + 30)) tuner/ppfft-tune --backend cuda --problems "${PROBLEMS:?}" -v -o "$L/retune.wisdom" --budget $TT \
  > "$L/tune.log" 2> "$L/tune-v.log"; el "tune: exit $?"; grep -v "^#" "$L/tune.log" | cut -c1-160
python3 bench/wisdom-merge.py wisdom/nvidia-h200-cuda.wisdom "$L/retune.wisdom" "$L/merged.wisdom"
export PPFFT_WISDOM_PATH=wisdom/nvidia-h200.wisdom:$L/merged.wisdom
for p in f32 f64; do
  S=${F32:?}; [ $p = f64 ] && S=${F64:?}
  timeout 60 bench/ppfft-cuda-bench -p $p -m 256 -r 20 --csv "$L/ppfft-cuda-$p.csv" $S > "$L/ppfft-cuda-$p.log" 2>&1; el "ppfft-cuda $p: exit $?"
  timeout 40 bench/cufft-bench -p $p -m 256 -r 20 --csv "$L/cufft-$p.csv" $S > "$L/cufft-$p.log" 2>&1; el "cufft $p: exit $?"
  PPFFT_DEVICE=1:0 PPFFT_WISDOM_PATH=wisdom/nvidia-h200.wisdom timeout 60 bench/ppfft-bench -n $(echo $S | tr ' ' ',') -p $p -m 256 -r 20 \
    -v estimate --csv "$L/ppfft-cl-$p.csv" > "$L/ppfft-cl-$p.log" 2>&1; el "ppfft-opencl $p: exit $?"
done
python3 - "$L" <<'PY'
import csv, glob, sys
rows = {}
for f in sorted(glob.glob(sys.argv[1] + "/*-f??.csv")):
    lib = f.split("/")[-1].rsplit("-", 1)[0]
    for r in csv.DictReader(open(f)):
        shape = r.get("shape") or r.get("n"); prec = r.get("precision")
        rows.setdefault((prec, shape), {})[lib] = float(r.get("GBps") or r.get("gbps") or "nan")
print("prec shape cuda cufft opencl cuda/cufft cuda/opencl")
for (p, s), v in rows.items():
    c, u, o = v.get("ppfft-cuda", float("nan")), v.get("cufft", float("nan")), v.get("ppfft-cl", float("nan"))
    print(p, s, round(c), round(u), round(o), "%.3f" % (c / u), "%.3f" % (c / o))
PY
