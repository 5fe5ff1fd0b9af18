#!/bin/bash
# prime3-h200: issue 17's primes on NVIDIA's OpenCL with the fused candidates of Rader's FFT in two
# passes (65537) and Bluestein's in three (the primes past 2^20): tunes PROBLEMS in one ppfft-tune
# process (the rig fix of 318d953 ends the cof65537 failure of bench/results/2026-11-25-h200-lengths;
# SPLIT=1: one process per problem), merges the winners into the shipped wisdom, then times LENGTHS
# (forward, f32 and f64) with that wisdom and by the estimate (unfused), and cuFFT and VkFFT-OpenCL
# at the same lengths, in the same call (bench/results/2026-11-25-h200-prime3).  From a `make dist`
# build tree:
#   OUT=DIR PROBLEMS="cof65537 cof65537:f64" LENGTHS=65537 BUDGET=60 bash bench/calls/prime3-h200.sh
set -u
: "${OUT:?set OUT}"
D=${PPFFT_DEVICE:-1:0}
T0=$(date +%s)
P=${PROBLEMS:-cof65537 cof65537:f64}
L=${LENGTHS:-65537}
: > $OUT/tuned.wisdom
if [ "${SPLIT:-0}" = 1 ]; then set -- $P; else set -- "$(echo $P | tr ' ' ',')"; fi
for q in "$@"; do
  f=$OUT/tune-$(echo "$q" | tr ':,' '-_')
  timeout $(( ${BUDGET:-60} + 30 )) tuner/ppfft-tune --device $D --problems "$q" --budget ${BUDGET:-60} -v -o $f.wisdom > $f.log 2>&1
  echo "tune $q: exit $? at $(( $(date +%s) - T0 )) s"
  grep -E "^co|did not build" $f.log | cut -c1-240 | head -12
  grep -v -e "^#" -e "^ppfft-wisdom" $f.wisdom 2>/dev/null >> $OUT/tuned.wisdom
done
mkdir -p $OUT/wisdom && python3 bench/wisdom-merge.py wisdom/nvidia-h200.wisdom $OUT/tuned.wisdom $OUT/wisdom/nvidia-h200.wisdom
PPFFT_DEVICE=$D PPFFT_WISDOM_PATH=$OUT/wisdom timeout 60 bench/ppfft-bench -p f32,f64 -m 256 -r 20 -n $L --csv $OUT/ppfft.csv > $OUT/ppfft.log 2>&1; echo "ppfft exit $? at $(( $(date +%s) - T0 )) s"
PPFFT_DEVICE=$D PPFFT_WISDOM_PATH=/nonexistent timeout 60 bench/ppfft-bench -p f32,f64 -m 256 -r 20 -n $L --csv $OUT/ppfft-estimate.csv > $OUT/ppfft-estimate.log 2>&1; echo "estimate exit $? at $(( $(date +%s) - T0 )) s"
timeout 30 bench/cufft-bench -p f32,f64 -m 256 -r 20 --csv $OUT/cufft.csv ${L//,/ } > $OUT/cufft.log 2>&1; echo "cufft exit $?"
PPFFT_DEVICE=$D timeout 40 bench/vkfft-bench -p f32,f64 -m 256 -r 20 --csv $OUT/vkfft.csv ${L//,/ } > $OUT/vkfft.log 2>&1; echo "vkfft exit $?"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $OUT/gpu.txt
grep -E "^ +[0-9]|^f(32|64) " $OUT/ppfft.log $OUT/ppfft-estimate.log $OUT/cufft.log $OUT/vkfft.log | cut -c1-260
cd $OUT && tar czf logs.tgz *.log tune-*.wisdom && rm -f *.log tune-*.wisdom
echo "total $(( $(date +%s) - T0 )) s"
