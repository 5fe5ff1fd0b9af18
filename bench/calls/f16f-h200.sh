#!/bin/bash
# Issue 15 on the H200 (bench/results/2026-11-25-h200-f16f), as run from the main checkout's
# .gpu/f16f/ (the tarball of the measured commit beside it, and in old/ the generator files of the
# commit before the change, which a second build takes in their place: the A/B in the same call).
# The change: f16 four-step passes take their twiddle as a running product (gen/io.c).  One call:
# build both trees; cuFFT f16 and ppfft f16 (the shipped wisdom, new kernels) over the 21 shapes,
# 256 MiB a run, bench/f16-table.py; ppfft f16 with the old kernels on the multi-pass shapes (the
# same plans); a short ppfft-tune of TUNE_SHAPES from the shipped wisdom and ppfft f16 with its
# wisdom on those shapes; check_cuda's f16 device tests (the planner's plans both directions, in and
# out of place, against FFTW) under a timeout.  Every
# step writes $OUT/f16f.tgz again, so a call cut by its timeout still brings back what ran.
# BENCH=0 skips the 21-shape table and the A/B (166 s and 42 s on 2026-11-25): the tune, its bench
# (with cuFFT on TUNE_SHAPES) and the tests only, e.g. BENCH=0 TUNE_T=120 TUNE_SHAPES="524288 ...".
R=$PWD
D=${D:-f16f}
. .gpu/gpu-env.sh .gpu/debs >/dev/null 2>&1
B=/tmp/$D-new; O=/tmp/$D-old; L=/tmp/$D-out; rm -rf $L $B $O; mkdir -p $L $B $O
export XDG_DATA_HOME=/tmp/$D-xdg
save() { tar czf $OUT/$D.tgz -C $L . 2>/dev/null; }
T0=$(date +%s)
t() { echo "[$(( $(date +%s) - T0 )) s] $*" | tee -a $L/steps.log; }
TGTS="libppfft_cuda.la tuner/ppfft-tune bench/cufft-bench bench/ppfft-cuda-bench"
for d in $B $O; do tar xf $R/.gpu/$D/ppfft-0.1.0.tar.gz -C $d --strip-components=1; done
cp -r $R/.gpu/$D/old/lib $O/
(cd $B && ./configure --with-cuda >/dev/null && make -j12 $TGTS tests/check_cuda) > $L/build-new.log 2>&1 &
(cd $O && ./configure --with-cuda >/dev/null && make -j4 $TGTS) > $L/build-old.log 2>&1 &
wait
t "built"; ls -la $B/bench/ppfft-cuda-bench $O/bench/ppfft-cuda-bench $B/bench/cufft-bench || { tail -20 $L/build-*.log; save; exit 1; }
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $L/gpu.txt
ALL="256 512 1024 2048 4096 8192 16384 32768 65536 131072 262144 524288 1048576 2097152 4194304 8388608 16777216 256x256 512x256 1024x1024 4096x4096"
MULTI=${MULTI:-"32768 524288 1048576 2097152 4194304 16777216 4096x4096"}
cd $B
if [ "${BENCH:-1}" = 1 ]; then
timeout 90 bench/cufft-bench -p f16 -m 256 -r 11 --csv $L/cufft.csv $ALL > $L/cufft.txt 2>&1; t "cufft exit $?"; save
XDG_CACHE_HOME=/tmp/$D-cache-new PPFFT_WISDOM_PATH=$B/wisdom timeout 100 bench/ppfft-cuda-bench -p f16 -m 256 -r 11 --csv $L/ppfft.csv $ALL > $L/ppfft.txt 2>&1; t "ppfft exit $?"
python3 bench/f16-table.py $L/cufft.csv $L/ppfft.csv $L/f16.png > $L/table.csv 2> $L/summary.txt; cat $L/summary.txt; save
XDG_CACHE_HOME=/tmp/$D-cache-old PPFFT_WISDOM_PATH=$O/wisdom timeout 60 $O/bench/ppfft-cuda-bench -p f16 -m 256 -r 11 --csv $L/ppfft-old.csv $MULTI > $L/ppfft-old.txt 2>&1; t "ppfft old exit $?"; save
cut -d, -f5,8,10,11 $L/ppfft-old.csv
fi
TS=${TUNE_SHAPES:-1048576 2097152}
PROBLEMS=$(echo $TS | tr ' ' '\n' | sed 's/^/cof/;s/$/:f16/' | paste -sd,)
cp $B/wisdom/nvidia-h200-cuda.wisdom $L/f16.wisdom
if [ "${TUNE:-1}" = 1 ]; then
  ( time XDG_CACHE_HOME=/tmp/$D-cache-new PPFFT_WISDOM_PATH=$L/f16.wisdom timeout ${TUNE_T:-35} tuner/ppfft-tune --backend cuda --problems $PROBLEMS -v \
    -o $L/f16.wisdom --budget $((${TUNE_T:-35} - 8)) ) > $L/tune.log 2>$L/tune-v.log; t "tune exit $?"
  grep -v "kept:" $L/tune.log | cut -c1-220; gzip -f $L/tune-v.log; save
  [ "${BENCH:-1}" = 1 ] || { timeout 30 bench/cufft-bench -p f16 -m 256 -r 11 --csv $L/cufft-tuned.csv $TS > $L/cufft-tuned.txt 2>&1; t "cufft tuned exit $?"; }
  XDG_CACHE_HOME=/tmp/$D-cache-new PPFFT_WISDOM_PATH=$L/f16.wisdom timeout 30 bench/ppfft-cuda-bench -p f16 -m 256 -r 11 --csv $L/ppfft-tuned.csv $TS > $L/ppfft-tuned.txt 2>&1; t "ppfft tuned exit $?"
  cut -d, -f5,8,10,11 $L/ppfft-tuned.csv; save
fi
( time CK_FORK=no CK_RUN_SUITE=f16 CK_RUN_CASE="f16 device" XDG_CACHE_HOME=/tmp/$D-cache-new srcdir=$B timeout ${TEST_T:-20} stdbuf -oL -eL tests/check_cuda ) > $L/check-f16.log 2>&1; t "check_cuda f16 device exit $?"
grep -E "Checks|fail|FAIL|rror:" $L/check-f16.log | cut -c1-200 | tail -8
save
