#!/bin/bash
# mixrounds-h200 (issue 17, mixed radix): 15625, 16807 and 27648 in one pass by exchange rounds that
# divide the last radix (XR5, XR7, XR4/XR8), tuned on NVIDIA's OpenCL (the tuner times the one-pass
# rounds beside the two-pass plans), merged into the shipped wisdom, then timed with the shipped and
# the merged wisdom against cuFFT and VkFFT-OpenCL in the same call
# (bench/results/2026-11-25-h200-mixrounds).  On the device, from the main checkout's copy, this
# script and the branch's `make dist` tarball in its .gpu/mix/ (as bench/calls/fuse17-h200.sh):
#   bash .gpu/mix/run.sh            (OUT set by the device's run; TARBALL to name another)
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
D=1:0 S=15625,16807,27648
show() { grep -E "^ +[0-9]|^f(32|64) " $1 | cut -c1-200; }
# 1. the tune: one pass with rounds beside the two-pass plans (-v: every candidate's time)
timeout ${TUNE_T:-85} tuner/ppfft-tune --device $D --problems cof15625,cof16807,cof27648,cof15625:f64,cof16807:f64,cof27648:f64 \
  --budget $(( ${TUNE_T:-85} - 10 )) -v -o $L/mix.wisdom > $L/tune.log 2>&1
echo "tune: exit $? at $(el) s"; grep -v "^#" $L/mix.wisdom 2>/dev/null | awk '{print $4, $5, $6}'
mkdir -p $L/wisdom && python3 bench/wisdom-merge.py wisdom/nvidia-h200.wisdom $L/mix.wisdom $L/wisdom/nvidia-h200.wisdom > $L/merge.log 2>&1
cp $L/wisdom/nvidia-h200.wisdom $L/merged.wisdom
save
# 2. the shipped wisdom's plans (two passes), the merged wisdom's, cuFFT and VkFFT, same sizes, same call
PPFFT_DEVICE=$D PPFFT_WISDOM_PATH=$B/wisdom timeout 40 bench/ppfft-bench -p f32,f64 -m 256 -r 20 -n $S --csv $L/ppfft-shipped.csv > $L/ppfft-shipped.log 2>&1
echo "shipped: exit $? at $(el) s"; show $L/ppfft-shipped.log
PPFFT_DEVICE=$D PPFFT_WISDOM_PATH=$L/wisdom timeout 40 bench/ppfft-bench -p f32,f64 -m 256 -r 20 -n $S --csv $L/ppfft-tuned.csv > $L/ppfft-tuned.log 2>&1
echo "tuned: exit $? at $(el) s"; show $L/ppfft-tuned.log
timeout 30 bench/cufft-bench -p f32,f64 -m 256 -r 20 --csv $L/cufft.csv ${S//,/ } > $L/cufft.log 2>&1
echo "cufft: exit $? at $(el) s"; show $L/cufft.log
PPFFT_DEVICE=$D timeout 30 bench/vkfft-bench -p f32,f64 -m 256 -r 20 --csv $L/vkfft.csv ${S//,/ } > $L/vkfft.log 2>&1
echo "vkfft: exit $? at $(el) s"; show $L/vkfft.log
save
echo "total $(el) s"
