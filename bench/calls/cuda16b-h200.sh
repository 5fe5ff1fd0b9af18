#!/bin/bash
# Issue 13's copy wall (H200), call 2: retune the seven one-pass sizes below cuFFT with CUDA's finer grains among
# MEASURE's candidates (plan/candidates.c, add_fine_grains), merge the winners into a copy of the shipped CUDA
# wisdom (bench/wisdom-merge.py), then $ROUNDS rounds, one after another per precision: ppfft-CUDA with the merged
# wisdom, ppfft-CUDA with the shipped wisdom, cuFFT (256 MiB, -r 20), on the seven sizes and the neighbours f32 128,
# f64 512.  Run from the top of a tree whose .gpu/cuda16/ holds the tarball and this script; results in
# $OUT/c16b.tgz (rewritten after every step) and $OUT/run.log.
R=$PWD
. .gpu/gpu-env.sh .gpu/debs >/dev/null 2>&1
L=/tmp/c16b; rm -rf $L; mkdir -p $L
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s] $*" | tee -a $L/run.log; cp $L/run.log $OUT/; }
snap() { tar czf $OUT/c16b.tgz -C $L .; }
DEADLINE=${DEADLINE:-175}
late() { [ $(( $(date +%s) - T0 )) -gt $DEADLINE ]; }
B=/tmp/b-cuda16b; rm -rf $B; mkdir -p $B; tar xf $R/.gpu/cuda16/ppfft-0.1.0.tar.gz -C $B --strip-components=1; cd $B
( ./configure --with-cuda -q && make -j16 ) > $L/build.log 2>&1 || { tail -30 $L/build.log; snap; exit 1; }
{ date -u; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; cat .tarball-commit; } > $L/env.txt 2>&1; el "build"
mkdir -p /tmp/c16empty; export XDG_CACHE_HOME=/tmp/cache-cuda16b XDG_DATA_HOME=/tmp/c16empty
cp wisdom/nvidia-h200-cuda.wisdom $L/shipped.wisdom
PROBLEMS=${PROBLEMS:-cof64,cof512,cof1024,cof128:f64,cof256:f64,cof1024:f64,cof2048:f64}
TT=${TUNE_T:-75}
timeout $((TT + 30)) tuner/ppfft-tune --backend cuda --problems $PROBLEMS -v -o $L/retune.wisdom --budget $TT > $L/tune.log 2> $L/tune-v.log
el "tune: exit $?"; grep -v "^#" $L/tune.log | cut -c1-200
python3 bench/wisdom-merge.py $L/shipped.wisdom $L/retune.wisdom $L/merged.wisdom | tee -a $L/run.log
snap
bench/cl-devices --bandwidth 1:0 256 > $L/copy-bandwidth.txt 2>&1; el "OpenCL float4 copy: $(tail -1 $L/copy-bandwidth.txt)"
F32=${F32:-"64 128 512 1024"}; F64=${F64:-"128 256 512 1024 2048"}
for r in $(seq 1 ${ROUNDS:-3}); do
  late && { el "round $r skipped (deadline)"; break; }
  for p in f32 f64; do
    S=$F32; [ $p = f64 ] && S=$F64
    PPFFT_WISDOM_PATH=wisdom/nvidia-h200.wisdom:$L/merged.wisdom timeout 30 bench/ppfft-cuda-bench -p $p -m 256 -r 20 \
      --csv $L/new-$p-r$r.csv $S > $L/new-$p-r$r.log 2>&1; el "round $r ppfft-cuda new $p: exit $?"
    PPFFT_WISDOM_PATH=wisdom/nvidia-h200.wisdom:$L/shipped.wisdom timeout 30 bench/ppfft-cuda-bench -p $p -m 256 -r 20 \
      --csv $L/old-$p-r$r.csv $S > $L/old-$p-r$r.log 2>&1; el "round $r ppfft-cuda shipped $p: exit $?"
    timeout 30 bench/cufft-bench -p $p -m 256 -r 20 --csv $L/cufft-$p-r$r.csv $S > $L/cufft-$p-r$r.log 2>&1; el "round $r cufft $p: exit $?"
  done
  snap
done
grep -h "ppfft-cuda-bench: f" $L/new-f*-r1.log > $L/plans-new.txt; grep -h "ppfft-cuda-bench: f" $L/old-f*-r1.log > $L/plans-old.txt
gzip -f $L/tune-v.log; el "done"; snap
