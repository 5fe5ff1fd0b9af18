#!/bin/bash
# mixpair-h200 (issue 17, mixed radix, call 2): PAIR (both parts of an element in each exchange
# round) among MEASURE's candidates for lengths that are not powers of two; the one-pass sizes
# where it fits (15625 f32, 16807 f32/f64, 27648 f32) and the one-pass 2187 and 1000 (f32, f64)
# tuned on NVIDIA's OpenCL, merged into the wisdom of the tarball (call 1's, shipped), then that
# wisdom and the merged one timed against cuFFT and VkFFT-OpenCL in the same call
# (bench/results/2026-11-25-h200-mixrounds).  As bench/calls/mixrounds-h200.sh, from the main checkout's
# copy:  bash .gpu/mix/run2.sh
set -u
: "${OUT:?set OUT}"
R=$PWD
. .gpu/gpu-env.sh .gpu/debs >/dev/null 2>&1
B=/tmp/mixb L=/tmp/mixout
rm -rf $L; mkdir -p $L
export XDG_CACHE_HOME=/tmp/mix-cache XDG_DATA_HOME=/tmp/mix-xdg
T0=$(date +%s)
el() { echo $(( $(date +%s) - T0 )); }
save() { cp $L/*.csv $L/*.wisdom $OUT/ 2>/dev/null; tar czf $OUT/logs.tgz -C $L . 2>/dev/null; }
TB=${TARBALL:-$R/.gpu/mix/ppfft-0.1.0.tar.gz}
if ! cmp -s $TB $B/.ok 2>/dev/null; then
  rm -rf $B; mkdir -p $B && tar xf $TB -C $B --strip-components=1 && cd $B &&
    (./configure --with-cuda -q && make -j16) > $L/build.log 2>&1 || { tail -30 $L/build.log; save; exit 1; }
  cp $TB $B/.ok
fi
cd $B
echo "build: $(el) s; $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader)" | tee $L/gpu.txt
D=1:0 S=15625,16807,27648,2187,1000
show() { grep -E "^ +[0-9]|^f(32|64) " $1 | cut -c1-200; }
timeout ${TUNE_T:-60} tuner/ppfft-tune --device $D --problems ${PROBLEMS:-cof15625,cof16807,cof16807:f64,cof27648,cof2187,cof1000,cof2187:f64,cof1000:f64} \
  --budget $(( ${TUNE_T:-60} - 8 )) -v -o $L/pair.wisdom > $L/tune.log 2>&1
echo "tune: exit $? at $(el) s"; grep -v "^#" $L/pair.wisdom 2>/dev/null | awk '{print $4, $5, $6}'
mkdir -p $L/wisdom && python3 bench/wisdom-merge.py wisdom/nvidia-h200.wisdom $L/pair.wisdom $L/wisdom/nvidia-h200.wisdom > $L/merge.log 2>&1
cp $L/wisdom/nvidia-h200.wisdom $L/merged.wisdom
save
PPFFT_DEVICE=$D PPFFT_WISDOM_PATH=$B/wisdom timeout 40 bench/ppfft-bench -p f32,f64 -m 256 -r 20 -n $S --csv $L/ppfft-before.csv > $L/ppfft-before.log 2>&1
echo "before: exit $? at $(el) s"; show $L/ppfft-before.log
PPFFT_DEVICE=$D PPFFT_WISDOM_PATH=$L/wisdom timeout 40 bench/ppfft-bench -p f32,f64 -m 256 -r 20 -n $S --csv $L/ppfft-tuned.csv > $L/ppfft-tuned.log 2>&1
echo "tuned: exit $? at $(el) s"; show $L/ppfft-tuned.log
timeout 30 bench/cufft-bench -p f32,f64 -m 256 -r 20 --csv $L/cufft.csv ${S//,/ } > $L/cufft.log 2>&1
echo "cufft: exit $? at $(el) s"; show $L/cufft.log
PPFFT_DEVICE=$D timeout 30 bench/vkfft-bench -p f32,f64 -m 256 -r 20 --csv $L/vkfft.csv ${S//,/ } > $L/vkfft.log 2>&1
echo "vkfft: exit $? at $(el) s"; show $L/vkfft.log
save
echo "total $(el) s"
