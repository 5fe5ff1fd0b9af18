#!/bin/bash
# Issue 15 on the H200, as run from the main checkout's .gpu/f16d/ (the tarball of the measured
# commit beside it): build only what the tune and the benches need, tune the f16 shapes that had no
# f16 wisdom (one pass 256..8192, the four 2D shapes) and retune the multi-pass ones (the short-factor
# solver, COLS in half the shared memory), in that order as far as the budget goes, starting from the shipped wisdom (SEED, default the tarball's
# wisdom/nvidia-h200-cuda.wisdom, whose other entries the bench then uses too), then in the same call
# cuFFT f16 and ppfft f16 with that wisdom over all 21 shapes of the table, 256 MiB a run
# (bench/f16-table.py writes table.csv).  TUNE_SHAPES / BENCH_SHAPES / TUNE_T as in f16-tune-h200.sh;
# TUNE=0 SEED=FILE benches FILE's wisdom without tuning (FILE relative to the main checkout).
R=$PWD
D=${D:-f16d}
. .gpu/gpu-env.sh .gpu/debs >/dev/null 2>&1
B=/tmp/$D-build; L=/tmp/$D-out; rm -rf $L; mkdir -p $L
export XDG_CACHE_HOME=/tmp/$D-cache XDG_DATA_HOME=/tmp/$D-xdg
if ! cmp -s $R/.gpu/$D/ppfft-0.1.0.tar.gz $B/.tarball 2>/dev/null; then
  rm -rf $B; mkdir -p $B && tar xf $R/.gpu/$D/ppfft-0.1.0.tar.gz -C $B --strip-components=1 && cd $B &&
    (time (./configure --with-cuda && make -j16 libppfft_cuda.la tuner/ppfft-tune bench/cufft-bench bench/ppfft-cuda-bench)) > $L/build.log 2>&1 ||
    { tail -40 $L/build.log; exit 1; }
  cp $R/.gpu/$D/ppfft-0.1.0.tar.gz $B/.tarball; tail -3 $L/build.log
fi
cd $B
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $L/gpu.txt
ALL="256 512 1024 2048 4096 8192 16384 32768 65536 131072 262144 524288 1048576 2097152 4194304 8388608 16777216 256x256 512x256 1024x1024 4096x4096"
TS=${TUNE_SHAPES:-8192 4096 1024 2048 512 256 256x256 4096x4096 1024x1024 512x256 262144 131072 524288 4194304 2097152 1048576 8388608 16777216 32768 65536}
PROBLEMS=$(echo $TS | tr ' ' '\n' | sed 's/^/cof/;s/$/:f16/' | paste -sd,)
cp ${SEED:+$R/}${SEED:-$B/wisdom/nvidia-h200-cuda.wisdom} $L/f16.wisdom
if [ "${TUNE:-1}" = 1 ]; then
  ( time PPFFT_WISDOM_PATH=$L/f16.wisdom timeout ${TUNE_T:-170} tuner/ppfft-tune --backend cuda --problems $PROBLEMS -v \
    -o $L/f16.wisdom --budget $((${TUNE_T:-170} - 15)) ) > $L/tune.log 2>$L/tune-v.log; echo "tune exit $?"
  grep -v "kept:" $L/tune.log | cut -c1-200; tail -3 $L/tune-v.log
fi
timeout 100 bench/cufft-bench -p f16 -m 256 -r 11 --csv $L/cufft.csv ${BENCH_SHAPES:-$ALL} > $L/cufft.txt 2>&1; echo "cufft exit $?"
PPFFT_WISDOM_PATH=$L/f16.wisdom timeout 100 bench/ppfft-cuda-bench -p f16 -m 256 -r 11 --csv $L/ppfft.csv ${BENCH_SHAPES:-$ALL} > $L/ppfft.txt 2>&1; echo "ppfft exit $?"
python3 bench/f16-table.py $L/cufft.csv $L/ppfft.csv $L/f16.png > $L/table.csv 2> $L/summary.txt; cat $L/summary.txt
[ -f $L/tune-v.log ] && gzip -f $L/tune-v.log
tar czf $OUT/$D.tgz -C $L .
