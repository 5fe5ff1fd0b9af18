#!/bin/bash
# pair16-h200 (issue 16): one-pass powers of two on NVIDIA's OpenCL with PAIR among MEASURE's
# candidates (plan/candidates.c: XR2+PAIR for 8192 f32, XR4+PAIR for 16384 f32 and 8192 f64, in
# OpenCL's 48 KiB).  One call: cof8192, cof16384, cof32768 and cof8192:f64 tuned with the shipped
# wisdom loaded (-v: every candidate's time; an entry is replaced only by a plan > 2 % faster),
# merged into the shipped wisdom, then ppfft-OpenCL with the shipped and the merged wisdom, cuFFT
# and VkFFT-OpenCL on f32 4096..32768, f64 4096, 8192 (bench/results/2026-11-25-h200-pair16).
# On the device, from the main checkout's copy, with this script and the branch's `make dist`
# tarball in .gpu/pair16/:   bash .gpu/pair16/pair16-h200.sh   (OUT set by the device's run)
set -u
: "${OUT:?set OUT}"
R=$PWD
. .gpu/gpu-env.sh .gpu/debs >/dev/null 2>&1
B=/tmp/b-pair16 L=/tmp/pair16out
rm -rf $L; mkdir -p $L
export XDG_CACHE_HOME=/tmp/cache-pair16 XDG_DATA_HOME=/tmp/xdg-pair16
T0=$(date +%s)
el() { echo $(( $(date +%s) - T0 )); }
save() { cp $L/*.csv $L/gpu.txt $OUT/ 2>/dev/null; tar czf $OUT/logs.tgz -C $L . 2>/dev/null; }
TB=${TARBALL:-$R/.gpu/pair16/ppfft-0.1.0.tar.gz}
if ! cmp -s $TB $B/.ok 2>/dev/null; then
  rm -rf $B; mkdir -p $B && tar xf $TB -C $B --strip-components=1 && cd $B &&
    (./configure --with-cuda -q && make -j16) > $L/build.log 2>&1 || { tail -30 $L/build.log; save; exit 1; }
  cp $TB $B/.ok
fi
cd $B
echo "build: $(el) s; $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader); $(date -u)" | tee $L/gpu.txt
D=1:0 S=4096,8192,16384,32768
show() { grep -E "^ +[0-9]|^f(32|64) " $1 | cut -c1-220; }
# 1. the tune, the shipped wisdom loaded: the search's winner against the shipped entry
PPFFT_WISDOM_PATH=$B/wisdom timeout $(( ${TUNE_T:-80} + 20 )) tuner/ppfft-tune --device $D --problems ${PROBLEMS:-cof8192,cof16384,cof32768,cof8192:f64} \
  --budget ${TUNE_T:-80} -v -o $L/pair16.wisdom > $L/tune.log 2>&1
echo "tune: exit $? at $(el) s"; grep -v "^#" $L/pair16.wisdom 2>/dev/null | grep -E ":n(8192|16384|32768):" | awk '{print $4, $5, $6}'
grep -iE "keep|replac|existing|winner" $L/tune.log | cut -c1-220 | head -20
mkdir -p $L/wisdom && python3 bench/wisdom-merge.py wisdom/nvidia-h200.wisdom $L/pair16.wisdom $L/wisdom/nvidia-h200.wisdom > $L/merge.log 2>&1
cat $L/merge.log; cp $L/wisdom/nvidia-h200.wisdom $L/merged.wisdom
save
# 2. in one call (the peers' CSV one file a run: their --csv starts a file afresh; the recorded call, at
# a1ec165, kept only the f64 rows there and the f32 rows in cufft.log, vkfft.log): ppfft-OpenCL (shipped, then merged wisdom), cuFFT, VkFFT-OpenCL
PPFFT_DEVICE=$D PPFFT_WISDOM_PATH=$B/wisdom timeout 40 bench/ppfft-bench -p f32 -m 256 -r 20 -n $S --csv $L/ppfft-shipped.csv > $L/ppfft-shipped.log 2>&1
PPFFT_DEVICE=$D PPFFT_WISDOM_PATH=$B/wisdom timeout 30 bench/ppfft-bench -p f64 -m 256 -r 20 -n 4096,8192 --csv $L/ppfft-shipped.csv >> $L/ppfft-shipped.log 2>&1
echo "shipped: exit $? at $(el) s"; show $L/ppfft-shipped.log
PPFFT_DEVICE=$D PPFFT_WISDOM_PATH=$L/wisdom timeout 40 bench/ppfft-bench -p f32 -m 256 -r 20 -n $S --csv $L/ppfft-tuned.csv > $L/ppfft-tuned.log 2>&1
PPFFT_DEVICE=$D PPFFT_WISDOM_PATH=$L/wisdom timeout 30 bench/ppfft-bench -p f64 -m 256 -r 20 -n 4096,8192 --csv $L/ppfft-tuned.csv >> $L/ppfft-tuned.log 2>&1
echo "tuned: exit $? at $(el) s"; show $L/ppfft-tuned.log
timeout 30 bench/cufft-bench -p f32 -m 256 -r 20 --csv $L/cufft-f32.csv ${S//,/ } > $L/cufft.log 2>&1
timeout 30 bench/cufft-bench -p f64 -m 256 -r 20 --csv $L/cufft-f64.csv 4096 8192 >> $L/cufft.log 2>&1
echo "cufft: exit $? at $(el) s"; show $L/cufft.log
PPFFT_DEVICE=$D timeout 30 bench/vkfft-bench -p f32 -m 256 -r 20 --csv $L/vkfft-f32.csv ${S//,/ } > $L/vkfft.log 2>&1
PPFFT_DEVICE=$D timeout 30 bench/vkfft-bench -p f64 -m 256 -r 20 --csv $L/vkfft-f64.csv 4096 8192 >> $L/vkfft.log 2>&1
echo "vkfft: exit $? at $(el) s"; show $L/vkfft.log
save
echo "total $(el) s"
