#!/bin/bash
# Issue 13's remaining misses on the CUDA backend, in one device call (H200): build the release
# tarball, check MBk (__launch_bounds__(wg, k)) against FFTW, time named one-pass kernels with
# their registers and occupancy (shfl-study), retune the CUDA wisdom's long one-pass and multi-pass
# entries (MEASURE now times MB2/MB3 and, as before, COLS), merge them into the shipped CUDA wisdom,
# then ppfft-CUDA (that wisdom), cuFFT and ppfft-OpenCL (NVIDIA platform 1:0, shipped wisdom) over
# the compare-devices sweep, one after another.  Run from the top of a tree whose .gpu/cuda13/
# holds the tarball (and this script); results in $OUT/c13.tgz.  TUNE_T: the tune's seconds.
R=$PWD
. .gpu/gpu-env.sh .gpu/debs >/dev/null 2>&1
L=/tmp/c13; rm -rf $L; mkdir -p $L
B=/tmp/cuda13; rm -rf $B; mkdir -p $B; tar xf $R/.gpu/cuda13/ppfft-0.1.0.tar.gz -C $B --strip-components=1; cd $B
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s] $*"; }
finish() { cp $B/wisdom/nvidia-h200-cuda.wisdom $L/shipped-after.wisdom 2>/dev/null; tar czf $OUT/c13.tgz -C $L .; }
( ./configure --with-cuda && make -j16 && make -j16 tests/check_cuda ) > $L/build.log 2>&1 || { tail -30 $L/build.log; finish; exit 1; }
el build
mkdir -p /tmp/c13empty; export XDG_CACHE_HOME=/tmp/c13cache XDG_DATA_HOME=/tmp/c13empty
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $L/gpu.txt
( time CK_RUN_SUITE=cuda CK_RUN_CASE=occupancy timeout 60 ./tests/check_cuda ) > $L/check_cuda-occupancy.log 2>&1
el "occupancy against FFTW: exit $?"; grep -E "passed|:F:|:E:" $L/check_cuda-occupancy.log | cut -c1-300
V="8192 r16x16x16x2/RP+LM-CM+XR2+DIRECT+VASM2+CM-K+CSE+IL+LU/wg256/t1 8192 r16x16x16x2/RP+LM-CM+XR2+MB3+DIRECT+VASM2+CM-K+CSE+IL+LU/wg256/t1
8192 r16x16x16x2/RP+LM-CM+MB2+DIRECT+VASM2+TW-GM+CSE+IL+LU/wg512/t1 8192 r16x16x16x2/RP+LM-CM+MB3+DIRECT+VASM2+TW-GM+CSE+IL+LU/wg512/t1
8192 r16x16x16x2/RP+LM-CM+MB2+DIRECT+VASM2+TW-GM+TWP+CSE+IL+LU/wg512/t1 8192 r32x16x16/RP+LM-CM+MB2+DIRECT+VASM2+TW-GM+CSE+IL+LU/wg256/t1
16384 r16x16x16x4/RP+LM-CM+XR2+DIRECT+VASM2+TW-GM+CSE+IL+LU/wg512/t1 16384 r8x8x8x8x4/RP+LM-CM+XR2+DIRECT+VASM2+TW-GM+CSE+IL+LU/wg1024/t1
16384 r16x16x16x4/RP+LM-CM+DIRECT+VASM2+TW-GM+CSE+IL+LU/wg1024/t1
4096 r16x16x16/RP+LM-CM+DIRECT+VASM2+TW-GM+TWP+CSE+IL+LU/wg256/t1 4096 r16x16x16/RP+LM-CM+MB3+DIRECT+VASM2+TW-GM+TWP+CSE+IL+LU/wg256/t1"
timeout 55 bench/shfl-study --reps 10 $V > $L/study.csv 2> $L/study.err
el "study: exit $?"; cut -d, -f3,5,8,13,14,16 $L/study.csv | sed 's/+CSE+IL+LU//'
F32=cof8192,cof16384,cof4096,cof32768,cof65536,cof131072,cof262144,cof524288,cof1048576,cof2097152,cof4194304,cof8388608,cof16777216,cof256x256,cof1024x1024,cof4096x4096,cof64x64x64,cof128x128x128,cof256x256x256
F64=cof4096:f64,cof16384:f64,cof32768:f64,cof65536:f64,cof131072:f64,cof262144:f64,cof524288:f64,cof1048576:f64,cof2097152:f64,cof4194304:f64,cof8388608:f64,cof16777216:f64,cof256x256:f64,cof1024x1024:f64,cof4096x4096:f64,cof64x64x64:f64,cof128x128x128:f64,cof256x256x256:f64
TT=${TUNE_T:-150}
timeout $((TT + 20)) tuner/ppfft-tune --backend cuda --problems $F32,$F64 -v -o $L/c13.wisdom --budget $TT > $L/tune.log 2> $L/tune-v.log
el "tune: exit $?"; grep -v "kept:" $L/tune.log | tail -8 | cut -c1-250
python3 bench/wisdom-merge.py wisdom/nvidia-h200-cuda.wisdom $L/c13.wisdom $L/merged.wisdom
cp wisdom/nvidia-h200-cuda.wisdom $L/shipped-before.wisdom; cp $L/merged.wisdom wisdom/nvidia-h200-cuda.wisdom
export PPFFT_WISDOM_PATH=wisdom/nvidia-h200.wisdom:wisdom/nvidia-h200-cuda.wisdom
S32="16 32 64 128 256 512 1024 2048 4096 8192 16384 32768 65536 131072 262144 524288 1048576 2097152 4194304 8388608 16777216 33554432 67108864 134217728"
S64="16 32 64 128 256 512 1024 2048 4096 8192 16384 32768 65536 131072 262144 524288 1048576 2097152 4194304 8388608 16777216 33554432 67108864"
SND="64x64 256x256 1024x1024 4096x4096 16x16x16 64x64x64 128x128x128 256x256x256"
for p in f32 f64; do
  S=$S32; [ $p = f64 ] && S=$S64
  timeout 90 bench/ppfft-cuda-bench -p $p -m 256 -r 20 --csv $L/ppfft-cuda-$p.csv $S $SND > $L/ppfft-cuda-$p.log 2>&1; el "ppfft-cuda $p: exit $?"
  timeout 60 bench/cufft-bench -p $p -m 256 -r 20 --csv $L/cufft-$p.csv $S $SND > $L/cufft-$p.log 2>&1; el "cufft $p: exit $?"
  PPFFT_DEVICE=1:0 timeout 90 bench/ppfft-bench -n $(echo $S $SND | tr ' ' ',') -p $p -m 256 -r 20 -v estimate --csv $L/ppfft-cl-$p.csv > $L/ppfft-cl-$p.log 2>&1; el "ppfft-opencl $p: exit $?"
done
finish
