#!/bin/bash
# Issue 13's last misses (f32 8192, 16384 on CUDA): named one-pass kernels with their registers, shared memory and
# blocks per multiprocessor (bench/shfl-study), the exchange in one round or rounds, with and without PAIR, beside
# cuFFT in the same call.  Run from a build tree (./configure --with-cuda && make && make check TESTS=) after
# .gpu/gpu-env.sh.  Usage: [SET=2|retune] bench/calls/cuda14-h200.sh OUTDIR (retune: bench/calls/cuda-retune.sh on f32 8192,
# 16384 and f64 8192, timing f32 4096..16384 and f64 4096, 8192, then check_cuda's occupancy tcase)
L=${1:?usage: bench/calls/cuda14-h200.sh OUTDIR}; mkdir -p "$L"
export XDG_CACHE_HOME=${XDG_CACHE_HOME:-/tmp/cache}
if [ "${SET:-1}" = retune ]; then # the new PAIR candidates tuned and shipped (bench/calls/cuda-retune.sh), then their tests on the GPU
  PROBLEMS=cof8192,cof16384,cof8192:f64 F32="4096 8192 16384" F64="4096 8192" TUNE_T=${TUNE_T:-120} bash bench/calls/cuda-retune.sh "$L"
  CK_RUN_SUITE=cuda CK_RUN_CASE=occupancy timeout 150 tests/check_cuda > "$L/check_cuda-occupancy.log" 2>&1; echo "check_cuda occupancy: exit $?"
  tail -3 "$L/check_cuda-occupancy.log"; exit 0
fi
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$L/gpu.txt"; cat .tarball-commit 2>/dev/null | tee -a "$L/gpu.txt"
B=VASM2+TW-GM+TWP+CSE+IL+LU
S8="r16x16x16x2/RP+LM-CM+XR2+DIRECT+$B/wg256/t1 r16x16x16x2/RP+LM-CM+PAIR+DIRECT+$B/wg512/t1
 r16x16x16x2/RP+LM-CM+PAIR+CGAP+$B/wg512/t1 r16x16x16x2/RP+LM-CM+PAIR+DIRECT+$B+MB2/wg256/t1
 r16x16x16x2/RP+LM-CM+XR2+PAIR+DIRECT+$B+MB2/wg256/t1 r16x16x16x2/RP+LM-CM+XR2+PAIR+DIRECT+$B/wg256/t1
 r8x8x8x16/RP+LM-CM+XR2+PAIR+DIRECT+$B/wg512/t1 r16x16x16x2/RP+LM-CM+XR2+PAIR+DIRECT+$B/wg512/t1"
S16="r16x16x16x4/RP+LM-CM+XR2+DIRECT+$B/wg512/t1 r16x16x16x4/RP+LM-CM+PAIR+DIRECT+$B/wg1024/t1
 r16x16x16x4/RP+LM-CM+PAIR+CGAP+$B/wg1024/t1 r16x16x16x4/RP+LM-CM+XR2+PAIR+DIRECT+$B/wg512/t1
 r16x16x16x4/RP+LM-CM+XR4+PAIR+DIRECT+$B/wg512/t1 r16x16x16x4/RP+LM-CM+XR2+PAIR+DIRECT+$B/wg1024/t1
 r8x8x8x2x16/RP+LM-CM+XR2+PAIR+DIRECT+$B/wg1024/t1 r16x16x16x4/RP+LM-CM+XR2+PAIR+CGAP+$B/wg512/t1"
if [ "${SET:-1}" = 2 ]; then # around call 1's best: radix orders, rounds, PAIR in one round with MB2, twiddles, CGAP
S8="r8x8x8x16/RP+LM-CM+XR2+PAIR+DIRECT+$B/wg512/t1 r8x8x8x16/RP+LM-CM+XR2+PAIR+CGAP+$B/wg512/t1
 r8x8x8x16/RP+LM-CM+XR4+PAIR+DIRECT+$B/wg512/t1 r8x8x8x16/RP+LM-CM+PAIR+DIRECT+$B+MB2/wg512/t1
 r16x8x8x8/RP+LM-CM+XR2+PAIR+DIRECT+$B/wg512/t1 r8x8x16x8/RP+LM-CM+XR2+PAIR+DIRECT+$B/wg512/t1
 r16x16x32/RP+LM-CM+XR2+PAIR+DIRECT+$B+MB2/wg256/t1 r8x8x8x16/RP+LM-CM+XR2+PAIR+DIRECT+VASM2+CM-K+CSE+IL+LU/wg512/t1
 r8x8x8x16/RP+LM-CM+XR2+PAIR+DIRECT+VASM2+TW-GM+CSE+IL+LU/wg512/t1"
S16="r16x16x16x4/RP+LM-CM+PAIR+CGAP+$B/wg1024/t1 r4x16x16x16/RP+LM-CM+PAIR+CGAP+$B/wg1024/t1
 r16x16x4x16/RP+LM-CM+PAIR+CGAP+$B/wg1024/t1 r16x16x16x4/RP+LM-CM+PAIR+CGAP+VASM2+TW-GM+CSE+IL+LU/wg1024/t1
 r4x16x16x16/RP+LM-CM+PAIR+DIRECT+$B/wg1024/t1"
fi
args=""; for v in $S8; do args="$args 8192 $v"; done; for v in $S16; do args="$args 16384 $v"; done
timeout 120 bench/shfl-study --reps 20 $args > "$L/study.csv" 2> "$L/study.err"; echo "study: exit $?"
timeout 40 bench/cufft-bench -p f32 -m 256 -r 20 --csv "$L/cufft-f32.csv" 8192 16384 > "$L/cufft-f32.log" 2>&1; echo "cufft: exit $?"
cat "$L/study.csv" "$L/study.err" "$L/cufft-f32.log"
