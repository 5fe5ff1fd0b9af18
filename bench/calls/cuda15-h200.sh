#!/bin/bash
# Issue 13's whole acceptance table of the CUDA backend in one device call (H200): build the release tarball
# in .gpu/cuda15/, measure the copy bandwidth (bench/cl-devices, NVIDIA's OpenCL 1:0), retune the CUDA problems
# still on the estimate or below OpenCL ($PROBLEMS, budget $TUNE_T s), merge them into the shipped CUDA wisdom
# (bench/wisdom-merge.py), then, one after another, per precision: ppfft-CUDA (merged wisdom, as a user gets it),
# ppfft-CUDA with the OpenCL wisdom's plan of the $CLPLAN shapes (PPFFT_BENCH_VARIANT), cuFFT, and ppfft-OpenCL
# (1:0, shipped OpenCL wisdom) over N = 2^4..2^14 and the compare-devices sweep's multi-pass shapes.  The kernels
# are compiled into the disk caches first by parallel untimed runs, so the timed runs are not cut by their
# timeouts.  F32, F64: the shapes (default: the whole table); CLPLAN="" skips the OpenCL plans; OLD=1 also times
# ppfft-CUDA with the CUDA wisdom of before the merge.  Run from the top of a tree whose .gpu/cuda15/ holds the tarball; results in $OUT/c15.tgz.
R=$PWD
. .gpu/gpu-env.sh .gpu/debs >/dev/null 2>&1
L=/tmp/c15; rm -rf $L; mkdir -p $L
B=/tmp/b-cuda15; rm -rf $B; mkdir -p $B; tar xf $R/.gpu/cuda15/ppfft-0.1.0.tar.gz -C $B --strip-components=1; cd $B
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s] $*" | tee -a $L/run.log; }
snap() { tar czf $OUT/c15.tgz -C $L .; }
( ./configure --with-cuda -q && make -j16 ) > $L/build.log 2>&1 || { tail -30 $L/build.log; snap; exit 1; }
el build
mkdir -p /tmp/c15empty; export XDG_CACHE_HOME=/tmp/cache-cuda15 XDG_DATA_HOME=/tmp/c15empty
{ nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; cat .tarball-commit; } > $L/gpu.txt
bench/cl-devices --bandwidth 1:0 256 > $L/copy-bandwidth.txt 2>&1; el "copy bandwidth (OpenCL float4 copy, 1:0): $(cat $L/copy-bandwidth.txt)"
PROBLEMS=${PROBLEMS:-cof67108864:f64,cof33554432:f64,cof4096x4096:f64,cof134217728}
TT=${TUNE_T:-70}
timeout $((TT + 30)) tuner/ppfft-tune --backend cuda --problems $PROBLEMS -v -o $L/retune.wisdom --budget $TT > $L/tune.log 2> $L/tune-v.log
el "tune: exit $?"; grep -v "^#" $L/tune.log | cut -c1-250; gzip -f $L/tune-v.log
cp wisdom/nvidia-h200-cuda.wisdom $L/shipped-before.wisdom
python3 bench/wisdom-merge.py wisdom/nvidia-h200-cuda.wisdom $L/retune.wisdom $L/merged.wisdom && cp $L/merged.wisdom wisdom/nvidia-h200-cuda.wisdom
snap
ONE="16 32 64 128 256 512 1024 2048 4096 8192 16384"
SND="64x64 256x256 1024x1024 4096x4096 16x16x16 64x64x64 128x128x128 256x256x256"
F32=${F32:-"$ONE 32768 65536 131072 262144 524288 1048576 2097152 4194304 8388608 16777216 33554432 67108864 134217728 $SND"}
F64=${F64:-"$ONE 32768 65536 131072 262144 524288 1048576 2097152 4194304 8388608 16777216 33554432 67108864 $SND"}
CLPLAN=${CLPLAN-"f32:134217728 f64:33554432 f64:67108864 f64:4096x4096"}
export PPFFT_WISDOM_PATH=wisdom/nvidia-h200.wisdom:wisdom/nvidia-h200-cuda.wisdom
# untimed: every plan's kernels into the disk caches (CUDA: 8 processes of -r 1 over a share of the shapes;
# OpenCL: ppfft-bench --build j/8), all at once
for p in f32 f64; do
  S=$F32; [ $p = f64 ] && S=$F64
  for j in 0 1 2 3 4 5 6 7; do
    timeout 100 bench/ppfft-cuda-bench -p $p -m 256 -r 1 $(echo $S | tr ' ' '\n' | awk -v j=$j 'NR % 8 == j') > /dev/null 2>&1 &
    PPFFT_DEVICE=1:0 PPFFT_WISDOM_PATH=wisdom/nvidia-h200.wisdom timeout 100 bench/ppfft-bench --build $j/8 -n $(echo $S | tr ' ' ',') \
      -p $p -m 256 -v estimate > /dev/null 2>&1 &
  done
