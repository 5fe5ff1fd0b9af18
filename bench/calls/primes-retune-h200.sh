#!/bin/bash
# primes-retune-h200: Bluestein's 4099 (now with fused candidates, BFF/BFI) and 65537 tuned on NVIDIA's
# OpenCL, each problem in its own process (the cof65537 failure of bench/results/2026-11-25-h200-lengths
# leaves a context unusable), merged into the shipped wisdom, then timed with it against cuFFT and
# VkFFT-OpenCL in the same call (bench/results/2026-11-25-h200-primes).  From a `make dist` build tree:
#   OUT=DIR bash bench/calls/primes-retune-h200.sh
set -u
: "${OUT:?set OUT}"
D=${PPFFT_DEVICE:-1:0}
T0=$(date +%s)
: > $OUT/tuned.wisdom
for q in ${PROBLEMS:-cof4099 cof4099:f64 rob65536:f64 cof65537 cof65537:f64}; do
  f=$OUT/tune-${q/:/-}
  timeout 40 tuner/ppfft-tune --device $D --problems $q --budget 25 -v -o $f.wisdom > $f.log 2>&1
  echo "tune $q: exit $? at $(( $(date +%s) - T0 )) s"; grep -v -e "^#" -e "^ppfft-wisdom" $f.wisdom 2>/dev/null | tee -a $OUT/tuned.wisdom | awk '{print $4, $5, $6}'
done
mkdir -p $OUT/wisdom && python3 bench/wisdom-merge.py wisdom/nvidia-h200.wisdom $OUT/tuned.wisdom $OUT/wisdom/nvidia-h200.wisdom
PPFFT_DEVICE=$D PPFFT_WISDOM_PATH=$OUT/wisdom timeout 60 bench/ppfft-bench -p f32,f64 -m 256 -r 20 -n 4099,65537 --csv $OUT/ppfft.csv > $OUT/ppfft.log 2>&1; echo "ppfft exit $?"
PPFFT_DEVICE=$D PPFFT_WISDOM_PATH=$OUT/wisdom timeout 30 bench/ppfft-bench --kind c2r -p f64 -m 256 -r 20 -n 65536 --csv $OUT/ppfft-c2r.csv >> $OUT/ppfft.log 2>&1
timeout 30 bench/cufft-bench -p f32,f64 -m 256 -r 20 --csv $OUT/cufft.csv 4099 65537 > $OUT/cufft.log 2>&1; echo "cufft exit $?"
timeout 30 bench/cufft-bench --kind c2r -p f64 -m 256 -r 20 --csv $OUT/cufft-c2r.csv 65536 >> $OUT/cufft.log 2>&1
PPFFT_DEVICE=$D timeout 40 bench/vkfft-bench -p f32,f64 -m 256 -r 20 --csv $OUT/vkfft.csv 4099 65537 > $OUT/vkfft.log 2>&1; echo "vkfft exit $?"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $OUT/gpu.txt
grep -E "^ +[0-9]|^f(32|64) " $OUT/ppfft.log $OUT/cufft.log $OUT/vkfft.log | cut -c1-220
cd $OUT && tar czf logs.tgz *.log tune-*.wisdom && rm -f *.log tune-*.wisdom
echo "total $(( $(date +%s) - T0 )) s"
