#!/bin/bash
# abft-h200-thread: ABFT3 (issue 14's thread-level scheme, gen/abft_thread.c, branch abft5) on a CUDA
# GPU in one call, under 150 s: check_cuda's abft_cuda suite (ABFT3's device case among the others),
# ptxas's registers of plain / ABFT2 / ABFT1 / ABFT3 kernels, and the overhead study (f32, N =
# 2^4..2^14, 256 MiB, no injection: plain, ABFT2, ABFT1, ABFT3, ABFT2+inject); with F64=1 also f64
# 2^4..2^12 (about 40 s more).  Run from the build tree of a `make dist` tarball
# (./configure --with-cuda && make); builds what it needs; results under $OUT/abft5.
#   OUT=DIR bash bench/calls/abft-h200-thread.sh
set -u
: "${OUT:?set OUT}"
O=$OUT/abft5; mkdir -p $O
t0=$(date +%s)
make -j16 tests/check_cuda bench/abft-study-cuda bench/abft-regs > $O/build.log 2>&1 || { tail -30 $O/build.log; exit 1; }
echo "build $(( $(date +%s) - t0 )) s"
{ date -u; nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv; nvcc --version | tail -2; } > $O/env.txt 2>&1
( CK_RUN_SUITE=abft_cuda timeout 85 ./tests/check_cuda ) > $O/check_abft_cuda.log 2>&1
echo "check_abft_cuda rc $? ($(( $(date +%s) - t0 )) s)"; grep -E "ABFT3|^[0-9]+%|passed|check_cuda:" $O/check_abft_cuda.log | tail -6
# registers and spills (ptxas, sm_90) of the one-pass kernels the study times at 256 and 1024
for cfg in "256 16x16 DIRECT TW-GM 64 4" "1024 16x16x4 CGAP CM-K 256 4"; do
  set -- $cfg
  args=""
  for k in "" "ABFT2+" "ABFT1+" "ABFT3+"; do args="$args $1 r$2/RP+LM-CM+$3+VASM2+$4+${k}CSE+IL+LU/wg$5/t$6"; done
  timeout 20 sh bench/abft-regs.sh $args
done > $O/regs.csv 2> $O/regs.log
cat $O/regs.csv
echo "regs ($(( $(date +%s) - t0 )) s)"
timeout 60 bench/abft-study-cuda overhead -p f32 --log2 4:14 --mib 256 --repeats 5 --inject-seconds 0 --csv $O/overhead-cuda-f32.csv 2> $O/overhead-cuda-f32.log
echo "overhead f32 rc $? ($(( $(date +%s) - t0 )) s)"
if [ -n "${F64:-}" ]; then
  timeout 45 bench/abft-study-cuda overhead -p f64 --log2 4:12 --mib 256 --repeats 5 --inject-seconds 0 --csv $O/overhead-cuda-f64.csv 2> $O/overhead-cuda-f64.log
  echo "overhead f64 rc $? ($(( $(date +%s) - t0 )) s)"
fi
# ABFT3's overhead against plain, ABFT2 and ABFT1 per size (columns: precision, N, scheme, ms, overhead %)
cut -d, -f3,4,6,7,10 $O/overhead-cuda-f*.csv | grep -v "^precision" || true
