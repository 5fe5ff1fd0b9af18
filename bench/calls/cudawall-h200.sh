#!/bin/bash
# The switch it times, PPFFT_CUDA_CACHE_HINTS, was taken out of the library after this call (every mode but none
# was slower; it also made cuda/program and cuda/runtime include each other): run it on a tarball of 60eab68.
# Issue 13's last per cent at the memory wall (H200, one device call): ptxas's default cache operator on the CUDA
# kernels' global accesses (PPFFT_CUDA_CACHE_HINTS none, st, ld, ldst; cuda/program.h) against cuFFT, on the
# one-pass sizes below cuFFT in ../results/2026-11-25-h200-cuda15 and three beside them.  Builds the tarball in
# .gpu/cudawall/, measures the copy bandwidth (bench/cl-devices, NVIDIA's OpenCL 1:0), compiles every mode's
# kernels into the disk cache by untimed parallel runs, then $ROUNDS rounds, each: per precision, ppfft-CUDA in
# every mode (the shipped wisdom, as a user gets it) and cuFFT, one after another (256 MiB, median of 20).  With
# time left ($TESTS_BEFORE s after the start), check_cuda's occupancy tcase in mode ldst.  Results in $OUT/cw.tgz;
# bench/cudawall-table.py DIR makes the table.
R=$PWD
. .gpu/gpu-env.sh .gpu/debs >/dev/null 2>&1
L=/tmp/cw; rm -rf $L; mkdir -p $L
B=/tmp/b-cw; rm -rf $B; mkdir -p $B; tar xf $R/.gpu/cudawall/ppfft-0.1.0.tar.gz -C $B --strip-components=1; cd $B
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s] $*" | tee -a $L/run.log; }
snap() { tar czf $OUT/cw.tgz -C $L .; }
( ./configure --with-cuda -q && make -j16 ) > $L/build.log 2>&1 || { tail -30 $L/build.log; snap; exit 1; }
el build
mkdir -p /tmp/cw-empty; export XDG_CACHE_HOME=/tmp/cache-cw XDG_DATA_HOME=/tmp/cw-empty
{ nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; cat .tarball-commit 2>/dev/null; } > $L/gpu.txt
timeout 30 bench/cl-devices --bandwidth 1:0 256 > $L/copy-bandwidth.txt 2>&1; el "copy bandwidth (OpenCL float4 copy, 1:0): $(cat $L/copy-bandwidth.txt)"
F32=${F32:-"16 64 512 1024 4096"}
F64=${F64:-"128 256 1024 2048 4096"}
MODES=${MODES:-"none st ld ldst"}
ROUNDS=${ROUNDS:-3}
export PPFFT_WISDOM_PATH=wisdom/nvidia-h200.wisdom:wisdom/nvidia-h200-cuda.wisdom
for m in $MODES; do
  for p in f32 f64; do
    S=$F32; [ $p = f64 ] && S=$F64
    PPFFT_CUDA_CACHE_HINTS=$m timeout 60 bench/ppfft-cuda-bench -p $p -m 256 -r 1 $S > $L/build-$m-$p.log 2>&1 &
  done
done; wait; el "kernels built"
for r in $(seq 1 $ROUNDS); do
  [ $r -gt 1 ] && [ $(( $(date +%s) - T0 )) -gt ${ROUNDS_BEFORE:-150} ] && { el "round $r skipped (time)"; break; }
  for p in f32 f64; do
    S=$F32; [ $p = f64 ] && S=$F64
    for m in $MODES; do
      PPFFT_CUDA_CACHE_HINTS=$m timeout 40 bench/ppfft-cuda-bench -p $p -m 256 -r 20 --csv $L/r$r-$m-$p.csv $S > $L/r$r-$m-$p.log 2>&1
      el "round $r $p ppfft-cuda $m: exit $?"
    done
    timeout 40 bench/cufft-bench -p $p -m 256 -r 20 --csv $L/r$r-cufft-$p.csv $S > $L/r$r-cufft-$p.log 2>&1; el "round $r $p cufft: exit $?"
  done
  snap
done
grep -h "ppfft-cuda-bench: f" $L/r1-none-f*.log > $L/plans.txt
python3 bench/cudawall-table.py $L > $L/table.md 2>&1; cat $L/table.md
snap
if [ $(( $(date +%s) - T0 )) -lt ${TESTS_BEFORE:-170} ]; then
  timeout 50 make -j16 check TESTS= > $L/check-build.log 2>&1
  PPFFT_CUDA_CACHE_HINTS=ldst CK_RUN_SUITE=cuda CK_RUN_CASE=occupancy timeout 60 ./tests/check_cuda > $L/check-occupancy-ldst.log 2>&1
  el "check_cuda occupancy (ldst): exit $?"; tail -3 $L/check-occupancy-ldst.log
else el "check_cuda occupancy skipped (time)"; fi
snap
