#!/bin/sh
# abft-h200: issue 14 on a CUDA GPU in one call (bench/results/2026-11-25-h200-abft): the register and
# time split of plain / ABFT1 / ABFT2 kernels (shfl-study, VARIANT@127 = ABFT2 with every ABFT part left
# out), check_cuda's abft_cuda suite, the overhead study (N = 2^4..2^24, 256 MiB), cuFFT on the same
# shapes, and the ROC (2000 signals, 1000 with one flipped bit).  Run from a built tree (configure
# --with-cuda; make; make check TESTS=); results under $OUT/r, tarred to $OUT/abft2.tgz.
#   OUT=DIR sh bench/abft-h200.sh SRC BUILD
R=$1; B=$2
cd $B || exit 1
O=$OUT/r; mkdir -p $O
t0=$(date +%s)
S=bench/shfl-study
v() { echo "r$1/RP+LM-CM+DIRECT+VASM2+TW-GM+TWP+$2CSE+IL+LU/wg$3/t$4"; }
a32=""; a64=""
for cfg in "256 16x16 256 16" "1024 16x16x4 256 4" "4096 16x16x16 256 1" "8192 16x16x16x2 512 1"; do
  set -- $cfg; n=$1; r=$2; wg=$3; t=$4
  a32="$a32 $n $(v $r '' $wg $t) $n $(v $r ABFT1+ $wg $t) $n $(v $r ABFT2+ $wg $t) $n $(v $r ABFT2+ $wg $t)@127"
  [ $n -le 4096 ] && [ $n -ge 1024 ] && a64="$a64 $n $(v $r '' $wg $t) $n $(v $r ABFT1+ $wg $t) $n $(v $r ABFT2+ $wg $t)"
done
timeout 60 $S --reps 15 $a32 > $O/split-f32.csv 2> $O/split-f32.log
timeout 30 $S --f64 --reps 15 $a64 > $O/split-f64.csv 2> $O/split-f64.log
cut -d, -f3-5,7,8,13-17 $O/split-f32.csv $O/split-f64.csv | sed 's#/RP+LM-CM+DIRECT+VASM2+TW-GM+TWP##'
echo "split ($(( $(date +%s) - t0 )) s)"
( CK_RUN_SUITE=abft_cuda timeout 60 ./tests/check_cuda ) > $O/check_abft_cuda.log 2>&1; echo "check_abft_cuda rc $? ($(( $(date +%s) - t0 )) s)"; tail -3 $O/check_abft_cuda.log
timeout 120 bench/abft-study-cuda overhead --log2 4:24 --mib 256 --repeats 20 --inject-per-minute 300 --inject-seconds 0.5 --csv $O/overhead-cuda.csv 2> $O/overhead-cuda.log; echo "overhead rc $? ($(( $(date +%s) - t0 )) s)"
sizes=""; k=4; while [ $k -le 24 ]; do sizes="$sizes $((1 << k))"; k=$((k+1)); done
timeout 40 bench/cufft-bench -p f32,f64 -m 256 -r 20 --csv $O/cufft.csv $sizes > /dev/null 2> $O/cufft.log; echo "cufft rc $? ($(( $(date +%s) - t0 )) s)"
timeout 50 bench/abft-study-cuda roc -n 64,1024,4096 --signals 2000 --faulty 1000 --deltas 1e-7:1e-4:13 --deltas64 1e-16:1e-12:13 --csv $O/roc-cuda.csv --signals-csv $O/signals-cuda.csv 2> $O/roc-cuda.log; echo "roc rc $? ($(( $(date +%s) - t0 )) s)"
{ date -u; nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv; nvcc --version | tail -2; } > $O/env.txt 2>&1
cd $OUT && tar czf abft2.tgz r && rm -rf r
