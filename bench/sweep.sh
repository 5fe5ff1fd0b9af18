#!/bin/sh
# The single-work-group sweep: every valid variant (bench/ppfft-bench -v all) and the planner's
# estimate for N = 16 .. 4096, f32 and f64, 256 MiB per run, on one OpenCL device.
#   bench/sweep.sh OUTDIR [P:D] [f32|f64|both]
# Writes OUTDIR/all.csv (every variant), OUTDIR/estimate.csv and the printed tables.
set -eu
out=$1
[ $# -ge 2 ] && [ -n "$2" ] && export PPFFT_DEVICE="$2"
prec=${3:-both}
bench=$(dirname "$0")/ppfft-bench
mkdir -p "$out"
jobs=$(nproc 2>/dev/null || echo 4)
for p in f32 f64; do
  [ "$prec" = both ] || [ "$prec" = "$p" ] || continue
  "$bench" -n 16,64,256,1024,4096 -p "$p" -v all -r 10 -j "$jobs" --csv "$out/all.csv" > "$out/all-$p.txt"
  grep '^best' "$out/all-$p.txt"
done
"$bench" -n 16,64,256,1024,4096,8192 -p "$prec" -v estimate -r 50 --csv "$out/estimate.csv" | tee "$out/estimate.txt"
