#!/bin/bash
# Issue 15 on the H200, as run from the main checkout's .gpu/f16c/ (this copy is the record; the
# tarball of the measured commit sat beside it): build the tarball once per machine, tune the f16
# shapes (ppfft-tune --backend cuda, the default MEASURE search: COLS, XR2, VASM4/8 and TC among the
# candidates) into $L/f16.wisdom, then in the same call cuFFT f16 and ppfft f16 with that wisdom
# over the shapes, 256 MiB a run (bench/f16-table.py writes table.csv).  TUNE=0 skips the
# tune and benches with WISDOM (default: the tarball's wisdom/nvidia-h200-cuda.wisdom, as shipped).
# TUNE_SHAPES / BENCH_SHAPES: other shapes to tune / to bench; SEED=FILE starts $L/f16.wisdom from
# FILE (a tune of other shapes, whose entries the bench then uses too).
R=$PWD
. .gpu/gpu-env.sh .gpu/debs >/dev/null 2>&1
B=/tmp/f16c-build; L=/tmp/f16c-out; mkdir -p $L
export XDG_CACHE_HOME=/tmp/f16c-cache XDG_DATA_HOME=/tmp/f16c-xdg
if ! cmp -s $R/.gpu/f16c/ppfft-0.1.0.tar.gz $B/.tarball 2>/dev/null; then
  rm -rf $B; mkdir -p $B && tar xf $R/.gpu/f16c/ppfft-0.1.0.tar.gz -C $B --strip-components=1 && cd $B &&
    (time (./configure --with-cuda && make -j16)) > $L/build.log 2>&1 || { tail -40 $L/build.log; exit 1; }
  cp $R/.gpu/f16c/ppfft-0.1.0.tar.gz $B/.tarball; tail -3 $L/build.log
fi
cd $B
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $L/gpu.txt
MP="16384 32768 65536 131072 262144 524288 1048576 2097152 4194304 8388608 16777216 256x256 512x256 1024x1024 4096x4096"
OP="256 512 1024 2048 4096 8192"
if [ "${TUNE:-1}" = 1 ]; then
  PROBLEMS=$(echo ${TUNE_SHAPES:-$MP $OP} | tr ' ' '\n' | sed 's/^/cof/;s/$/:f16/' | paste -sd,)
  touch $L/f16.wisdom; [ -n "$SEED" ] && cp $R/$SEED $L/f16.wisdom
  ( time PPFFT_WISDOM_PATH=$L/f16.wisdom timeout ${TUNE_T:-200} tuner/ppfft-tune --backend cuda --problems $PROBLEMS ${RESUME--resume} -v \
    -o $L/f16.wisdom --budget $((${TUNE_T:-200} - 20)) ) > $L/tune.log 2>$L/tune-v.log; echo "tune exit $?"
  grep -v "kept:" $L/tune.log | cut -c1-220; tail -3 $L/tune-v.log
  W=$L/f16.wisdom
else
  W=${WISDOM:-$B/wisdom/nvidia-h200-cuda.wisdom}
fi
timeout 100 bench/cufft-bench -p f16 -m 256 -r 11 --csv $L/cufft.csv ${BENCH_SHAPES:-$OP $MP} > $L/cufft.txt 2>&1; echo "cufft exit $?"
PPFFT_WISDOM_PATH=$W timeout 150 bench/ppfft-cuda-bench -p f16 -m 256 -r 11 --csv $L/ppfft.csv ${BENCH_SHAPES:-$OP $MP} > $L/ppfft.txt 2>&1; echo "ppfft exit $?"
grep -v "^ppfft-cuda-bench: f16" $L/ppfft.txt | tail -25 | cut -c1-200
python3 bench/f16-table.py $L/cufft.csv $L/ppfft.csv $L/f16.png > $L/table.csv 2> $L/summary.txt; cat $L/summary.txt
tar czf $OUT/f16c.tgz -C $L .
