#!/bin/bash
# Issue 16's sweep past one pass (and issue 13's CUDA misses) in one device call, from a build tree (./configure --with-cuda &&
# make) on the GPU machine after .gpu/gpu-env.sh:  bench/sweep-run.sh OUTDIR
#   1. ppfft-tune (NVIDIA's OpenCL) of the sweep's 41 problems, the sizes that trailed cuFFT most first (a budget cut drops
#      those already at >= 1.0x), -v per candidate, budget $TUNE_T s; the winners merged into $BASE (the device's shipped
#      wisdom file, replacing entries of the same problem; a new file where there is none) -> wisdom/$BASE as shipped;
#   2. with CUDA_PROBLEMS: ppfft-tune --backend cuda of those (budget $CUDA_T s), merged into wisdom/nvidia-h200-cuda.wisdom;
#   3. one after another on the GPU, 256 MiB per run, median of 20 after 3 warm-ups, XDG_DATA_HOME empty and
#      PPFFT_WISDOM_PATH = the build's wisdom/ folder with the merged files (as a user gets it): ppfft-bench (OpenCL 1:0),
#      cufft-bench, vkfft-bench (VkFFT's OpenCL backend, 1:0) over the sweep; with CUDA_PROBLEMS also ppfft-cuda-bench
#      and cufft-bench over $CUDA_F32 / $CUDA_F64.
# Every ppfft row is checked against FFTW by ppfft-bench.  bench/sweep-table.py OUTDIR COPY_GBPS makes sweep.csv.
L=${1:?usage: bench/sweep-run.sh OUTDIR}; mkdir -p "$L" /tmp/sweep-xdg
export XDG_CACHE_HOME=${XDG_CACHE_HOME:-/tmp/sweep-cache} XDG_DATA_HOME=/tmp/sweep-xdg
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s] $*"; }
BASE=${BASE:-nvidia-h200.wisdom}
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$L/gpu.txt"; cat .tarball-commit 2>/dev/null | tee -a "$L/gpu.txt"
F32=${F32:-"8192 16384 32768 65536 131072 262144 524288 1048576 2097152 4194304 8388608 16777216 33554432 67108864 134217728 256x256 1024x1024 4096x4096 64x64x64 128x128x128 256x256x256"}
F64=${F64:-"8192 16384 32768 65536 131072 262144 524288 1048576 2097152 4194304 8388608 16777216 33554432 67108864 256x256 1024x1024 4096x4096 64x64x64 128x128x128 256x256x256"}
# the misses of bench/results/2026-11-24-h200-cols (and -reorder, -onepass) first, worst first; then the rest
FIRST=${FIRST:-"cof32768 cof2097152 cof8192 cof262144 cof524288 cof1048576 cof8388608:f64 cof16777216:f64 cof134217728 cof256x256
cof1024x1024 cof32768:f64 cof65536:f64 cof2097152:f64 cof33554432:f64 cof67108864:f64 cof4096x4096:f64 cof128x128x128:f64
cof256x256:f64 cof4194304 cof8388608"}
ALL="$FIRST $(for s in $F32; do echo cof$s; done) $(for s in $F64; do echo cof$s:f64; done)"
PROBLEMS=$(echo $ALL | tr ' ' '\n' | awk '!seen[$0]++' | paste -sd,)
if [ "${TUNE_T:-0}" -gt 0 ]; then
  PPFFT_DEVICE=1:0 timeout $((TUNE_T + 40)) tuner/ppfft-tune --problems "$PROBLEMS" -v -o "$L/tuned.wisdom" --budget $TUNE_T \
    > "$L/tune.log" 2> "$L/tune-v.log"; el "tune (OpenCL): exit $?"; grep -v "kept:" "$L/tune.log" | tail -50 | cut -c1-200
  if [ -f "wisdom/$BASE" ]; then python3 bench/wisdom-merge.py "wisdom/$BASE" "$L/tuned.wisdom" "$L/$BASE.new"
  else cp "$L/tuned.wisdom" "$L/$BASE.new"; fi
  cp "$L/$BASE.new" "wisdom/$BASE"
fi
if [ -n "$CUDA_PROBLEMS" ]; then
  timeout $((CUDA_T + 30)) tuner/ppfft-tune --backend cuda --problems "$CUDA_PROBLEMS" -v -o "$L/tuned-cuda.wisdom" --budget $CUDA_T \
    > "$L/tune-cuda.log" 2> "$L/tune-cuda-v.log"; el "tune (CUDA): exit $?"; grep -v "kept:" "$L/tune-cuda.log" | tail -14 | cut -c1-200
  python3 bench/wisdom-merge.py wisdom/nvidia-h200-cuda.wisdom "$L/tuned-cuda.wisdom" "$L/nvidia-h200-cuda.wisdom.new"
  cp "$L/nvidia-h200-cuda.wisdom.new" wisdom/nvidia-h200-cuda.wisdom
fi
export PPFFT_WISDOM_PATH=$PWD/wisdom
PPFFT_DEVICE=1:0 tuner/ppfft-tune --check > "$L/check.txt" 2>&1; el "ppfft-tune --check: exit $?"
# the plans' kernels compiled first, 16 processes (NVIDIA's OpenCL compiles one program at a time per process)
for p in f32 f64; do
  S=$F32; [ $p = f64 ] && S=$F64
  for j in 0 1 2 3 4 5 6 7; do
    PPFFT_DEVICE=1:0 timeout 60 bench/ppfft-bench --build $j/8 -n $(echo $S | tr ' ' ',') -p $p -m 256 -v estimate > /dev/null 2>&1 &
  done
done
for p in f32 f64; do
  S=$OLD_F32; [ $p = f64 ] && S=$OLD_F64; [ -z "$OLD_WISDOM" ] || [ -z "$S" ] && continue
  for j in 0 1 2 3; do
    PPFFT_WISDOM_PATH=$OLD_WISDOM PPFFT_DEVICE=1:0 timeout 60 bench/ppfft-bench --build $j/4 -n $(echo $S | tr ' ' ',') -p $p -m 256 -v estimate > /dev/null 2>&1 &
  done
done; wait; el "kernels built"
for p in f32 f64; do
  S=$F32; [ $p = f64 ] && S=$F64
  PPFFT_DEVICE=1:0 timeout ${BENCH_T:-70} bench/ppfft-bench -n $(echo $S | tr ' ' ',') -p $p -m 256 -r 20 -v estimate --csv "$L/ppfft-$p.csv" \
    > "$L/ppfft-$p.log" 2>&1; el "ppfft $p: exit $?"
done
for p in f32 f64; do
  S=$F32; [ $p = f64 ] && S=$F64
  timeout 40 bench/cufft-bench -p $p -m 256 -r 20 --csv "$L/cufft-$p.csv" $S > "$L/cufft-$p.log" 2>&1; el "cufft $p: exit $?"
done
if [ -n "$CUDA_PROBLEMS$CUDA_BENCH" ]; then
  for p in f32 f64; do
    S=$CUDA_F32; [ $p = f64 ] && S=$CUDA_F64
    timeout 50 bench/ppfft-cuda-bench -p $p -m 256 -r 20 --csv "$L/ppfft-cuda-$p.csv" $S > "$L/ppfft-cuda-$p.log" 2>&1; el "ppfft-cuda $p: exit $?"
    timeout 30 bench/cufft-bench -p $p -m 256 -r 20 --csv "$L/cufft-c-$p.csv" $S > "$L/cufft-c-$p.log" 2>&1; el "cufft (CUDA set) $p: exit $?"
  done
fi
# VkFFT where ppfft trails cuFFT (the fallback bar's comparison), unless VK_SHAPES names them (VK_ALL=1: every shape)
[ -z "$VK_SHAPES" ] && [ -z "$VK_ALL" ] && VK_SHAPES=$(python3 - "$L" <<'PY'
import csv, os, sys
for p in ('f32', 'f64'):
    pp, cu = {}, {}
    if os.path.exists(f'{sys.argv[1]}/ppfft-{p}.csv'): pp = {r['n']: float(r['gbps']) for r in csv.DictReader(open(f'{sys.argv[1]}/ppfft-{p}.csv')) if r['status'] == 'ok'}
    if os.path.exists(f'{sys.argv[1]}/cufft-{p}.csv'): cu = {r['shape']: float(r['GBps']) for r in csv.DictReader(open(f'{sys.argv[1]}/cufft-{p}.csv'))}
    print(' '.join(f'{s}:{p}' for s in cu if s not in pp or pp[s] < cu[s]))
PY
); echo "VkFFT on: $VK_SHAPES" | tr '\n' ' '; echo
for p in ${VK_PRECS:-f32 f64}; do
  S=$F32; [ $p = f64 ] && S=$F64; [ -n "$VK_SHAPES" ] && S=$(echo $VK_SHAPES | tr ' ' '\n' | grep ":$p$" | cut -d: -f1); [ -z "$S" ] && continue
  PPFFT_DEVICE=1:0 timeout ${VK_T:-60} bench/vkfft-bench -p $p -m 256 -r 20 --csv "$L/vkfft-$p.csv" $S > "$L/vkfft-$p.log" 2>&1; el "vkfft $p: exit $?"
done
# with OLD_WISDOM (a folder or file): ppfft with it on $OLD_F32 / $OLD_F64, the wisdom before the retune, in the same call
for p in f32 f64; do
  S=$OLD_F32; [ $p = f64 ] && S=$OLD_F64; [ -z "$OLD_WISDOM" ] || [ -z "$S" ] && continue
  PPFFT_WISDOM_PATH=$OLD_WISDOM PPFFT_DEVICE=1:0 timeout 40 bench/ppfft-bench -n $(echo $S | tr ' ' ',') -p $p -m 256 -r 20 -v estimate \
    --csv "$L/ppfft-old-$p.csv" > "$L/ppfft-old-$p.log" 2>&1; el "ppfft (wisdom before) $p: exit $?"
done
python3 bench/sweep-table.py "$L" ${COPY_GBPS:-4091} | tail -60
