#!/bin/bash
# Issue 15 on the H200, as run from the main checkout's .gpu/f16e/ (the tarball of the measured
# commit beside it): f16 kernels exchanging through a half2 plane (geometry's h2).  One call: build
# the library, the tuner, the benches and check_cuda; the f16 tests on the device (the shipped f16
# plans against FFTW among them); a short retune of TUNE_SHAPES (default 2^21, 2^22: the shapes below
# 1.0x cuFFT) from the shipped wisdom; then cuFFT f16 and ppfft f16 with that wisdom over the 21
# shapes, 256 MiB a run (bench/f16-table.py writes table.csv).  TUNE=0 skips the tune.
R=$PWD
D=${D:-f16e}
. .gpu/gpu-env.sh .gpu/debs >/dev/null 2>&1
B=/tmp/$D-build; L=/tmp/$D-out; rm -rf $L; mkdir -p $L
export XDG_CACHE_HOME=/tmp/$D-cache XDG_DATA_HOME=/tmp/$D-xdg
if ! cmp -s $R/.gpu/$D/ppfft-0.1.0.tar.gz $B/.tarball 2>/dev/null; then
  rm -rf $B; mkdir -p $B && tar xf $R/.gpu/$D/ppfft-0.1.0.tar.gz -C $B --strip-components=1 && cd $B &&
    (time (./configure --with-cuda && make -j16 libppfft_cuda.la tuner/ppfft-tune bench/cufft-bench bench/ppfft-cuda-bench tests/check_cuda)) > $L/build.log 2>&1 ||
    { tail -40 $L/build.log; exit 1; }
  cp $R/.gpu/$D/ppfft-0.1.0.tar.gz $B/.tarball; tail -3 $L/build.log
fi
cd $B
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $L/gpu.txt
( time CK_RUN_SUITE=f16 srcdir=$B timeout ${TEST_T:-90} tests/check_cuda ) > $L/check-f16.log 2>&1; echo "check_cuda f16 exit $?"
grep -E "^f16 (wisdom|N=2\^(1[0-9]|2[0-2]) )|Checks|fail|FAIL|rror:" $L/check-f16.log | cut -c1-160 | tail -30
ALL="256 512 1024 2048 4096 8192 16384 32768 65536 131072 262144 524288 1048576 2097152 4194304 8388608 16777216 256x256 512x256 1024x1024 4096x4096"
TS=${TUNE_SHAPES:-4194304 2097152}
PROBLEMS=$(echo $TS | tr ' ' '\n' | sed 's/^/cof/;s/$/:f16/' | paste -sd,)
cp $B/wisdom/nvidia-h200-cuda.wisdom $L/f16.wisdom
if [ "${TUNE:-1}" = 1 ]; then
  ( time PPFFT_WISDOM_PATH=$L/f16.wisdom timeout ${TUNE_T:-55} tuner/ppfft-tune --backend cuda --problems $PROBLEMS -v \
    -o $L/f16.wisdom --budget $((${TUNE_T:-55} - 10)) ) > $L/tune.log 2>$L/tune-v.log; echo "tune exit $?"
  grep -v "kept:" $L/tune.log | cut -c1-200; tail -3 $L/tune-v.log
fi
timeout 100 bench/cufft-bench -p f16 -m 256 -r 11 --csv $L/cufft.csv ${BENCH_SHAPES:-$ALL} > $L/cufft.txt 2>&1; echo "cufft exit $?"
PPFFT_WISDOM_PATH=$L/f16.wisdom timeout 100 bench/ppfft-cuda-bench -p f16 -m 256 -r 11 --csv $L/ppfft.csv ${BENCH_SHAPES:-$ALL} > $L/ppfft.txt 2>&1; echo "ppfft exit $?"
python3 bench/f16-table.py $L/cufft.csv $L/ppfft.csv $L/f16.png > $L/table.csv 2> $L/summary.txt; cat $L/summary.txt
[ -f $L/tune-v.log ] && gzip -f $L/tune-v.log
tar czf $OUT/$D.tgz -C $L .
