#!/bin/sh
# Beyond one work-group (issue 3's speed list): 1D N = 2^13..2^27 (f64 to 2^26), 2D 256^2, 1024^2,
# 4096^2, 3D 64^3, 128^3, 256^3, 256 MiB per run (MIB=...), on one OpenCL device, with the planner's
# estimate (MODES="estimate measure" adds PPFFT_MEASURE, which compiles hundreds of kernels);
# del Mundo and Feng's 256 x 256 case (Fig. 7) optimised and unoptimised; and cuFFT on the same
# GPU when bench/cufft-bench was built (configure found nvcc).
#   bench/large.sh OUTDIR [P:D]
# Writes OUTDIR/{estimate,measure,fig7,cufft}.csv and the printed tables.
set -eu
out=$1
[ $# -ge 2 ] && [ -n "$2" ] && export PPFFT_DEVICE="$2"
dir=$(dirname "$0")
mkdir -p "$out"
f32=8192,16384,32768,65536,131072,262144,524288,1048576,2097152,4194304,8388608,16777216,33554432,67108864,134217728
f64=8192,16384,32768,65536,131072,262144,524288,1048576,2097152,4194304,8388608,16777216,33554432,67108864
shapes=256x256,1024x1024,4096x4096,64x64x64,128x128x128,256x256x256
mib=${MIB:-256}
for mode in ${MODES:-estimate}; do
  "$dir/ppfft-bench" -n "$f32,$shapes" -p f32 -m "$mib" -v "$mode" -r 20 --csv "$out/$mode.csv" | tee "$out/$mode-f32.txt"
  "$dir/ppfft-bench" -n "$f64,$shapes" -p f64 -m "$mib" -v "$mode" -r 20 --csv "$out/$mode.csv" | tee "$out/$mode-f64.txt"
done
# Fig. 7: the whole 2D transform with the unoptimised kernel (GM, uncoalesced, scalar, TW-CALC, no
# CSE/IL/LU) for both dimensions, against the estimate above
base="r16x16/GM+VASM2+TW-CALC/wg16/t1"
"$dir/ppfft-bench" -n 256x256 -p both -m "$mib" -v "$base;$base" -r 20 --csv "$out/fig7.csv" | tee "$out/fig7.txt"
if [ -x "$dir/cufft-bench" ]; then
  "$dir/cufft-bench" -p f32 -m "$mib" --csv "$out/cufft-f32.csv" $(echo "$f32,$shapes" | tr , ' ') | tee "$out/cufft-f32.txt"
  "$dir/cufft-bench" -p f64 -m "$mib" --csv "$out/cufft-f64.csv" $(echo "$f64,$shapes" | tr , ' ') | tee "$out/cufft-f64.txt"
fi
