#!/bin/sh
# abft-h200: issue 14 on a CUDA GPU in one call (bench/results/2026-11-25-h200-abft): check_cuda's
# abft_cuda suite; the register and time split of plain / ABFT2 kernels (shfl-study; ABFT2 under the
# implicit launch bound; @127: every ABFT part left out; @256: ABFT2's window of 2 blocks); the overhead study
# (f32 and f64, N = 2^4..2^16, 256 MiB) and cuFFT on the same shapes (NO_CUFFT=1: not), and f32 to
# 4096 through NVIDIA's OpenCL (CL_DEVICE, default 1:0).  Run from a built tree
# (configure --with-cuda; make bench/abft-study-cuda bench/shfl-study bench/cufft-bench
# tests/check_cuda); results under $OUT/r, tarred to $OUT/abft3.tgz.
#   OUT=DIR sh bench/calls/abft-h200.sh BUILD [split]      (split: the check and the split only)
B=$1; only=${2:-}
cd $B || exit 1
O=$OUT/r; mkdir -p $O
t0=$(date +%s)
{ date -u; nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv; nvcc --version | tail -2; } > $O/env.txt 2>&1
( CK_RUN_SUITE=abft_cuda timeout 70 ./tests/check_cuda ) > $O/check_abft_cuda.log 2>&1; echo "check_abft_cuda rc $? ($(( $(date +%s) - t0 )) s)"; tail -3 $O/check_abft_cuda.log
S=bench/shfl-study
v() { echo "r$1/RP+LM-CM+$5+VASM2+$6+TWP+$2CSE+IL+LU/wg$3/t$4"; }
a32=""; a64=""
for cfg in "16 16 256 256 CGAP CM-K" "32 16x2 256 128 CGAP CM-K" "256 16x16 256 16 DIRECT TW-GM" "1024 16x16x4 256 4 DIRECT TW-GM" "4096 16x16x16 256 1 DIRECT TW-GM" "8192 16x16x16x2 512 1 DIRECT TW-GM"; do
  set -- $cfg; n=$1; r=$2; wg=$3; t=$4; ac=$5; tw=$6
  [ $tw = CM-K ] && V() { v $1 "$2" $3 $4 $ac $tw | sed 's/+TWP//'; } || V() { v $1 "$2" $3 $4 $ac $tw; }
  # @256: ABFT2's window of 2 blocks (gen/emit.h's ABFT_WINDOW_2); @383: that window, every part left out
  a32="$a32 $n $(V $r '' $wg $t) $n $(V $r ABFT2+ $wg $t) $n $(V $r ABFT2+ $wg $t)@256 $n $(V $r ABFT2+ $wg $t)@127 $n $(V $r ABFT2+ $wg $t)@383 $n $(V $r ABFT1+ $wg $t)"
  [ $n -ge 256 ] && [ $n -le 4096 ] && a64="$a64 $n $(V $r '' $wg $t) $n $(V $r ABFT2+ $wg $t) $n $(V $r ABFT2+ $wg $t)@256 $n $(V $r ABFT1+ $wg $t)"
  [ $n -eq 16 ] && a64="$a64 $n $(V $r '' $wg $t) $n $(V $r ABFT2+ $wg $t) $n $(V $r ABFT2+ $wg $t)@256 $n $(V $r ABFT1+ $wg $t)"
done
timeout 70 $S --reps 11 $a32 > $O/split-f32.csv 2> $O/split-f32.log
timeout 40 $S --f64 --reps 11 $a64 > $O/split-f64.csv 2> $O/split-f64.log
cut -d, -f3,5,7,13-16 $O/split-f32.csv $O/split-f64.csv | sed 's#/RP+LM-CM+DIRECT+VASM2+TW-GM+TWP##'
echo "split ($(( $(date +%s) - t0 )) s)"
if [ "$only" != split ]; then
sizes=""; k=4; while [ $k -le 16 ]; do sizes="$sizes $((1 << k))"; k=$((k+1)); done
[ -n "${NO_CUFFT:-}" ] || timeout 25 bench/cufft-bench -p f32,f64 -m 256 -r 10 --csv $O/cufft.csv $sizes > /dev/null 2> $O/cufft.log; echo "cufft rc $? ($(( $(date +%s) - t0 )) s)"
timeout 110 bench/abft-study-cuda overhead -p f32,f64 --log2 4:16 --mib 256 --repeats 7 --inject-per-minute 300 --inject-seconds 0.2 --csv $O/overhead-cuda.csv 2> $O/overhead-cuda.log; echo "overhead rc $? ($(( $(date +%s) - t0 )) s)"
tail -4 $O/overhead-cuda.log
# the same through NVIDIA's OpenCL (platform 1), f32 to 4096, no injection
[ -x bench/abft-study ] && PPFFT_DEVICE=${CL_DEVICE:-1:0} timeout 40 bench/abft-study overhead -p f32 --log2 4:12 --mib 256 --repeats 5 --inject-seconds 0 --csv $O/overhead-opencl.csv 2> $O/overhead-opencl.log; echo "opencl rc $? ($(( $(date +%s) - t0 )) s)"
fi
cd $OUT && tar czf abft3.tgz r && rm -rf r
