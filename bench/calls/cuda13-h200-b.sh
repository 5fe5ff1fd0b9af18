#!/bin/bash
# Issue 13, second device call (H200): with COLS fitted on CUDA as on OpenCL (plan/fit.c), retune
# the CUDA wisdom's worst multi-pass entries, merge them into the shipped CUDA wisdom, then
# ppfft-CUDA (that wisdom), cuFFT and ppfft-OpenCL (1:0, shipped wisdom) on those shapes and on the
# 2D/3D f32 shapes the first call's OpenCL run did not reach, one after another.  Results in
# $OUT/c13b.tgz.  TUNE_T: the tune's seconds.
R=$PWD
. .gpu/gpu-env.sh .gpu/debs >/dev/null 2>&1
L=/tmp/c13b; rm -rf $L; mkdir -p $L
B=/tmp/cuda13; rm -rf $B; mkdir -p $B; tar xf $R/.gpu/cuda13/ppfft-0.1.0.tar.gz -C $B --strip-components=1; cd $B
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s] $*"; }
finish() { tar czf $OUT/c13b.tgz -C $L .; }
( ./configure --with-cuda && make -j16 ) > $L/build.log 2>&1 || { tail -30 $L/build.log; finish; exit 1; }
el build
mkdir -p /tmp/c13empty; export XDG_CACHE_HOME=/tmp/c13cache XDG_DATA_HOME=/tmp/c13empty
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $L/gpu.txt
P=cof1048576,cof1024x1024,cof4096x4096,cof256x256,cof1048576:f64,cof1024x1024:f64,cof4096x4096:f64,cof64x64x64:f64,cof262144:f64
TT=${TUNE_T:-45}
timeout $((TT + 15)) tuner/ppfft-tune --backend cuda --problems $P -v -o $L/c13b.wisdom --budget $TT > $L/tune.log 2> $L/tune-v.log
el "tune: exit $?"; cut -c1-200 $L/tune.log | grep -v "^#"
python3 bench/wisdom-merge.py wisdom/nvidia-h200-cuda.wisdom $L/c13b.wisdom $L/merged.wisdom
cp $L/merged.wisdom wisdom/nvidia-h200-cuda.wisdom
export PPFFT_WISDOM_PATH=wisdom/nvidia-h200.wisdom:wisdom/nvidia-h200-cuda.wisdom
for p in f32 f64; do
  S="1048576 256x256 1024x1024 4096x4096 64x64x64 128x128x128 256x256x256"; [ $p = f64 ] && S="262144 1048576 1024x1024 4096x4096 64x64x64"
  timeout 20 bench/ppfft-cuda-bench -p $p -m 256 -r 20 --csv $L/ppfft-cuda-$p.csv $S > $L/ppfft-cuda-$p.log 2>&1; el "ppfft-cuda $p: exit $?"
  timeout 12 bench/cufft-bench -p $p -m 256 -r 20 --csv $L/cufft-$p.csv $S > $L/cufft-$p.log 2>&1; el "cufft $p: exit $?"
  PPFFT_DEVICE=1:0 timeout 20 bench/ppfft-bench -n $(echo $S | tr ' ' ',') -p $p -m 256 -r 20 -v estimate --csv $L/ppfft-cl-$p.csv > $L/ppfft-cl-$p.log 2>&1; el "ppfft-opencl $p: exit $?"
done
python3 - <<'PY'
import csv, glob
for f in sorted(glob.glob("/tmp/c13b/*-f*.csv")):
    for r in csv.DictReader(open(f)):
        print(f.split("/")[-1][:-4], r.get("shape") or r.get("n"), r.get("GBps") or r.get("gbps"), r.get("check") or r.get("status"))
PY
finish
