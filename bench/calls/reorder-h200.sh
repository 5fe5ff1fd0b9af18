#!/bin/bash
# bench/results/2026-11-24-h200-reorder: solver_reorder on the H200: MEASURE (the tuner) at the sizes that trail cuFFT most, then ppfft with
# that wisdom ahead of the shipped one, and cuFFT, in one call.
R=$PWD
# (the tarball was built first into /tmp/final: ./configure --with-cuda && make -j16 && make check TESTS=)
. .gpu/gpu-env.sh .gpu/debs >/dev/null 2>&1
export XDG_CACHE_HOME=/tmp/cache XDG_DATA_HOME=/tmp/xdg
B=/tmp/final; L=/tmp/reorder; mkdir -p $L; cd $B || exit 1
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $L/gpu.txt; cat .tarball-commit | tee -a $L/gpu.txt
PPFFT_DEVICE=1:0 PPFFT_WISDOM_PATH=$B/wisdom timeout 150 tuner/ppfft-tune --problems cof2097152,cof32768,cof262144,cof8388608:f64 -v \
  -o $L/reorder.wisdom --budget 135 > $L/tune.log 2> $L/tune-v.log; echo "tune exit $?"; grep -v "kept:" $L/tune.log | tail -8
for p in f32 f64; do
  S=2097152,32768,262144; [ $p = f64 ] && S=8388608
  PPFFT_DEVICE=1:0 PPFFT_WISDOM_PATH=$L/reorder.wisdom:$B/wisdom timeout 45 bench/ppfft-bench -n $S -p $p -m 256 -r 20 -v estimate --csv $L/ppfft-$p.csv > $L/ppfft-$p.log 2>&1; echo "ppfft $p exit $?"
  PPFFT_DEVICE=1:0 PPFFT_WISDOM_PATH=$B/wisdom timeout 45 bench/ppfft-bench -n $S -p $p -m 256 -r 20 -v estimate --csv $L/shipped-$p.csv > $L/shipped-$p.log 2>&1; echo "shipped $p exit $?"
  timeout 30 bench/cufft-bench -p $p -m 256 -r 20 --csv $L/cufft-$p.csv $(echo $S | tr ',' ' ') > $L/cufft-$p.log 2>&1; echo "cufft $p exit $?"
  cut -d, -f5,7,9 $L/ppfft-$p.csv $L/shipped-$p.csv | cut -c1-220; cut -d, -f1-12 $L/cufft-$p.csv | head -5
done
tar czf $OUT/reorder.tgz -C $L .