done; wait; el "kernels built"
for p in f32 f64; do
  S=$F32; [ $p = f64 ] && S=$F64
  timeout 150 bench/ppfft-cuda-bench -p $p -m 256 -r 20 --csv $L/ppfft-cuda-$p.csv $S > $L/ppfft-cuda-$p.log 2>&1; el "ppfft-cuda $p: exit $?"
  for ps in $CLPLAN; do
    [ ${ps%%:*} = $p ] || continue; s=${ps#*:}
    V=$(awk -v k="c2c:$p:fwd:oop:n$s:packed:" 'index($4, k) == 1 { print $5 }' wisdom/nvidia-h200.wisdom | head -1)
    [ -n "$V" ] && PPFFT_BENCH_VARIANT="$V" timeout 30 bench/ppfft-cuda-bench -p $p -m 256 -r 20 --csv $L/clplan.csv $s \
      >> $L/ppfft-cuda-clplan-$p.log 2>&1; el "ppfft-cuda $p $s with OpenCL's plan $V: exit $?"
    # --csv writes a new file each run: keep every run's rows
    [ -f $L/ppfft-cuda-clplan-$p.csv ] || head -1 $L/clplan.csv > $L/ppfft-cuda-clplan-$p.csv 2>/dev/null; tail -n +2 $L/clplan.csv >> $L/ppfft-cuda-clplan-$p.csv 2>/dev/null; rm -f $L/clplan.csv
  done
  # with OLD (tuned problems only): ppfft-CUDA with the CUDA wisdom as shipped before this call's merge, same shapes
  [ -n "$OLD" ] && PPFFT_WISDOM_PATH=wisdom/nvidia-h200.wisdom:$L/shipped-before.wisdom timeout 60 bench/ppfft-cuda-bench -p $p -m 256 -r 20 \
    --csv $L/old-cuda-$p.csv $S > $L/old-cuda-$p.log 2>&1 && el "ppfft-cuda $p, CUDA wisdom before the merge: exit $?"
  timeout 120 bench/cufft-bench -p $p -m 256 -r 20 --csv $L/cufft-$p.csv $S > $L/cufft-$p.log 2>&1; el "cufft $p: exit $?"
  PPFFT_DEVICE=1:0 PPFFT_WISDOM_PATH=wisdom/nvidia-h200.wisdom timeout 150 bench/ppfft-bench -n $(echo $S | tr ' ' ',') -p $p -m 256 -r 20 \
    -v estimate --csv $L/ppfft-cl-$p.csv > $L/ppfft-cl-$p.log 2>&1; el "ppfft-opencl $p: exit $?"
  snap
done
grep -h "ppfft-cuda-bench: f" $L/ppfft-cuda-f*.log > $L/plans.txt
python3 bench/cuda15-table.py $L > $L/table.md; tail -80 $L/table.md
snap
