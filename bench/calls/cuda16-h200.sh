#!/bin/bash
# Issue 13's last per cent at the copy wall (H200), call 1: what cuFFT's one-pass kernels do that lets them run
# above a float4 copy.  Builds the release tarball in .gpu/cuda16/, then:
#   1. bench/copy-study.cu (nvcc): a copy kernel's width, accesses a thread, block size, grid and cache operators;
#      the OpenCL float4 copy (bench/cl-devices --bandwidth 1:0 256) as the reference of the earlier notes;
#   2. cuFFT and ppfft-CUDA (shipped wisdom) timed on the seven sizes below cuFFT, -r 20;
#   3. Nsight Compute (--set full, clocks as they are, one steady-state launch each) of cuFFT's and ppfft's kernel
#      at f32 64, f64 128 and f64 2048, and of copy-study's f4-plain-k1 copy; details, raw metrics and SASS as CSV.
# Run from the top of a tree whose .gpu/cuda16/ holds the tarball, this script and copy-study.cu;
# results in $OUT/c16.tgz (rewritten after every step) and $OUT/run.log.
R=$PWD
. .gpu/gpu-env.sh .gpu/debs >/dev/null 2>&1
L=/tmp/c16; rm -rf $L; mkdir -p $L
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s] $*" | tee -a $L/run.log; cp $L/run.log $OUT/; }
snap() { tar czf $OUT/c16.tgz -C $L .; }
DEADLINE=${DEADLINE:-170}
late() { [ $(( $(date +%s) - T0 )) -gt $DEADLINE ]; }
NCU=$(command -v ncu || ls /usr/local/cuda/bin/ncu /usr/local/cuda*/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader; nvcc --version | tail -1;
  echo "ncu: $NCU"; [ -n "$NCU" ] && $NCU --version | tail -1; command -v nsys; } > $L/env.txt 2>&1
nvcc -O3 -arch=sm_90 -o /tmp/copy-study $R/.gpu/cuda16/copy-study.cu > $L/copy-build.log 2>&1 &
B=/tmp/b-cuda16; rm -rf $B; mkdir -p $B; tar xf $R/.gpu/cuda16/ppfft-0.1.0.tar.gz -C $B --strip-components=1; cd $B
( ./configure --with-cuda -q && make -j16 ) > $L/build.log 2>&1 || { tail -30 $L/build.log; snap; exit 1; }
wait; cat .tarball-commit >> $L/env.txt; el "build"
mkdir -p /tmp/c16empty; export XDG_CACHE_HOME=/tmp/cache-cuda16 XDG_DATA_HOME=/tmp/c16empty
export PPFFT_WISDOM_PATH=wisdom/nvidia-h200.wisdom:wisdom/nvidia-h200-cuda.wisdom
/tmp/copy-study -r 20 --rounds 2 > $L/copy-study.csv 2> $L/copy-study.err; el "copy-study: exit $?"
bench/cl-devices --bandwidth 1:0 256 > $L/copy-bandwidth.txt 2>&1; el "OpenCL float4 copy: $(cat $L/copy-bandwidth.txt | tail -1)"
snap
F32="64 512 1024"; F64="128 256 1024 2048"
for p in f32 f64; do
  S=$F32; [ $p = f64 ] && S=$F64
  timeout 40 bench/ppfft-cuda-bench -p $p -m 256 -r 20 --csv $L/ppfft-cuda-$p.csv $S > $L/ppfft-cuda-$p.log 2>&1; el "ppfft-cuda $p: exit $?"
  timeout 40 bench/cufft-bench -p $p -m 256 -r 20 --csv $L/cufft-$p.csv $S > $L/cufft-$p.log 2>&1; el "cufft $p: exit $?"
done
snap
[ -n "$NCU" ] || { el "no ncu"; snap; exit 0; }
prof() { # name, command...
  local n=$1; shift
  late && { el "skipped $n (deadline)"; return; }
  timeout 45 $NCU --clock-control none --set full --import-source no --launch-skip 3 --launch-count 1 -f -o $L/ncu-$n "$@" \
    > $L/ncu-$n.log 2>&1; el "ncu $n: exit $?"
  [ -f $L/ncu-$n.ncu-rep ] || { tail -5 $L/ncu-$n.log | tee -a $L/run.log; return; }
  $NCU -i $L/ncu-$n.ncu-rep --page details --csv > $L/ncu-$n-details.csv 2>&1
  $NCU -i $L/ncu-$n.ncu-rep --page raw --csv 2>&1 | gzip > $L/ncu-$n-raw.csv.gz
  $NCU -i $L/ncu-$n.ncu-rep --page source --print-source sass --csv 2>&1 | gzip > $L/ncu-$n-sass.csv.gz
  rm -f $L/ncu-$n.ncu-rep; snap
}
prof cufft-f32-64 bench/cufft-bench -p f32 -m 256 -r 1 64
prof ppfft-f32-64 bench/ppfft-cuda-bench -p f32 -m 256 -r 1 64
prof cufft-f64-128 bench/cufft-bench -p f64 -m 256 -r 1 128
prof ppfft-f64-128 bench/ppfft-cuda-bench -p f64 -m 256 -r 1 128
prof copy-f4-plain-k1 /tmp/copy-study -r 1 --rounds 1
prof cufft-f64-2048 bench/cufft-bench -p f64 -m 256 -r 1 2048
prof ppfft-f64-2048 bench/ppfft-cuda-bench -p f64 -m 256 -r 1 2048
el "done"; snap
